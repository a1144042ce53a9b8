// Colour synchronicity's defences through the fight commands (rulebook ch.12, ch.14): Full Spectrum
// resists the Unbound, Dual-Color is immune to a faction whose colour signature holds both its
// colours. Real campaign files, fixed seeds, fixed expectations.
import { describe, expect, it } from 'vitest';
import type { BoardView, TokenView } from '@shared/board.ts';
import { intoTheVault, openDemo, type VaultEnemy } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const tokenNamed = (b: BoardView, name: string): TokenView => b.tokens.find((t) => t.name === name)!;
const gauntletOf = async (app: App, name: string) => {
  const l = (await app.call('campaign.current', {}))!.roster.find((x) => x.name === name)!;
  return { health: l.health, armor: l.armor };
};
const healthOf = async (app: App, name: string) =>
  (await app.call('campaign.current', {}))!.roster.find((l) => l.name === name)!.health;

/** One attack out of turn, its dice fixed by `seed`, between two tokens named on the board. */
async function attackOnSeed(app: App, board: BoardView, seed: number, attacker: string, target: string) {
  await app.call('dice.setSeed', { seed });
  return app.call('fight.attack', {
    attacker: tokenNamed(board, attacker).id,
    target: tokenNamed(board, target).id,
    outOfTurn: true,
  });
}

/** The demo party on Floor 1 in an empty Vault with the given enemies, the fight on. */
async function inTheVault(seed: number, enemies: VaultEnemy[]) {
  const { app, roster } = await openDemo(seed);
  const board = await intoTheVault(app, enemies, { enter: true });
  return { app, board, roster };
}

/** Sable wears Red, Green and Orange: every item a different colour, Full Spectrum and nothing else (ch.14). */
async function fullSpectrumSable(app: App, id: number) {
  for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'] as const)
    await app.call('lichslayer.setItem', { id, slot, item: null });
  await app.call('lichslayer.setItem', { id, slot: 'gear', item: { name: 'Red Knife', colour: 'Red' } });
  await app.call('lichslayer.setItem', { id, slot: 'garment', item: { name: 'Green Cloak', colour: 'Green' } });
  await app.call('lichslayer.setItem', { id, slot: 'accessory', item: { name: 'Orange Ring', colour: 'Orange' } });
  const sync = (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!.life.sync;
  expect(sync.map((c) => c.label)).toEqual(['Full Spectrum']);
}

/** The Unbound's own hound: Blue, its bite through Armor, so what strikes Health shows the resistance. */
const UNBOUND_HOUND = {
  name: 'Vestment Hound',
  colour: 'Blue' as const,
  attack: '2d6',
  stats: { unbound: true, bypassArmor: true },
};

describe("Full Spectrum resists the Unbound (ch.14, house rule 'half')", () => {
  it("ch.14: an attack by an entity of the Unbound's strikes a Full Spectrum Lichslayer for half, rounded down: 9 → 4", async () => {
    const { app, board, roster } = await inTheVault(8, [UNBOUND_HOUND]);
    const sable = roster.find((l) => l.name === 'Sable Hartigan')!;
    await fullSpectrumSable(app, sable.id);
    const before = await healthOf(app, 'Sable Hartigan');
    const r = await attackOnSeed(app, board, 4, 'Vestment Hound', 'Sable Hartigan');
    expect(r.lines).toEqual([
      'Attack: Vestment Hound → Sable Hartigan: 9 damage',
      'Vestment Hound: 9 damage = 2d6! [5, 4] (ch.11)',
      "4 to Sable Hartigan's Health (bypasses Armor; ½ defender's Full Spectrum resists the Unbound (ch.14, house rule): 9 → 4): 24 → 20 (ch.11)",
    ]);
    expect(await healthOf(app, 'Sable Hartigan')).toBe(before - 4);
    app.close();
  });

  it("ch.14: an entity marked the Unbound's own on its entity table keeps the mark when a revealed room places it, and its blow is halved for Full Spectrum", async () => {
    const { app, roster } = await inTheVault(3, []);
    const { table } = await app.call('tables.get', { key: 'entities-upper' });
    const index = table.rows.findIndex((r) => r.label === 'Ghast Lord');
    const row = table.rows[index]!;
    await app.call('tables.setRow', {
      key: 'entities-upper',
      index,
      row: { ...row, entity: { ...row.entity!, unbound: true } },
    });
    const sable = roster.find((l) => l.name === 'Sable Hartigan')!;
    await fullSpectrumSable(app, sable.id);
    await app.call('dice.setSeed', { seed: 3 });
    const board = await app.call('board.revealRoom', { floor: 1, x: 1, y: 0 });
    const lord = tokenNamed(board, 'Ghast Lord');
    expect(lord.stats).toMatchObject({ faction: 'Ghoul', bypassArmor: true, unbound: true });
    // It steps into the Vault where the party stands (ch.11: an attack reaches its own room).
    await app.call('board.moveToken', { tokenId: lord.id, floor: 1, x: 2, y: 0, override: true });
    await app.call('dice.setSeed', { seed: 4 });
    const r = await app.call('fight.attack', {
      attacker: lord.id,
      target: tokenNamed(board, 'Sable Hartigan').id,
      outOfTurn: true,
    });
    expect(r.lines).toEqual([
      'Attack: Ghast Lord → Sable Hartigan: 9 damage',
      'Ghast Lord: 9 damage = 2d6! [5, 4] (ch.11)',
      "4 to Sable Hartigan's Health (bypasses Armor; ½ defender's Full Spectrum resists the Unbound (ch.14, house rule): 9 → 4): 24 → 20 (ch.11)",
    ]);
    app.close();
  });

  it("ch.14: a blow with the Whisper-Blade, one of the Unbound's Vestments, strikes a Full Spectrum Lichslayer for half, rounded down", async () => {
    const { app, board, roster } = await inTheVault(8, []);
    const sable = roster.find((l) => l.name === 'Sable Hartigan')!;
    const odile = roster.find((l) => l.name === 'Odile Vantreck')!;
    await fullSpectrumSable(app, sable.id);
    await app.call('lichslayer.update', { id: sable.id, patch: { armor: 0 } });
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'gear',
      item: { name: 'Whisper-Blade', colour: 'Blue', notes: 'Attack: 2d6' },
    });
    const r = await attackOnSeed(app, board, 4, 'Odile Vantreck', 'Sable Hartigan');
    expect(r.lines).toEqual([
      'Attack: Odile Vantreck → Sable Hartigan with Whisper-Blade: 19 damage',
      'Odile Vantreck: 19 damage = 2d6! + 1d6! Power above 6 (ch.4) [5, 4, 6+4] (ch.11)',
      "9 to Sable Hartigan's Health (no Armor left; ½ defender's Full Spectrum resists the Unbound (ch.14, house rule): 19 → 9): 24 → 15 (ch.11)",
    ]);
    app.close();
  });

  it("ch.14: damage by the Judge's hand marked the Unbound's (an Incantation) is halved for Full Spectrum: 9 → 4; unmarked it is not", async () => {
    const { app, board, roster } = await inTheVault(8, []);
    const sable = roster.find((l) => l.name === 'Sable Hartigan')!;
    await fullSpectrumSable(app, sable.id);
    const victim = tokenNamed(board, 'Sable Hartigan').id;
    const marked = await app.call('fight.damage', {
      target: victim,
      amount: 9,
      label: 'Blaze',
      colour: 'Blue',
      bypassArmor: true,
      unbound: true,
    });
    expect(marked.lines).toEqual([
      "Blaze: 9 to Sable Hartigan, the Judge's hand",
      "4 to Sable Hartigan's Health (bypasses Armor; ½ defender's Full Spectrum resists the Unbound (ch.14, house rule): 9 → 4): 24 → 20 (ch.11)",
    ]);
    const plain = await app.call('fight.damage', {
      target: victim,
      amount: 9,
      label: 'a Blue flame',
      colour: 'Blue',
      bypassArmor: true,
    });
    expect(plain.lines).toEqual([
      "a Blue flame: 9 to Sable Hartigan, the Judge's hand",
      "9 to Sable Hartigan's Health (bypasses Armor): 20 → 11 (ch.11)",
    ]);
    app.close();
  });

  it("house rule 'none': the Unbound's damage strikes a Full Spectrum Lichslayer in full, the Judge rules the resistance (ch.14)", async () => {
    const { app, board, roster } = await inTheVault(8, []);
    const sable = roster.find((l) => l.name === 'Sable Hartigan')!;
    await fullSpectrumSable(app, sable.id);
    await app.call('houseRules.update', { patch: { fullSpectrumVsUnbound: 'none' } });
    const r = await app.call('fight.damage', {
      target: tokenNamed(board, 'Sable Hartigan').id,
      amount: 9,
      label: 'Blaze',
      colour: 'Blue',
      bypassArmor: true,
      unbound: true,
    });
    expect(r.lines).toEqual([
      "Blaze: 9 to Sable Hartigan, the Judge's hand",
      "9 to Sable Hartigan's Health (bypasses Armor): 24 → 15 (ch.11)",
    ]);
    app.close();
  });
});

/** A Green Ghoul, placed by hand: of a colour Odile's Dual-Color (Red and Black) is not immune to. */
const MOSS_GHOUL = { name: 'Moss Ghoul', colour: 'Green' as const, attack: '2d6', stats: { faction: 'Ghoul' } };

/** The starter tables' Ghouls are all Red; one made Black gives the faction a Red and Black signature. */
async function blackGnawer(app: App) {
  const { table } = await app.call('tables.get', { key: 'entities-upper' });
  const index = table.rows.findIndex((r) => r.label === 'Gnawer');
  const row = table.rows[index]!;
  await app.call('tables.setRow', {
    key: 'entities-upper',
    index,
    row: { ...row, entity: { ...row.entity!, colour: 'Black' } },
  });
}

describe("Dual-Color is immune to a faction whose signature holds both colours (ch.14, house rule 'entity-tables')", () => {
  it('ch.14: with a Black Ghoul on the entity tables, a Green Ghoul does nothing to Odile (Red and Black): no Armor spent, no Health lost', async () => {
    const { app, board } = await inTheVault(8, [MOSS_GHOUL]);
    await blackGnawer(app);
    const before = await gauntletOf(app, 'Odile Vantreck');
    const r = await attackOnSeed(app, board, 4, 'Moss Ghoul', 'Odile Vantreck');
    expect(r.lines).toEqual([
      'Attack: Moss Ghoul → Odile Vantreck: 9 damage',
      'Moss Ghoul: 9 damage = 2d6! [5, 4] (ch.11)',
      "Odile Vantreck's Dual-Color (Red and Black) makes them immune to the Ghoul faction, whose colour signature (Black, Red) holds both: Moss Ghoul's attack does nothing (ch.14, house rule)",
    ]);
    expect(await gauntletOf(app, 'Odile Vantreck')).toEqual(before);
    expect(before).toEqual({ health: 30, armor: 5 });
    app.close();
  });

  it("ch.14: damage by the Judge's hand whose author is the Green Ghoul does nothing to her either", async () => {
    const { app, board } = await inTheVault(8, [MOSS_GHOUL]);
    await blackGnawer(app);
    const r = await app.call('fight.damage', {
      target: tokenNamed(board, 'Odile Vantreck').id,
      amount: 7,
      label: 'a mossy claw',
      colour: 'Green',
      felledBy: tokenNamed(board, 'Moss Ghoul').id,
    });
    expect(r.lines).toEqual([
      "a mossy claw: 7 to Odile Vantreck, the Judge's hand",
      "Odile Vantreck's Dual-Color (Red and Black) makes them immune to the Ghoul faction, whose colour signature (Black, Red) holds both: a mossy claw does nothing (ch.14, house rule)",
    ]);
    app.close();
  });

  it('ch.14: while every Ghoul on the tables is Red the signature lacks Black, and the Green Ghoul strikes her Armor', async () => {
    const { app, board } = await inTheVault(8, [MOSS_GHOUL]);
    const r = await attackOnSeed(app, board, 4, 'Moss Ghoul', 'Odile Vantreck');
    expect(r.lines).toEqual([
      'Attack: Moss Ghoul → Odile Vantreck: 9 damage',
      'Moss Ghoul: 9 damage = 2d6! [5, 4] (ch.11)',
      "Armor negates the whole instance of 9 (Moss Ghoul's attack): Armor 5 → 4; its other effects still resolve (ch.11)",
    ]);
    app.close();
  });

  it("house rule 'none': no faction immunity, the Green Ghoul strikes her Armor though the Ghouls bear Red and Black (ch.14)", async () => {
    const { app, board } = await inTheVault(8, [MOSS_GHOUL]);
    await blackGnawer(app);
    await app.call('houseRules.update', { patch: { factionSignature: 'none' } });
    const r = await attackOnSeed(app, board, 4, 'Moss Ghoul', 'Odile Vantreck');
    expect(r.lines).toEqual([
      'Attack: Moss Ghoul → Odile Vantreck: 9 damage',
      'Moss Ghoul: 9 damage = 2d6! [5, 4] (ch.11)',
      "Armor negates the whole instance of 9 (Moss Ghoul's attack): Armor 5 → 4; its other effects still resolve (ch.11)",
    ]);
    app.close();
  });
});

/** Sable wears three Red items, her Red Knife striking 2d6: Mono-Color Red and nothing else (ch.14). */
async function monoRedSable(app: App, id: number) {
  for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'] as const)
    await app.call('lichslayer.setItem', { id, slot, item: null });
  await app.call('lichslayer.setItem', {
    id,
    slot: 'gear',
    item: { name: 'Red Knife', colour: 'Red', notes: 'Attack: 2d6' },
  });
  await app.call('lichslayer.setItem', { id, slot: 'garment', item: { name: 'Red Cloak', colour: 'Red' } });
  await app.call('lichslayer.setItem', { id, slot: 'accessory', item: { name: 'Red Ring', colour: 'Red' } });
  await app.call('lichslayer.update', { id, patch: { armor: 0 } });
  const sync = (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!.life.sync;
  expect(sync.map((c) => c.label)).toEqual(['Mono-Color']);
}

describe('the colour multipliers through an attack (ch.14)', () => {
  it('ch.14: a Mono-Color Lichslayer deals 2× damage with an attack and receives ½ from one, halved rounding down: 9 → 18, 9 → 4', async () => {
    const { app, board, roster } = await inTheVault(8, [
      { name: 'Slate Hound', colour: 'Blue', health: 60, attack: '2d6', stats: { bypassArmor: true } },
    ]);
    await monoRedSable(app, roster.find((l) => l.name === 'Sable Hartigan')!.id);
    const dealt = await attackOnSeed(app, board, 4, 'Sable Hartigan', 'Slate Hound');
    expect(dealt.lines).toEqual([
      'Attack: Sable Hartigan → Slate Hound with Red Knife: 9 damage',
      'Sable Hartigan: 9 damage = 2d6! [5, 4] (ch.11)',
      "18 to Slate Hound's Health (no Armor left; ×2 attacker's Mono-Color (ch.14): 9 → 18): 60 → 42 (ch.11)",
    ]);
    const received = await attackOnSeed(app, board, 4, 'Slate Hound', 'Sable Hartigan');
    expect(received.lines).toEqual([
      'Attack: Slate Hound → Sable Hartigan: 9 damage',
      'Slate Hound: 9 damage = 2d6! [5, 4] (ch.11)',
      "4 to Sable Hartigan's Health (bypasses Armor; ½ defender's Mono-Color (ch.14): 9 → 4): 24 → 20 (ch.11)",
    ]);
    app.close();
  });

  it('ch.14: a Full Spectrum Lichslayer deals 2× damage to a Colourless entity and receives ½ from one: 9 → 18, 9 → 4', async () => {
    const { app, board, roster } = await inTheVault(8, [
      { name: 'Pale Wisp', colour: 'Colourless', health: 60, attack: '2d6', stats: { bypassArmor: true } },
    ]);
    const sable = roster.find((l) => l.name === 'Sable Hartigan')!;
    await fullSpectrumSable(app, sable.id);
    await app.call('lichslayer.setItem', {
      id: sable.id,
      slot: 'gear',
      item: { name: 'Red Knife', colour: 'Red', notes: 'Attack: 2d6' },
    });
    const dealt = await attackOnSeed(app, board, 4, 'Sable Hartigan', 'Pale Wisp');
    expect(dealt.lines).toEqual([
      'Attack: Sable Hartigan → Pale Wisp with Red Knife: 9 damage',
      'Sable Hartigan: 9 damage = 2d6! [5, 4] (ch.11)',
      "18 to Pale Wisp's Health (no Armor left; ×2 attacker's Full Spectrum against a Colourless entity (ch.14): 9 → 18): 60 → 42 (ch.11)",
    ]);
    const received = await attackOnSeed(app, board, 4, 'Pale Wisp', 'Sable Hartigan');
    expect(received.lines).toEqual([
      'Attack: Pale Wisp → Sable Hartigan: 9 damage',
      'Pale Wisp: 9 damage = 2d6! [5, 4] (ch.11)',
      "4 to Sable Hartigan's Health (bypasses Armor; ½ defender's Full Spectrum against a Colourless source (ch.14): 9 → 4): 24 → 20 (ch.11)",
      'Damage from Pale Wisp, a Colourless entity (ch.8, target by house rule): Sable Hartigan fails (10 = 1d6! [6+4] vs 12: short of the target (ch.1)) and drops to Strange (ch.8)',
    ]);
    app.close();
  });

  it("ch.14: a Dual-Color Lichslayer deals 2× damage to an enemy of one of its colours, 19 → 38, and that enemy's attack does nothing to her", async () => {
    const { app, board, roster } = await inTheVault(8, [{ name: 'Ember Hound', colour: 'Red', health: 60 }]);
    const odile = roster.find((l) => l.name === 'Odile Vantreck')!;
    const sync = (await app.call('campaign.current', {}))!.roster.find((l) => l.id === odile.id)!.life.sync;
    expect(sync.map((c) => c.label)).toEqual(['Dual-Color']);
    const r = await attackOnSeed(app, board, 4, 'Odile Vantreck', 'Ember Hound');
    expect(r.lines).toEqual([
      'Attack: Odile Vantreck → Ember Hound with Cinder Maul: 19 damage',
      'Odile Vantreck: 19 damage = 2d6! + 1d6! Power above 6 (ch.4) [5, 4, 6+4] (ch.11)',
      "38 to Ember Hound's Health (no Armor left; ×2 attacker's Dual-Color against a Red enemy (ch.14): 19 → 38): 60 → 22 (ch.11)",
    ]);
    const struck = await attackOnSeed(app, board, 4, 'Ember Hound', 'Odile Vantreck');
    expect(struck.lines).toEqual([
      'Attack: Ember Hound → Odile Vantreck: 5 damage',
      'Ember Hound: 5 damage = 1d6! [5] (ch.11)',
      "Odile Vantreck's Dual-Color (Red and Black) makes them immune to Red enemies: Ember Hound's attack does nothing (ch.14)",
    ]);
    app.close();
  });
});
