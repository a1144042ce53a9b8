// Under plain Node (tests, the benchmark) the worker is TypeScript source: tsx compiles it here.
// The built app runs out/main/copy-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./copy-worker.ts', import.meta.url).href);
