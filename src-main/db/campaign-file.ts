// Opening a campaign file safely: every check that could refuse the file runs on a
// read-only handle first, so a file we refuse is left byte-for-byte as it was.
import Database, { type Database as Db } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { LATEST_VERSION, MIGRATIONS } from './migrations.ts';
import { CampaignFileError } from '../state/failures.ts';
import { createPrivateFile, makePrivateDir } from './private-files.ts';
import { expectedSchema, readSchema, schemaProblems } from './campaign-schema.ts';
import { checkContent, type CheckLevel, type CheckProgress } from './open-check.ts';
import { bytesInWords, MAX_FILE_BYTES } from './open-limits.ts';
import {
  kindInWords,
  missingSideFiles,
  privateCopyToRead,
  removeLeftSideFiles,
  sideFileProblem,
} from './side-files.ts';

/** 'LJUD' — marks a SQLite file as a Lichslayer Judge campaign. */
export const APPLICATION_ID = 0x4c4a5544;
export const CAMPAIGN_EXTENSION = '.lichslayer';
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export { CampaignFileError, type CampaignFileProblem } from '../state/failures.ts';

export interface OpenOptions {
  /** Create the file when it does not exist (new campaign). */
  create?: boolean;
  /** Where pre-migration backups go. */
  backupDir: string;
  /** Electron's own better-sqlite3 build; Node uses the default one. */
  nativeBinding?: string | undefined;
  /**
   * What the open check found of these very bytes, when the caller has it (the worker checked the
   * file, and its signature was the same once the lock was taken): the check is not run again.
   */
  checked?: InspectedFile | undefined;
}

export interface OpenedCampaign {
  db: Db;
  migratedFrom: number;
  backupPath: string | null;
}

export { createPrivateFile, makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';

/** db.backup() into a new private file (never over an existing one). */
export async function backupTo(db: Db, destination: string): Promise<void> {
  createPrivateFile(destination);
  try {
    await db.backup(destination);
  } catch (error) {
    fs.rmSync(destination, { force: true });
    throw error;
  }
}

export function sqliteOptions(nativeBinding: string | undefined, extra: Database.Options = {}): Database.Options {
  return nativeBinding ? { ...extra, nativeBinding } : extra;
}

/**
 * How long a statement waits for a lock another connection holds. better-sqlite3 waits on the
 * host's one thread (5 s by default), so every change refused because another process writes the
 * file froze the app that long. The app's own connections hold SQLite's locks only for moments
 * (a reader's snapshot never blocks the writer in WAL mode; a checkpoint or a log's recovery takes
 * a few milliseconds), which this still waits out; a writer elsewhere is refused at once.
 */
export const BUSY_TIMEOUT_MS = 100;

/**
 * Every connection the app makes to a campaign or backup file: with trusted_schema off, SQL
 * stored in the file (views, triggers, defaults, checks) may not call functions with side effects.
 */
export function openSqlite(file: string, nativeBinding: string | undefined, extra: Database.Options = {}): Db {
  const db = new Database(file, sqliteOptions(nativeBinding, { timeout: BUSY_TIMEOUT_MS, ...extra }));
  try {
    db.pragma('trusted_schema = OFF');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Opens a file read-only. SQLite creates empty -wal/-shm side files when reading a WAL-mode
 * file; `release` closes the handle and removes those, so a file we only looked at is left as found
 * (and one that has them already is read through a private copy).
 */
function openReadOnly(file: string, nativeBinding: string | undefined): { db: Db; release: () => void } {
  // A log or shared memory already beside it: read a private copy, so they stay as they are.
  const copy = privateCopyToRead(file);
  if (copy) {
    try {
      const db = openSqlite(copy.file, nativeBinding, { readonly: true, fileMustExist: true });
      return { db, release: () => (db.close(), copy.remove()) };
    } catch (error) {
      copy.remove();
      throw error;
    }
  }
  const sideFiles = missingSideFiles(file);
  const db = openSqlite(file, nativeBinding, { readonly: true, fileMustExist: true });
  const release = () => {
    db.close();
    removeLeftSideFiles(sideFiles);
  };
  return { db, release };
}

export function withReadOnly<T>(file: string, nativeBinding: string | undefined, use: (db: Db) => T): T {
  const { db, release } = openReadOnly(file, nativeBinding);
  try {
    return use(db);
  } finally {
    release();
  }
}

/** Throws 'read-only' when changes to the file could not be saved. */
function checkWritable(file: string, stat: fs.Stats): void {
  const shown = path.basename(file);
  try {
    fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
    fs.accessSync(path.dirname(file), fs.constants.W_OK);
    // access() always succeeds for root; the mode bits say what the Judge marked read-only.
    if ((stat.mode & 0o222) === 0) throw new Error('read-only mode');
  } catch {
    throw new CampaignFileError(
      'read-only',
      `${shown} is read-only (or its folder is), so changes could not be saved. Copy it to a writable folder or change its permissions, then open it again. The file was not changed.`,
    );
  }
}

/** withReadOnly for async work (a backup copy): the handle and its side files go when it is done. */
export async function withReadOnlyAsync<T>(
  file: string,
  nativeBinding: string | undefined,
  use: (db: Db) => Promise<T>,
): Promise<T> {
  const { db, release } = openReadOnly(file, nativeBinding);
  try {
    return await use(db);
  } finally {
    release();
  }
}

/** What a campaign file is, found without writing to it. */
export interface InspectedFile {
  version: number;
  /** An empty file: a campaign not yet set up. */
  empty: boolean;
}

/** SQLite's header, and the byte that says whether the file keeps a write-ahead log (2) or not (1). */
const WAL_MODE_BYTE = 18;

/**
 * Checks a file without writing to it; throws CampaignFileError with a Judge-readable reason.
 * `level` 'list' is what the campaign list can afford; 'open' reads everything and belongs off the
 * host's event loop (app/open-check-worker.ts), with `onProgress` told after each step.
 */
export function inspectCampaignFile(
  file: string,
  nativeBinding?: string,
  needWrite = true,
  level: CheckLevel = 'list',
  onProgress?: (progress: CheckProgress) => void,
): InspectedFile {
  const shown = path.basename(file);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new CampaignFileError('missing', `No campaign file at ${file}.`);
  }
  if (!stat.isFile())
    throw new CampaignFileError(
      'not-sqlite',
      `${shown} is not a campaign file: it is ${kindInWords(stat)}. It was not opened or changed.`,
    );
  // Before anything is read: SQLite would follow a link at a side file's place, or wait on a pipe.
  const side = sideFileProblem(file);
  if (side)
    throw new CampaignFileError(
      'side-file',
      `${shown} was not opened: ${side}, and the app never reads or writes through one. Remove it, then open the campaign again. Nothing was changed.`,
    );
  if (needWrite) checkWritable(file, stat);
  if (stat.size === 0) return { version: 0, empty: true };
  if (stat.size > MAX_FILE_BYTES)
    throw new CampaignFileError(
      'oversized',
      `${shown} is ${bytesInWords(stat.size)}, far larger than any campaign the app makes. It was not opened, and nothing was changed.`,
    );

  const header = Buffer.alloc(100);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, 100, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (!header.subarray(0, 16).equals(SQLITE_HEADER)) {
    throw new CampaignFileError(
      'not-sqlite',
      `${shown} is not a campaign file: it is not an SQLite database. The file was not changed.`,
    );
  }
  // A write-ahead log beside a file that keeps none is someone else's: switching the file to WAL
  // mode on opening would apply its pages to this campaign.
  if (header[WAL_MODE_BYTE] === 1 && (fs.lstatSync(file + '-wal', { throwIfNoEntry: false })?.size ?? 0) > 0)
    throw new CampaignFileError(
      'side-file',
      `${shown} was not opened: ${shown}-wal beside it is not its own (${shown} keeps no write-ahead log), so it was not read or applied. Move it aside, then open the campaign again. Nothing was changed.`,
    );

  try {
    return withReadOnly(file, nativeBinding, (ro) => inspectOpened(ro, shown, nativeBinding, level, onProgress));
  } catch (error) {
    if (error instanceof CampaignFileError) throw error;
    throw new CampaignFileError(
      'damaged',
      isUnfinishedWrite(error)
        ? `${shown} holds an unfinished change (${shown}-journal beside it, left by a program that stopped while writing), which only a writer may finish. It was not opened, and nothing was changed. Import it instead: the import finishes the change in its own copy and checks the result.`
        : `${shown} could not be read as a campaign (${error instanceof Error ? error.message : String(error)}). The file was not changed.`,
    );
  }
}

/** SQLite's word that a hot journal waits to be rolled back, which a read-only connection cannot do. */
const isUnfinishedWrite = (error: unknown) =>
  error instanceof Error && 'code' in error && (error as { code: unknown }).code === 'SQLITE_READONLY_ROLLBACK';

/** inspectCampaignFile's checks of what the file holds, on a read-only connection to it. */
function inspectOpened(
  ro: Db,
  shown: string,
  nativeBinding: string | undefined,
  level: CheckLevel,
  onProgress?: (progress: CheckProgress) => void,
): InspectedFile {
  const appId = ro.pragma('application_id', { simple: true }) as number;
  const version = ro.pragma('user_version', { simple: true }) as number;
  const tables = (ro.prepare(`SELECT count(*) AS n FROM sqlite_master`).get() as { n: number }).n;
  if (appId !== APPLICATION_ID && (appId !== 0 || tables > 0)) {
    throw new CampaignFileError(
      'not-campaign',
      `${shown} is an SQLite database but not a Lichslayer Judge campaign. The file was not changed.`,
    );
  }
  if (version > LATEST_VERSION) {
    throw new CampaignFileError(
      'newer',
      `${shown} was saved by a newer version of Lichslayer Judge (campaign format ${version}; this app reads up to ${LATEST_VERSION}). Update the app to open it. The file was not changed.`,
    );
  }
  if (tables === 0) return { version, empty: true };
  // Before any query on its tables: a crafted schema could make one endless.
  const schema = expectedSchema(version, sqliteOptions(nativeBinding));
  const problems = schemaProblems(readSchema(ro), schema);
  if (problems.length) {
    const shownProblems =
      problems.slice(0, 4).join('; ') + (problems.length > 4 ? `; and ${problems.length - 4} more` : '');
    throw new CampaignFileError(
      'foreign-schema',
      `${shown} was not made by Lichslayer Judge as it is: it has ${shownProblems}. It was not opened, nothing stored in it ran, and the file was not changed.`,
    );
  }
  const found = checkContent(ro, schema, level, onProgress);
  if (found)
    throw new CampaignFileError(
      found.problem,
      found.problem === 'damaged'
        ? `${shown} ${found.detail}. It was not opened or changed; restore a backup.`
        : `${shown} ${found.detail}. It was not opened, and the file was not changed.`,
    );
  return { version, empty: false };
}

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** Opens (or creates) a campaign, backing it up with db.backup() before migrating it. */
export async function openCampaignFile(file: string, options: OpenOptions): Promise<OpenedCampaign> {
  const exists = fs.existsSync(file);
  if (!exists && !options.create) throw new CampaignFileError('missing', `No campaign file at ${file}.`);
  const before = !exists
    ? { version: 0, empty: true }
    : (options.checked ?? inspectCampaignFile(file, options.nativeBinding));
  if (!exists) createPrivateFile(file);

  const db = openSqlite(file, options.nativeBinding);
  try {
    let backupPath: string | null = null;
    if (exists && before.version < LATEST_VERSION) {
      makePrivateDir(options.backupDir);
      const base = path.basename(file, CAMPAIGN_EXTENSION);
      backupPath = path.join(
        options.backupDir,
        `${base}-${timestamp()}-before-v${LATEST_VERSION}${CAMPAIGN_EXTENSION}`,
      );
      await backupTo(db, backupPath);
    }
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db, before.version);
    return { db, migratedFrom: before.version, backupPath };
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: Db, from: number): void {
  for (const migration of MIGRATIONS) {
    if (migration.version <= from) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}

/** What the list calls an empty file: a campaign not yet set up. */
export const EMPTY_CAMPAIGN_NAME = 'New campaign (not yet set up)';

/** The campaign's name, read without writing to the file. */
export function readCampaignName(file: string, nativeBinding?: string, needWrite = true): string {
  const { empty } = inspectCampaignFile(file, nativeBinding, needWrite);
  if (empty) return EMPTY_CAMPAIGN_NAME;
  return withReadOnly(file, nativeBinding, (ro) => readNameOpened(ro, file));
}

/** The campaign's name, on a read-only connection to a file that passed its check. */
export function readNameOpened(ro: Db, file: string): string {
  // A list shows a name, not a novel: at most 200 characters of it are read.
  const row = ro.prepare(`SELECT substr(value, 1, 200) AS value FROM meta WHERE key = 'name'`).get() as
    { value: string } | undefined;
  return row?.value ?? path.basename(file, CAMPAIGN_EXTENSION);
}

/** Copies a campaign with SQLite's online backup (never a raw file copy of a live database). */
export async function backupCampaignFile(file: string, destination: string, nativeBinding?: string): Promise<void> {
  inspectCampaignFile(file, nativeBinding);
  const { db, release } = openReadOnly(file, nativeBinding);
  try {
    await backupTo(db, destination);
  } finally {
    release();
  }
}

/** How a Judge brings in a campaign file from elsewhere, said wherever a path is refused. */
export const IMPORT_HINT =
  'Import it instead: in the desktop app with File ▸ Import campaign…, or start the web host with --import and the file’s path. The import checks it and copies it into the campaigns folder.';

/**
 * The campaign file `file` names, if it lies in `folder` itself (symbolic links followed, so a
 * link cannot lead out). File commands only ever touch these: anything else comes in through
 * an import, which copies it in after its checks.
 */
export function campaignInFolder(folder: string, file: string): string {
  const realFolder = fs.realpathSync(folder);
  const resolved = path.resolve(realFolder, file);
  let real = resolved;
  try {
    real = fs.realpathSync(resolved);
  } catch {
    // Not there (yet): its folder decides.
    try {
      real = path.join(fs.realpathSync(path.dirname(resolved)), path.basename(resolved));
    } catch {
      /* neither is there: judged as written */
    }
  }
  if (path.dirname(real) !== realFolder || !real.endsWith(CAMPAIGN_EXTENSION)) {
    throw new CampaignFileError(
      'outside',
      `${file.slice(0, 300)} is not in the campaigns folder (${folder}), so the app does not open, copy, restore or delete it where it is. ${IMPORT_HINT}`,
    );
  }
  // Named through the folder as the app knows it, so one campaign always has one path.
  return path.join(path.resolve(folder), path.basename(real));
}
