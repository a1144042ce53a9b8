// The journal keeps the rolls a Judge would look for afterwards (ch.8, ch.9, ch.11): a trap's damage
// on entry and the round's-end Sanity Challenges beside a Colourless entity, each with whom it was
// for and where; the fight's summary lists the round's-end rolls among its notable ones. Through the
// commands, on the demo campaign with a fixed seed.
import { describe, expect, it } from 'vitest';
import { intoTheVault, openDemo } from '../test-support/temp-app.ts';
import { SPIKE_ROOM } from '../test-support/spike-room.ts';

describe('the rolls the journal keeps (ch.8, ch.9, ch.11)', () => {
  it('a trap’s damage on entry is a dive roll of Floor 1 for Odile, with its dice', async () => {
    const { app } = await openDemo(4);
    await intoTheVault(app, []);
    await app.call('board.setRoom', SPIKE_ROOM);
    const odile = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Odile Vantreck')!;
    await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 3, y: 0 });
    const [session] = (await app.call('journal.read', { kind: 'rolls' })).sessions;
    expect(session!.rolls.filter((r) => r.cause.startsWith('Spiked floor'))).toEqual([
      {
        cause: 'Spiked floor: damage to Odile Vantreck',
        character: 'Odile Vantreck',
        explain: '9 = 2d6! [5, 4] (ch.9, ch.11)',
        floor: 1,
        kind: 'dive',
      },
    ]);
    app.close();
  });

  it('the round’s-end Sanity Challenges beside a Colourless entity are fight rolls, one for each Lichslayer, and notable in the fight’s summary', async () => {
    const { app } = await openDemo(4);
    await intoTheVault(app, [{ name: 'Pale Thing', colour: 'Colourless', health: 6 }]);
    let phase = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    for (let turn = 0; turn < 5; turn++) phase = await app.call('phase.nextTurn', {});
    expect(phase.combat!.atRoundEnd).toBe(true);
    const cause = 'A round beside Pale Thing, Colourless (ch.11; target house rule)';
    const [session] = (await app.call('journal.read', {})).sessions;
    const explains = [
      '9 = 2d6! [5, 4] vs 12: short of the target (ch.1)',
      '9 = 1d6! [6+4] − 1 (Sanity Strange (ch.8)) vs 12: short of the target (ch.1)',
      '5 = 1d6! [5] vs 12: short of the target (ch.1)',
      '34 = 3d6! [6+6+6+5, 6+2, 5] − 2 (Sanity Edge (ch.8)) vs 12: meets the target (ch.1)',
    ];
    expect(
      session!.rolls.filter((r) => r.cause === cause).map((r) => [r.character, r.explain, r.floor, r.kind]),
    ).toEqual([
      ['Odile Vantreck', explains[0], 1, 'fight'],
      ['Brother Quillam', explains[1], 1, 'fight'],
      ['Sable Hartigan', explains[2], 1, 'fight'],
      ['Wren of the Hollow', explains[3], 1, 'fight'],
    ]);
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    const fight = await app.call('journal.summary', { of: 'fight' });
    if (fight.of !== 'fight') throw new Error(`the newest summary is of ${fight.of}, not of a fight`);
    expect(fight.summary.notableRolls.filter((r) => r.startsWith(cause))).toEqual(
      explains.map((e) => `${cause}: ${e}`),
    );
    app.close();
  });
});
