// How a dive's summary ends (ch.1, ch.10, ch.11, ch.12): the floors the party cleared on it, a
// withdrawal to the Town, and the whole party lost for good on Floor 10; through the commands a
// Judge triggers, on a new campaign with a rolled party and a fixed seed.
import { describe, expect, it } from 'vitest';
import { descendTo, makeApp, walkEveryRoom } from '../test-support/temp-app.ts';

async function rolledParty(seed: number) {
  const app = makeApp();
  await app.call('campaign.create', { name: 'Endings' });
  await app.call('dice.setSeed', { seed });
  for (const name of ['Ash', 'Bree']) await app.call('lichslayer.roll', { name });
  return app;
}

const newestDive = async (app: Awaited<ReturnType<typeof rolledParty>>) => {
  const newest = await app.call('journal.summary', { of: 'dive' });
  if (newest.of !== 'dive') throw new Error(`the newest summary is of ${newest.of}, not of a dive`);
  return newest.summary;
};

describe('a dive’s ending in its summary (ch.1, ch.10)', () => {
  it('a dive that clears Floor 1 and withdraws names Floor 1 cleared; the next dive there clears nothing new', async () => {
    const app = await rolledParty(5);
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await walkEveryRoom(app, 1);
    await app.call('phase.send', { event: { type: 'FLOOR_CLEARED' } });
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    expect(await newestDive(app)).toMatchObject({ ending: 'withdrew', floors: [1], floorsCleared: [1], deaths: [] });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    expect(await newestDive(app)).toMatchObject({ ending: 'withdrew', floors: [1], floorsCleared: [] });
    app.close();
  });

  it('the whole party brought to 0 Health on Floor 10 is lost for good: the dive ends “fell”, each lost (ch.10)', async () => {
    // seed 7: both reach Floor 10 on their feet (Ash 51, Bree 42 Health)
    const app = await rolledParty(7);
    await descendTo(app, 10);
    const party = (await app.call('board.view', { floor: 10 })).tokens.filter((t) => t.kind === 'lichslayer');
    expect(party.map((t) => t.name)).toEqual(['Ash', 'Bree']);
    // ch.10: on Floor 10, 0 Health is permanent loss at once, with no choice to make
    for (const t of party)
      await app.call('fight.damage', { target: t.id, amount: 999, label: 'The Lich', bypassArmor: true });
    expect(await newestDive(app)).toMatchObject({
      ending: 'fell',
      floors: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      deaths: [
        { name: 'Ash', lost: true },
        { name: 'Bree', lost: true },
      ],
    });
    app.close();
  });
});
