// Import through the commands a Judge's dialog sends, on a real campaign file: the preview and
// the save agree (nothing the preview calls clean rolls "no entry"), a page of linked tables
// saves at once and rolls its chain into the ledger, Foundry documents come in and go out.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RollNode } from '@shared/dice.ts';
import type { TableDef } from '@shared/tables.ts';
import { parseDice } from '../rules/dice-expression.ts';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { rowAt } from './table-roll.ts';
import { tableSpan } from './table-span.ts';

const DIR = path.join(import.meta.dirname, 'fixtures', 'pastes');
const fixture = (name: string) => fs.readFileSync(path.join(DIR, name), 'utf8');

async function campaign() {
  const app = makeApp(tempDir());
  await app.call('campaign.create', { name: 'Imports' });
  return app;
}

/** Every result the table's die can give, with the row it lands on (null: "no entry"). */
function landings(t: TableDef): { value: number; row: number | null }[] {
  const { span } = tableSpan(t);
  if (!span) return [];
  const values = span.values ?? Array.from({ length: span.max - span.min + 1 }, (_, i) => span.min + i);
  return values.map((value) => ({ value, row: rowAt(t, value) }));
}

const noEntry = (n: RollNode): boolean => n.label === 'no entry' || n.children.some(noEntry);

describe('preview and save agree', () => {
  it('nothing the preview calls clean rolls “no entry”: every fixture, every result of its die, and seeded rolls', async () => {
    const app = await campaign();
    await app.call('dice.setSeed', { seed: 15 });
    let clean = 0;
    let tablesChecked = 0;
    let refusedChoices = 0;
    for (const file of fs.readdirSync(DIR).sort()) {
      const text = fixture(file);
      const base = file.includes('asList') ? { asList: true } : {};
      const first = await app.call('tables.importPreview', { text, ...base });
      if (first.problems.length) continue;
      // A table with gaps is saved only with a choice: fill and re-roll leave no result uncovered.
      for (const gaps of first.gaps.needed ? (['fill', 'reroll'] as const) : [undefined]) {
        const args = { text, ...base, ...(gaps ? { gaps } : {}) };
        const preview = await app.call('tables.importPreview', args);
        if (preview.problems.length) {
          // A choice the preview refuses (a fill with no row to stretch) is refused by the save too.
          const before = await app.call('tables.list', {});
          expect(await app.dispatch('tables.importSave', { ...args, onConflict: 'rename' })).toMatchObject({
            ok: false,
            error: { code: 'refused' },
          });
          expect(await app.call('tables.list', {})).toEqual(before);
          refusedChoices++;
          continue;
        }
        expect(preview.gaps.needed).toBe(false);
        for (const t of preview.tables) expect(t.coverage?.uncoveredCount ?? 0).toBe(0);
        const before = new Set((await app.call('tables.list', {})).map((t) => t.key));
        await app.call('tables.importSave', { ...args, onConflict: 'rename' });
        const saved = (await app.call('tables.list', {})).filter((t) => !before.has(t.key));
        expect(saved).toHaveLength(preview.tables.length);
        clean++;
        for (const s of saved) {
          const t = (await app.call('tables.get', { key: s.key })).table;
          expect(landings(t).filter((l) => l.row === null)).toEqual([]);
          for (let i = 0; i < 12; i++) {
            // A Foundry table drawn without replacement runs out: start its deck again.
            if (t.drawWithoutReplacement) await app.call('tables.resetDraws', { key: s.key });
            expect(noEntry((await app.call('tables.roll', { key: s.key })).node)).toBe(false);
          }
          tablesChecked++;
        }
      }
    }
    expect(clean).toBeGreaterThanOrEqual(100);
    expect(tablesChecked).toBeGreaterThanOrEqual(120);
    // The two exported empty tables: neither fill nor re-roll has a row to work with.
    expect(refusedChoices).toBe(4);
    app.close();
  }, 240_000);

  it('“keep”: the uncovered results the preview lists are exactly the ones that roll “no entry”', async () => {
    const app = await campaign();
    const text = fixture('07-markdown-missing-last-rows.md');
    const preview = await app.call('tables.importPreview', { text, gaps: 'keep' });
    expect(preview.tables[0]!.coverage!.uncovered).toEqual([{ from: 20, to: 20 }]);
    const saved = await app.call('tables.importSave', { text, gaps: 'keep', name: 'Encounters' });
    expect(
      landings(saved.table)
        .filter((l) => l.row === null)
        .map((l) => l.value),
    ).toEqual([20]);
    app.close();
  });

  it('a table with gaps is not saved without a choice; the refusal names the line and the choices', async () => {
    const app = await campaign();
    const before = await app.call('tables.list', {});
    const reply = await app.dispatch('tables.importSave', { text: fixture('50-d20-numbered-with-gap-fill.txt') });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        message:
          'Not imported: line 1: no row of Trinkets covers 16. Choose what those rolls do: fill (stretch the row above), re-roll, or keep “no entry”.',
      },
    });
    expect(await app.call('tables.list', {})).toEqual(before);
    const filled = await app.call('tables.importSave', {
      text: fixture('50-d20-numbered-with-gap-fill.txt'),
      gaps: 'fill',
    });
    expect(filled.table.rows.map((r) => r.range)).toEqual([
      { from: 1, to: 5 },
      { from: 6, to: 10 },
      { from: 11, to: 16 },
      { from: 17, to: 20 },
    ]);
    app.close();
  });

  it('re-roll: the uncovered results roll again on the other rows, each by its share of the die', async () => {
    const app = await campaign();
    const saved = await app.call('tables.importSave', {
      text: fixture('06-markdown-gap.md'),
      gaps: 'reroll',
      name: 'Pockets',
    });
    expect(saved.table.rows.at(-1)).toMatchObject({
      range: { from: 4, to: 4 },
      label: 'Roll again',
      rollOn: { table: 'pockets-again', times: 1 },
    });
    const again = (await app.call('tables.get', { key: 'pockets-again' })).table;
    expect(again.die).toBeNull();
    expect(again.rows.map((r) => [r.label, r.weight])).toEqual([
      ['Copper coins', 1],
      ['A candle stub', 1],
      ['Rope, frayed', 1],
      ['A silver spoon', 1],
      ['A map fragment', 1],
    ]);
    app.close();
  });
});

describe('every import goes through coverage (pastes a review once found read wrong)', () => {
  for (const file of ['70-markdown-exported-row-deleted.md', '71-foundry-exported-result-deleted.json']) {
    it(`a table this app exported, with a row deleted by hand, is not saved with its gap unless the Judge says so: ${file}`, async () => {
      const app = await campaign();
      const text = fixture(file);
      const preview = await app.call('tables.importPreview', { text });
      expect(preview.problems).toEqual([]);
      expect(preview.gaps).toEqual({
        needed: true,
        chosen: null,
        tables: [{ key: 'ember-weather', name: 'Ember Weather', uncovered: '4', line: file.endsWith('.md') ? 1 : 2 }],
      });
      const before = await app.call('tables.list', {});
      const reply = await app.dispatch('tables.importSave', { text });
      expect(reply).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(/no row of Ember Weather covers 4\. Choose what those rolls do/) },
      });
      expect(await app.call('tables.list', {})).toEqual(before);
      const filled = await app.call('tables.importSave', { text, gaps: 'fill' });
      expect(filled.table.rows.map((r) => r.range)).toEqual([
        { from: 1, to: 2 },
        { from: 3, to: 4 },
        { from: 5, to: 6 },
      ]);
      expect(landings(filled.table).filter((l) => l.row === null)).toEqual([]);
      app.close();
    });
  }

  it('fill works on a d66 missing a whole tens row: the row before it (or after it) takes the run, and nothing rolls “no entry”', async () => {
    const app = await campaign();
    const middle = await app.call('tables.importSave', {
      text: fixture('72-d66-missing-tens.txt'),
      gaps: 'fill',
      name: 'Middle',
    });
    expect(middle.table.rows[0]!.range).toEqual({ from: 11, to: 26 });
    expect(landings(middle.table).filter((l) => l.row === null)).toEqual([]);
    const first = await app.call('tables.importSave', {
      text: fixture('73-d66-missing-first-tens.txt'),
      gaps: 'fill',
      name: 'First',
    });
    expect(first.table.rows[0]!.range).toEqual({ from: 11, to: 26 });
    expect(landings(first.table).filter((l) => l.row === null)).toEqual([]);
    const preview = await app.call('tables.importPreview', { text: fixture('72-d66-missing-tens.txt'), gaps: 'fill' });
    expect(preview.tables[0]!.rowNotes[0]).toEqual(['stretched over 21-26, which no row covered']);
    expect(preview.tables[0]!.coverage!.uncoveredCount).toBe(0);
    app.close();
  });

  it('fill on a d100 whose 00 is missing and on a 2d6 missing its 2 leaves no result uncovered', async () => {
    const app = await campaign();
    const d100 = await app.call('tables.importSave', { text: 'Rumours (d100)\n01-50 A\n51-99 B', gaps: 'fill' });
    expect(d100.table.rows.map((r) => r.range)).toEqual([
      { from: 1, to: 50 },
      { from: 51, to: 100 },
    ]);
    const bell = await app.call('tables.importSave', { text: fixture('105-2d6-reaction-missing-2.txt'), gaps: 'fill' });
    expect(bell.table.die).toBe('2d6');
    expect(bell.table.rows[0]!.range).toEqual({ from: 2, to: 5 });
    for (const t of [d100.table, bell.table]) expect(landings(t).filter((l) => l.row === null)).toEqual([]);
    app.close();
  });

  it('a fill that cannot cover a result is refused with the reason, and the preview never calls it clean', async () => {
    const app = await campaign();
    const text = fixture('135-exported-empty-table.md');
    const preview = await app.call('tables.importPreview', { text, gaps: 'fill' });
    expect(preview.problems).toEqual([
      {
        line: 1,
        message:
          'Empty Omens: fill cannot cover 1-6, as no row has a key to stretch over it: choose re-roll or keep, or add rows',
      },
    ]);
    expect(await app.dispatch('tables.importSave', { text, gaps: 'fill' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Not imported: line 1: Empty Omens: fill cannot cover 1-6/) },
    });
    // Keep saves the empty table as it was exported.
    const kept = await app.call('tables.importSave', { text, gaps: 'keep' });
    expect(kept.table).toMatchObject({ key: 'empty-omens', die: 'd6', rows: [] });
    app.close();
  });

  it('a pack with a row deleted by hand says which results no row covers, and imports only when the Judge keeps them so', async () => {
    const app = await campaign();
    const text = `${fixture('70-markdown-exported-row-deleted.md')}\n${fixture('135-exported-empty-table.md')}`;
    const preview = await app.call('tables.packPreview', { text });
    expect(preview.tables.map((t) => [t.key, t.uncovered])).toEqual([
      ['ember-weather', '4'],
      ['empty-omens', '1-6'],
    ]);
    const before = await app.call('tables.list', {});
    expect(await app.dispatch('tables.packImport', { text })).toMatchObject({
      ok: false,
      error: {
        message:
          'Not imported: no row of Ember Weather covers 4; no row of Empty Omens covers 1-6. Those rolls would give “no entry”: fix the rows, or import keeping them so.',
      },
    });
    expect(await app.call('tables.list', {})).toEqual(before);
    const after = await app.call('tables.packImport', { text, keepUncovered: true });
    expect(after.map((t) => t.key)).toEqual(expect.arrayContaining(['ember-weather', 'empty-omens']));
    app.close();
  });

  it('links are made only where the words tell the roller to roll: an item that lets its bearer reroll is no nested roll', async () => {
    const app = await campaign();
    for (const file of ['85-reroll-in-an-items-text.txt', '86-magic-items-reroll-and-roll-on-in-prose.txt']) {
      const saved = await app.call('tables.importSave', { text: fixture(file) });
      expect(saved.table.rows.filter((r) => r.rollOn)).toEqual([]);
      expect((await app.call('tables.list', {})).some((t) => t.key.endsWith('-again'))).toBe(false);
    }
    const doubtful = await app.call('tables.importPreview', { text: fixture('58-2d6-roll-again-on-this-table.txt') });
    expect(doubtful.links).toEqual([
      expect.objectContaining({ line: 3, kind: 'reroll', doubt: 'it sits mid-sentence, after a comma' }),
    ]);
    app.close();
  });

  it('a link after a lead-in that orders the steps (“After your encounter, go to …”) is plain; after a condition it is doubted', async () => {
    const app = await campaign();
    const text = [
      'HALLS - Roll a d2',
      "1 Dust. After your encounter, go to the section named 'DEEP'.",
      "2 Bones. If you survive, go to the section named 'DEEP'.",
      '',
      'DEEP - Roll a d2',
      '1 A pit.',
      '2 A stair.',
    ].join('\n');
    const preview = await app.call('tables.importPreview', { text });
    expect(preview.links.map((l) => [l.line, l.doubt])).toEqual([
      [2, null],
      [3, 'it follows a condition in the same sentence'],
    ]);
    app.close();
  });

  it('“Roll on Loot” finds the campaign table keyed loot, and the preview says how it was found', async () => {
    const app = await campaign();
    const preview = await app.call('tables.importPreview', { text: fixture('131-links-by-key-and-word.txt') });
    expect(preview.links[0]).toMatchObject({
      phrase: 'Roll on Loot',
      resolved: { key: 'loot', name: 'Tomb Loot Table', existing: true },
      match: 'by its key “loot”',
    });
    expect(preview.tables[0]!.rowNotes[0]).toEqual([
      "“Loot” is no table's name: it rolls on Tomb Loot Table, found by its key “loot”",
    ]);
    app.close();
  });
});

describe('a whole page of linked tables', () => {
  it('saves every table at once; rolling the first follows the links, in the roll tree and the ledger', async () => {
    const app = await campaign();
    const preview = await app.call('tables.importPreview', { text: fixture('37-whole-page-linked.txt') });
    expect(preview.tables.map((t) => [t.table.key, t.table.name])).toEqual([
      ['start', 'START'],
      ['weather', 'WEATHER'],
      ['encounters', 'ENCOUNTERS'],
      ['start-again', 'START (rolled again)'],
    ]);
    const saved = await app.call('tables.importSave', { text: fixture('37-whole-page-linked.txt') });
    expect(saved.table.key).toBe('start');
    expect(saved.issues.filter((i) => i.severity === 'error')).toEqual([]);
    await app.call('dice.setSeed', { seed: 4 });
    const firstHops = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const { node, entry } = await app.call('tables.roll', { key: 'start' });
      const row = saved.table.rows[node.row!]!;
      // Every row of START sends the roll on: the tree holds the nested rolls, the ledger line says so.
      expect(node.children).toHaveLength(row.rollOn!.times);
      for (const c of node.children) firstHops.add(c.table);
      expect(entry.explain).toBe(node.explain);
      expect(entry.explain).toMatch(/^\d = \d on d6 → .+ \(START\) ⟶ /);
    }
    expect([...firstHops].sort()).toEqual(['encounters', 'start', 'start-again', 'weather']);
    expect((await app.call('ledger.verify', {})).ok).toBe(true);
    app.close();
  });

  it('one undo takes the whole page back out', async () => {
    const app = await campaign();
    const before = (await app.call('tables.list', {})).map((t) => t.key);
    await app.call('tables.importSave', { text: fixture('37-whole-page-linked.txt') });
    expect((await app.call('tables.list', {})).length).toBe(before.length + 4);
    const undone = await app.call('history.undo', {});
    expect(undone.history.canRedo).toBe('Import 4 tables from a page');
    expect((await app.call('tables.list', {})).map((t) => t.key)).toEqual(before);
    app.close();
  });

  it('a link may name a table already in the campaign', async () => {
    const app = await campaign();
    const text = 'Grave goods (d2)\n1 A sealed urn. Roll on the Tomb Loot Table.\n2 Dust';
    const preview = await app.call('tables.importPreview', { text });
    expect(preview.links).toEqual([
      expect.objectContaining({
        line: 2,
        kind: 'roll-on',
        resolved: { key: 'loot', name: 'Tomb Loot Table', existing: true },
      }),
    ]);
    await app.call('tables.importSave', { text });
    await app.call('dice.setSeed', { seed: 1 });
    let nested = 0;
    for (let i = 0; i < 10; i++) {
      const { node } = await app.call('tables.roll', { key: 'grave-goods' });
      if (node.label.startsWith('A sealed urn')) {
        expect(node.children.map((c) => c.table)).toEqual(['loot']);
        nested++;
      }
    }
    expect(nested).toBe(7);
    app.close();
  });

  it('a page whose keys exist is refused as a whole, or saved as copies whose links follow them', async () => {
    const app = await campaign();
    const text = fixture('42-table-twice-on-other.txt');
    await app.call('tables.importSave', { text });
    const preview = await app.call('tables.importPreview', { text });
    expect(preview.conflicts).toEqual(['hoard', 'gems']);
    expect(await app.dispatch('tables.importSave', { text })).toMatchObject({
      ok: false,
      error: { message: 'Tables keyed “hoard”, “gems” already exist. Choose replace or rename; nothing was imported.' },
    });
    const copy = await app.call('tables.importSave', { text, onConflict: 'rename' });
    expect(copy.table).toMatchObject({ key: 'hoard-2', name: 'HOARD (imported)' });
    expect(copy.table.rows[1]!.rollOn).toEqual({ table: 'gems-2', times: 2, modifier: 0 });
    app.close();
  });
});

describe('Foundry VTT', () => {
  it('imports a v11 export with a table link and a compendium item, and exports them back to the same tables', async () => {
    const app = await campaign();
    const saved = await app.call('tables.importSave', { text: fixture('61-foundry-v11-links.json') });
    expect(saved.table.key).toBe('dungeon-room');
    expect(saved.table.rows[1]!.rollOn).toEqual({ table: 'treasure', times: 1, modifier: 0 });
    expect(saved.table.rows[2]!.fields).toEqual({ 'Foundry link': 'Compendium.dnd5e.items.ItemXYZ123456789' });
    const treasure = (await app.call('tables.get', { key: 'treasure' })).table;
    expect(treasure.rows.map((r) => [r.label, r.details])).toEqual([
      ['10 gold', ''],
      ['A gem\nworth 50 gold', ''],
    ]);
    const out = await app.call('tables.export', { keys: ['dungeon-room', 'treasure'], format: 'foundry' });
    expect(out.fileName).toBe('lichslayer-tables.foundry.json');
    const docs = JSON.parse(out.text) as {
      _id: string;
      formula: string;
      results: { type: string; documentUuid?: string }[];
    }[];
    expect(docs.map((d) => d.formula)).toEqual(['1d4', '1d2']);
    expect(docs[0]!.results[1]).toMatchObject({ type: 'document', documentUuid: `RollTable.${docs[1]!._id}` });
    const back = await app.call('tables.importPreview', { text: out.text });
    // The same tables, but for each row's own id, which is the campaign's and not Foundry's.
    const withoutIds = (t: typeof treasure) => ({ ...t, rows: t.rows.map(({ id: _id, ...r }) => r) });
    expect(back.tables.map((t) => t.table)).toEqual([withoutIds(saved.table), withoutIds(treasure)]);
    app.close();
  });

  it('a formula with a modifier over results numbered from 1 (“1d20+5” over 1-20) is refused with the die the results fit, and saves as that die in one step', async () => {
    const app = await campaign();
    const text = fixture('167-foundry-formula-plus-five-results-from-1-refused.json');
    const preview = await app.call('tables.importPreview', { text });
    expect(preview.problems).toEqual([
      {
        line: 8,
        message:
          'row 1 (“A”) is keyed 1-5, outside 6-25, what d20+5 can give: the keys look like d20 — type d20 in Die, or change the key',
      },
    ]);
    const before = await app.call('tables.list', {});
    expect(await app.dispatch('tables.importSave', { text })).toMatchObject({ ok: false, error: { code: 'refused' } });
    expect(await app.call('tables.list', {})).toEqual(before);
    const saved = await app.call('tables.importSave', { text, die: 'd20' });
    expect(saved.table.die).toBe('d20');
    expect(saved.table.rows.map((r) => r.range)).toEqual([
      { from: 1, to: 5 },
      { from: 6, to: 10 },
      { from: 11, to: 15 },
      { from: 16, to: 20 },
    ]);
    expect(landings(saved.table).filter((l) => l.row === null)).toEqual([]);
    // A row outside a die the keys do not fill exactly gets no such offer: the key may be the typo.
    const typo = await app.call('tables.importPreview', { text: fixture('54-outside-die-refused.txt') });
    expect(typo.problems.map((p) => p.message)).toEqual([
      'row 3 (“Silence”) is keyed 5-7, outside 1-6, what d6 can give: change the key, or type the right die in Die',
    ]);
    app.close();
  });

  it('a messy community table: 1d101 over results 1-100 and a duplicated result are named; fill makes it whole', async () => {
    const app = await campaign();
    const text = fixture('64-foundry-messy-d101-duplicate.json');
    const preview = await app.call('tables.importPreview', { text });
    expect(preview.gaps.tables).toEqual([
      { key: 'community-loot-messy', name: 'Community Loot (messy)', uncovered: '101', line: 1 },
    ]);
    expect(preview.notes).toContainEqual({
      line: 40,
      message: 'Community Loot (messy): result 11 (“Loot 31-40”) repeats an earlier result exactly and was left out',
    });
    const saved = await app.call('tables.importSave', { text, gaps: 'fill' });
    expect(saved.table.die).toBe('d101');
    expect(saved.table.rows.at(-1)!.range).toEqual({ from: 91, to: 101 });
    expect(parseDice(saved.table.die!).max).toBe(101);
    app.close();
  });
});

describe('"Roll twice." on the same table', () => {
  it('is no companion table: the row rolls its own table twice, each result nested in the roll and the ledger (ch.10 tables)', async () => {
    const app = await campaign();
    const text =
      'Tavern Rumours\nd4\n1 A dragon sleeps under the hill\n2 The miller hides gold\n3 A stranger asks for you\n4 Roll twice.\n';
    const preview = await app.call('tables.importPreview', { text });
    expect(preview.tables.map((t) => t.table.key)).toEqual(['tavern-rumours']);
    expect(preview.tables[0]!.table.rows[3]!.rollOn).toEqual({ table: 'tavern-rumours', times: 2, modifier: 0 });
    await app.call('tables.importSave', { text });
    await app.call('dice.setSeed', { seed: 3 });
    const { node, entry } = await app.call('tables.roll', { key: 'tavern-rumours' });
    expect(node.label).toBe('Roll twice.');
    expect(node.children.map((c) => [c.table, c.label])).toEqual([
      ['tavern-rumours', 'The miller hides gold'],
      ['tavern-rumours', 'The miller hides gold'],
    ]);
    expect(entry.explain).toBe(
      '4 = 4 on d4 → Roll twice. (Tavern Rumours) ⟶ 2 = 2 on d4 → The miller hides gold (Tavern Rumours) | 2 = 2 on d4 → The miller hides gold (Tavern Rumours)',
    );
    app.close();
  });
});
