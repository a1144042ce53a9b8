// Which revision of the campaign's tables a connection holds: bumped by every write to a table or
// its rows, so that the tables read once are read again only after a change.
import type { Database, Statement } from 'better-sqlite3';

const revisions = new WeakMap<Database, number>();
const TABLE_ROWS = new Set(['rtable', 'rtable_row']);

/** Every writer of rtable or rtable_row calls this (the history's writer, undo and redo, draws). */
export function noteTableWrite(db: Database, table: string): void {
  if (TABLE_ROWS.has(table)) revisions.set(db, (revisions.get(db) ?? 0) + 1);
}

const versions = new WeakMap<Database, Statement>();

/** The tables' revision: this connection's writes to them, and any other connection's commit. */
export function tablesRevision(db: Database): string {
  let version = versions.get(db);
  if (!version) versions.set(db, (version = db.prepare(`PRAGMA data_version`).pluck()));
  return `${revisions.get(db) ?? 0}:${version.get() as number}`;
}
