// The players' screen shows the fight or dive just ended as the players may know it (ch.11, ch.9):
// the Judge's summary less every secret. A hidden enemy is not named, even as who hit whom; the
// seen ones are numbered afresh; the fight's rolls are left out. Nothing shows while a fight is on.
import { describe, expect, it } from 'vitest';
import { makeApp } from '../test-support/temp-app.ts';

const NAMES = ['Ash', 'Bree', 'Cole', 'Dara'];
const hound = (name: string, hidden: boolean, attack: string) => ({
  kind: 'entity' as const,
  name,
  colour: 'Red' as const,
  floor: 1,
  x: 2,
  y: 0,
  health: 6,
  armor: 0,
  hidden,
  stats: { level: 1, attack },
});

/** A rolled party on Floor 1 meets two hounds, the first hidden from the players; it bites Ash, Ash fells the second. */
async function houndsInTheVault() {
  const app = makeApp();
  await app.call('campaign.create', { name: 'Players summary' });
  await app.call('dice.setSeed', { seed: 5 });
  for (const name of NAMES) await app.call('lichslayer.roll', { name });
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  await app.call('board.addToken', hound('Grey Hound 1', true, '20d6'));
  await app.call('board.addToken', hound('Grey Hound 2', false, '1d6'));
  await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  const tokens = (await app.call('board.view', { floor: 1 })).tokens;
  const id = (name: string) => tokens.find((t) => t.name === name)!.id;
  await app.call('fight.attack', { attacker: id('Grey Hound 1'), target: id('Ash'), outOfTurn: true });
  await app.call('fight.damage', { target: id('Grey Hound 2'), amount: 6, label: 'Cinder Lash', felledBy: id('Ash') });
  await app.call('fight.damage', {
    target: id('Dara'),
    amount: 200,
    bypassArmor: true,
    label: 'Bite',
    felledBy: id('Grey Hound 1'),
  });
  return app;
}

describe("the players' screen sums up what just ended (ch.9, ch.11)", () => {
  it('the fight, once over, names the seen hound “Grey Hound” and no hidden one, even as the hand that felled Dara, and lists no rolls', async () => {
    const app = await houndsInTheVault();
    expect((await app.call('players.view', {})).summary).toBeNull();
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    const judges = await app.call('journal.summary', {});
    expect(judges.of === 'fight' && judges.summary.felled).toEqual([
      { name: 'Grey Hound 2', by: 'Ash' },
      { name: 'Dara', by: 'Grey Hound 1' },
    ]);
    const view = await app.call('players.view', {});
    expect(view.summary?.of).toBe('fight');
    const fight = view.summary!.summary as Extract<typeof judges, { of: 'fight' }>['summary'];
    expect(fight.entrants.map((e) => [e.name, e.side, e.dealt, e.taken, e.armorLost])).toEqual([
      ['Ash', 'party', 6, 0, 1],
      ['Bree', 'party', 0, 0, 0],
      ['Cole', 'party', 0, 0, 0],
      ['Dara', 'party', 0, 36, 0],
      ['Grey Hound', 'enemies', 0, 6, 0],
    ]);
    expect([fight.felled, fight.xp, fight.notableRolls]).toEqual([
      [
        { name: 'Grey Hound', by: 'Ash' },
        { name: 'Dara', by: null },
      ],
      [{ name: 'Ash', amount: 1 }],
      [],
    ]);
    expect(JSON.stringify(view)).not.toContain('Grey Hound 1');
    app.close();
  });

  it('the fight’s summary goes when its end is undone, and the dive’s replaces it once the party is back in the Town', async () => {
    const app = await houndsInTheVault();
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    expect((await app.call('players.view', {})).summary?.of).toBe('fight');
    await app.call('history.undo', {});
    expect((await app.call('players.view', {})).summary).toBeNull();
    await app.call('history.redo', {});
    expect((await app.call('players.view', {})).summary?.of).toBe('fight');
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    const dive = (await app.call('players.view', {})).summary;
    expect(dive?.of === 'dive' && [dive.summary.ending, dive.summary.floors, dive.summary.fights]).toEqual([
      'withdrew',
      [1],
      1,
    ]);
    app.close();
  });

  it('a second fight on the same floor replaces the first fight’s summary once it is over', async () => {
    const app = await houndsInTheVault();
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    await app.call('board.addToken', { ...hound('Ash Wolf', false, '1d6'), health: 4 });
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect((await app.call('players.view', {})).summary).toBeNull();
    const tokens = (await app.call('board.view', { floor: 1 })).tokens;
    const id = (name: string) => tokens.find((t) => t.name === name)!.id;
    await app.call('fight.damage', { target: id('Ash Wolf'), amount: 4, label: 'Cinder Lash', felledBy: id('Bree') });
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    const second = (await app.call('players.view', {})).summary;
    expect(second?.of === 'fight' && second.summary.felled).toEqual([{ name: 'Ash Wolf', by: 'Bree' }]);
    app.close();
  });
});
