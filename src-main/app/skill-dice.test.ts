// A class skill's dice rolled at the table (ch.1, ch.2): Burgle's loot d100 takes the face the
// Bandit's player rolled, the board offers it as a roll the table may make, and the ledger names
// who entered it. Through handDice.roll on the demo campaign, seed 11.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

/** Sable as a level-6 Bandit out of a fight, in a Vault with a Red mark; every loot row Any colour. */
async function sableBesideAMark() {
  const { app, roster, me } = await openDemo(11);
  const sable = roster[2]!;
  await app.call('lichslayer.update', {
    id: sable.id,
    patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', skill2: 'Extra Pockets', skill3: 'Disarm', level: 6 },
  });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
  for (const t of (await app.call('board.view', { floor: 1 })).tokens.filter((k) => k.kind === 'entity'))
    await app.call('board.updateToken', { id: t.id, patch: { defeated: true } });
  const loot = (await app.call('tables.get', { key: 'loot' })).table.rows
    .map((r, i) => (r.loot ? i : -1))
    .filter((i) => i >= 0);
  await app.call('tables.recolour', { key: 'loot', indices: loot, colour: 'All-Color' });
  const board = await app.call('board.addToken', {
    kind: 'entity',
    name: 'Mark',
    colour: 'Red',
    floor: 1,
    x: 2,
    y: 0,
    health: 3,
    armor: 0,
  });
  return { app, me, sable, board, mark: board.tokens.find((t) => t.name === 'Mark')! };
}

describe('a skill’s dice rolled at the table (ch.1, ch.2)', () => {
  it('Burgle on a 70 rolled at the table takes 30 on the loot table, the Brand Hatchet, and the ledger says the Judge entered it', async () => {
    const { app, me, sable, board, mark } = await sableBesideAMark();
    expect(board.offers.filter((o) => o.lichslayerId === sable.id).map((o) => [o.label, o.rollsDice])).toEqual([
      ['Sable Hartigan: Burgle Mark', true],
    ]);
    const args = { id: sable.id, skill: 'Burgle', tokenId: mark.id };
    const r = await app.call('handDice.roll', { command: 'skill.use', args, faces: [70] });
    expect('notes' in r && r.notes).toEqual([
      'Sable Hartigan Burgles Brand Hatchet from Mark: secured at once (ch.2); the loot is of Any colour: kept (ch.2)',
    ]);
    const [entry] = await app.call('ledger.list', { limit: 1 });
    expect([entry!.cause, entry!.explain, entry!.enteredBy, entry!.faces.map((f) => f.face)]).toEqual([
      'Sable Hartigan Burgles Mark',
      '30 = 70 on d100 − 40 (Floor 1) → Common: Brand Hatchet (Tomb Loot Table); the loot is of Any colour: kept (ch.2)',
      'the Judge',
      [70],
    ]);
    expect((await me(sable.id)).inventory.map((i) => i.name)).toContain('Brand Hatchet');
    app.close();
  });

  it('a 101 on the loot d100 is refused and nothing is taken; asked of her player, the roll names neither skill nor target', async () => {
    const { app, me, sable, mark } = await sableBesideAMark();
    const args = { id: sable.id, skill: 'Burgle', tokenId: mark.id };
    const before = (await me(sable.id)).inventory;
    await expect(app.call('handDice.roll', { command: 'skill.use', args, faces: [101] })).rejects.toThrow(
      'Die 1 is a d100: 101 cannot come up on it (1 to 100).',
    );
    expect((await me(sable.id)).inventory).toEqual(before);
    const call = await app.call('handDice.call', { lichslayerId: sable.id, command: 'skill.use', args });
    expect(call?.what).toBe("A skill's roll: the dice in the order the Judge calls them");
    app.close();
  });
});

/** Sable as a level-6 Bandit holding Cheat, with Disarm enhanced, on Floor 1 beside an armed Needle lock. */
async function sableBesideATrap() {
  const { app, roster, me } = await openDemo(11);
  const sable = roster[2]!;
  await app.call('lichslayer.update', {
    id: sable.id,
    patch: {
      hiddenClass: 'The Bandit',
      skill1: 'Burgle',
      skill2: 'Extra Pockets',
      skill3: 'Disarm',
      capstone: 'Cheat',
      level: 6,
    },
  });
  await app.call('skill.points', { id: sable.id, delta: 1 });
  await app.call('skill.spendPoint', { id: sable.id, action: 'enhance', skill: 'Disarm' });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  const board = await app.call('board.setRoom', {
    floor: 1,
    x: 2,
    y: 0,
    patch: { trap: { label: 'Needle lock', disabled: false } },
  });
  return { app, me, sable, board };
}

describe('the Bandit’s rolls at the table (ch.1, ch.2)', () => {
  it('Disarm from sneak offers its mechanism roll to the table and the plain Disarm does not; an 88 entered recovers the Moss Scroll', async () => {
    const { app, me, sable, board } = await sableBesideATrap();
    expect(board.offers.filter((o) => o.lichslayerId === sable.id).map((o) => [o.label, o.rollsDice])).toEqual([
      ['Sable Hartigan: Disarm the trap', false],
      ['Sable Hartigan: Disarm the trap from sneak', true],
    ]);
    const args = { id: sable.id, skill: 'Disarm', sneak: true };
    const r = await app.call('handDice.roll', { command: 'skill.use', args, faces: [88] });
    expect('notes' in r && r.notes).toEqual([
      'Sable Hartigan disarms Needle lock at F1 (3,1): it triggers for no one for the rest of the dive (ch.2)',
      "Sable Hartigan recovers Moss Scroll from Needle lock's mechanism: Disarm enhanced, from sneak: the mechanism is recovered as one Uncommon loot item (ch.2)",
    ]);
    const [entry] = await app.call('ledger.list', { limit: 1 });
    expect([entry!.cause, entry!.explain, entry!.enteredBy, entry!.faces.map((f) => f.face)]).toEqual([
      'Sable Hartigan recovers the mechanism of Needle lock',
      '88 = 88 on d100 → Uncommon: Moss Scroll (Tomb Loot Table); Disarm enhanced, from sneak: the mechanism is recovered as one Uncommon loot item (ch.2)',
      'the Judge',
      [88],
    ]);
    expect((await me(sable.id)).inventory.map((i) => i.name)).toContain('Moss Scroll');
    app.close();
  });

  it('Cheat rerolls a ledger roll on the faces rolled at the table: too few faces are refused and change nothing, then the reroll’s 41 beats the 34', async () => {
    const { app, sable } = await sableBesideATrap();
    await app.call('dice.setSeed', { seed: 7 });
    await app.call('challenge.roll', { lichslayerId: sable.id, target: 12, cause: 'Climb the shaft' });
    const climb = (await app.call('ledger.list', { character: 'Sable Hartigan' })).find((e) =>
      e.cause.endsWith('Climb the shaft'),
    )!;
    expect(climb.explain).toBe('34 = 6d6! [1, 6+6+3, 2, 4, 6+3, 3] vs 12: meets the target (ch.1)');
    const args = { id: sable.id, skill: 'Cheat', rollId: climb.id };
    await expect(app.call('handDice.roll', { command: 'skill.use', args, faces: [2, 3] })).rejects.toThrow(
      'This roll needs more dice than the 2 entered: die 3 is a d6 with no face. Enter it too.',
    );
    const r = await app.call('handDice.roll', { command: 'skill.use', args, faces: [6, 5, 6, 4, 5, 5, 5, 5] });
    expect('notes' in r && r.notes).toEqual([
      "Sable Hartigan Cheats on #2 (Sable Hartigan: Climb the shaft): d6! + d6! + d6! + d6! + d6! + d6! were [1, 15, 2, 4, 9, 3] = 34; the reroll [6+5, 6+4, 5, 5, 5, 5] = 41; the higher is better for Sable Hartigan: the reroll's 41 stands; vs 12: meets the target (ch.2)",
    ]);
    const [entry] = await app.call('ledger.list', { limit: 1 });
    expect([entry!.cause, entry!.enteredBy, entry!.faces.map((f) => f.face)]).toEqual([
      'Sable Hartigan Cheats on #2',
      'the Judge',
      [6, 5, 6, 4, 5, 5, 5, 5],
    ]);
    app.close();
  });
});
