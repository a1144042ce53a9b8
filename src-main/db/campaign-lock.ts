// One process owns a campaign at a time: two hosts on one file got
// "database is locked" on half their writes, and one host's undo reverted the other's change.
//
// The lock is the operating system's, not a file's existence: `<campaign>.lock` is
// a small SQLite file whose write lock the owner holds for as long as the campaign is open.
// SQLite takes it with the OS (fcntl / LockFileEx), so
// - taking it is atomic: of two openers racing, exactly one gets it, with no window between
//   "is it stale?" and "take it over";
// - it is never stale: the OS gives it back the moment its process ends (a crash, a kill, a
//   reboot), whatever pid is reused later;
// - others still read who holds it (the lock allows readers), to name them in the refusal.
// A holder that is alive but should not be (a frozen process, a lock stuck on a network share) is
// broken only by the Judge, explicitly, with a warning (breakCampaignLock).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { CampaignFileError, sqliteOptions } from './campaign-file.ts';
import { PRIVATE_FILE_MODE } from './private-files.ts';
import { createPrivateFileNoFollow, kindInWords, sideFileKind } from './side-files.ts';

const holderSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  host: z.enum(['electron', 'web']),
  since: z.string(),
  owner: z.string(),
});
export type LockHolder = z.output<typeof holderSchema>;

/**
 * The lock's file. Not the `.lock` of the app's earlier JSON lock: that one is left alone, since
 * removing a file another opener may just have replaced is the very race this lock ends.
 */
export const lockPathOf = (campaignFile: string) => `${campaignFile}-lock`;

/** Who holds a campaign, in words a Judge can act on. */
export function describeHolder(h: LockHolder): string {
  if (h.owner === '') return "another Lichslayer Judge, or a file in the lock's place (it does not say which)";
  const what = h.host === 'electron' ? 'the desktop app' : 'the web host';
  const where = h.hostname === os.hostname() ? 'on this machine' : `on ${h.hostname}`;
  return `${what} (process ${h.pid} ${where}, since ${new Date(h.since).toLocaleString('en-GB')})`;
}

/** A holder whose record cannot be read (written by something else, or mid-write). */
const UNKNOWN_HOLDER: LockHolder = {
  pid: 0,
  hostname: 'an unknown machine',
  host: 'web',
  since: new Date(0).toISOString(),
  owner: '',
};

const isBusy = (error: unknown) =>
  error instanceof Error && 'code' in error && String((error as { code: unknown }).code).startsWith('SQLITE_BUSY');
const notADatabase = (error: unknown) =>
  error instanceof Error &&
  'code' in error &&
  ['SQLITE_NOTADB', 'SQLITE_CORRUPT'].includes(String((error as { code: unknown }).code));

/** What sits at the lock's name is not a file (a link, a folder): nothing is read or written through it. */
class LockPlaceError extends Error {
  constructor(
    readonly kind: string,
    /** The lock, or the side file of its own that is not a file. */
    readonly file: string,
  ) {
    super(`${path.basename(file)} is ${kind}`);
  }
}

/** The lock's own journal, log and shared memory: SQLite would follow a link at any of them. */
const LOCK_SIDES = ['-journal', '-wal', '-shm'] as const;

/**
 * Opens the lock file; never waits for a lock. `take`: made if missing (private to the Judge) and
 * given the holder table; otherwise only read, and null when there is none. Never through a link:
 * SQLite follows one at a database's own name, so the name is looked at before and after.
 */
function openLock(lock: string, nativeBinding: string | undefined, take: boolean): Database.Database | null {
  const kind = sideFileKind(lock);
  if (kind !== null && kind !== 'file') throw new LockPlaceError(kind, lock);
  for (const side of LOCK_SIDES) {
    const sideKind = sideFileKind(lock + side);
    if (sideKind !== null && sideKind !== 'file') throw new LockPlaceError(sideKind, lock + side);
  }
  if (kind === null) {
    if (!take) return null;
    createPrivateFileNoFollow(lock);
  }
  const before = fs.lstatSync(lock);
  const db = new Database(lock, sqliteOptions(nativeBinding, { timeout: 0 }));
  try {
    const now = fs.lstatSync(lock, { throwIfNoEntry: false });
    if (!now?.isFile() || now.ino !== before.ino) throw new LockPlaceError(now ? kindInWords(now) : 'nothing', lock);
    if (take && (before.mode & 0o777) !== PRIVATE_FILE_MODE) fs.chmodSync(lock, PRIVATE_FILE_MODE);
    // Only the one table the app makes: anything else (a view, a trigger) is not our lock, and no
    // query of ours runs against it.
    const objects = db.prepare(`SELECT type, name FROM sqlite_schema`).all() as { type: string; name: string }[];
    if (objects.some((o) => o.type !== 'table' || o.name !== 'holder'))
      throw Object.assign(new Error('not a campaign lock'), { code: 'SQLITE_NOTADB' });
    if (take) {
      // Rollback journal: a write lock held still lets others read the holder's record.
      db.pragma('journal_mode = DELETE');
      db.exec(`CREATE TABLE IF NOT EXISTS holder (id INTEGER PRIMARY KEY CHECK (id = 1), record TEXT NOT NULL)`);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function readRecord(db: Database.Database): LockHolder {
  try {
    const row = db.prepare(`SELECT record FROM holder WHERE id = 1`).get() as { record: string } | undefined;
    const parsed = row ? holderSchema.safeParse(JSON.parse(row.record)) : null;
    return parsed?.success ? parsed.data : UNKNOWN_HOLDER;
  } catch {
    return UNKNOWN_HOLDER;
  }
}

/** A campaign another process holds, refused with who holds it. */
export function lockedMessage(campaignFile: string, holder: LockHolder): string {
  return `${path.basename(campaignFile)} is open in ${describeHolder(holder)}. One Lichslayer Judge at a time keeps a campaign, so that no change or undo of one reaches the other: close it there, then open it here. The file was not changed.`;
}

/**
 * Takes the campaign's lock for this process; returns the function that gives it back.
 * Throws CampaignFileError('locked') naming the holder when another live opener has it.
 */
export function acquireCampaignLock(
  campaignFile: string,
  host: 'electron' | 'web',
  nativeBinding?: string,
): () => void {
  const lock = lockPathOf(campaignFile);
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    host,
    since: new Date().toISOString(),
    owner: crypto.randomUUID(),
  };
  let db: Database.Database;
  try {
    db = openLock(lock, nativeBinding, true)!;
  } catch (error) {
    if (error instanceof LockPlaceError)
      throw new CampaignFileError(
        'side-file',
        `${path.basename(campaignFile)} was not opened: ${path.basename(error.file)} beside it is ${error.kind}, not a lock this app made, and the app never writes through it. Remove it, then open the campaign again. Nothing was changed.`,
      );
    if (isBusy(error)) throw new CampaignFileError('locked', lockedMessage(campaignFile, UNKNOWN_HOLDER));
    if (!notADatabase(error)) throw error;
    // Something else sits where the lock goes: it is not removed on a guess (another opener may
    // just have made it); the Judge may break it, with the warning that comes with that.
    throw new CampaignFileError(
      'locked',
      `${path.basename(campaignFile)}: ${path.basename(lock)} beside it is not a lock this app made, so the campaign was not opened. Break the lock from the campaign list if no other Lichslayer Judge has it open. The file was not changed.`,
    );
  }
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    const holder = readRecord(db);
    db.close();
    if (isBusy(error)) throw new CampaignFileError('locked', lockedMessage(campaignFile, holder));
    throw error;
  }
  // Ours. The record is committed so that others can read it, and the write lock taken again at
  // once; should another opener slip in between, it holds the campaign and this one is refused.
  try {
    db.prepare(
      `INSERT INTO holder (id, record) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET record = excluded.record`,
    ).run(JSON.stringify(me));
    db.exec('COMMIT');
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    const holder = readRecord(db);
    db.close();
    if (isBusy(error)) throw new CampaignFileError('locked', lockedMessage(campaignFile, holder));
    throw error;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Closing gives the OS lock back; the file stays (removing it could race a new holder).
    try {
      db.exec('ROLLBACK');
    } catch {
      /* the transaction is gone with the connection anyway */
    }
    db.close();
  };
}

/** The live holder of a campaign's lock, or null when no process holds it. */
export function liveHolder(campaignFile: string, nativeBinding?: string): LockHolder | null {
  const lock = lockPathOf(campaignFile);
  let db: Database.Database | null;
  try {
    db = openLock(lock, nativeBinding, false);
  } catch (error) {
    // Busy, or something else in the lock's place: either way, not free to take.
    return isBusy(error) || notADatabase(error) || error instanceof LockPlaceError ? UNKNOWN_HOLDER : null;
  }
  if (db === null) return null;
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return null;
  } catch (error) {
    return isBusy(error) ? readRecord(db) : null;
  } finally {
    db.close();
  }
}

/**
 * The Judge's explicit "break the lock": the lock file is removed, so the next opener takes a new
 * one even though its holder may still be running. Whatever that holder writes afterwards can
 * clash with this one's changes and undo: the Judge is warned of it before this is called.
 * Returns who held it (null when nobody did).
 */
export function breakCampaignLock(campaignFile: string, nativeBinding?: string): LockHolder | null {
  const holder = liveHolder(campaignFile, nativeBinding);
  fs.rmSync(lockPathOf(campaignFile), { force: true });
  for (const side of LOCK_SIDES) fs.rmSync(lockPathOf(campaignFile) + side, { force: true });
  return holder;
}
