// Colourless sources through the fight commands (rulebook ch.8, ch.11, ch.12): a Colourless entity's
// damage costs Sanity, and Lich-coded (Colourless) loot adds nothing against the Phylactery. Real
// campaign files, fixed seeds, fixed expectations.
import { describe, expect, it } from 'vitest';
import type { BoardView, TokenView } from '@shared/board.ts';
import { descendTo, openDemo } from '../test-support/temp-app.ts';
import { landingsTo, reliquary } from '../test-support/floor-setups.ts';

const tokenNamed = (b: BoardView, name: string): TokenView => b.tokens.find((t) => t.name === name)!;

/** The demo party on Floor 1 in an empty Vault with a Colourless entity, the fight on. */
async function paleThingInTheVault(seed: number) {
  const { app, roster } = await openDemo(seed);
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  const board = await app.call('board.addToken', {
    kind: 'entity',
    name: 'Pale Thing',
    colour: 'Colourless',
    floor: 1,
    x: 2,
    y: 0,
    health: 30,
    armor: 0,
    stats: { level: 2, attack: '2d6' },
  });
  await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  const sable = roster.find((l) => l.name === 'Sable Hartigan')!;
  return { app, board, sable, pale: tokenNamed(board, 'Pale Thing'), victim: tokenNamed(board, 'Sable Hartigan') };
}

describe('damage from a Colourless entity (ch.8)', () => {
  it('ch.8: each instance a Colourless entity deals calls a Sanity Challenge for its victim, at the unstated target 12 (house rule); a failure drops a level', async () => {
    const { app, pale, victim } = await paleThingInTheVault(8);
    await app.call('dice.setSeed', { seed: 2 });
    const r = await app.call('fight.attack', { attacker: pale.id, target: victim.id, outOfTurn: true });
    expect(r.lines).toEqual([
      'Attack: Pale Thing → Sable Hartigan: 16 damage',
      'Pale Thing: 16 damage = 2d6! [6+3, 6+1] (ch.11)',
      "Armor negates the whole instance of 16 (Pale Thing's attack): Armor 6 → 5; its other effects still resolve (ch.11)",
      'Damage from Pale Thing, a Colourless entity (ch.8, target by house rule): Sable Hartigan fails (4 = 1d6! [4] vs 12: short of the target (ch.1)) and drops to Strange (ch.8)',
    ]);
    expect((await app.call('campaign.current', {}))!.roster.find((l) => l.name === 'Sable Hartigan')!.sanity).toBe(
      'strange',
    );
    app.close();
  });

  it('ch.8: damage by the Judge’s hand whose author is the Colourless entity calls the same Sanity Challenge', async () => {
    const { app, pale, victim } = await paleThingInTheVault(8);
    await app.call('dice.setSeed', { seed: 2 });
    const r = await app.call('fight.damage', {
      target: victim.id,
      amount: 5,
      label: 'a pale grasp',
      felledBy: pale.id,
    });
    expect(r.lines).toEqual([
      "a pale grasp: 5 to Sable Hartigan, the Judge's hand",
      'Armor negates the whole instance of 5 (a pale grasp): Armor 6 → 5; its other effects still resolve (ch.11)',
      'Damage from Pale Thing, a Colourless entity (ch.8, target by house rule): Sable Hartigan fails (9 = 1d6! [6+3] vs 12: short of the target (ch.1)) and drops to Strange (ch.8)',
    ]);
    app.close();
  });

  it('house rule: read as naming Lich-type sources only, the Colourless entity’s hit calls no Sanity Challenge (ch.8, ch.11)', async () => {
    const { app, pale, victim } = await paleThingInTheVault(8);
    await app.call('houseRules.update', { patch: { colourlessDamageSanity: 'none' } });
    await app.call('dice.setSeed', { seed: 2 });
    const r = await app.call('fight.attack', { attacker: pale.id, target: victim.id, outOfTurn: true });
    expect(r.lines).toEqual([
      'Attack: Pale Thing → Sable Hartigan: 16 damage',
      'Pale Thing: 16 damage = 2d6! [6+3, 6+1] (ch.11)',
      "Armor negates the whole instance of 16 (Pale Thing's attack): Armor 6 → 5; its other effects still resolve (ch.11)",
    ]);
    app.close();
  });
});

describe('Lich-coded loot against the Phylactery (ch.12)', () => {
  it('ch.12: attacking the Phylactery with the Influence dice, the Colourless Grey Compass adds nothing (house rule) while the Red Cinder Compass adds its d6', async () => {
    const { app, roster } = await openDemo(31);
    const odile = roster.find((l) => l.name === 'Odile Vantreck')!;
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'gear',
      item: { name: 'Cinder Maul', colour: 'Red', notes: 'Attack: 2d6' },
    });
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'loot1',
      item: { name: 'Grey Compass', colour: 'Colourless' },
    });
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'loot3',
      item: { name: 'Cinder Compass', colour: 'Red' },
    });
    await landingsTo(app, 10);
    await reliquary(app);
    await descendTo(app, 10);
    const board = await app.call('board.view', { floor: 10 });
    const phylactery = board.tokens.find((t) => t.kind === 'phylactery')!;
    await app.call('dice.setSeed', { seed: 3 });
    const r = await app.call('fight.attack', {
      attacker: tokenNamed(board, 'Odile Vantreck').id,
      target: phylactery.id,
      outOfTurn: true,
      influence: true,
    });
    expect(r.lines).toEqual([
      'Attack: Odile Vantreck → The Phylactery with Cinder Maul: 24 damage',
      'Odile Vantreck: 24 damage = 2d6! + 1d6! Power above 6 (ch.4) [2, 6+6+4, 5] + 1 (influence: Cinder Compass) (ch.11)',
      "Armor negates the whole instance of 24 (Odile Vantreck's Cinder Maul): Armor 36 → 35; its other effects still resolve (ch.11)",
      'Grey Compass is Lich-coded (Colourless) loot: useless against the Phylactery, its Influence adds nothing (ch.12, house rule)',
    ]);
    // No die is rolled for the Grey Compass: the maul's 2d6 (2, 6+6+4), Power's 1d6 (5), the Cinder Compass's d6 (1).
    const entry = (await app.call('ledger.list', {})).find(
      (e) => e.cause === 'Attack: Odile Vantreck → The Phylactery with Cinder Maul',
    )!;
    expect(entry.faces.map((f) => f.face)).toEqual([2, 6, 6, 4, 5, 1]);
    app.close();
  });
});
