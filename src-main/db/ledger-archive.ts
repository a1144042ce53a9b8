// The ledger's archive: the sessions a Judge no longer keeps in the campaign file move to a second
// SQLite file beside it (<campaign>.lichslayer-ledger), attached as `archive`, where the Ledger
// screen, the journal and "Verify replay" still read them. The campaign file (and so each of its
// backups) then holds only the recent sessions' rolls.
import type { Database } from 'better-sqlite3';
import path from 'node:path';
import { CampaignFileError } from '../state/failures.ts';
import { createPrivateFileNoFollow, sideFileKind } from './side-files.ts';
import { noteTableWrite } from './table-revision.ts';

export const ledgerArchivePath = (campaignFile: string): string => `${campaignFile}-ledger`;

/** 'LJLA' — marks a SQLite file as a Lichslayer Judge ledger archive. */
export const ARCHIVE_ID = 0x4c4a4c41;

/** An archive the app will not attach: the campaign is refused as a whole, with what to do. */
export class LedgerArchiveError extends CampaignFileError {
  constructor(message: string) {
    super('foreign-schema', message);
    this.name = 'LedgerArchiveError';
  }
}

export function isArchiveAttached(db: Database): boolean {
  return db.prepare(`SELECT 1 FROM pragma_database_list WHERE name = 'archive'`).get() !== undefined;
}

/** The roll_log columns a row is copied with (generated columns are computed again on arrival). */
function copiedColumns(db: Database): string[] {
  const main = (db.prepare(`SELECT name FROM pragma_table_info('roll_log', 'main')`).all() as { name: string }[]).map(
    (c) => c.name,
  );
  const archived = new Set(
    (db.prepare(`SELECT name FROM pragma_table_info('roll_log', 'archive')`).all() as { name: string }[]).map(
      (c) => c.name,
    ),
  );
  return main.filter((c) => archived.has(c));
}

/** Gives a new archive the campaign's own ledger table and indexes, as the migrations left them. */
function createArchiveSchema(db: Database): void {
  const schema = db
    .prepare(
      `SELECT type, name, sql FROM main.sqlite_master WHERE tbl_name = 'roll_log' AND sql IS NOT NULL ORDER BY type DESC`,
    )
    .all() as { type: string; name: string; sql: string }[];
  db.transaction(() => {
    for (const s of schema) {
      db.exec(
        s.type === 'table'
          ? s.sql.replace(/^CREATE TABLE "?roll_log"?/, 'CREATE TABLE archive.roll_log')
          : s.sql.replace(/^CREATE INDEX "?(\w+)"?/, 'CREATE INDEX archive.$1'),
      );
    }
    db.pragma(`archive.application_id = ${ARCHIVE_ID}`);
    db.pragma(`archive.user_version = 1`);
  })();
}

/** An archive made before a roll_log column was added gets it (empty), so reads over both agree. */
function addLaterColumns(db: Database): void {
  const has = new Set(
    (db.prepare(`SELECT name FROM pragma_table_info('roll_log', 'archive')`).all() as { name: string }[]).map(
      (c) => c.name,
    ),
  );
  if (!has.has('entered_by')) db.exec(`ALTER TABLE archive.roll_log ADD COLUMN entered_by TEXT`);
}

/**
 * Why the database `schema` of `db` (the archive at `file`) is no ledger archive the app made:
 * another application's file, or one holding more than the ledger table and its indexes (a view or
 * trigger would run on the app's reads and writes). 'new' for an empty file; null when it is one.
 */
export function archiveIdentityProblem(db: Database, schema: 'main' | 'archive', file: string): string | 'new' | null {
  const id = db.pragma(`${schema}.application_id`, { simple: true }) as number;
  const tables = (db.prepare(`SELECT count(*) AS n FROM ${schema}.sqlite_master`).get() as { n: number }).n;
  if (id === 0 && tables === 0) return 'new';
  if (id !== ARCHIVE_ID)
    return `${file} is not a Lichslayer Judge ledger archive; move it aside and open the campaign again.`;
  const foreign = db
    .prepare(
      `SELECT type, name FROM ${schema}.sqlite_master WHERE NOT ((type = 'table' AND name = 'roll_log') OR (type = 'index' AND tbl_name = 'roll_log')) LIMIT 1`,
    )
    .get() as { type: string; name: string } | undefined;
  return foreign
    ? `${file} holds a ${foreign.type} “${foreign.name.slice(0, 60)}” that a ledger archive never has; move it aside and open the campaign again.`
    : null;
}

/**
 * Attaches the campaign's ledger archive when it exists (or creates it when `create`); false when
 * there is none. SQLite attaches only outside a transaction: the app does it when it opens a campaign.
 */
export function attachArchive(db: Database, create = false): boolean {
  if (isArchiveAttached(db)) return true;
  const file = ledgerArchivePath(db.name);
  // Never through a link or into a folder: the archive is written only where the campaign is.
  const kind = sideFileKind(file);
  if (kind !== null && kind !== 'file')
    throw new LedgerArchiveError(
      `${path.basename(file)} beside the campaign is ${kind}, not a ledger archive, so the app did not read or write through it; remove it and open the campaign again. Nothing was changed.`,
    );
  if (kind === null) {
    if (!create) return false;
    createPrivateFileNoFollow(file);
  }
  db.prepare(`ATTACH DATABASE ? AS archive`).run(file);
  try {
    const problem = archiveIdentityProblem(db, 'archive', file);
    if (problem === 'new') createArchiveSchema(db);
    else if (problem !== null) throw new LedgerArchiveError(problem);
    else addLaterColumns(db);
    // Archive writes are rare and whole sessions: a rollback journal keeps no side files beside it.
    db.pragma('archive.journal_mode = DELETE');
    return true;
  } catch (error) {
    db.prepare(`DETACH DATABASE archive`).run();
    throw error;
  }
}

/**
 * Archive rows count only below the lowest id the campaign file still holds: a crash between
 * copying and deleting, or a campaign restored from an older backup, leaves the same rows in both,
 * and the campaign file's copy is the one that counts.
 */
function archivedBelow(db: Database): number {
  const row = db.prepare(`SELECT min(id) AS id FROM main.roll_log`).get() as { id: number | null };
  return row.id ?? Number.MAX_SAFE_INTEGER;
}

/**
 * Rows of the archive matching `where` (over roll_log's columns, with named parameters), oldest or
 * newest first; none when the campaign has no archive.
 */
export function archivedRolls<T>(
  db: Database,
  columns: string,
  where: string | null,
  params: Record<string, unknown>,
  order: 'ASC' | 'DESC',
  limit?: number,
): T[] {
  if (!isArchiveAttached(db)) return [];
  return db
    .prepare(
      `SELECT ${columns} FROM archive.roll_log WHERE id < @below${where ? ` AND (${where})` : ''} ORDER BY id ${order}${limit !== undefined ? ' LIMIT @limit' : ''}`,
    )
    .all({ ...params, below: archivedBelow(db), ...(limit !== undefined ? { limit } : {}) }) as T[];
}

/** archivedRolls with its statements prepared once, for reading many sessions in a row. */
export function archiveReader<T>(
  db: Database,
  columns: string,
  where: string,
  order: 'ASC' | 'DESC',
): (params: Record<string, unknown>, limit: number) => T[] {
  if (!isArchiveAttached(db)) return () => [];
  const below = archivedBelow(db);
  const query = db.prepare(
    `SELECT ${columns} FROM archive.roll_log WHERE id < @below AND (${where}) ORDER BY id ${order} LIMIT @limit`,
  );
  return (params, limit) => query.all({ ...params, below, limit }) as T[];
}

/** Like archivedRolls, one row at a time (for replaying a whole campaign). */
export function* iterateArchivedRolls<T>(
  db: Database,
  columns: string,
  where: string | null,
  params: Record<string, unknown>,
): Generator<T> {
  if (!isArchiveAttached(db)) return;
  yield* db
    .prepare(`SELECT ${columns} FROM archive.roll_log WHERE id < @below${where ? ` AND (${where})` : ''} ORDER BY id`)
    .iterate({ ...params, below: archivedBelow(db) }) as Iterable<T>;
}

export function archivedCount(db: Database): number {
  if (!isArchiveAttached(db)) return 0;
  return (db.prepare(`SELECT count(*) AS n FROM archive.roll_log WHERE id < ?`).get(archivedBelow(db)) as { n: number })
    .n;
}

/**
 * Moves the ledger of every session before `firstKept` into the archive: copied first, then deleted
 * from the campaign file. The newest entry always stays, so new entries never take an archived id.
 * Outside a transaction; returns how many entries moved.
 */
export function archiveSessions(db: Database, firstKept: number): number {
  const newest = (db.prepare(`SELECT max(id) AS id FROM main.roll_log`).get() as { id: number | null }).id;
  if (newest === null) return 0;
  const waiting = (
    db.prepare(`SELECT count(*) AS n FROM main.roll_log WHERE session < ? AND id < ?`).get(firstKept, newest) as {
      n: number;
    }
  ).n;
  if (waiting === 0) return 0;
  attachArchive(db, true);
  const columns = copiedColumns(db).join(', ');
  db.transaction(() =>
    db
      .prepare(
        `INSERT OR REPLACE INTO archive.roll_log (${columns}) SELECT ${columns} FROM main.roll_log WHERE session < ? AND id < ?`,
      )
      .run(firstKept, newest),
  )();
  noteTableWrite(db, 'roll_log');
  return db.transaction(
    () => db.prepare(`DELETE FROM main.roll_log WHERE session < ? AND id < ?`).run(firstKept, newest).changes,
  )();
}

/** A copy of the archive made with SQLite's online backup (for backups and duplicates). */
export async function copyArchive(db: Database, destination: string): Promise<boolean> {
  if (!isArchiveAttached(db)) return false;
  // better-sqlite3 backs up an attached database by name; its type declarations omit the option.
  await db.backup(destination, { attached: 'archive' } as unknown as Parameters<Database['backup']>[1]);
  return true;
}
