// The Lich's Attention at Stage 1 at the Inn (ch.5): "negative events triggered first", read under
// the house rule stageOneNegativeFirst as a negative event before the day's own roll; through
// `town.nextDay` on the demo campaign with the dice fixed by seed.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const setStage = (app: App, s: 0 | 1 | 2 | 3 | 4) =>
  app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: s } });
const innLines = (r: { lines: { text: string }[] }) => r.lines.map((l) => l.text).filter((t) => t.startsWith('Inn'));

describe('Stage 1: negative Inn events first (ch.5)', () => {
  it('5.26: with the house rule on, at Stage 1 the day opens with a negative Inn event (d8 + 1 over 2-9), then the day’s d12 with its −1, both logged', async () => {
    const { app } = await openDemo(8);
    await app.call('houseRules.update', { patch: { stageOneNegativeFirst: true } });
    await setStage(app, 1);
    await app.call('dice.setSeed', { seed: 8 });
    const r = await app.call('town.nextDay', {});
    // seed 8: the d8 shows 1, so event 2; then the d12 shows 12, −1 at Stage 1: event 11
    expect(innLines(r)).toEqual([
      'Inn, day 2, first: 2 = 1 on d8 + 1, a negative event (2-9) first at Stage 1 (ch.5, house rule): Brawl in the common room — A fight over the dice wrecks the tables: tonight each patron pays 12 gold in damages, or spends the night in the stocks and gets no Sanity back.',
      "Inn, day 2: 11 = 12 on d12 − 1 (Lich's Attention Stage 1) (ch.5): Feast night — Meals cost half today and count as two days fed.",
    ]);
    // the ledger lists the newest first
    const ledger = await app.call('ledger.list', {});
    expect(
      ledger.filter((e) => e.cause.startsWith('Inn, day 2')).map((e) => [e.cause, e.explain.split(':')[0]]),
    ).toEqual([
      ['Inn, day 2 (ch.5)', "11 = 12 on d12 − 1 (Lich's Attention Stage 1) (ch.5)"],
      [
        'Inn, day 2: a negative event first at Stage 1 (ch.5, house rule)',
        '2 = 1 on d8 + 1, a negative event (2-9) first at Stage 1 (ch.5, house rule)',
      ],
    ]);
    app.close();
  });

  it('5.26, ch.7: with the house rule on, a Wary Retainer leaves on Stage 1’s negative event though the day’s roll is not negative', async () => {
    const { app, roster } = await openDemo(15);
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { hiddenClass: 'The Aristocrat', level: 2 } });
    await app.call('retainer.hire', { employer: s.id, name: 'Quince', grade: 'skilled' });
    // a missed wage takes Quince from Standard to Wary (ch.7, house rule loyalty-step)
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 0 } });
    await app.call('houseRules.update', { patch: { stageOneNegativeFirst: true } });
    await setStage(app, 1);
    await app.call('dice.setSeed', { seed: 15 });
    const r = await app.call('town.nextDay', {});
    // seed 15: the d8 shows 3, event 4; the day's d12 shows 11, −1: event 10, not negative
    expect(innLines(r).map((t) => t.split(':')[1])).toEqual([
      ' 4 = 3 on d8 + 1, a negative event (2-9) first at Stage 1 (ch.5, house rule)',
      " 10 = 11 on d12 − 1 (Lich's Attention Stage 1) (ch.5)",
    ]);
    expect(r.lines.map((l) => l.text).filter((t) => t.startsWith('Quince'))).toEqual([
      'Quince is not paid (216 gold due, 0 held): standard → wary (ch.7, house rule)',
      'Quince, Wary, leaves after a negative Inn event (4; negative up to 9, house rule) (ch.7)',
    ]);
    expect((await app.call('town.state', {})).state.retainers).toEqual([]);
    app.close();
  });

  it('5.26: by default (the house rule off), Stage 1 rolls the one d12 and nothing before it', async () => {
    const { app } = await openDemo(8);
    await setStage(app, 1);
    await app.call('dice.setSeed', { seed: 8 });
    const r = await app.call('town.nextDay', {});
    // seed 8's first die, now the d12: 1, −1 at Stage 1, held at 2
    expect(innLines(r)).toEqual([
      "Inn, day 2: 2 = 1 on d12 − 1 (Lich's Attention Stage 1) (0 below 2 counts as 2) (ch.5): Brawl in the common room — A fight over the dice wrecks the tables: tonight each patron pays 12 gold in damages, or spends the night in the stocks and gets no Sanity back.",
    ]);
    app.close();
  });

  it('5.29: Stage 2 has no negative event first: the one d12, −2', async () => {
    const { app } = await openDemo(8);
    await setStage(app, 2);
    await app.call('dice.setSeed', { seed: 8 });
    const r = await app.call('town.nextDay', {});
    expect(innLines(r)).toEqual([
      "Inn, day 2: 2 = 1 on d12 − 2 (Lich's Attention Stage 2) (-1 below 2 counts as 2) (ch.5): Brawl in the common room — A fight over the dice wrecks the tables: tonight each patron pays 12 gold in damages, or spends the night in the stocks and gets no Sanity back.",
    ]);
    app.close();
  });
});
