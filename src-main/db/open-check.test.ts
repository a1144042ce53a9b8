// The open check against a corpus of crafted campaign files (built by test-support/crafted-corpus.ts,
// none committed): for each, the app answers another command while the file is checked (shown by
// order: that command's reply comes first, with no clock involved), the refusal names the problem,
// the file and every file beside it are byte for byte as they were, and nothing outside the
// campaigns folder is touched.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Push } from '@shared/contract.ts';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import {
  archiveBeside,
  breakingChecks,
  freshPlace,
  snapshot,
  templateCampaign,
  withHotJournal,
  withLiveLog,
  withPython,
  withSql,
  type CraftPlace,
} from '../test-support/crafted-corpus.ts';
import type { CampaignApp } from '../app/campaign-app.ts';
import { LATEST_VERSION } from './migrations.ts';

interface Case {
  name: string;
  craft: (place: CraftPlace) => void;
  /** What the refusal says. */
  says: string | RegExp;
  /** The file is refused before any check starts (a path refused as written): no check to answer beside. */
  unchecked?: boolean;
  /** Opened by a path other than the crafted file's. */
  path?: (place: CraftPlace) => string;
}

let template = '';
beforeAll(async () => {
  template = await templateCampaign();
}, 60_000);

/** The data folder of a case: a campaign open in it (Still Fine), and the crafted one closed beside it. */
async function setUp(): Promise<{ app: CampaignApp; campaignsDir: string; bystander: number }> {
  const app = makeApp(tempDir());
  await app.call('campaign.create', { name: 'Still Fine' });
  const view = await app.call('lichslayer.create', { name: 'Steady' });
  return { app, campaignsDir: app.campaignsDir, bystander: view.roster[0]!.id };
}

/** Every file of the crafted campaign's in the campaigns folder (not Still Fine's, which is open and changing). */
const craftedFiles = (name: string) => !name.startsWith('Still-Fine');

const text = (n: number, c: string) => `printf('%.*c', ${n}, '${c}')`;

const CASES: Case[] = [
  {
    name: 'two million rows in token',
    craft: ({ file }) =>
      withSql(file, (db) =>
        db.exec(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000000) INSERT INTO token (kind, name, colour) SELECT 'entity', 'Rat', 'Red' FROM n`,
        ),
      ),
    says: 'Crafted.lichslayer holds more rows in its token table than the app ever keeps there (over 100,000). It was not opened, and the file was not changed.',
  },
  {
    name: 'Lichslayers whose notes, each under the value cap, add up past the table’s',
    craft: ({ file }) => withSql(file, (db) => db.exec(`UPDATE lichslayer SET notes = ${text(10_000_000, 'n')}`)),
    says: 'Crafted.lichslayer holds more in its lichslayer table than the app ever keeps there (20 MB; at most 16 MB). It was not opened, and the file was not changed.',
  },
  {
    name: 'a 40 MB value in an old ledger row',
    craft: ({ file }) =>
      withSql(file, (db) =>
        db.exec(
          `DELETE FROM roll_log;
           INSERT INTO roll_log (id, at, session, command, cause, explain, result, faces, rng_before, rng_after) VALUES (1, '2026-01-01', 1, 'tables.roll', 'Old', ${text(40_000_000, 'x')}, '{}', '[]', '{}', '{}');
           WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 1300) INSERT INTO roll_log (id, at, session, command, cause, explain, result, faces, rng_before, rng_after) SELECT i, '2026-01-02', 1, 'tables.roll', 'New', 'Roll', '{}', '[]', '{}', '{}' FROM n`,
        ),
      ),
    says: 'Crafted.lichslayer holds a value far larger than the app ever writes, in roll_log.explain, row 1 (40 MB). It was not opened, and the file was not changed.',
  },
  {
    name: 'a 40 MB value in the ledger archive beside it',
    craft: ({ file }) =>
      void archiveBeside(file, (db) =>
        db.exec(
          `INSERT INTO roll_log (id, at, session, command, cause, explain, result, faces, rng_before, rng_after) VALUES (1, '2026-01-01', 1, 'tables.roll', 'Old', ${text(40_000_000, 'x')}, '{}', '[]', '{}', '{}')`,
        ),
      ),
    says: 'Crafted.lichslayer-ledger beside the campaign holds a value far larger than the app ever writes, in roll_log.explain, row 1 (40 MB); move it aside and open the campaign again. Nothing was changed.',
  },
  {
    // SQLite reads the archive's live log with it on attaching: so does the check, from a private copy.
    name: 'a 40 MB value in the live -wal of the ledger archive, its -shm beside it (each left byte for byte)',
    craft: ({ file }) =>
      withLiveLog(
        archiveBeside(file, () => undefined),
        (db) => {
          db.pragma('journal_mode = WAL');
          db.exec(
            `INSERT INTO roll_log (id, at, session, command, cause, explain, result, faces, rng_before, rng_after) VALUES (1, '2026-01-01', 1, 'tables.roll', 'Old', ${text(40_000_000, 'x')}, '{}', '[]', '{}', '{}')`,
          );
        },
      ),
    says: 'Crafted.lichslayer-ledger beside the campaign holds a value far larger than the app ever writes, in roll_log.explain, row 1 (40 MB); move it aside and open the campaign again. Nothing was changed.',
  },
  {
    name: 'malformed JSON in token.stats (a file in rollback-journal mode)',
    craft: ({ file }) =>
      withSql(
        file,
        (db) =>
          db.exec(
            `INSERT INTO token (id, kind, name, colour, stats) VALUES (7, 'entity', 'Rat', 'Red', '{"level" 3}')`,
          ),
        'delete',
      ),
    says: /^Crafted\.lichslayer is damaged: its token row 7, column stats, is not valid JSON \(.+\)\. It was not opened or changed; restore a backup\./,
  },
  {
    // Read through a private copy: a reader would write its marks into the -shm beside it.
    name: 'malformed JSON in token.stats, in a -wal with its -shm beside it (each left byte for byte)',
    craft: ({ file }) =>
      withLiveLog(file, (db) =>
        db.exec(`INSERT INTO token (id, kind, name, colour, stats) VALUES (7, 'entity', 'Rat', 'Red', '{"level" 3}')`),
      ),
    says: /^Crafted\.lichslayer is damaged: its token row 7, column stats, is not valid JSON \(.+\)\. It was not opened or changed; restore a backup\./,
  },
  {
    name: 'malformed JSON in token.stats, with a stray -shm beside it',
    craft: ({ file }) => {
      withSql(file, (db) =>
        db.exec(`INSERT INTO token (id, kind, name, colour, stats) VALUES (7, 'entity', 'Rat', 'Red', '{"level" 3}')`),
      );
      fs.writeFileSync(`${file}-shm`, Buffer.alloc(32_768, 0x11));
    },
    says: /^Crafted\.lichslayer is damaged: its token row 7, column stats, is not valid JSON/,
  },
  {
    name: 'malformed JSON in room.trap',
    craft: ({ file }) =>
      withSql(
        file,
        (db) => db.exec(`INSERT INTO room (id, floor, x, y, trap) VALUES (3, 1, 0, 0, '{"label":')`),
        'delete',
      ),
    says: /Crafted\.lichslayer is damaged: its room row 3, column trap, is not valid JSON/,
  },
  {
    name: 'malformed JSON in the newest history step',
    craft: ({ file }) =>
      withSql(
        file,
        (db) => db.exec(`UPDATE history SET changes = '[{"table":' WHERE id = (SELECT max(id) FROM history)`),
        'delete',
      ),
    says: /Crafted\.lichslayer is damaged: its history row \d+, column changes, is not valid JSON/,
  },
  {
    name: 'an undo step whose row image names a column as SQL',
    craft: ({ file }) =>
      withSql(file, (db) =>
        db
          .prepare(`UPDATE history SET changes = ? WHERE id = (SELECT max(id) FROM history)`)
          .run(JSON.stringify([{ table: 'lichslayer', id: 1, before: { 'gold = 0 --': 1 }, after: null }])),
      ),
    says: /Crafted\.lichslayer is damaged: its history row \d+, column changes, is not what the app writes \(0\.before: a column name the app never writes\)/,
  },
  {
    name: 'a trap that is JSON but not a trap',
    craft: ({ file }) =>
      withSql(file, (db) => db.exec(`INSERT INTO room (id, floor, x, y, trap) VALUES (4, 2, 1, 1, '[1, 2]')`)),
    says: /Crafted\.lichslayer is damaged: its room row 4, column trap, is not what the app writes/,
  },
  {
    name: 'a JSON array nested a million deep in token.stats',
    craft: ({ file }) =>
      withSql(file, (db) =>
        db.exec(
          `INSERT INTO token (id, kind, name, colour, stats) VALUES (9, 'entity', 'Rat', 'Red', ${text(1_000_000, '[')} || ${text(1_000_000, ']')})`,
        ),
      ),
    says: 'Crafted.lichslayer is damaged: its token row 9, column stats, nests deeper than the 64 levels the app ever writes. It was not opened or changed; restore a backup. No good backup of it was found.',
  },
  {
    name: "a Sanity level the rules do not have (a row past its table's CHECK)",
    craft: ({ file }) => breakingChecks(file, `UPDATE lichslayer SET sanity = 'zzz' WHERE name = 'Witness'`),
    says: /^Crafted\.lichslayer is damaged: its lichslayer row 2 breaks the rule CHECK \(sanity in\('whole','strange','edge','paranoid','lost'\)\) of the app's own table\./,
  },
  {
    name: 'level 0',
    craft: ({ file }) => breakingChecks(file, `UPDATE lichslayer SET level = 0`),
    says: /its lichslayer row 1 breaks the rule CHECK \(level>=1\)/,
  },
  {
    name: 'an item that belongs to no Lichslayer',
    craft: ({ file }) =>
      withSql(file, (db) =>
        db.exec(`INSERT INTO item (lichslayer_id, slot, name, colour) VALUES (99, 'gear', 'Knife', 'Red')`),
      ),
    says: /Crafted\.lichslayer is damaged: its item row 1 belongs to a lichslayer row that is not there/,
  },
  {
    name: 'a Channel buff that belongs to no Lichslayer',
    craft: ({ file }) =>
      withSql(file, (db) => db.exec(`INSERT INTO channel_buff (lichslayer_id, name) VALUES (99, 'Sleet Geode')`)),
    says: /Crafted\.lichslayer is damaged: its channel_buff row 1 belongs to a lichslayer row that is not there/,
  },
  {
    name: "an inscription on a spell row before the first (a row past its table's CHECK)",
    craft: ({ file }) =>
      breakingChecks(
        file,
        `INSERT INTO spell_inscription (lichslayer_id, spell_table, spell_row, spell_label, line)
         VALUES (1, 'spells-demon', -1, 'Cinder Lash', 'Inscribed: Soot Scroll')`,
      ),
    says: /its spell_inscription row 1 breaks the rule CHECK \(spell_row>=0\)/,
  },
  {
    name: 'a doorway held by a Breaker who is not there',
    craft: ({ file }) =>
      withSql(file, (db) =>
        db.exec(`INSERT INTO doorway_hold (breaker_id, floor, x, y, serial, round) VALUES (99, 1, 2, 1, 1, 1)`),
      ),
    says: /Crafted\.lichslayer is damaged: its doorway_hold row 1 belongs to a lichslayer row that is not there/,
  },
  {
    name: 'a Crush tier of no floor tier (a value past its CHECK)',
    craft: ({ file }) => breakingChecks(file, `INSERT INTO crush_tier (lichslayer_id, tier) VALUES (1, 'deep')`),
    says: /its crush_tier row 1 breaks the rule CHECK \(tier in\('upper','middle','lower'\)\)/,
  },
  {
    name: 'a damaged setting (a file in rollback-journal mode)',
    craft: ({ file }) =>
      withSql(file, (db) => db.exec(`INSERT INTO setting (key, value) VALUES ('world', '{')`), 'delete'),
    says: /This campaign's setting “world” is damaged \(it is not valid JSON\)/,
  },
  {
    name: 'a trigger on the ledger',
    craft: ({ file }) =>
      withSql(file, (db) => db.exec(`CREATE TRIGGER wipe AFTER INSERT ON roll_log BEGIN DELETE FROM lichslayer; END`)),
    says: /it has a trigger “wipe” on “roll_log”/,
  },
  {
    name: 'an endless recursive view named like a table',
    craft: ({ file }) =>
      withSql(file, (db) =>
        db.exec(
          `DROP TABLE meta; CREATE VIEW meta (key, value) AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT 'name', n FROM r WHERE n = 0`,
        ),
      ),
    says: /it has a view “meta”; no table “meta”/,
  },
  {
    name: 'a CHECK rule loosened by rewriting the schema (writable_schema)',
    craft: ({ file }) =>
      withPython(file, [
        `UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (level >= 1)', 'CHECK (level >= 0)') WHERE name = 'lichslayer'`,
      ]),
    says: /it has a table “lichslayer” unlike the app's own/,
  },
  {
    name: 'a newer format',
    craft: ({ file }) => withSql(file, (db) => db.pragma(`user_version = ${LATEST_VERSION + 1}`)),
    says: /was saved by a newer version of Lichslayer Judge/,
  },
  {
    name: 'an unfinished change (a hot rollback journal)',
    craft: ({ file }) => withHotJournal(file),
    says: /^Crafted\.lichslayer holds an unfinished change \(Crafted\.lichslayer-journal beside it/,
  },
  {
    name: "another database's write-ahead log beside a file that keeps none",
    craft: ({ file, outside }) => {
      withSql(file, () => undefined, 'delete');
      const other = path.join(outside, 'other.db');
      const db = new Database(other);
      db.pragma('journal_mode = WAL');
      db.pragma('wal_autocheckpoint = 0');
      db.exec(`CREATE TABLE t (x); INSERT INTO t VALUES (1)`);
      fs.copyFileSync(`${other}-wal`, `${file}-wal`);
      db.close();
    },
    says: /Crafted\.lichslayer-wal beside it is not its own/,
  },
  {
    name: 'random bytes after an SQLite header',
    craft: ({ file }) =>
      fs.writeFileSync(file, Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(8192, 0x5a)])),
    says: /^Crafted\.lichslayer could not be read as a campaign \(/,
  },
  {
    name: 'a -lock beside it that is a link out of the folder',
    craft: ({ file, outsideFile }) => fs.symlinkSync(outsideFile, `${file}-lock`),
    says: 'Crafted.lichslayer was not opened: Crafted.lichslayer-lock beside it is a link to somewhere else, and the app never reads or writes through one. Remove it, then open the campaign again. Nothing was changed.',
  },
  {
    name: 'a dangling -lock link',
    craft: ({ file, outside }) => fs.symlinkSync(path.join(outside, 'made-by-the-app'), `${file}-lock`),
    says: /Crafted\.lichslayer-lock beside it is a link to somewhere else/,
  },
  {
    name: 'a -ledger beside it that is a link out of the folder',
    craft: ({ file, outsideFile }) => fs.symlinkSync(outsideFile, `${file}-ledger`),
    says: /Crafted\.lichslayer-ledger beside it is a link to somewhere else/,
  },
  ...(['-lock-wal', '-lock-shm'] as const).map((suffix) => ({
    name: `a lock in WAL mode whose ${suffix} is a link out of the folder`,
    craft: ({ file, outsideFile }: CraftPlace) => {
      // The lock as another program would leave it: a holder table, in WAL mode, its log folded in.
      withSql(`${file}-lock`, (db) => {
        db.pragma('journal_mode = WAL');
        db.exec(`CREATE TABLE holder (id INTEGER PRIMARY KEY CHECK (id = 1), record TEXT NOT NULL)`);
      });
      fs.symlinkSync(outsideFile, `${file}${suffix}`);
    },
    says: `Crafted.lichslayer was not opened: Crafted.lichslayer${suffix} beside it is a link to somewhere else, and the app never reads or writes through one. Remove it, then open the campaign again. Nothing was changed.`,
  })),
  ...(['-ledger-wal', '-ledger-shm'] as const).map((suffix) => ({
    name: `a ledger archive whose ${suffix} is a link out of the folder`,
    craft: ({ file, outsideFile }: CraftPlace) => {
      void archiveBeside(file, (db) => db.pragma('journal_mode = WAL'));
      for (const s of ['-wal', '-shm']) fs.rmSync(`${file}-ledger${s}`, { force: true });
      fs.symlinkSync(outsideFile, `${file}${suffix}`);
    },
    says: `Crafted.lichslayer was not opened: Crafted.lichslayer${suffix} beside it is a link to somewhere else, and the app never reads or writes through one. Remove it, then open the campaign again. Nothing was changed.`,
  })),
  {
    name: 'a -wal that is a folder',
    craft: ({ file }) => fs.mkdirSync(`${file}-wal`),
    says: /Crafted\.lichslayer-wal beside it is a folder/,
  },
  {
    name: 'a named pipe in the campaign’s place',
    craft: ({ file }) => {
      fs.rmSync(file);
      expect(spawnSync('mkfifo', [file]).status).toBe(0);
    },
    says: 'Crafted.lichslayer is not a campaign file: it is a named pipe. It was not opened or changed.',
  },
  {
    name: 'a folder in the campaign’s place',
    craft: ({ file }) => {
      fs.rmSync(file);
      fs.mkdirSync(file);
    },
    says: 'Crafted.lichslayer is not a campaign file: it is a folder. It was not opened or changed.',
  },
  {
    name: 'the campaign a link out of the folder',
    craft: ({ file, outside }) => {
      const target = path.join(outside, 'Elsewhere.lichslayer');
      fs.renameSync(file, target);
      fs.symlinkSync(target, file);
    },
    says: /Crafted\.lichslayer is not in the campaigns folder/,
    unchecked: true,
  },
  {
    name: 'a file name longer than any file system takes',
    craft: () => undefined,
    path: ({ campaignsDir }) => path.join(campaignsDir, `${'x'.repeat(300)}.lichslayer`),
    says: 'campaign.open: path: A file or folder name in the path is longer than the 255 bytes any file system takes',
    unchecked: true,
  },
];

describe('a crafted campaign file is refused by name, read only, while the app answers everything else', () => {
  for (const c of CASES) {
    it(
      c.name,
      async () => {
        const { app, campaignsDir, bystander } = await setUp();
        const place = freshPlace(template, campaignsDir);
        c.craft(place);
        const before = { beside: snapshot(campaignsDir, craftedFiles), outside: snapshot(place.outside) };
        const pushes: Push[] = [];
        app.subscribe((p) => pushes.push(p));
        const target = c.path?.(place) ?? place.file;
        let openAnswered = false;
        const open = app.dispatch('campaign.open', { path: target }).then((reply) => {
          openAnswered = true;
          return reply;
        });
        // While the file is read, the campaign open now takes an edit and answers it.
        const edit = await app.dispatch('lichslayer.update', { id: bystander, patch: { gold: 7 } });
        expect(edit).toMatchObject({ ok: true });
        if (!c.unchecked) expect(openAnswered, 'the open answered before the edit beside it').toBe(false);
        const reply = await open;
        expect(reply.ok).toBe(false);
        const message = reply.ok ? '' : reply.error.message;
        if (typeof c.says === 'string') expect(message.startsWith(c.says), message).toBe(true);
        else expect(message).toMatch(c.says);
        if (!c.unchecked) expect(pushes.some((p) => p.type === 'checking' && p.path === target)).toBe(true);
        // The campaign open before is still the open one, and untouched by the refusal.
        expect(await app.call('campaign.current', {})).toMatchObject({ name: 'Still Fine' });
        expect({ beside: snapshot(campaignsDir, craftedFiles), outside: snapshot(place.outside) }).toEqual(before);
        app.close();
      },
      120_000,
    );
  }

  it('the campaign list names the refusal of a -lock link and changes nothing through it', async () => {
    const { app, campaignsDir } = await setUp();
    const place = freshPlace(template, campaignsDir);
    fs.symlinkSync(place.outsideFile, `${place.file}-lock`);
    const before = { beside: snapshot(campaignsDir, craftedFiles), outside: snapshot(place.outside) };
    const listed = (await app.call('campaign.list', {})).find((s) => s.fileName === 'Crafted.lichslayer');
    expect(listed).toMatchObject({
      name: null,
      problem: expect.stringContaining('Crafted.lichslayer-lock beside it is a link'),
    });
    expect({ beside: snapshot(campaignsDir, craftedFiles), outside: snapshot(place.outside) }).toEqual(before);
    expect(fs.statSync(place.outsideFile).mode & 0o777).toBe(0o644);
    app.close();
  });
});
