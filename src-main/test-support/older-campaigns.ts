// A campaign of an older format, for the migration tests: the fixture make-fixture wrote as that
// format was released, copied into a fresh campaigns folder and opened, so a test can add the state
// the format kept before the app opens (and migrates) it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { tempDir } from './temp-app.ts';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'db', 'fixtures');

/** The format's fixture as `campaigns/v<format>.lichslayer` in a new temporary folder, and the file opened to write to. */
export function olderCampaign(format: number): { file: string; db: InstanceType<typeof Database> } {
  const file = path.join(tempDir(), 'campaigns', `v${format}.lichslayer`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(path.join(FIXTURES, `campaign-v${format}.lichslayer`), file);
  return { file, db: new Database(file) };
}
