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
    const odds = await app.call('tables.odds', { key: 'rooms-upper', draft: { die: table.die, span: table.span, rows } });
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
