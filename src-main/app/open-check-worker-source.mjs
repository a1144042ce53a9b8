// Under plain Node (tests, the benchmark) the worker is TypeScript source: tsx compiles it here.
// The built app runs out/main/open-check-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./open-check-worker.ts', import.meta.url).href);
