// Where a worker thread's script is: built beside the main bundle (out/main), or its source under
// plain Node with tsx (tests, the benchmark). The workers' sources are in app/, as they read the
// settings the way opening does.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type WorkerName = 'open-check-worker' | 'copy-worker';

export function workerFile(name: WorkerName): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, path.join(here, '..')]) {
    const built = path.join(dir, `${name}.js`);
    if (fs.existsSync(built)) return built;
  }
  const source = path.join(here, '..', 'app', `${name}-source.mjs`);
  if (fs.existsSync(source)) return source;
  throw new Error(`The worker ${name} is missing beside ${here}`);
}
