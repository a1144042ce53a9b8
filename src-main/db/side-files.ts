// The files SQLite and the app keep beside a campaign: its write-ahead log and shared memory, a
// rollback journal, the lock and the ledger archive (each with a journal of its own). The app
// writes them only where the campaign is, never through a link: a link planted beside a campaign
// (unpacked from an archive, say) would otherwise have the app write into a file anywhere.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from './private-files.ts';

/** Every file the app or SQLite may make beside a campaign, by its suffix. */
export const SIDE_SUFFIXES = [
  '-wal',
  '-shm',
  '-journal',
  '-lock',
  '-lock-journal',
  // A lock or archive another program left in WAL mode is opened with a log and shared memory of its own.
  '-lock-wal',
  '-lock-shm',
  '-ledger',
  '-ledger-journal',
  '-ledger-wal',
  '-ledger-shm',
] as const;

/** What a file system entry is, in words that follow "it is". */
export function kindInWords(stat: fs.Stats): string {
  if (stat.isSymbolicLink()) return 'a link to somewhere else';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** What is at `file` without following a link: null when nothing, 'file' for a regular file, else its kind in words. */
export function sideFileKind(file: string): null | 'file' | string {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return 'not readable';
  }
  if (!stat) return null;
  return stat.isFile() ? 'file' : kindInWords(stat);
}

/** The first file beside `campaign` that is not a regular file (a link, a folder, a pipe), said in words; null when none. */
export function sideFileProblem(campaign: string): string | null {
  for (const suffix of SIDE_SUFFIXES) {
    const kind = sideFileKind(campaign + suffix);
    if (kind !== null && kind !== 'file') return `${path.basename(campaign + suffix)} beside it is ${kind}`;
  }
  return null;
}

/** Creates an empty private file, never through a link; an existing regular file is left as it is. */
export function createPrivateFileNoFollow(file: string): void {
  try {
    const { O_CREAT, O_EXCL, O_WRONLY, O_NOFOLLOW } = fs.constants;
    fs.closeSync(fs.openSync(file, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW, PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || sideFileKind(file) !== 'file') throw error;
  }
}

/** The side files of `campaign` that are not there now (to remove again what reading it made). */
export function missingSideFiles(campaign: string, suffixes: readonly string[] = ['-wal', '-shm']): string[] {
  return suffixes.map((s) => campaign + s).filter((f) => sideFileKind(f) === null);
}

/**
 * Removes what a read-only look at a campaign left of `wereMissing`: its shared memory, and a
 * write-ahead log that stayed empty (one with frames holds another writer's changes: it stays).
 */
export function removeLeftSideFiles(wereMissing: readonly string[]): void {
  for (const side of wereMissing) {
    try {
      const stat = fs.lstatSync(side, { throwIfNoEntry: false });
      if (!stat?.isFile()) continue;
      if (side.endsWith('-wal') && stat.size > 0) continue;
      fs.rmSync(side, { force: true });
    } catch {
      /* already gone */
    }
  }
}

/** What changes when a file is written: its identity, size and modification time. */
function versionOf(file: string): string {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.ino}.${stat.size}.${stat.mtimeMs}` : '-';
}

/**
 * A private copy of `campaign` and its write-ahead log to read instead, when a log or shared memory
 * is already beside it: SQLite's reader writes to existing shared memory (its read marks, the
 * index it rebuilds), so a file looked at and refused would not be left as found. The copy's
 * reader rebuilds that index from the log in its own folder. null when neither is there (the
 * reader's own side files are removed after it), or when the file changed while it was copied:
 * another program writes it now, and its side files are that program's, read as SQLite shares them.
 */
export function privateCopyToRead(campaign: string): { file: string; remove: () => void } | null {
  const sides = ['-wal', '-shm'].map((suffix) => campaign + suffix);
  if (sides.every((side) => sideFileKind(side) === null)) return null;
  const versions = () => [campaign, ...sides].map(versionOf).join(' ');
  const before = versions();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lichslayer-look-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, path.basename(campaign));
    fs.copyFileSync(campaign, file);
    if (sideFileKind(`${campaign}-wal`) === 'file') fs.copyFileSync(`${campaign}-wal`, `${file}-wal`);
    if (versions() === before) return { file, remove };
  } catch (error) {
    remove();
    // Gone while it was copied: another program's look at it ended, and took its side files along.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return null;
  }
  remove();
  return null;
}
