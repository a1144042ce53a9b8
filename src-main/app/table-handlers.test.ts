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
    // 20 table rolls after the Smith's disposition, rolled as the campaign was created (ch.4).
    expect(await app.call('ledger.verify', {})).toMatchObject({ entries: 21, ok: true });
    app.close();

    // the same seed gives the same ledger in another campaign
    const other = await campaign();
    await other.app.call('dice.setSeed', { seed: 99 });
    for (let i = 0; i < 20; i++)
      await other.app.call('tables.roll', {
        key: i % 2 ? 'rooms-middle' : 'loot',
        context: { floor: 4, attentionStage: 1 },
      });
    // The seeded rolls, after each campaign's own disposition roll made at its creation, before the seed.
    const a = new Database(file, { readonly: true })
      .prepare("SELECT explain FROM roll_log WHERE cause <> 'The Smith''s disposition (ch.4)' ORDER BY id")
      .all();
    const b = (await other.app.call('ledger.list', {}))
      .reverse()
      .filter((e) => e.cause !== "The Smith's disposition (ch.4)")
      .map((e) => ({ explain: e.explain }));
    expect(b).toHaveLength(20);
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

  it('a row set to roll back on the table that rolls on it is saved, and a roll from either ends where it comes round', async () => {
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
    await app.call('tables.setRow', {
      key: 'b',
      index: 0,
      row: { ...b, rollOn: { table: 'a', times: 2, modifier: 0 } },
    });
    expect((await app.call('tables.get', { key: 'b' })).table.rows[0]!.rollOn).toEqual({
      table: 'a',
      times: 2,
      modifier: 0,
    });
    // Rows of a table on the loop can still be added and removed.
    await app.call('tables.insertRow', { key: 'a', index: 1, row: { ...a, label: 'spare' } });
    await app.call('tables.deleteRows', { key: 'a', indices: [1] });
    await app.call('dice.setSeed', { seed: 3 });
    const roll = await app.call('tables.roll', { key: 'b' });
    expect(roll.entry.explain).toBe(
      '2 = 2 on d6 → go to a (B) ⟶ 6 = 6 on d6 → go to b (A) ⟶ loops back to B, already on this roll (B → A → B): the roll ends here | 6 = 6 on d6 → go to b (A) ⟶ loops back to B, already on this roll (B → A → B): the roll ends here',
    );
    expect(roll.node.children[0]!.loop).toEqual({
      table: 'b',
      tableName: 'B',
      text: 'loops back to B, already on this roll (B → A → B): the roll ends here',
    });
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

describe('a page whose rooms loop back to the first room', () => {
  const PAGE = fs.readFileSync(
    path.join(import.meta.dirname, '..', 'tables', 'fixtures', 'pastes', '173-page-rooms-loop-back.txt'),
    'utf8',
  );
  // Each section's closing line sends every row that links nowhere else back to DUNGEON ROOM.
  const LOOPS = [
    'empty-halls#1 dungeon-room → empty-halls → dungeon-room',
    'empty-halls#2 dungeon-room → empty-halls → dungeon-room',
    'empty-halls#3 dungeon-room → empty-halls → dungeon-room',
    'empty-halls#4 dungeon-room → empty-halls → dungeon-room',
    'empty-halls#5 dungeon-room → empty-halls → dungeon-room',
    'empty-halls#6 dungeon-room → empty-halls → dungeon-room',
    'lairs#1 dungeon-room → lairs → dungeon-room',
    'lairs#2 dungeon-room → lairs → dungeon-room',
    'lairs#3 dungeon-room → lairs → dungeon-room',
    'lairs#4 dungeon-room → lairs → dungeon-room',
    'special-room#3 dungeon-room → special-room → dungeon-room',
    'special-room#4 dungeon-room → special-room → dungeon-room',
    'shrines#1 dungeon-room → special-room → shrines → dungeon-room',
    'shrines#2 dungeon-room → special-room → shrines → dungeon-room',
    'shrines#3 dungeon-room → special-room → shrines → dungeon-room',
    'shrines#4 dungeon-room → special-room → shrines → dungeon-room',
    'shrines#5 dungeon-room → special-room → shrines → dungeon-room',
    'shrines#6 dungeon-room → special-room → shrines → dungeon-room',
    'treasure#1 dungeon-room → special-room → treasure → dungeon-room',
    'treasure#2 dungeon-room → special-room → treasure → dungeon-room',
    'treasure#3 dungeon-room → special-room → treasure → dungeon-room',
    'treasure#4 dungeon-room → special-room → treasure → dungeon-room',
    'treasure#5 dungeon-room → special-room → treasure → dungeon-room',
    'treasure#6 dungeon-room → special-room → treasure → dungeon-room',
    'vaults#3 dungeon-room → vaults → dungeon-room',
  ];
  const loopsOf = (links: { table: string; row: number; loop: { chain: string[]; kept: boolean } | null }[]) =>
    links.flatMap((l) =>
      l.loop ? [`${l.table}#${l.row + 1} ${l.loop.chain.join(' → ')}${l.loop.kept ? '' : ' (dropped)'}`] : [],
    );

  it('imports whole in one paste: every section a table, each link back to DUNGEON ROOM kept and named with its chain', async () => {
    const { app } = await campaign();
    const preview = await app.call('tables.importPreview', { text: PAGE });
    expect(preview.problems).toEqual([]);
    expect(preview.tables.map((t) => t.table.name)).toEqual([
      'DUNGEON ROOM',
      'EMPTY HALLS',
      'LAIRS',
      'SPECIAL ROOM',
      'SHRINES',
      'TREASURE',
      'VAULTS',
    ]);
    expect(preview.links.filter((l) => l.resolved)).toHaveLength(35);
    expect(loopsOf(preview.links)).toEqual(LOOPS);
    expect(preview.tables[1]!.rowNotes[5]).toContain(
      'goes back to DUNGEON ROOM (DUNGEON ROOM → EMPTY HALLS → DUNGEON ROOM): kept as a link, a roll ends there and says so',
    );
    const saved = await app.call('tables.importSave', { text: PAGE });
    expect(saved.table.key).toBe('dungeon-room');
    // Saved as previewed, each row numbered in order (its own id, kept through later edits).
    for (const shown of preview.tables)
      expect((await app.call('tables.get', { key: shown.table.key })).table).toEqual({
        ...shown.table,
        rows: shown.table.rows.map((r, i) => ({ ...r, id: i + 1 })),
      });
    expect((await app.call('tables.get', { key: 'shrines' })).table.rows[5]!.rollOn).toEqual({
      table: 'dungeon-room',
      times: 1,
      modifier: 0,
    });
    app.close();
  });

  it('60 seeded rolls of DUNGEON ROOM each follow at least one link and every one ends at a link back: 85 links followed', async () => {
    const { app } = await campaign();
    await app.call('tables.importSave', { text: PAGE });
    await app.call('dice.setSeed', { seed: 60 });
    const nested = (n: { children: (typeof n)[] }): number => n.children.reduce((sum, c) => sum + 1 + nested(c), 0);
    const looped = (n: { loop?: unknown; children: (typeof n)[] }): boolean => !!n.loop || n.children.some(looped);
    const followed: number[] = [];
    let loops = 0;
    for (let i = 0; i < 60; i++) {
      const { node, entry } = await app.call('tables.roll', { key: 'dungeon-room' });
      followed.push(nested(node));
      if (looped(node)) {
        loops++;
        expect(entry.explain).toMatch(
          / ⟶ loops back to DUNGEON ROOM, already on this roll \(DUNGEON ROOM → .+ → DUNGEON ROOM\): the roll ends here$/,
        );
      }
    }
    expect(followed).toHaveLength(60);
    expect(Math.min(...followed)).toBeGreaterThanOrEqual(1);
    expect(followed.reduce((a, b) => a + b, 0)).toBe(85);
    expect(loops).toBe(60);
    app.close();
  });

  it('the odds of DUNGEON ROOM follow each link forward and end at each link back: nothing refused, no roll of DUNGEON ROOM nested in itself', async () => {
    const { app } = await campaign();
    await app.call('tables.importSave', { text: PAGE });
    const odds = await app.call('tables.odds', { key: 'dungeon-room' });
    expect(odds.refused).toBe(0);
    expect(odds.problems).toEqual([]);
    expect([...new Set(odds.nested.map((n) => n.table))].sort()).toEqual([
      'empty-halls',
      'lairs',
      'shrines',
      'special-room',
      'treasure',
      'vaults',
    ]);
    app.close();
  });

  it('a loop the Judge drops imports as plain text; a drop that names no loop is refused, naming the row', async () => {
    const { app } = await campaign();
    const dropLoops = [{ table: 'empty-halls', row: 5 }];
    const preview = await app.call('tables.importPreview', { text: PAGE, dropLoops });
    expect(loopsOf(preview.links).slice(0, 6)).toEqual([
      'empty-halls#1 dungeon-room → empty-halls → dungeon-room',
      'empty-halls#2 dungeon-room → empty-halls → dungeon-room',
      'empty-halls#3 dungeon-room → empty-halls → dungeon-room',
      'empty-halls#4 dungeon-room → empty-halls → dungeon-room',
      'empty-halls#5 dungeon-room → empty-halls → dungeon-room',
      'empty-halls#6 dungeon-room → empty-halls → dungeon-room (dropped)',
    ]);
    expect(preview.tables[1]!.table.rows[5]!.rollOn).toBeNull();
    expect(preview.tables[1]!.rowNotes[5]).toContain(
      "“go to the section named 'DUNGEON ROOM'” goes back to DUNGEON ROOM (DUNGEON ROOM → EMPTY HALLS → DUNGEON ROOM): dropped, kept as text",
    );
    await app.call('tables.importSave', { text: PAGE, dropLoops });
    const row = (await app.call('tables.get', { key: 'empty-halls' })).table.rows[5]!;
    expect(row).toMatchObject({
      label: "Nothing at all, which is worse. After your encounter, go to the section named 'DUNGEON ROOM'.",
      rollOn: null,
    });
    expect((await app.call('tables.get', { key: 'lairs' })).table.rows[3]!.rollOn?.table).toBe('dungeon-room');

    const stale = await app.dispatch('tables.importSave', {
      text: PAGE,
      dropLoops: [{ table: 'dungeon-room', row: 0 }],
      onConflict: 'replace',
    });
    expect(stale).toMatchObject({
      ok: false,
      error: {
        message:
          'Not imported: Row 1 of “dungeon-room” holds no loop to drop: read the text again and choose among the loops the preview names.',
      },
    });
    app.close();
  });

  it('a pack whose tables loop imports as it is, naming each loop, and a roll from it ends at the link back', async () => {
    const first = await campaign();
    await first.app.call('tables.importSave', { text: PAGE });
    const keys = ['dungeon-room', 'empty-halls', 'lairs', 'special-room', 'shrines', 'treasure', 'vaults'];
    const pack = (await first.app.call('tables.export', { keys, format: 'json' })).text;
    first.app.close();

    const { app } = await campaign();
    const preview = await app.call('tables.packPreview', { text: pack });
    expect(preview.problems).toEqual([]);
    expect(preview.loops.map((l) => `${l.table}#${l.row + 1} ${l.chain.join(' → ')}`)).toEqual(LOOPS);
    await app.call('tables.packImport', { text: pack });
    await app.call('dice.setSeed', { seed: 2 });
    const roll = await app.call('tables.roll', { key: 'dungeon-room' });
    expect(roll.entry.explain).toBe(
      "6 = 6 on d6 → A stair winding down. Go to the section below named 'SPECIAL ROOM'. (DUNGEON ROOM) ⟶ 3 = 3 on d6 → A sealed reliquary. Go to the section below named 'TREASURE'. (SPECIAL ROOM) ⟶ 6 = 6 on d6 → A map of this very room. After your encounter, go to the section named 'DUNGEON ROOM'. (TREASURE) ⟶ loops back to DUNGEON ROOM, already on this roll (DUNGEON ROOM → SPECIAL ROOM → TREASURE → DUNGEON ROOM): the roll ends here",
    );
    app.close();
  });
});
