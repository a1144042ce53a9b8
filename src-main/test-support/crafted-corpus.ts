// The crafted campaign files of the open-check tests, built by code (no binary is committed): each
// starts from one campaign the app made and is rewritten as a hostile player or a careless friend
// would, with SQL (large ones in one INSERT … SELECT over a recursive CTE), python3's sqlite3 for
// what better-sqlite3 refuses (writable_schema), or the file system (links, pipes, folders).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from './temp-app.ts';
import { SIDE_SUFFIXES } from '../db/side-files.ts';

/** Where a case is built: the data folder's campaigns, the crafted file, and a folder outside them both. */
export interface CraftPlace {
  campaignsDir: string;
  /** Crafted.lichslayer in the campaigns folder (a copy of the template, closed and checkpointed). */
  file: string;
  /** A folder outside the data folder, with a file of the Judge's in it (mode 0644). */
  outside: string;
  /** That file. */
  outsideFile: string;
}

/** A campaign the app made and closed: a Lichslayer or two, starter tables, an undo step. */
export async function templateCampaign(): Promise<string> {
  const app = makeApp(tempDir('lj-template-'));
  const view = await app.call('campaign.create', { name: 'Crafted' });
  await app.call('lichslayer.create', { name: 'Bystander' });
  await app.call('lichslayer.create', { name: 'Witness' });
  await app.idle();
  app.close();
  return view.path;
}

/** A fresh place with a copy of the template as Crafted.lichslayer. */
export function freshPlace(template: string, campaignsDir: string): CraftPlace {
  const file = path.join(campaignsDir, 'Crafted.lichslayer');
  for (const suffix of ['', ...SIDE_SUFFIXES]) fs.rmSync(file + suffix, { force: true, recursive: true });
  fs.copyFileSync(template, file);
  const outside = tempDir('lj-outside-');
  const outsideFile = path.join(outside, 'diary.txt');
  fs.writeFileSync(outsideFile, 'Dear diary: today the party met a Lich.\n', { mode: 0o644 });
  fs.chmodSync(outsideFile, 0o644);
  return { campaignsDir, file, outside, outsideFile };
}

/** Rewrites a campaign with SQL, leaving it closed with its write-ahead log folded in (and in `journal` mode). */
export function withSql(file: string, craft: (db: Database.Database) => void, journal: 'wal' | 'delete' = 'wal'): void {
  const db = new Database(file);
  try {
    db.pragma('foreign_keys = OFF');
    craft(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
    if (journal === 'delete') db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/** Rewrites rows past the schema's CHECK rules, as any SQLite tool can. */
export function breakingChecks(file: string, sql: string): void {
  withSql(
    file,
    (db) => {
      db.pragma('ignore_check_constraints = ON');
      db.exec(sql);
    },
    'delete',
  );
}

/**
 * Statements run with python3's sqlite3 module and writable_schema, as an attacker would
 * (better-sqlite3 refuses writable_schema); one transaction.
 */
export function withPython(file: string, statements: string[]): void {
  const script = [
    'import sqlite3, sys, json',
    'db = sqlite3.connect(sys.argv[1], isolation_level=None)',
    'db.execute("PRAGMA writable_schema = ON")',
    'for s in json.loads(sys.argv[2]): db.execute(s)',
    'db.execute("PRAGMA writable_schema = OFF")',
    'db.close()',
  ].join('\n');
  const run = spawnSync('python3', ['-c', script, file, JSON.stringify(statements)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`python3 could not craft ${file}: ${run.stderr}`);
}

/**
 * Leaves a rollback journal beside the file as a writer that stopped mid-change does: the pair is
 * copied while a transaction holds changed pages, so the copy's journal is hot.
 */
export function withHotJournal(file: string): void {
  withSql(file, () => undefined, 'delete');
  const work = `${file}.work`;
  fs.renameSync(file, work);
  const db = new Database(work);
  try {
    db.pragma('cache_size = 1');
    db.exec('BEGIN');
    db.exec(`UPDATE rtable_row SET position = position + 1`);
    fs.copyFileSync(work, file);
    fs.copyFileSync(`${work}-journal`, `${file}-journal`);
    db.exec('ROLLBACK');
  } finally {
    db.close();
  }
  fs.rmSync(work, { force: true });
}

/**
 * Leaves the crafted change in a write-ahead log beside the file, with its shared memory, as a copy
 * taken while another program had it open does: the pages are in -wal, not yet in the file.
 */
export function withLiveLog(file: string, craft: (db: Database.Database) => void): void {
  const work = `${file}.work`;
  fs.renameSync(file, work);
  const db = new Database(work);
  try {
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('foreign_keys = OFF');
    craft(db);
    for (const suffix of ['', '-wal', '-shm']) fs.copyFileSync(work + suffix, file + suffix);
  } finally {
    db.close();
  }
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(work + suffix, { force: true });
}

/** The ledger archive the app would make beside `file`, holding `rows` (roll_log columns) of its own. */
export function archiveBeside(file: string, fill: (archive: Database.Database) => void): string {
  const archive = `${file}-ledger`;
  const campaign = new Database(file, { readonly: true });
  const schema = campaign
    .prepare(`SELECT type, sql FROM sqlite_master WHERE tbl_name = 'roll_log' AND sql IS NOT NULL ORDER BY type DESC`)
    .all() as { type: string; sql: string }[];
  campaign.close();
  const db = new Database(archive);
  try {
    db.pragma('journal_mode = DELETE');
    for (const s of schema) db.exec(s.sql);
    db.pragma('application_id = 1279937601');
    db.pragma('user_version = 1');
    fill(db);
  } finally {
    db.close();
  }
  return archive;
}

/** One entry of a folder, as it would matter if the app had touched it. */
interface Entry {
  kind: 'file' | 'link' | 'folder' | 'pipe' | 'other';
  mode: number;
  detail: string;
}

/**
 * Everything in `dir` whose name `keep` accepts, recursively, without following links: each
 * entry's kind, permissions and content (a file's hash, a link's target).
 */
export function snapshot(dir: string, keep: (name: string) => boolean = () => true): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  const walk = (at: string, rel: string) => {
    for (const name of fs.readdirSync(at).sort()) {
      if (rel === '' && !keep(name)) continue;
      const full = path.join(at, name);
      const key = rel ? `${rel}/${name}` : name;
      const stat = fs.lstatSync(full);
      const mode = stat.mode & 0o777;
      if (stat.isSymbolicLink()) out[key] = { kind: 'link', mode, detail: fs.readlinkSync(full) };
      else if (stat.isDirectory()) {
        out[key] = { kind: 'folder', mode, detail: '' };
        walk(full, key);
      } else if (stat.isFIFO()) out[key] = { kind: 'pipe', mode, detail: '' };
      else if (stat.isFile())
        out[key] = {
          kind: 'file',
          mode,
          detail: crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex'),
        };
      else out[key] = { kind: 'other', mode, detail: '' };
    }
  };
  walk(dir, '');
  return out;
}
