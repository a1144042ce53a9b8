// How much of its past a campaign keeps, and what that costs on disk: undo for the last sessions
// the Judge chose (older steps keep only what the journal lists), the ledger of the last sessions
// in the campaign file (older sessions in the ledger archive beside it), and the sizes of it all.
import type { Database } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { storageKeepSchema, type StorageKeep, type StorageView } from '@shared/storage.ts';
import { compactHistory } from './history.ts';
import { archivedCount, archiveSessions, copyArchive, ledgerArchivePath } from './ledger-archive.ts';
import { currentSession, readSetting } from './settings.ts';
import { writePlayState } from './ledger.ts';

/** A long evening's undo for the last three sessions; the ledger of the last ten at hand. */
export const DEFAULT_KEEP: StorageKeep = { undoSessions: 3, ledgerSessions: 10 };

export const readKeep = (db: Database): StorageKeep => readSetting(db, 'storage-keep', storageKeepSchema, DEFAULT_KEEP);

/** The Judge's choice is a preference, not an edit of the campaign: saved without an undo step. */
export const writeKeep = (db: Database, keep: StorageKeep): void => writePlayState(db, 'storage-keep', keep);

export type Compaction = NonNullable<StorageView['compacted']>;

/**
 * Applies the Judge's choice: drops undo older than `undoSessions` and moves the ledger of sessions
 * older than `ledgerSessions` into the archive, backing the archive up when it grew. Outside a transaction.
 */
export async function compactCampaign(db: Database, backupsDir: string): Promise<Compaction> {
  const keep = readKeep(db);
  const session = currentSession(db);
  const history = db.transaction(() => compactHistory(db, session - keep.undoSessions + 1))();
  const entriesArchived = archiveSessions(db, session - keep.ledgerSessions + 1);
  if (entriesArchived > 0) await backUpArchive(db, backupsDir);
  return { undoDropped: history.compacted, stepsRemoved: history.removed, entriesArchived };
}

/** Rewrites the file so the pages compaction freed go back to the disk (new rows would reuse them anyway). */
export function giveSpaceBack(db: Database): void {
  db.exec('VACUUM');
  db.pragma('wal_checkpoint(TRUNCATE)');
}

/** The archive's one backup, replaced whole each time it grows (archived sessions never change). */
async function backUpArchive(db: Database, backupsDir: string): Promise<void> {
  fs.mkdirSync(backupsDir, { recursive: true });
  const target = path.join(backupsDir, path.basename(ledgerArchivePath(db.name)));
  if (await copyArchive(db, `${target}.partial`)) fs.renameSync(`${target}.partial`, target);
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** Bytes and files in a folder and every folder inside it. */
export function folderSize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return { bytes, files };
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      const inner = folderSize(full);
      bytes += inner.bytes;
      files += inner.files;
    } else if (e.isFile()) {
      bytes += sizeOf(full);
      files++;
    }
  }
  return { bytes, files };
}

export function storageView(db: Database, backupsDir: string, check: StorageView['check']): StorageView {
  const archive = ledgerArchivePath(db.name);
  const backups = folderSize(backupsDir);
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  return {
    campaignBytes: sizeOf(db.name) + sizeOf(`${db.name}-wal`),
    archiveBytes: fs.existsSync(archive) ? sizeOf(archive) : null,
    backupsBytes: backups.bytes,
    backupsFiles: backups.files,
    session: currentSession(db),
    historySteps: count(`SELECT count(*) AS n FROM history`),
    ledgerEntries: count(`SELECT count(*) AS n FROM main.roll_log`),
    archivedEntries: archivedCount(db),
    keep: readKeep(db),
    check,
  };
}
