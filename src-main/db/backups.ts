// Backups of a campaign, always with SQLite's online backup (never a raw copy of a live file),
// named <campaign>-<time>-<reason>.lichslayer, with a retention the Judge can set.
import type { Database as Db } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { backupTo, CAMPAIGN_EXTENSION, makePrivateDir, withReadOnly } from './campaign-file.ts';
import { copyOffThread } from './copy-runner.ts';
import { statement } from './statements.ts';

export const retentionSchema = z.strictObject({
  /** Keep this many of today's backups (newest first). */
  keepToday: z.number().int().min(1).max(100),
  /** Then keep the newest backup of each of this many earlier days. */
  keepDays: z.number().int().min(0).max(365),
});
export type Retention = z.output<typeof retentionSchema>;
export const DEFAULT_RETENTION: Retention = { keepToday: 5, keepDays: 14 };

export interface BackupInfo {
  file: string;
  fileName: string;
  at: string;
  reason: string;
  bytes: number;
}

const STAMP = /^(.*)-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-([a-z0-9-]+)\.lichslayer$/;

export function stampNow(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

function parseStamp(stamp: string): Date {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(stamp);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : new Date(0);
}

export const campaignBase = (campaignFile: string) => path.basename(campaignFile, CAMPAIGN_EXTENSION);

/** Fixes what a connection reads: a read transaction begun and made to hold by a first read. */
export function pinRead(db: Db): void {
  db.exec('BEGIN');
  statement(db, `SELECT count(*) FROM sqlite_master`).get();
}

/** Takes a db.backup() copy of an open campaign. */
export async function takeBackup(db: Db, campaignFile: string, backupsDir: string, reason: string): Promise<string> {
  makePrivateDir(backupsDir);
  let file = path.join(backupsDir, `${campaignBase(campaignFile)}-${stampNow()}-${reason}${CAMPAIGN_EXTENSION}`);
  // Two backups in the same millisecond get distinct names rather than one overwriting the other.
  for (let n = 2; fs.existsSync(file); n++)
    file = path.join(backupsDir, `${campaignBase(campaignFile)}-${stampNow()}-${reason}-${n}${CAMPAIGN_EXTENSION}`);
  // Written under another name and renamed when whole: a backup cut short (a crash, a kill) is never listed.
  await backupTo(db, `${file}.partial`);
  fs.renameSync(`${file}.partial`, file);
  return file;
}

export function listBackups(backupsDir: string, campaignFile: string): BackupInfo[] {
  if (!fs.existsSync(backupsDir)) return [];
  const base = campaignBase(campaignFile);
  return fs
    .readdirSync(backupsDir)
    .flatMap((name) => {
      const m = STAMP.exec(name);
      if (!m || m[1] !== base) return [];
      const file = path.join(backupsDir, name);
      return [
        { file, fileName: name, at: parseStamp(m[2]!).toISOString(), reason: m[3]!, bytes: fs.statSync(file).size },
      ];
    })
    .sort((a, b) => b.at.localeCompare(a.at));
}

/** Applies the retention: the newest `keepToday` of today, then one a day for `keepDays` days. */
export function pruneBackups(
  backupsDir: string,
  campaignFile: string,
  retention: Retention,
  now = new Date(),
): string[] {
  const today = now.toISOString().slice(0, 10);
  const removed: string[] = [];
  const keptDays = new Set<string>();
  let todayKept = 0;
  for (const b of listBackups(backupsDir, campaignFile)) {
    const day = b.at.slice(0, 10);
    const ageDays = Math.floor((Date.parse(today) - Date.parse(day)) / 86_400_000);
    let keep = false;
    if (day === today) keep = todayKept++ < retention.keepToday;
    else if (ageDays <= retention.keepDays && !keptDays.has(day)) {
      keptDays.add(day);
      keep = true;
    }
    if (!keep) {
      // A backup goes with its side files, if reading it ever left any.
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(b.file + suffix, { force: true });
      removed.push(b.fileName);
    }
  }
  return removed;
}

/** True when the file is an SQLite database that passes quick_check (read without a trace left). */
export function isHealthy(file: string, nativeBinding?: string): boolean {
  try {
    return withReadOnly(file, nativeBinding, (db) => db.pragma('quick_check', { simple: true }) === 'ok');
  } catch {
    return false;
  }
}

/** isHealthy on the copy worker: a large backup's every page is read off the host's event loop. */
export async function isHealthyOffThread(file: string, nativeBinding?: string): Promise<boolean> {
  try {
    return (await copyOffThread({ kind: 'health', file }, nativeBinding).result) === 'healthy';
  } catch {
    return false;
  }
}

/** The newest backup in the list that passes its health check, each checked off the host's thread in turn. */
export async function newestHealthy(
  backups: readonly BackupInfo[],
  nativeBinding?: string,
): Promise<BackupInfo | null> {
  for (const b of backups) if (await isHealthyOffThread(b.file, nativeBinding)) return b;
  return null;
}

/**
 * Puts a backup in place of a campaign file that is closed. The file it replaces is moved aside
 * into `asideDir`, never written to, so even a damaged original is kept as it was.
 */
export async function restoreInto(
  backupFile: string,
  campaignFile: string,
  asideDir: string,
  nativeBinding?: string,
): Promise<string | null> {
  makePrivateDir(asideDir);
  let aside: string | null = null;
  if (fs.existsSync(campaignFile)) {
    aside = path.join(asideDir, `${campaignBase(campaignFile)}-${stampNow()}-replaced${CAMPAIGN_EXTENSION}`);
    fs.renameSync(campaignFile, aside);
    for (const side of ['-wal', '-shm'])
      if (fs.existsSync(campaignFile + side)) fs.renameSync(campaignFile + side, aside + side);
  }
  // Copied on the copy worker, read through the opener that removes the -wal/-shm files reading leaves.
  await copyOffThread({ kind: 'copy', source: backupFile, destination: campaignFile }, nativeBinding).result;
  return aside;
}
