// The rest of a campaign's check once it is open, in a worker thread while play goes on: SQLite's
// full quick_check of the whole file (the open check read the pages of every table but the growing
// ones, open-check.ts) and the sizes of every value in the tables that grow with play.
import type { Database } from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { expectedSchema, sizeChecks, type SizeCheck } from './campaign-schema.ts';
import { GROWING_TABLES, MAX_VALUE_BYTES } from './open-limits.ts';
import { LATEST_VERSION } from './migrations.ts';

/** What the background check found: nothing, damage, or a value no Judge's play writes. */
export type BackgroundFinding =
  { kind: 'ok' } | { kind: 'damaged'; detail: string } | { kind: 'oversized'; where: string };

// A worker evaluated from source, so it needs no bundling of its own: it loads the same driver.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let finding;
try {
  const db = new Database(workerData.file, { readonly: true, fileMustExist: true, ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}) });
  try {
    db.pragma('trusted_schema = OFF');
    const check = String(db.pragma('quick_check', { simple: true }));
    finding = check === 'ok' ? { kind: 'ok' } : { kind: 'damaged', detail: check };
    for (const size of finding.kind === 'ok' ? workerData.sizes : []) {
      const n = db.prepare(size.sql).get().n || 0;
      if (n > workerData.maxBytes) {
        finding = { kind: 'oversized', where: size.where + ' (' + (n / 1e6).toFixed(0) + ' MB)' };
        break;
      }
    }
  } finally {
    db.close();
  }
} catch (error) {
  finding = { kind: 'damaged', detail: String((error && error.message) || error) };
}
// The file is let go: whoever waits for that (the app closing the campaign) may go on.
Atomics.store(workerData.done, 0, 1);
Atomics.notify(workerData.done, 0);
parentPort.postMessage(finding);
`;

/** A check running in a worker: what it finds, and a way to wait until it has let the file go. */
export interface BackgroundCheck {
  finding: Promise<BackgroundFinding>;
  /**
   * Blocks until the worker has closed its connection to the file (at most `timeoutMs`), so that
   * the app's own connection is the last to close and SQLite folds the write-ahead log back in.
   */
  waitUntilReleased(timeoutMs?: number): void;
}

/**
 * SQLite's full quick_check of a campaign, and the sizes of every value in its growing tables,
 * run in a worker thread. `db` is the app's own connection, used only to list the columns.
 */
export function fullCheckInBackground(db: Database, file: string, nativeBinding?: string): BackgroundCheck {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const sizes: SizeCheck[] = sizeChecks(
    db,
    expectedSchema(LATEST_VERSION).filter((o) => GROWING_TABLES.has(o.name)),
  );
  const done = new Int32Array(new SharedArrayBuffer(4));
  const finding = new Promise<BackgroundFinding>((resolve) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { file, driver, nativeBinding, sizes, maxBytes: MAX_VALUE_BYTES, done },
    });
    worker.once('message', (found: BackgroundFinding) => resolve(found));
    worker.once('error', (error) => {
      Atomics.store(done, 0, 1);
      resolve({ kind: 'damaged', detail: error.message });
    });
    worker.once('exit', (code) => {
      Atomics.store(done, 0, 1);
      resolve({ kind: 'damaged', detail: `the check stopped (exit code ${code})` });
    });
  });
  return {
    finding,
    waitUntilReleased: (timeoutMs = 120_000) => {
      if (Atomics.load(done, 0) === 0) Atomics.wait(done, 0, 0, timeoutMs);
    },
  };
}
