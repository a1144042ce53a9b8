// Statements compiled once per open campaign: SQLite's compile of a statement costs more than
// running most of the app's lookups, and a command runs the same few dozen again and again. Keyed
// on the connection, so a campaign closed and opened again compiles afresh; bounded, for the SQL
// built from a list's length.
import type { Database, Statement } from 'better-sqlite3';

const caches = new WeakMap<Database, Map<string, Statement>>();
const LIMIT = 2000;

/** The statement for this SQL on this connection, compiled the first time it is asked for. */
export function statement(db: Database, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const held = cache.get(sql);
  // A statement still being iterated cannot run again until the iteration ends: compile another.
  if (held && !held.busy) return held;
  const fresh = db.prepare(sql);
  if (cache.size >= LIMIT) cache.clear();
  cache.set(sql, fresh);
  return fresh;
}

/** Forgets a connection's compiled statements, so a spy on `prepare` (a test's) sees every one from now on. */
export function forgetStatements(db: Database): void {
  caches.delete(db);
}
