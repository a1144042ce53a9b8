// Checking a campaign file's integrity without making the Judge wait for it: on open, SQLite's
// quick_check of the tables the app reads at once (they stay small however long the campaign);
// then the full quick_check of the whole file in a worker thread, while play goes on.
import type { Database } from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Tables that grow with every session of play: checked in the background, not on open. */
const GROWING = new Set(['history', 'roll_log', 'day_report']);

/** quick_check of every table but the growing ones (and their indexes): "ok", or the first problem. */
export function cheapCheck(db: Database): string {
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[];
  for (const { name } of tables) {
    if (GROWING.has(name)) continue;
    const result = String(db.pragma(`quick_check("${name.replace(/"/g, '""')}")`, { simple: true }));
    if (result !== 'ok') return result;
  }
  return 'ok';
}

// A worker evaluated from source, so it needs no bundling of its own: it loads the same driver.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let result;
try {
  const db = new Database(workerData.file, { readonly: true, fileMustExist: true, ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}) });
  try {
    db.pragma('trusted_schema = OFF');
    result = String(db.pragma('quick_check', { simple: true }));
  } finally {
    db.close();
  }
} catch (error) {
  result = String((error && error.message) || error);
}
parentPort.postMessage(result);
`;

/** SQLite's full quick_check of a file, run in a worker thread: resolves to "ok" or the problem found. */
export function fullCheckInBackground(file: string, nativeBinding?: string): Promise<string> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, nativeBinding } });
    worker.once('message', (result: string) => resolve(result));
    worker.once('error', (error) => resolve(error.message));
    worker.once('exit', (code) => resolve(`the check stopped (exit code ${code})`));
  });
}
