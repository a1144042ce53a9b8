// A Lichslayer rolled up on dice rolled at the table (ch.1, ch.4): the faces stand, in order, for the
// three starting loot d100s (each followed by its influence die), the six stat-point d6s and the
// hidden class's d8; the ledger names the Judge as their source, and too few faces are refused with
// nothing written. Through handDice.roll in a new campaign.
import { describe, expect, it } from 'vitest';
import { makeApp, openDemo } from '../test-support/temp-app.ts';

describe('a Lichslayer rolled up on table dice (ch.1, ch.4)', () => {
  it('100, 41 and 70 with a d6 influence of 4 on the second give loot 60, 5 and 30; six d6 and a d8 finish the roll', async () => {
    const app = makeApp();
    await app.call('campaign.create', { name: 'Table dice' });
    const args = { name: 'Mira Quell', influence: [0, 6, 0] };
    const faces = [100, 41, 4, 70, 1, 2, 3, 4, 5, 6, 3];
    const r = await app.call('handDice.roll', { command: 'lichslayer.roll', args, faces });
    expect('pointsExplain' in r && [r.loot.map((l) => [l.value, l.name]), r.pointsExplain, r.toChoose]).toEqual([
      [
        [60, 'Fen Flail'],
        [5, 'Drowned Poultice'],
        [30, 'Brand Hatchet'],
      ],
      '1→power, 2→speed, 3→health, 4→armor, 5→magic, 6→choice',
      1,
    ]);
    const creation = (await app.call('ledger.list', {})).filter((e) => e.cause.startsWith('Creation of Mira Quell'));
    expect(creation.map((e) => [e.explain, e.enteredBy])).toEqual([
      ['3 on d8 → The Bandit (ch.1, house-rule class table)', 'the Judge'],
      ['1→power, 2→speed, 3→health, 4→armor, 5→magic, 6→choice (ch.4)', 'the Judge'],
      ['30 = 70 on d100 − 40 (starting loot) → Common (ch.1): Brand Hatchet', 'the Judge'],
      [
        '5 = 41 on d100 − 40 (starting loot) + 4 (influence: influence die 2) [4] → Common (ch.1): Drowned Poultice',
        'the Judge',
      ],
      ['60 = 100 on d100 − 40 (starting loot) → Common (ch.1): Fen Flail', 'the Judge'],
    ]);
    expect(creation.at(-1)!.faces.map((f) => f.face)).toEqual(faces);
    expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true });
    app.close();
  });

  it('ten faces where the roll needs eleven are refused, and no Lichslayer is created', async () => {
    const app = makeApp();
    await app.call('campaign.create', { name: 'Table dice' });
    const args = { name: 'Mira Quell', influence: [0, 6, 0] };
    await expect(
      app.call('handDice.roll', { command: 'lichslayer.roll', args, faces: [100, 41, 4, 70, 1, 2, 3, 4, 5, 6] }),
    ).rejects.toThrow('This roll needs more dice than the 10 entered: die 11 is a d8 with no face. Enter it too.');
    expect((await app.call('campaign.current', {}))!.roster).toEqual([]);
    app.close();
  });

  it('asked of a player, the roll names its dice in the order they go in, the d8 by its die alone', async () => {
    const { app, roster } = await openDemo(21);
    const call = await app.call('handDice.call', {
      lichslayerId: roster[0]!.id,
      command: 'lichslayer.roll',
      args: { name: 'Mira Quell', influence: [0, 6, 0] },
    });
    expect(call?.what).toBe(
      'Rolling up a Lichslayer: loot 1: d100; loot 2: d100 then its d6; loot 3: d100; six d6 for the stat points; the class d8',
    );
    app.close();
  });
});
