// The "−N to all rolls" of Sanity and the survival clock (rulebook ch.4, ch.8) reach the rolls the class
// skills make, and looting by skill obeys the Sanity ladder's looting Challenges (ch.8). Through the
// commands a Judge uses, with fixed seeds and fixed expectations.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];
type Sanity = 'whole' | 'strange' | 'edge' | 'paranoid';

const ledgerEntry = async (app: App, character: string, cause: string) =>
  (await app.call('ledger.list', { character })).find((e) => e.cause === cause)!;

/** Four days in Town with shelter and no meal: hunger's day 4, −1 to all rolls (ch.4). */
async function starve(app: App) {
  const roster = (await app.call('campaign.current', {}))!.roster;
  for (const l of roster) await app.call('lichslayer.update', { id: l.id, patch: { gold: 1000 } });
  for (let d = 0; d < 4; d++) {
    for (const l of roster) await app.call('town.buy', { id: l.id, what: 'shelter' });
    await app.call('town.nextDay', {});
  }
}

/** Sable as a Bandit with Burgle, at the given Sanity, in a Vault of Floor 1 with one Red enemy to rob. */
async function burglar(seed: number, sanity: Sanity, inTown: (app: App) => Promise<void> = async () => {}) {
  const { app, roster } = await openDemo(seed);
  const sable = roster[2]!;
  await app.call('lichslayer.update', {
    id: sable.id,
    patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', level: 2, sanity },
  });
  await inTown(app);
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  const { x, y } = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === sable.id)!;
  await app.call('board.setRoom', { floor: 1, x, y, patch: { type: 'vault', name: 'Wide Vault' } });
  const board = await app.call('board.addToken', {
    kind: 'entity',
    name: 'Mark',
    colour: 'Red',
    floor: 1,
    x,
    y,
    health: 3,
    armor: 0,
  });
  return { app, sable, mark: board.tokens.find((t) => t.name === 'Mark')! };
}

/** Odile as a Breaker with Charge, in the Tombs with one Bone Rat in the room ahead, the floor's own enemies felled. */
async function charger(seed: number, sanity: Sanity, inTown: (app: App) => Promise<void> = async () => {}) {
  const { app, roster } = await openDemo(seed);
  const o = roster[0]!;
  await app.call('lichslayer.update', {
    id: o.id,
    patch: { hiddenClass: 'The Breaker', skill1: 'Break', skill3: 'Charge', level: 6, speed: 4, sanity },
  });
  await inTown(app);
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  for (const t of (await app.call('board.view', { floor: 1 })).tokens.filter((k) => k.kind === 'entity'))
    await app.call('board.updateToken', { id: t.id, patch: { defeated: true } });
  await app.call('board.setRoom', {
    floor: 1,
    x: 2,
    y: 1,
    revealed: true,
    patch: { type: 'chamber', name: 'Rat Run' },
  });
  await app.call('board.addToken', {
    kind: 'entity',
    name: 'Bone Rat',
    colour: 'Red',
    floor: 1,
    x: 2,
    y: 1,
    health: 20,
    armor: 0,
  });
  return { app, o };
}

/** Brother Quillam as a Lich Doctor bandaging Odile, brought to the given Health, on Floor 1. */
async function bandage(sanity: Sanity, health: number, inTown: (app: App) => Promise<void> = async () => {}) {
  const { app, roster } = await openDemo(11);
  const [o, q] = roster;
  await app.call('lichslayer.update', {
    id: q!.id,
    patch: { hiddenClass: 'The Lich Doctor', skill1: 'Diagnose and Bandage', level: 2, sanity },
  });
  await inTown(app);
  await app.call('lichslayer.update', { id: o!.id, patch: { health } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  const board = await app.call('board.view', { floor: 1 });
  await app.call('dice.setSeed', { seed: 3 });
  const healed = await app.call('skill.use', {
    id: q!.id,
    skill: 'Diagnose and Bandage',
    tokens: [board.tokens.find((t) => t.lichslayerId === o!.id)!.id],
  });
  app.close();
  return healed.notes[0];
}

/** Wren as an Aristocrat adding her Influence pool to a roll. */
async function influence(sanity: Sanity, inTown: (app: App) => Promise<void> = async () => {}) {
  const { app, roster } = await openDemo(11);
  const w = roster[3]!;
  await app.call('lichslayer.update', {
    id: w.id,
    patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', capstone: 'Influence', sanity },
  });
  await inTown(app);
  await app.call('dice.setSeed', { seed: 3 });
  const r = await app.call('skill.use', { id: w.id, skill: 'Influence', influence: 'add' });
  app.close();
  return r.notes.join('\n');
}

describe('Burgle and the Sanity ladder (ch.2, ch.8)', () => {
  it('ch.8: a Strange Bandit’s Burgle loot roll carries Strange’s −1 to all rolls', async () => {
    const { app, sable, mark } = await burglar(11, 'strange');
    await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: mark.id });
    const entry = await ledgerEntry(app, 'Sable Hartigan', 'Sable Hartigan Burgles Mark');
    expect(entry.explain).toMatch(/− 1 \(Sanity Strange \(ch\.8\)\)/);
    app.close();
  });

  it('ch.8: a Paranoid Bandit must pass a Challenge of 18 before Burgle loots; failing it, nothing is rolled or taken', async () => {
    const { app, sable, mark } = await burglar(11, 'paranoid');
    const r = await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: mark.id });
    expect(r.notes).toEqual([
      'Sable Hartigan loots Mark: Paranoid: looting needs a Challenge, target 18 (ch.8): Sable Hartigan fails (-1 = 2d6! [1, 1] − 3 (Sanity Paranoid (ch.8)) vs 18: all natural 1s: fails (ch.1)); a natural 1: Integrity of Hooked Stiletto: 5 on d6, it holds (ch.11), on the first equipped item that can break, Hooked Stiletto (house rule)',
      'Sable Hartigan cannot loot this round: Burgle takes nothing (ch.8)',
    ]);
    const after = await app.call('ledger.list', { character: 'Sable Hartigan' });
    expect(after.filter((e) => e.cause.includes('Burgles'))).toEqual([]);
    app.close();
  });

  it('ch.8: an Edge Bandit who opened a chest this round Burgles on an off-round only after a Challenge of 12', async () => {
    const { app, sable, mark } = await burglar(11, 'edge');
    await app.call('houseRules.update', { patch: { chestSuccessOn: 1 } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { chest: true } });
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const mine = p.combat!.entrants.find((e) => e.lichslayerId === sable.id)!;
    let guard = 0;
    while (p.combat!.currentTokenId !== mine.tokenId && guard++ < 20) p = await app.call('phase.nextTurn', {});
    await app.call('board.openChest', { floor: 1, x: 2, y: 0, lichslayerId: sable.id });
    const r = await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: mark.id });
    expect(r.notes[0]).toMatch(
      /^Sable Hartigan loots Mark: Edge looted in round 1: round 1 is an off-round, a Challenge of 12 to loot \(ch\.8\): /,
    );
    app.close();
  });
});

describe('the penalties to all rolls reach the class skills’ own dice (ch.2, ch.4, ch.8)', () => {
  it('ch.8: an Edge Breaker’s Charge deals its 1d6 with Edge’s −2 to each enemy passed', async () => {
    const { app, o } = await charger(11, 'edge');
    const r = await app.call('skill.use', { id: o.id, skill: 'Charge', rooms: [{ x: 2, y: 1 }] });
    expect(r.notes.find((n) => n.startsWith("Odile Vantreck's Charge strikes Bone Rat"))).toMatch(
      /^Odile Vantreck's Charge strikes Bone Rat: \d+ = 1d6 \[\d\] − 2 \(Sanity Edge \(ch\.8\)\) \(ch\.2\)$/,
    );
    app.close();
  });

  it('ch.8: a Paranoid Lich Doctor’s Diagnose and Bandage heals its 2d6 with Paranoid’s −3', async () => {
    expect(await bandage('paranoid', 10)).toBe(
      'Odile Vantreck: 5 = 2d6 [2, 6] − 3 (Sanity Paranoid (ch.8)) Health restored: 10 → 15 (ch.2)',
    );
  });

  it('ch.8: a Strange Aristocrat’s Influence pool carries Strange’s −1', async () => {
    expect(await influence('strange')).toBe(
      'Wren of the Hollow Influences a roll: 9d6 (Power 6 + Magic 0 + level 3) [2, 6, 6, 4, 5, 1, 6, 4, 4] − 1 (Sanity Strange (ch.8)) = 37, added to the roll (+37) (ch.2)',
    );
  });
});

describe('hunger’s −1 to all rolls reaches the class skills’ own dice (ch.2, ch.4)', () => {
  it('ch.4: a hungry Breaker’s Charge deals its 1d6 with hunger’s −1', async () => {
    const { app, o } = await charger(11, 'whole', starve);
    const r = await app.call('skill.use', { id: o.id, skill: 'Charge', rooms: [{ x: 2, y: 1 }] });
    expect(r.notes.find((n) => n.startsWith("Odile Vantreck's Charge strikes Bone Rat"))).toBe(
      "Odile Vantreck's Charge strikes Bone Rat: 5 = 1d6 [6] − 1 (Hunger, day 4 (ch.4)) (ch.2)",
    );
    app.close();
  });

  it('ch.4: a hungry Bandit’s Burgle loot roll carries hunger’s −1', async () => {
    const { app, sable, mark } = await burglar(11, 'whole', starve);
    await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: mark.id });
    expect((await ledgerEntry(app, 'Sable Hartigan', 'Sable Hartigan Burgles Mark')).explain).toBe(
      "21 = 62 on d100 − 40 (Floor 1) − 1 (Hunger, day 4 (ch.4)) → Common: Kiln Compass (Tomb Loot Table); the loot is Red, the entity's colour: kept (ch.2)",
    );
    app.close();
  });

  it('ch.4: a hungry Lich Doctor’s Diagnose and Bandage heals its 2d6 with hunger’s −1', async () => {
    expect(await bandage('whole', 4, starve)).toBe(
      'Odile Vantreck: 7 = 2d6 [2, 6] − 1 (Hunger, day 4 (ch.4)) Health restored: 4 → 11 (ch.2)',
    );
  });

  it('ch.4: a hungry Aristocrat’s Influence pool carries hunger’s −1', async () => {
    // The gold given to pay four nights' shelter leaves her 1 Magic (1 per 600 held, ch.4): one die more.
    expect(await influence('whole', starve)).toBe(
      'Wren of the Hollow Influences a roll: 10d6 (Power 6 + Magic 1 + level 3) [2, 6, 6, 4, 5, 1, 6, 4, 4, 4] − 1 (Hunger, day 4 (ch.4)) = 41, added to the roll (+41) (ch.2)',
    );
  });
});
