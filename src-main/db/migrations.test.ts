// Every released campaign format opens, migrates and keeps every value, with a backup first.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { LATEST_VERSION, MIGRATIONS } from './migrations.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

function fromVersionOf(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
    for (const side of ['-wal', '-shm']) fs.rmSync(file + side, { force: true });
  }
}

describe('migrations', () => {
  it('are numbered 1..N without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('a fixture exists for every released format before the latest', () => {
    for (let v = 1; v < LATEST_VERSION; v++)
      expect(fs.existsSync(path.join(FIXTURES, `campaign-v${v}.lichslayer`))).toBe(true);
  });

  for (const fixture of fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.lichslayer'))) {
    it(`${fixture} opens, migrates to v${LATEST_VERSION} and keeps every value`, async () => {
      const dataDir = tempDir();
      // Campaigns are opened from the campaigns folder only.
      const file = path.join(dataDir, 'campaigns', fixture);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(path.join(FIXTURES, fixture), file);
      // A table the fixture has but left empty gets a row, so that keeping its values is checked too.
      const seed = new Database(file);
      if (
        seed.prepare(`SELECT 1 FROM sqlite_schema WHERE name = 'day_report'`).get() &&
        !seed.prepare(`SELECT 1 FROM day_report`).get()
      ) {
        seed.prepare(`INSERT INTO day_report (day, report) VALUES (3, '{"fixture":"day report"}')`).run();
      }
      seed.close();
      const before = new Database(file, { readonly: true });
      // Every table the fixture has, so a format's new game state (setting, day_report, ...) is covered.
      const tables = (
        before
          .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name`)
          .all() as { name: string }[]
      ).map((r) => r.name);
      expect(tables).toEqual(expect.arrayContaining(['lichslayer', 'item', 'inventory', 'town', 'meta', 'history']));
      // Format 6 dropped the action log.
      expect(tables.includes('action_log')).toBe(fromVersionOf(path.join(FIXTURES, fixture)) < 6);
      if (fromVersionOf(path.join(FIXTURES, fixture)) >= 2) expect(tables).toContain('setting');
      if (fromVersionOf(path.join(FIXTURES, fixture)) >= 5) {
        expect(tables).toContain('day_report');
        expect(before.prepare(`SELECT count(*) AS n FROM day_report`).get()).toEqual({ n: 1 });
      }
      const rowsBefore = Object.fromEntries(
        tables.map((t) => [t, before.prepare(`SELECT * FROM ${t} ORDER BY 1`).all()]),
      );
      const fromVersion = before.pragma('user_version', { simple: true }) as number;
      before.close();

      const app = makeApp(dataDir);
      const view = await app.call('campaign.open', { path: file });
      expect(view.schemaVersion).toBe(LATEST_VERSION);
      const odile = view.roster.find((l) => l.name === 'Odile Vantreck')!;
      expect(odile).toMatchObject({ gold: 1337, notes: 'fixture v1' });
      expect(odile.inventory).toEqual([{ name: 'Fixture Torch', count: 5 }]);
      // house rules arrived in v2: older files get the defaults, newer ones keep their change
      expect(view.houseRules.chestSuccessOn).toBe(fromVersion >= 2 ? 5 : 4);
      // tables arrived in v3: older files get the starter tables, newer ones keep their edits and ledger
      const flora = await app.call('tables.get', { key: 'flora' });
      expect(flora.table.rows[0]!.label === 'Fixture Bloom').toBe(fromVersion >= 3);
      expect((await app.call('ledger.list', {})).length).toBe(fromVersion >= 3 ? 1 : 0);
      if (fromVersion >= 3) expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true });
      // the board arrived in v4
      const board = await app.call('board.view', { floor: 1 });
      expect(board.tokens.filter((t) => t.kind === 'lichslayer').length).toBe(fromVersion >= 4 ? 4 : 0);
      if (fromVersion >= 4)
        expect(board.rooms.find((r) => r.x === 2 && r.y === 0)).toMatchObject({
          name: 'Fixture Hall',
          notes: 'fixture note',
          revealed: true,
        });
      app.close();

      const after = new Database(file, { readonly: true });
      // Every value that was there is still there (later formats may add columns beside them).
      for (const t of tables) {
        // Format 6 drops the action log: written on every command, read by nothing.
        if (t === 'action_log') {
          expect(after.prepare(`SELECT 1 FROM sqlite_schema WHERE name = 'action_log'`).get()).toBeUndefined();
          continue;
        }
        const rows = after.prepare(`SELECT * FROM ${t} ORDER BY 1`).all() as Record<string, unknown>[];
        const before = rowsBefore[t] as Record<string, unknown>[];
        if (t === 'setting') {
          // Settings are keyed: each keeps its value, except the app's record of which starter
          // tables it has seeded, which grows with the pack (when it was first seeded stays).
          const now = new Map(rows.map((r) => [r.key, String(r.value)]));
          for (const r of before) {
            const value = now.get(r.key);
            if (r.key === 'starter_tables')
              expect((JSON.parse(value!) as { seeded: string }).seeded, `${fixture}: setting ${String(r.key)}`).toBe(
                (JSON.parse(String(r.value)) as { seeded: string }).seeded,
              );
            else if (r.key === 'board' || r.key === 'world') {
              // Format 8 moves the party's floor and the Attention stage into their machines.
              const {
                partyFloor: _floor,
                attentionStage: _stage,
                ...kept
              } = JSON.parse(String(r.value)) as Record<string, unknown>;
              expect(JSON.parse(value!), `${fixture}: setting ${String(r.key)}`).toEqual(kept);
            } else if (r.key === 'channel-buffs' || r.key === 'spell-inscriptions')
              // Format 14 moves loot's kept state into rows of its own (migration-v14.test.ts shows them there).
              expect(value, `${fixture}: setting ${String(r.key)}`).toBe('{}');
            else expect(value, `${fixture}: setting ${String(r.key)}`).toBe(r.value);
          }
          continue;
        }
        // Format 7 gives each stored table row its own id beside its other values, which stay as they were.
        const withoutRowId = (r: Record<string, unknown>) => {
          if (t !== 'rtable_row' || typeof r.data !== 'string') return r;
          const { id: _rowId, ...data } = JSON.parse(r.data) as Record<string, unknown>;
          return { ...r, data };
        };
        // Starter tables added to the pack since (the spell schools) arrive after the old rows.
        const kept = rows.slice(0, before.length).map(withoutRowId);
        expect(
          kept.map((r, i) => Object.fromEntries(Object.keys(before[i] ?? r).map((k) => [k, r[k]]))),
          `${fixture}: table ${t}`,
        ).toEqual(before.map(withoutRowId));
        if (rows.length > before.length)
          expect(t === 'rtable' || t === 'rtable_row', `${fixture}: rows added to ${t}`).toBe(true);
      }
      after.close();
      if (fromVersion < LATEST_VERSION) {
        const backups = fs.readdirSync(path.join(dataDir, 'backups'));
        expect(backups.some((b) => b.includes(`before-v${LATEST_VERSION}`))).toBe(true);
      }
    });
  }

  it("v6 ties rolls to undo steps: an older file's rolls gain empty links and still show as they did", async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'campaigns', 'campaign-v5.lichslayer');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(path.join(FIXTURES, 'campaign-v5.lichslayer'), file);
    const old = new Database(file);
    old.prepare(`UPDATE roll_log SET public = 1, room = NULL`).run();
    const rolled = old.prepare(`SELECT explain FROM roll_log`).all() as { explain: string }[];
    old.close();
    const app = makeApp(dataDir);
    await app.call('campaign.open', { path: file });
    expect(rolled.length).toBe(1);
    expect((await app.call('players.view', {})).rolls.map((r) => r.explain)).toEqual(rolled.map((r) => r.explain));
    app.close();
    const after = new Database(file, { readonly: true });
    const columns = (after.prepare(`SELECT name FROM pragma_table_info('roll_log')`).all() as { name: string }[]).map(
      (c) => c.name,
    );
    expect(columns).toEqual(expect.arrayContaining(['history_id', 'withdrawn_by']));
    expect(after.prepare(`SELECT history_id, withdrawn_by FROM roll_log`).all()).toEqual([
      { history_id: null, withdrawn_by: null },
    ]);
    after.close();
  });
});
