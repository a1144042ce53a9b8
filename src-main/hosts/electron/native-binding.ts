// better-sqlite3 compiled for Electron's ABI lives apart from the Node build that tests use,
// so `npm test` and `npm start` never overwrite each other's binary. `npm start` puts it there
// (scripts/electron-sqlite.mjs: the prebuilt binary, or a compile as the fallback).
import fs from 'node:fs';
import { electronSqliteTarget } from '../../../scripts/electron-sqlite.mjs';

export function electronNativeBinding(projectRoot: string, electronVersion: string | undefined): string | undefined {
  if (!electronVersion) return undefined;
  const file = electronSqliteTarget(projectRoot, electronVersion);
  return fs.existsSync(file) ? file : undefined;
}
