// Tables, the roll panel and the ledger through the real handlers on a real campaign file.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { ROOM_TYPES } from '@shared/tables.ts';
import { makeApp, tempDir } from '../test-support/temp-app.ts';

async function campaign(dataDir = tempDir()) {
  const app = makeApp(dataDir);
  const view = await app.call('campaign.create', { name: 'Tables' });
  return { app, file: view.path, dataDir };
}

describe('starter pack (original content shaped like the book)', () => {
  it('ch.13: a 121-row loot table across all three tiers, every colour and item type', async () => {
    const { app } = await campaign();
    const loot = (await app.call('tables.get', { key: 'loot' })).table;
    expect(loot.rows).toHaveLength(121);
    expect(loot.starter).toBe(true);
    expect(new Set(loot.rows.map((r) => r.loot!.tier))).toEqual(new Set(['common', 'uncommon', 'rare']));
    expect(new Set(loot.rows.map((r) => r.loot!.colour)).size).toBe(8);
    expect(new Set(loot.rows.map((r) => r.loot!.itemType)).size).toBe(10);
    loot.rows.forEach((r, i) => expect(r.loot!.tier).toBe(i < 60 ? 'common' : i < 100 ? 'uncommon' : 'rare'));
    expect((await app.call('tables.get', { key: 'loot' })).issues).toEqual([]);
    app.close();
  });

  it("ch.10, ch.12: three d12 room tables with every room type; each tier's entities wear its two colours (Upper Colourless and Red, Middle Blue and Purple, Lower Green and Black)", async () => {
    const { app } = await campaign();
    const colours = { upper: ['Colourless', 'Red'], middle: ['Blue', 'Purple'], lower: ['Black', 'Green'] };
    for (const tier of ['upper', 'middle', 'lower'] as const) {
      const rooms = (await app.call('tables.get', { key: `rooms-${tier}` })).table;
      expect(rooms.die).toBe('d12');
      expect(new Set(rooms.rows.map((r) => r.room!.roomType))).toEqual(new Set(ROOM_TYPES));
      const entities = (await app.call('tables.get', { key: `entities-${tier}` })).table;
      expect([...new Set(entities.rows.map((r) => r.entity!.colour))].sort()).toEqual(colours[tier]);
      // Every faction a room row calls for is one its tier's table holds.
      const factions = new Set(entities.rows.map((r) => r.entity!.faction));
      for (const r of rooms.rows)
        if (r.room!.faction && r.room!.faction !== 'any') expect(factions.has(r.room!.faction)).toBe(true);
    }
    const keys = (await app.call('tables.list', {})).map((t) => t.key);
    for (const k of [
      'inn-events',
      'smith-events',
      'retainer-events',
      'forest-conditions',
      'phenomena',
      'flora',
      'familiars',
      'traps-upper',
    ])
      expect(keys).toContain(k);
    app.close();
  });
});

describe('rolling and the ledger', () => {
  it('ch.1: a loot roll with the floor offset lands in the ledger with a one-line explanation', async () => {
    const { app } = await campaign();
    await app.call('dice.setSeed', { seed: 7 });
    const roll = await app.call('tables.roll', { key: 'loot', context: { floor: 7 }, character: 'Odile' });
    expect(roll.node.modifiers).toEqual([{ source: 'Floor 7', value: 20 }]);
    expect(roll.entry.explain).toBe(roll.node.explain);
    expect(roll.entry.explain).toMatch(
      /^\d+ = \d+ on d100 \+ 20 \(Floor 7\)( \(.*\))? → (Common|Uncommon|Rare): .+ \(Tomb Loot Table\)$/,
    );
    const ledger = await app.call('ledger.list', { character: 'Odile' });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.faces[0]!.sides).toBe(100);
    app.close();
  });

  it('a seeded session replays exactly, and a tampered face is caught', async () => {
    const { app, file, dataDir } = await campaign();
    await app.call('dice.setSeed', { seed: 99 });
    for (let i = 0; i < 20; i++)
      await app.call('tables.roll', { key: i % 2 ? 'rooms-middle' : 'loot', context: { floor: 4, attentionStage: 1 } });
    expect(await app.call('ledger.verify', {})).toMatchObject({ entries: 20, ok: true });
    app.close();

    // the same seed gives the same ledger in another campaign
    const other = await campaign();
    await other.app.call('dice.setSeed', { seed: 99 });
    for (let i = 0; i < 20; i++)
      await other.app.call('tables.roll', {
        key: i % 2 ? 'rooms-middle' : 'loot',
        context: { floor: 4, attentionStage: 1 },
      });
    const a = new Database(file, { readonly: true }).prepare('SELECT explain FROM roll_log ORDER BY id').all();
    const b = (await other.app.call('ledger.list', {})).reverse().map((e) => ({ explain: e.explain }));
    expect(b).toEqual(a);
    other.app.close();

    const db = new Database(file);
    const row = db.prepare('SELECT id, faces FROM roll_log ORDER BY id LIMIT 1 OFFSET 5').get() as {
      id: number;
      faces: string;
    };
    const faces = JSON.parse(row.faces) as { sides: number; face: number }[];
    faces[0]!.face = (faces[0]!.face % faces[0]!.sides) + 1;
    db.prepare('UPDATE roll_log SET faces = ? WHERE id = ?').run(JSON.stringify(faces), row.id);
    db.close();
    const again = makeApp(dataDir);
    await again.call('campaign.open', { path: file });
    expect(await again.call('ledger.verify', {})).toMatchObject({
      ok: false,
      problem: expect.stringMatching(new RegExp(`Entry ${row.id}`)),
    });
    again.close();
  });

  it('draw without replacement persists across a restart and resets', async () => {
    const { app, file, dataDir } = await campaign();
    const created = await app.call('tables.importSave', { text: '1 = Ace\n2 = Two\n3 = Three', name: 'Deck' });
    await app.call('tables.updateMeta', { key: created.table.key, patch: { drawWithoutReplacement: true } });
    await app.call('tables.roll', { key: 'deck' });
    await app.call('tables.roll', { key: 'deck' });
    app.close();
    const again = makeApp(dataDir);
    await again.call('campaign.open', { path: file });
    expect((await again.call('tables.get', { key: 'deck' })).drawn).toBe(2);
    await again.call('tables.roll', { key: 'deck' });
    expect(await again.dispatch('tables.roll', { key: 'deck' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/every row has been drawn/) },
    });
    await again.call('tables.resetDraws', { key: 'deck' });
    expect((await again.call('tables.roll', { key: 'deck' })).node.label).toMatch(/Ace|Two|Three/);
    again.close();
  });
});

describe('editing', () => {
  it('edits a loot row, undoes, redoes, and keeps it after a restart', async () => {
    const { app, file, dataDir } = await campaign();
    const before = (await app.call('tables.get', { key: 'loot' })).table.rows[86]!;
    const reply = await app.call('tables.setRow', {
      key: 'loot',
      index: 86,
      row: { ...before, label: 'Judge’s Own Relic' },
    });
    const read = await app.call('tables.get', { key: 'loot' });
    expect(read.table.rows[86]!.label).toBe('Judge’s Own Relic');
    // The reply (built from the table already read, with the row in place) is what a fresh read gives.
    expect(JSON.parse(JSON.stringify(reply))).toEqual(JSON.parse(JSON.stringify(read)));
    await app.call('history.undo', {});
    expect((await app.call('tables.get', { key: 'loot' })).table.rows[86]!.label).toBe(before.label);
    await app.call('history.redo', {});
    app.close();
    const again = makeApp(dataDir);
    await again.call('campaign.open', { path: file });
    expect((await again.call('tables.get', { key: 'loot' })).table.rows[86]!.label).toBe('Judge’s Own Relic');
    await again.call('tables.resetToStarter', { key: 'loot' });
    expect((await again.call('tables.get', { key: 'loot' })).table.rows[86]!.label).toBe(before.label);
    again.close();
  });

  it('bulk recolours loot rows in one undoable step', async () => {
    const { app } = await campaign();
    let v = await app.call('tables.recolour', { key: 'loot', indices: [0, 1, 2], colour: 'Purple' });
    expect(v.table.rows.slice(0, 3).map((r) => r.loot!.colour)).toEqual(['Purple', 'Purple', 'Purple']);
    const undone = await app.call('history.undo', {});
    expect(undone.history.canRedo).toMatch(/recolour 3 rows Purple/);
    v = await app.call('tables.get', { key: 'loot' });
    expect(v.table.rows[0]!.loot!.colour).not.toBe('Purple');
    app.close();
  });

  it('refuses a cycle at save time and names it', async () => {
    const { app } = await campaign();
    await app.call('tables.importSave', { text: '1-6 = go to b', name: 'A' });
    await app.call('tables.importSave', { text: '1-6 = go to a', name: 'B' });
    const a = (await app.call('tables.get', { key: 'a' })).table.rows[0]!;
    const b = (await app.call('tables.get', { key: 'b' })).table.rows[0]!;
    await app.call('tables.setRow', {
      key: 'a',
      index: 0,
      row: { ...a, rollOn: { table: 'b', times: 1, modifier: 0 } },
    });
    const reply = await app.dispatch('tables.setRow', {
      key: 'b',
      index: 0,
      row: { ...b, rollOn: { table: 'a', times: 2, modifier: 0 } },
    });
    expect(reply).toMatchObject({
      ok: false,
      error: { message: 'Not saved: B would roll on itself through b → a → b.' },
    });
    expect((await app.call('tables.get', { key: 'b' })).table.rows[0]!.rollOn).toBeNull();
    app.close();
  });

  it('refuses a die that does not parse, naming the column', async () => {
    const { app } = await campaign();
    const reply = await app.dispatch('tables.updateMeta', { key: 'flora', patch: { die: '2d6x' } });
    expect(reply).toMatchObject({ ok: false, error: { message: expect.stringMatching(/column 4/) } });
    app.close();
  });
});

describe('import', () => {
  it('saves a pasted Markdown table and rolls it', async () => {
    const { app } = await campaign();
    const text = '| d6 | Omen |\n|---|---|\n| 1-2 | Crows |\n| 3-4 | Smoke |\n| 5-6 | Silence |';
    const preview = await app.call('tables.importPreview', { text, name: 'Omens' });
    expect(preview).toMatchObject({ format: 'markdown', problems: [], conflict: false });
    const saved = await app.call('tables.importSave', { text, name: 'Omens' });
    expect(saved.table.rows).toHaveLength(3);
    const roll = await app.call('tables.roll', { key: 'omens' });
    expect(roll.entry.explain).toMatch(/on d6 → (Crows|Smoke|Silence) \(Omens\)$/);
    const again = await app.dispatch('tables.importSave', { text, name: 'Omens' });
    expect(again).toMatchObject({ ok: false, error: { message: expect.stringMatching(/already exists/) } });
    const renamed = await app.call('tables.importSave', { text, name: 'Omens', onConflict: 'rename' });
    expect(renamed.table.key).toBe('omens-2');
    app.close();
  });

  it('refuses duplicate keys with the line, and nothing is saved; a backup is taken before each import', async () => {
    const { app, dataDir } = await campaign();
    const before = await app.call('tables.list', {});
    const reply = await app.dispatch('tables.importSave', { text: '1 = a\n2 = b\n2 = c', name: 'Dupes' });
    expect(reply).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/line 3: row 3 .* overlaps row 2/) },
    });
    expect(await app.call('tables.list', {})).toEqual(before);
    await app.call('tables.importSave', { text: '1 = a\n2 = b', name: 'Fine' });
    expect(fs.readdirSync(path.join(dataDir, 'backups')).some((f) => f.includes('before-import'))).toBe(true);
    app.close();
  });

  it('a pack never overwrites silently: the Judge keeps, replaces or renames', async () => {
    const { app } = await campaign();
    const exported = await app.call('tables.export', { keys: ['flora', 'familiars'], format: 'json' });
    const preview = await app.call('tables.packPreview', { text: exported.text });
    expect(preview.tables.map((t) => t.conflict)).toEqual([true, true]);
    expect(await app.dispatch('tables.packImport', { text: exported.text })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Choose keep, replace or rename/) },
    });
    const after = await app.call('tables.packImport', {
      text: exported.text,
      resolutions: { flora: 'keep', familiars: 'rename' },
    });
    expect(after.map((t) => t.key)).toContain('familiars-2');
    app.close();
  });

  it('fuzz: random and mutated imports never throw unhandled and never change saved tables', async () => {
    const { app, file } = await campaign();
    const db = new Database(file, { readonly: true });
    /** Every saved table with its rows, by key. */
    const snapshot = () =>
      new Map(
        (
          db
            .prepare(
              `SELECT t.key, t.name, t.die, (SELECT group_concat(data, '|') FROM (SELECT data FROM rtable_row r WHERE r.table_id = t.id ORDER BY position)) AS rows FROM rtable t`,
            )
            .all() as { key: string }[]
        ).map((r) => [r.key, JSON.stringify(r)]),
      );
    const md = (await app.call('tables.export', { keys: ['flora'], format: 'markdown' })).text;
    const json = (await app.call('tables.export', { keys: ['flora'], format: 'json' })).text;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(md, json, '1 = a\n1 = b'), fc.string(), fc.nat(3000), async (seed, junk, at) => {
        const text = seed.slice(0, at) + junk + seed.slice(at + junk.length);
        for (const send of [
          () => app.dispatch('tables.importSave', { text, name: 'Flora' }),
          () => app.dispatch('tables.packImport', { text }),
        ]) {
          const before = snapshot();
          const reply = await send();
          expect(reply.ok === false ? reply.error.code : 'ok').not.toBe('internal');
          const after = snapshot();
          if (!reply.ok) {
            refused++;
            expect(after).toEqual(before);
          }
          // Accepted or not, no table that was already saved is changed: a valid import can only add.
          for (const [key, value] of before) expect(after.get(key)).toBe(value);
        }
      }),
      { numRuns: 60 },
    );
    expect(refused).toBeGreaterThan(0);
    db.close();
    app.close();
  });
});
