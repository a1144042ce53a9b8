// Crafted campaign files: an endless recursive view behind a
// table's name, a trigger that runs on the Judge's writes, huge values, a wrong schema, a newer
// format and a file that is not SQLite. Each is listed with its problem and refused on open with a
// clear message, nothing stored in it runs, the file stays byte for byte as it was, and the app
// keeps working with its other campaigns.
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, sha256, tempDir } from '../test-support/temp-app.ts';
import { LATEST_VERSION } from './migrations.ts';
import { openCampaignFile, withReadOnly } from './campaign-file.ts';
import { liveHolder } from './campaign-lock.ts';
import { CampaignApp } from '../app/campaign-app.ts';

const WORKER = path.resolve(import.meta.dirname, '../test-support/crafted-worker.ts');
/** Generous: the worker answers in a second or two; only a query that never ends uses this up. */
const BUDGET_MS = 90_000;

/** One command in a process of its own; a reply, or null when it was still spinning at the budget. */
function inProcess(
  dataDir: string,
  command: string,
  args: unknown = {},
): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } } | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, dataDir, command, JSON.stringify(args)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const budget = setTimeout(() => child.kill('SIGKILL'), BUDGET_MS);
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(budget);
      if (signal === 'SIGKILL') return resolve(null);
      if (code !== 0) return reject(new Error(`worker failed (${code}): ${err}`));
      resolve(JSON.parse(out.trim()) as { ok: boolean });
    });
  });
}

/**
 * A data folder with a good campaign and a second one that `craft` then rewrites by hand;
 * `play` runs on the second one first, through the app, to give it state worth damaging.
 */
async function withCrafted(craft: (db: Database.Database) => void, play?: (app: CampaignApp) => Promise<unknown>) {
  const dataDir = tempDir();
  const app = makeApp(dataDir);
  await app.call('campaign.create', { name: 'Still Fine' });
  const view = await app.call('campaign.create', { name: 'Crafted' });
  await app.call('lichslayer.create', { name: 'Bystander' });
  await play?.(app);
  app.close();
  const db = new Database(view.path);
  craft(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { dataDir, file: view.path, hash: sha256(view.path) };
}

/**
 * Rewrites a file's schema with python3's sqlite3 module and writable_schema, as an attacker
 * would (better-sqlite3 refuses writable_schema): statements run in one transaction.
 */
function craftWithPython(file: string, statements: string[]): void {
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

type Summary = { name: string | null; fileName: string; problem: string | null };

describe('crafted campaign files', () => {
  it(
    'an endless recursive view named like a table neither freezes the campaign list nor opens',
    async () => {
      const { dataDir, file, hash } = await withCrafted((db) => {
        db.exec(`DROP TABLE meta;
        CREATE VIEW meta (key, value) AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT 'name', n FROM r WHERE n = 0;`);
      });
      const list = await inProcess(dataDir, 'campaign.list');
      expect(list, 'campaign.list was still spinning when its budget ran out').not.toBeNull();
      const summaries = list!.value as Summary[];
      expect(summaries.find((s) => s.fileName === 'Still-Fine.lichslayer')).toMatchObject({
        name: 'Still Fine',
        problem: null,
      });
      expect(summaries.find((s) => s.fileName === 'Crafted.lichslayer')!.problem).toBe(
        'Crafted.lichslayer was not made by Lichslayer Judge as it is: it has a view “meta”; no table “meta”. It was not opened, nothing stored in it ran, and the file was not changed.',
      );
      const open = await inProcess(dataDir, 'campaign.open', { path: file });
      expect(open).toMatchObject({
        ok: false,
        error: { code: 'campaign-file', message: expect.stringContaining('it has a view “meta”') },
      });
      expect(sha256(file)).toBe(hash);
    },
    BUDGET_MS * 2 + 30_000,
  );

  it("a campaign's own trigger never runs on the Judge's writes: the file is refused", async () => {
    const { dataDir, file, hash } = await withCrafted((db) => {
      db.exec(`CREATE TRIGGER wipe_roster AFTER INSERT ON roll_log BEGIN DELETE FROM lichslayer; END;`);
    });
    const app = makeApp(dataDir);
    const reply = await app.dispatch('campaign.open', { path: file });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: 'campaign-file',
        message: expect.stringContaining('it has a trigger “wipe_roster” on “roll_log”'),
      },
    });
    // No campaign is open, so no roll can be logged: nothing ran, the roster is there, the file as it was.
    expect(await app.call('campaign.current', {})).toBeNull();
    app.close();
    expect(sha256(file)).toBe(hash);
    expect(withReadOnly(file, undefined, (db) => db.prepare(`SELECT name FROM lichslayer`).all())).toEqual([
      { name: 'Bystander' },
    ]);
  });

  it('every connection runs with trusted_schema off', async () => {
    const { file } = await withCrafted(() => undefined);
    expect(withReadOnly(file, undefined, (db) => db.pragma('trusted_schema', { simple: true }))).toBe(0);
    const opened = await openCampaignFile(file, { backupDir: tempDir() });
    expect(opened.db.pragma('trusted_schema', { simple: true })).toBe(0);
    opened.db.close();
  });

  it('a huge value is refused on open and listed with its problem, without reading it whole', async () => {
    const { dataDir, file, hash } = await withCrafted((db) => {
      db.prepare(`UPDATE lichslayer SET notes = ?`).run('x'.repeat(40 * 1024 * 1024));
    });
    const app = makeApp(dataDir);
    const crafted = (await app.call('campaign.list', {})).find((s) => s.fileName === 'Crafted.lichslayer')!;
    expect(crafted.problem).toBe(
      'Crafted.lichslayer holds a value far larger than the app ever writes, in lichslayer.notes, row 1 (42 MB). It was not opened, and the file was not changed.',
    );
    expect(await app.dispatch('campaign.open', { path: file })).toMatchObject({
      ok: false,
      error: { code: 'campaign-file', message: crafted.problem },
    });
    expect(
      await app.call('campaign.open', { path: path.join(dataDir, 'campaigns', 'Still-Fine.lichslayer') }),
    ).toMatchObject({ name: 'Still Fine' });
    app.close();
    expect(sha256(file)).toBe(hash);
  });

  it('a wrong schema is refused, naming what differs', async () => {
    const cases: [string, string, string][] = [
      ['a missing column', `ALTER TABLE lichslayer DROP COLUMN notes`, "a table “lichslayer” unlike the app's own"],
      ['an extra table', `CREATE TABLE extra (x)`, 'an unknown table “extra”'],
      ['a missing index', `DROP INDEX roll_log_by_session`, 'no index “roll_log_by_session”'],
      [
        'a changed check',
        `DROP TABLE day_report; CREATE TABLE day_report (id INTEGER PRIMARY KEY, day INTEGER NOT NULL, report TEXT NOT NULL CHECK (randomblob(100)))`,
        "a table “day_report” unlike the app's own",
      ],
    ];
    for (const [what, sql, expected] of cases) {
      const { dataDir, file, hash } = await withCrafted((db) => db.exec(sql));
      const app = makeApp(dataDir);
      const reply = await app.dispatch('campaign.open', { path: file });
      expect(reply, what).toMatchObject({
        ok: false,
        error: { code: 'campaign-file', message: expect.stringContaining(`it has ${expected}`) },
      });
      app.close();
      expect(sha256(file), what).toBe(hash);
    }
  });

  it('a newer format and a file that is not SQLite are refused, the file unchanged', async () => {
    const { dataDir, file, hash } = await withCrafted((db) => db.pragma(`user_version = ${LATEST_VERSION + 1}`));
    const notSqlite = path.join(dataDir, 'campaigns', 'Notes.lichslayer');
    fs.writeFileSync(notSqlite, 'Remember to buy dice.\n');
    const app = makeApp(dataDir);
    expect(await app.dispatch('campaign.open', { path: file })).toMatchObject({
      ok: false,
      error: {
        message: `Crafted.lichslayer was saved by a newer version of Lichslayer Judge (campaign format ${LATEST_VERSION + 1}; this app reads up to ${LATEST_VERSION}). Update the app to open it. The file was not changed.`,
      },
    });
    expect(await app.dispatch('campaign.open', { path: notSqlite })).toMatchObject({
      ok: false,
      error: {
        message: 'Notes.lichslayer is not a campaign file: it is not an SQLite database. The file was not changed.',
      },
    });
    app.close();
    expect(sha256(file)).toBe(hash);
    expect(fs.readFileSync(notSqlite, 'utf8')).toBe('Remember to buy dice.\n');
  });

  it("an index renamed sqlite_* to hide from the schema check is refused; SQLite's own tables pass only as SQLite makes them", async () => {
    const cases: [string, string[], string][] = [
      [
        'a UNIQUE index on roll_log(session)',
        [
          `CREATE UNIQUE INDEX evil ON roll_log (session)`,
          `UPDATE sqlite_schema SET name = 'sqlite_evil', sql = replace(sql, 'evil', 'sqlite_evil') WHERE name = 'evil'`,
        ],
        "an index “sqlite_evil” named like SQLite's own",
      ],
      [
        'an expression index that builds a huge string per insert',
        [
          `CREATE INDEX heavy ON roll_log (printf('%.*c', 300000000, 'x'))`,
          `UPDATE sqlite_schema SET name = 'sqlite_autoindex_heavy', sql = replace(sql, 'heavy', 'sqlite_autoindex_heavy') WHERE name = 'heavy'`,
        ],
        "an index “sqlite_autoindex_heavy” named like SQLite's own",
      ],
      [
        'a statistics table of another layout',
        [
          `CREATE TABLE stat (tbl, idx, stat, extra)`,
          `UPDATE sqlite_schema SET name = 'sqlite_stat1', tbl_name = 'sqlite_stat1', sql = 'CREATE TABLE sqlite_stat1(tbl,idx,stat,extra)' WHERE name = 'stat'`,
        ],
        "a table “sqlite_stat1” named like SQLite's own",
      ],
    ];
    for (const [what, statements, expected] of cases) {
      const { dataDir, file } = await withCrafted(() => undefined);
      craftWithPython(file, statements);
      const hash = sha256(file);
      const app = makeApp(dataDir);
      expect(await app.dispatch('campaign.open', { path: file }), what).toMatchObject({
        ok: false,
        error: { code: 'campaign-file', message: expect.stringContaining(`it has ${expected}`) },
      });
      app.close();
      expect(sha256(file), what).toBe(hash);
    }
    // ANALYZE's own statistics table, as SQLite makes it, is no reason to refuse a campaign.
    const { dataDir, file } = await withCrafted((db) => db.exec('ANALYZE'));
    expect(
      withReadOnly(file, undefined, (db) =>
        db.prepare(`SELECT name FROM sqlite_schema WHERE name LIKE 'sqlite_stat%'`).pluck().all(),
      ),
    ).toContain('sqlite_stat1');
    const app = makeApp(dataDir);
    expect(await app.call('campaign.open', { path: file })).toMatchObject({
      name: 'Crafted',
      roster: [{ name: 'Bystander' }],
    });
    app.close();
  }, 120_000);

  it("a CHECK whose quoted words differ only in case is not the app's own", async () => {
    const { dataDir, file } = await withCrafted(() => undefined);
    craftWithPython(file, [
      `UPDATE sqlite_schema SET sql = replace(sql, '''whole''', '''WHOLE''') WHERE name = 'lichslayer'`,
    ]);
    expect(
      withReadOnly(file, undefined, (db) =>
        db.prepare(`SELECT sql FROM sqlite_schema WHERE name = 'lichslayer'`).pluck().get(),
      ),
    ).toContain(`'WHOLE'`);
    const hash = sha256(file);
    const app = makeApp(dataDir);
    expect(await app.dispatch('campaign.open', { path: file })).toMatchObject({
      ok: false,
      error: {
        code: 'campaign-file',
        message: expect.stringContaining("it has a table “lichslayer” unlike the app's own"),
      },
    });
    app.close();
    expect(sha256(file)).toBe(hash);
  });
});

describe('damaged settings', () => {
  /** A good backup taken by hand, then the campaign at war: every machine has a saved snapshot. */
  const atWar = async (app: CampaignApp) => {
    await app.call('backups.create', {});
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    await app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: 1 } });
  };

  it(
    'a dive snapshot xstate cannot restore is a damaged setting with the repair offer, and the host lives on',
    async () => {
      const { dataDir, file, hash } = await withCrafted(
        (db) => db.exec(`UPDATE setting SET value = json_remove(value, '$.children') WHERE key = 'machine:dive'`),
        atWar,
      );
      // In a process of its own: before the fix, xstate rethrew from a timer and the process died.
      const open = await inProcess(dataDir, 'campaign.open', { path: file });
      expect(open).toMatchObject({
        ok: false,
        error: {
          code: 'campaign-file',
          message: expect.stringContaining("This campaign's setting “machine:dive” is damaged (children: "),
        },
      });
      expect(open!.error!.message).toContain('choose “Restore newest good backup”');
      const list = await inProcess(dataDir, 'campaign.list');
      expect(
        (list!.value as (Summary & { damaged: boolean })[]).find((s) => s.fileName === 'Crafted.lichslayer'),
      ).toMatchObject({ damaged: true, problem: expect.stringContaining('“machine:dive” is damaged') });
      expect(sha256(file)).toBe(hash);
      // The repair offered: the newest good backup takes the damaged file's place, and it opens.
      const app = makeApp(dataDir);
      expect(await app.call('backups.restoreNewest', { path: file })).toMatchObject({
        name: 'Crafted',
        roster: [{ name: 'Bystander' }],
      });
      app.close();
    },
    BUDGET_MS * 2 + 30_000,
  );

  it('every machine snapshot and every other setting is validated on open; the campaign is then closed and its lock given back', async () => {
    const cases: [string, string][] = [
      [
        'machine:dive',
        JSON.stringify({ status: 'active', value: 'nowhere', historyValue: {}, children: {}, context: {} }),
      ],
      ['machine:combat', '{'],
      ['machine:attention', '[[['],
      [
        'machine:attention',
        JSON.stringify({
          status: 'active',
          value: 'stage9',
          historyValue: {},
          children: {},
          context: { stage: 9, deepestFloorReached: 0, daysWithoutDivePast3: 0, daysWithoutDivePast5: 0, last: null },
        }),
      ],
      ['starter_tables', '{'],
      ['random', '{"seed":1}'],
      ['session', '1e12'],
      ['town-state', '[]'],
      ['world', '{"festival":"yes"}'],
      ['house_rules', '7'],
      ['journal:1', '{"notes":1}'],
    ];
    for (const [key, value] of cases) {
      const { dataDir, file, hash } = await withCrafted(
        (db) =>
          db
            .prepare(
              `INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
            )
            .run(key, value),
        atWar,
      );
      const app = makeApp(dataDir);
      const reply = await app.dispatch('campaign.open', { path: file });
      expect(reply, `${key} = ${value}`).toMatchObject({
        ok: false,
        error: { code: 'campaign-file', message: expect.stringContaining(`setting “${key}” is damaged`) },
      });
      expect(await app.call('campaign.current', {}), key).toBeNull();
      expect(liveHolder(file), key).toBeNull();
      app.close();
      expect(sha256(file), key).toBe(hash);
    }
  }, 120_000);

  it('an import refuses a campaign with a damaged setting, and nothing is copied in', async () => {
    const { file } = await withCrafted(
      (db) => db.exec(`UPDATE setting SET value = json_remove(value, '$.children') WHERE key = 'machine:dive'`),
      atWar,
    );
    const outside = path.join(tempDir('lj-elsewhere-'), 'Brought.lichslayer');
    fs.copyFileSync(file, outside);
    const app = makeApp();
    await expect(app.importCampaign(outside)).rejects.toThrow(
      'Brought.lichslayer was not imported: its setting “machine:dive” is damaged (children: ',
    );
    expect(fs.readdirSync(app.campaignsDir)).toEqual([]);
    app.close();
  });
});
