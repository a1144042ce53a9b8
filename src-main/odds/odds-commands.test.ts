// The Odds lab's commands through the real handlers on a real campaign file.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

describe('tables.odds', () => {
  it('gives each loot row its chance on a floor, in the table row order, and changes nothing', async () => {
    const { app } = await openDemo(1);
    const before = await app.call('ledger.list', {});
    const odds = await app.call('tables.odds', { key: 'loot', context: { floor: 1 } });
    expect(odds.rows).toHaveLength(121);
    expect(odds.rows[0]).toMatchObject({ index: 0, key: '1', p: expect.closeTo(0.41, 12) });
    expect(odds.rows.reduce((a, r) => a + r.p, 0) + odds.noEntry).toBeCloseTo(1, 12);
    expect(odds.saved).toBeNull();
    expect(await app.call('ledger.list', {})).toEqual(before);
    app.close();
  });

  it('a draft of an unsaved range edit comes with the saved odds beside it', async () => {
    const { app } = await openDemo(1);
    const { table } = await app.call('tables.get', { key: 'rooms-upper' });
    // Widen row 1 to 1-3 and shrink row 2 to nothing: rows 2 and 3 now overlap row 1.
    const rows = table.rows.map((r, i) => (i === 0 ? { ...r, range: { from: 1, to: 3 } } : r));
    const odds = await app.call('tables.odds', {
      key: 'rooms-upper',
      draft: { die: table.die, span: table.span, rows },
    });
    expect(odds.rows[0]!.p).toBeCloseTo(3 / 12, 14);
    expect(odds.rows[1]!.p).toBe(0);
    expect(odds.saved!.rows[0]).toBeCloseTo(1 / 12, 14);
    expect((await app.call('tables.get', { key: 'rooms-upper' })).table.rows[0]!.range).toEqual({ from: 1, to: 1 });
    app.close();
  });

  it('refuses a floor the loot roll does not know, and an unknown table, with what and where', async () => {
    const { app } = await openDemo(1);
    await expect(app.call('tables.odds', { key: 'nope' })).rejects.toThrow(/There is no table “nope”/);
    await expect(app.call('tables.odds', { key: 'loot', context: { floor: 11 } })).rejects.toThrow(/floor/i);
    app.close();
  });
});

describe('odds.challenge and odds.challengeGrid', () => {
  it('takes a Lichslayer’s level, Sanity and penalties, and names their looting Challenge at Edge', async () => {
    const { app, roster } = await openDemo(1);
    const tobin = roster[0]!;
    await app.call('lichslayer.update', { id: tobin.id, patch: { sanity: 'edge' } });
    const single = await app.call('odds.challenge', { id: tobin.id, target: 12 });
    expect(single.who).toBe(tobin.name);
    expect(single.modifier).toBe(-2);
    const grid = await app.call('odds.challengeGrid', { id: tobin.id });
    expect(grid.levels).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(grid.targets).toEqual([6, 12, 18, 24, 30]);
    expect(grid.p[tobin.level - 1]![1]).toBe(single.p);
    expect(grid.named[0]).toMatchObject({ label: 'Edge looting (an off-round)', target: 12, p: single.p });
    expect(grid.named[0]!.explain).toContain(`for ${tobin.name}`);
    app.close();
  });

  it('follows the house rule: one die whatever the level', async () => {
    const { app } = await openDemo(1);
    const level = await app.call('odds.challenge', { level: 4, target: 12 });
    await app.call('houseRules.update', { patch: { challengeDice: 'single-die' } });
    const single = await app.call('odds.challenge', { level: 4, target: 12 });
    expect(single.dice).toBe(1);
    expect(single.p).toBeLessThan(level.p);
    expect(single.chapter).toBe('ch.11');
    app.close();
  });

  it('needs a level or a Lichslayer', async () => {
    const { app } = await openDemo(1);
    await expect(app.call('odds.challenge', { target: 12 })).rejects.toThrow(/give a level/);
    app.close();
  });
});

describe('tables.odds on what the Judge builds', () => {
  it('a table drawn without replacement: rows already drawn in play have no chance, the rest share theirs', async () => {
    const { app } = await openDemo(4);
    const made = await app.call('tables.importSave', { text: '1 = Ash\n2 = Bone\n3 = Coal\n4 = Dust', name: 'Omens' });
    await app.call('tables.updateMeta', { key: made.table.key, patch: { drawWithoutReplacement: true } });
    const rolled = await app.call('tables.roll', { key: made.table.key });
    const odds = await app.call('tables.odds', { key: made.table.key });
    expect(odds.rows[rolled.node.row!]!.p).toBe(0);
    for (const r of odds.rows) if (r.index !== rolled.node.row) expect(r.p).toBeCloseTo(1 / 3, 14);
    app.close();
  });

  it('a row that rolls twice on another table: each nested roll with its joint chance', async () => {
    const { app } = await openDemo(4);
    const weather = await app.call('tables.importSave', { text: '1-3 = Rain\n4-6 = Fog', name: 'Weather', die: 'd6' });
    const omens = await app.call('tables.importSave', { text: '1 = Crows\n2 = Bells', name: 'Omens', die: 'd2' });
    const row = { ...omens.table.rows[1]!, rollOn: { table: weather.table.key, times: 2, modifier: 3 } };
    await app.call('tables.setRow', { key: omens.table.key, index: 1, row });
    const odds = await app.call('tables.odds', { key: omens.table.key });
    expect(odds.nested.map((n) => n.path)).toEqual([
      [1, 0],
      [1, 1],
    ]);
    // d6 + 3 on Weather: 4-6 is Fog on 1-3, and 7-9 clamps to 6: Fog always.
    expect(odds.nested[0]!.rows[0]).toBe(0);
    expect(odds.nested[0]!.rows[1]).toBeCloseTo(0.5, 15);
    expect(odds.nested[1]!.via).toBe('2 “Bells” → Weather (roll 2 of 2)');
    app.close();
  });

  it('a weighted table and its unsaved weight', async () => {
    const { app } = await openDemo(4);
    const made = await app.call('tables.create', { name: 'Loot piles', category: 'custom', die: null });
    for (const [i, w] of [3, 1].entries())
      await app.call('tables.insertRow', { key: made.table.key, index: i, row: { label: `pile ${i}`, weight: w } });
    const { table } = await app.call('tables.get', { key: made.table.key });
    const odds = await app.call('tables.odds', {
      key: made.table.key,
      draft: { die: null, span: null, rows: table.rows.map((r, i) => (i === 1 ? { ...r, weight: 5 } : r)) },
    });
    expect(odds.rows.map((r) => r.p)).toEqual([3 / 8, 5 / 8]);
    expect(odds.saved!.rows).toEqual([3 / 4, 1 / 4]);
    app.close();
  });

  it('refuses a die too wide to work out exactly, saying how wide', async () => {
    const { app } = await openDemo(4);
    const made = await app.call('tables.create', { name: 'Huge', category: 'custom', die: '100d10000' });
    await app.call('tables.insertRow', {
      key: made.table.key,
      index: 0,
      row: { label: 'all', range: { from: 100, to: 1_000_000 } },
    });
    await expect(app.call('tables.odds', { key: made.table.key })).rejects.toThrow(
      '100d10000 can give 999,901 different totals from 100 dice: too many to work out exactly',
    );
    app.close();
  });
});
