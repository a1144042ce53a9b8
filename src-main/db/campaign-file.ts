// Opening a campaign file safely: every check that could refuse the file runs on a
// read-only handle first, so a file we refuse is left byte-for-byte as it was.
import Database, { type Database as Db } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { cheapCheck, GROWING_TABLES } from './integrity-check.ts';
import { LATEST_VERSION, MIGRATIONS } from './migrations.ts';
import { expectedSchema, oversizedValue, readSchema, schemaProblems } from './campaign-schema.ts';
import { CampaignFileError } from '../state/failures.ts';

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
}

export interface OpenedCampaign {
  db: Db;
  migratedFrom: number;
  backupPath: string | null;
}

/**
 * The app's folders and files are the Judge's alone: folders 0700, campaign and backup files 0600
 * (SQLite gives a campaign's -wal and -shm the file's own mode). Issue 16b, finding 12.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Creates an empty file only this user may read, failing if the name is taken (SQLite takes an empty file as a new database). */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE_MODE));
}

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
 * Every connection the app makes to a campaign or backup file: with trusted_schema off, SQL
 * stored in the file (views, triggers, defaults, checks) may not call functions with side effects.
 */
export function openSqlite(file: string, nativeBinding: string | undefined, extra: Database.Options = {}): Db {
  const db = new Database(file, sqliteOptions(nativeBinding, extra));
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
 * file; `release` closes the handle and removes those, so a file we only looked at is left as found.
 */
function openReadOnly(file: string, nativeBinding: string | undefined): { db: Db; release: () => void } {
  const sideFiles = ['-wal', '-shm'].map((suffix) => file + suffix).filter((f) => !fs.existsSync(f));
  const db = openSqlite(file, nativeBinding, { readonly: true, fileMustExist: true });
  const release = () => {
    db.close();
    for (const side of sideFiles) {
      try {
        if (!side.endsWith('-wal') || fs.statSync(side).size === 0) fs.rmSync(side, { force: true });
      } catch {
        /* already gone */
      }
    }
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

/** Checks a file without writing to it; throws CampaignFileError with a Judge-readable reason. */
export function inspectCampaignFile(
  file: string,
  nativeBinding?: string,
  needWrite = true,
): { version: number; empty: boolean } {
  const shown = path.basename(file);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new CampaignFileError('missing', `No campaign file at ${file}.`);
  }
  if (!stat.isFile()) {
    const kind = stat.isDirectory()
      ? 'a folder'
      : stat.isFIFO()
        ? 'a named pipe'
        : stat.isSocket()
          ? 'a socket'
          : stat.isCharacterDevice() || stat.isBlockDevice()
            ? 'a device'
            : 'not a regular file';
    throw new CampaignFileError(
      'not-sqlite',
      `${shown} is not a campaign file: it is ${kind}. It was not opened or changed.`,
    );
  }
  if (needWrite) checkWritable(file, stat);
  if (stat.size === 0) return { version: 0, empty: true };

  const header = Buffer.alloc(16);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (!header.equals(SQLITE_HEADER)) {
    throw new CampaignFileError(
      'not-sqlite',
      `${shown} is not a campaign file: it is not an SQLite database. The file was not changed.`,
    );
  }

  try {
    return withReadOnly(file, nativeBinding, (ro) => {
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
      // Before any query on its tables: a crafted schema could make one endless (finding 6).
      if (tables > 0) {
        const problems = schemaProblems(readSchema(ro), expectedSchema(version, sqliteOptions(nativeBinding)));
        if (problems.length) {
          const shownProblems =
            problems.slice(0, 4).join('; ') + (problems.length > 4 ? `; and ${problems.length - 4} more` : '');
          throw new CampaignFileError(
            'foreign-schema',
            `${shown} was not made by Lichslayer Judge as it is: it has ${shownProblems}. It was not opened, nothing stored in it ran, and the file was not changed.`,
          );
        }
      }
      // The tables the app reads at once; the whole file is checked in the background once open.
      const check = cheapCheck(ro);
      if (check !== 'ok') {
        throw new CampaignFileError(
          'damaged',
          `${shown} is damaged (SQLite integrity check: ${String(check)}). It was not opened or changed; restore a backup.`,
        );
      }
      // The tables that grow with play are sized on their newest rows here, whole in the background.
      const oversized =
        tables > 0 ? oversizedValue(ro, expectedSchema(version, sqliteOptions(nativeBinding)), GROWING_TABLES) : null;
      if (oversized) {
        throw new CampaignFileError(
          'oversized',
          `${shown} holds a value far larger than the app ever writes, in ${oversized}. It was not opened, and the file was not changed.`,
        );
      }
      return { version, empty: tables === 0 };
    });
  } catch (error) {
    if (error instanceof CampaignFileError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new CampaignFileError(
      'damaged',
      `${shown} could not be read as a campaign (${reason}). The file was not changed.`,
    );
  }
}

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** Opens (or creates) a campaign, backing it up with db.backup() before migrating it. */
export async function openCampaignFile(file: string, options: OpenOptions): Promise<OpenedCampaign> {
  const exists = fs.existsSync(file);
  if (!exists && !options.create) throw new CampaignFileError('missing', `No campaign file at ${file}.`);
  const before = exists ? inspectCampaignFile(file, options.nativeBinding) : { version: 0, empty: true };
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

/** The campaign's name, read without writing to the file. */
export function readCampaignName(file: string, nativeBinding?: string, needWrite = true): string {
  const { empty } = inspectCampaignFile(file, nativeBinding, needWrite);
  if (empty) return 'New campaign (not yet set up)';
  return withReadOnly(file, nativeBinding, (ro) => {
    // A list shows a name, not a novel: at most 200 characters of it are read.
    const row = ro.prepare(`SELECT substr(value, 1, 200) AS value FROM meta WHERE key = 'name'`).get() as
      { value: string } | undefined;
    return row?.value ?? path.basename(file, CAMPAIGN_EXTENSION);
  });
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
 * an import, which copies it in after its checks (issue 16, finding 5).
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

/**
 * Copies a campaign from anywhere into `target` (a fresh name in the campaigns folder) after the
 * same checks as opening: SQLite, a campaign, a known format, the app's own schema, intact.
 * The source may be read-only (a stick, a download); it is only read.
 */
export async function importCampaignFile(source: string, target: string, nativeBinding?: string): Promise<void> {
  const { empty } = inspectCampaignFile(source, nativeBinding, false);
  if (empty)
    throw new CampaignFileError(
      'not-campaign',
      `${path.basename(source)} is empty: there is no campaign in it to import. Nothing was imported.`,
    );
  if (fs.existsSync(target))
    throw new CampaignFileError('locked', `${path.basename(target)} already exists; nothing was imported.`);
  const { db, release } = openReadOnly(source, nativeBinding);
  try {
    await backupTo(db, target);
  } finally {
    release();
  }
}

/**
 * The explicit way in for a campaign kept elsewhere (the desktop app's open dialog, the web
 * host's --import): checked, then copied into the campaigns folder under a fresh name made from
 * the campaign's own. Returns the new file's path; the source is left as it was.
 */
export async function importCampaign(
  source: string,
  freshPath: (name: string) => string,
  nativeBinding?: string,
  verify?: (copy: string) => Promise<void>,
): Promise<string> {
  const resolved = path.resolve(source);
  if (!resolved.endsWith(CAMPAIGN_EXTENSION)) {
    throw new CampaignFileError(
      'not-campaign',
      `${path.basename(resolved)} is not a campaign file (a campaign ends in ${CAMPAIGN_EXTENSION}). Nothing was imported.`,
    );
  }
  const target = freshPath(readCampaignName(resolved, nativeBinding, false));
  await importCampaignFile(resolved, target, nativeBinding);
  try {
    await verify?.(target);
  } catch (error) {
    // The copy goes again: a campaign that fails its checks is not imported at all.
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
    if (error instanceof CampaignFileError)
      throw new CampaignFileError(error.problem, `${path.basename(resolved)} was not imported: ${error.message}`);
    throw error;
  }
  return target;
}
