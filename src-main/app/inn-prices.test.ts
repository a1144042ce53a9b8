// The Inn's event sets the prices of the day it is rolled for (ch.4, ch.5): "next day" rolls the
// event of the day that begins, so a feast or a leaking roof falls on a day not yet paid for; a
// feast's meal feeds the survival clock for two days. Through the commands on the demo campaign.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

type Demo = Awaited<ReturnType<typeof openDemo>>;

/** The demo after its first "next day", with Odile given gold to spend (the seed sets day 2's event). */
async function dayTwo(seed: number): Promise<Demo & { odile: number; innLine: string }> {
  const demo = await openDemo(seed);
  const odile = demo.roster.find((l) => l.name === 'Odile Vantreck')!.id;
  await demo.app.call('lichslayer.update', { id: odile, patch: { gold: 500 } });
  const report = await demo.app.call('town.nextDay', {});
  const innLine = report.lines.map((l) => l.text).find((t) => t.startsWith('Inn'))!;
  return { ...demo, odile, innLine };
}

/** Feast night's prices (the starter Inn table's 11): half the book's 36 gold for a meal that feeds two days. */
const FEAST_NIGHT = {
  meal: 18,
  shelter: 72,
  both: 90,
  fedDays: 2,
  why: 'Feast night today: a meal 18 gold, a meal feeds 2 days',
};

const inn = async (app: Demo['app']) => (await app.call('campaign.current', {}))!.town.inn;

describe('the day’s Inn event and its prices (ch.4, ch.5)', () => {
  it('before any day has turned the Inn names no event and charges the book’s 36, 72 and 108', async () => {
    const { app } = await openDemo(4);
    expect(await inn(app)).toEqual({
      event: null,
      prices: { meal: 36, shelter: 72, both: 108, fedDays: 1, why: null },
    });
    app.close();
  });

  it('Feast night, rolled as day 2 begins, halves day 2’s meal to 18 gold and feeds Odile through day 3', async () => {
    const { app, odile, innLine, me } = await dayTwo(4);
    expect(innLine).toBe(
      'Inn, day 2: 11 = 11 on d12 (ch.5): Feast night — Meals cost half today and count as two days fed.',
    );
    expect(await inn(app)).toEqual({
      event: 'Feast night — Meals cost half today and count as two days fed.',
      prices: FEAST_NIGHT,
    });
    const bought = await app.call('town.buy', { id: odile, what: 'both' });
    expect(bought.notes).toEqual([
      'Odile Vantreck: meal and shelter for 90 gold (ch.4; Feast night today: a meal 18 gold, a meal feeds 2 days, ch.5)',
    ]);
    expect((await me(odile)).gold).toBe(410);
    expect((await me(odile)).life.clock.fedThrough).toBe(3);
    // day 2's night: fed by the meal bought; day 3's: fed by the feast, with no meal bought
    await app.call('town.nextDay', {});
    const day3 = await app.call('town.nextDay', {});
    expect(day3.lines.find((l) => l.text.startsWith('Odile Vantreck'))!.text).toMatch(
      /^Odile Vantreck \(ate, no shelter\)/,
    );
    expect((await me(odile)).life.clock.daysWithoutMeal).toBe(0);
    // back on day 3, fed by the feast: no second meal is sold for it; then the day passes again
    await app.call('history.undo', {});
    expect((await app.call('campaign.current', {}))!.town.day).toBe(3);
    await expect(app.call('town.buy', { id: odile, what: 'meal' })).rejects.toThrow(
      'Odile Vantreck is fed today by a meal bought on an earlier day (ch.5). Nothing changed.',
    );
    await app.call('town.nextDay', {});
    // day 4: the feast is over, and a day without a meal counts again
    const day4 = await app.call('town.nextDay', {});
    expect(day4.lines.find((l) => l.text.startsWith('Odile Vantreck'))!.text).toMatch(/^Odile Vantreck \(no meal, /);
    expect((await me(odile)).life.clock.daysWithoutMeal).toBe(1);
    app.close();
  });

  it('the keeper’s favour makes day 2’s meal and shelter free; a leaking roof adds 12 gold to shelter', async () => {
    const favour = await dayTwo(14);
    expect(favour.innLine).toMatch(/^Inn, day 2: 12 = 12 on d12 \(ch\.5\): The keeper’s favour/);
    expect((await favour.app.call('town.buy', { id: favour.odile, what: 'both' })).notes).toEqual([
      'Odile Vantreck: meal and shelter for 0 gold (ch.4; The keeper’s favour today: a meal 0 gold, shelter 0 gold, ch.5)',
    ]);
    expect((await favour.me(favour.odile)).gold).toBe(500);
    favour.app.close();
    const roof = await dayTwo(26);
    expect(roof.innLine).toMatch(/^Inn, day 2: 6 = 6 on d12 \(ch\.5\): Leaking roof/);
    expect((await roof.app.call('town.buy', { id: roof.odile, what: 'shelter' })).notes).toEqual([
      'Odile Vantreck: shelter for 84 gold (ch.4; Leaking roof today: shelter 84 gold, ch.5)',
    ]);
    expect((await roof.me(roof.odile)).gold).toBe(416);
    roof.app.close();
  });

  it('at Stage 1, with the negative event first, both of the day’s events are shown and priced; at Stage 4 the closed Inn shows none', async () => {
    const { app } = await openDemo(8);
    await app.call('houseRules.update', { patch: { stageOneNegativeFirst: true } });
    await app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: 1 } });
    await app.call('dice.setSeed', { seed: 8 });
    // seed 8: the d8 shows 1, event 2; the d12 shows 12, −1: event 11 (as in the Stage 1 tests)
    await app.call('town.nextDay', {});
    expect(await inn(app)).toEqual({
      event:
        'Brawl in the common room — A fight over the dice wrecks the tables: tonight each patron pays 12 gold in damages, or spends the night in the stocks and gets no Sanity back. Then: Feast night — Meals cost half today and count as two days fed.',
      prices: FEAST_NIGHT,
    });
    await app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: 4 } });
    expect(await inn(app)).toEqual({
      event: null,
      prices: { meal: 36, shelter: 72, both: 108, fedDays: 1, why: null },
    });
    app.close();
  });

  it('a homebrewed Inn event’s prices are the table’s: an edited row charges what it says', async () => {
    const { app, odile } = await dayTwo(26);
    const table = (await app.call('tables.get', { key: 'inn-events' })).table;
    const index = table.rows.findIndex((r) => r.label === 'Leaking roof');
    await app.call('tables.setRow', {
      key: 'inn-events',
      index,
      row: { ...table.rows[index]!, inn: { mealPercent: 300, shelterPercent: 100, shelterExtra: 0, fedDays: 1 } },
    });
    await expect(app.call('town.buy', { id: odile, what: 'meal' })).resolves.toMatchObject({
      notes: ['Odile Vantreck: meal for 108 gold (ch.4; Leaking roof today: a meal 108 gold, ch.5)'],
    });
    app.close();
  });
});
