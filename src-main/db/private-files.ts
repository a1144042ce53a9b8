// Private folders and files: a campaign holds a Judge's secrets.
import fs from 'node:fs';

/**
 * The app's folders and files are the Judge's alone: folders 0700, campaign and backup files 0600
 * (SQLite gives a campaign's -wal and -shm the file's own mode).
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
