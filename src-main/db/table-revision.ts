// Which revision of a kind of campaign data a connection holds: bumped by every write to it, so
// that what was read once (the tables, the skill uses' answers) is read again only after a change.
import type { Database, Statement } from 'better-sqlite3';

/** The kinds of data kept read between changes, and the campaign tables each is read from. */
const WATCHED = {
  tables: new Set(['rtable', 'rtable_row']),
  skillUses: new Set(['skill_use']),
  // The rolls and the undo steps that decide which of them still stand.
  ledger: new Set(['roll_log', 'history']),
};
type Watched = keyof typeof WATCHED;

const revisions = new WeakMap<Database, Record<Watched, number>>();

/**
 * Every writer of a watched table calls this: the history's writer (which the engine's appends
 * go through too), undo and redo, the tables' own writes and draws, and each writer of the rolls
 * and the undo steps (the play store, the history, the ledger and its archive).
 */
export function noteTableWrite(db: Database, table: string): void {
  for (const kind of Object.keys(WATCHED) as Watched[]) {
    if (!WATCHED[kind].has(table)) continue;
    const held = revisions.get(db) ?? { tables: 0, skillUses: 0, ledger: 0 };
    held[kind]++;
    revisions.set(db, held);
  }
}

const versions = new WeakMap<Database, Statement>();

function revision(db: Database, kind: Watched): string {
  let version = versions.get(db);
  if (!version) versions.set(db, (version = db.prepare(`PRAGMA data_version`).pluck()));
  return `${revisions.get(db)?.[kind] ?? 0}:${version.get() as number}`;
}

/** The tables' revision: this connection's writes to them, and any other connection's commit. */
export const tablesRevision = (db: Database): string => revision(db, 'tables');

/** The skill uses' revision, the same way. */
export const skillUsesRevision = (db: Database): string => revision(db, 'skillUses');

/** The ledger's revision (its rolls, and the undo steps they are tied to), the same way. */
export const ledgerRevision = (db: Database): string => revision(db, 'ledger');

/**
 * One transaction wrapper per connection, given the work as its argument: better-sqlite3 builds
 * a wrapper and its four variants on every `db.transaction` call, a cost each command paid.
 */
const transactions = new WeakMap<Database, (run: () => unknown) => unknown>();

function transactionOf(db: Database): (run: () => unknown) => unknown {
  let transaction = transactions.get(db);
  if (!transaction) transactions.set(db, (transaction = db.transaction((run: () => unknown) => run())));
  return transaction;
}

/**
 * A transaction over watched tables: if it rolls back, what was read inside it after a write (and
 * kept under that write's revision) is forgotten with it.
 */
export function watchedTransaction<T>(db: Database, run: () => T): T {
  try {
    return transactionOf(db)(run) as T;
  } catch (error) {
    const held = revisions.get(db) ?? { tables: 0, skillUses: 0, ledger: 0 };
    for (const kind of Object.keys(WATCHED) as Watched[]) held[kind]++;
    revisions.set(db, held);
    throw error;
  }
}
