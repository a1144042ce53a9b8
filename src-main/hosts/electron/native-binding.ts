// better-sqlite3 compiled for Electron's ABI lives apart from the Node build that tests use,
// so `npm test` and `npm start` never overwrite each other's binary.
import fs from 'node:fs';
import path from 'node:path';

export function electronNativeBinding(projectRoot: string, electronVersion: string | undefined): string | undefined {
  if (!electronVersion) return undefined;
  const file = path.join(projectRoot, '.electron-native', electronVersion, 'better_sqlite3.node');
  return fs.existsSync(file) ? file : undefined;
}
