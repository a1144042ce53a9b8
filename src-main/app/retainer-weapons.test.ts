// An Exceptional Retainer's loot item as its weapon (ch.2, ch.7, ch.11, ch.13), driven through
// retainer.hire, fight.options and fight.attack on the demo campaign with fixed seeds. The hire's
// seed picks the item on the starter Tomb Loot Table: 30 the Ashen Maul (Colourless, Attack 2d6),
// 11 the Hex Cowl (a Block item, no attack). The book's "+2d6" is a bonus to the Retainer's attack,
// so with a weapon it adds to the weapon's 2d6; the house rule's own 1d6 stands in only for a bare attack.
import { describe, expect, it } from 'vitest';
import type { TableRowInput } from '@shared/tables.ts';
import { openDemo } from '../test-support/temp-app.ts';
import { hexImpOnFloorOne, ONENESS_WITCH } from '../test-support/floor-setups.ts';

const QUILLAM = 2;
const WREN = 4;
const ASHEN_MAUL = 30;
const HEX_COWL = 11;

/** Pell, Brother Quillam's Exceptional Retainer, hired with the hire's dice on `seed`, beside the Hex Imp on Floor 1 with the fight on. */
async function pellWith(seed: number) {
  const { app } = await openDemo(7);
  await app.call('lichslayer.update', { id: WREN, patch: ONENESS_WITCH });
  await app.call('lichslayer.update', {
    id: QUILLAM,
    patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', skill2: 'Retainers', level: 4 },
  });
  await app.call('dice.setSeed', { seed });
  const hired = await app.call('retainer.hire', { employer: QUILLAM, name: 'Pell', grade: 'exceptional' });
  const imp = await hexImpOnFloorOne(app);
  await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  const tokens = (await app.call('board.view', { floor: 1 })).tokens;
  const pell = tokens.find((t) => t.name === 'Pell')!;
  await app.call('board.moveToken', { tokenId: pell.id, floor: 1, x: 2, y: 0, override: true });
  return {
    app,
    imp,
    pell,
    loot: hired.state.retainers[0]!.loot,
    lootRef: hired.state.retainers[0]!.lootRef,
    wren: tokens.find((t) => t.name === 'Wren of the Hollow')!,
  };
}

/** Why the app leaves a Retainer's item's integrity check to the Judge (ch.11). */
const UNKEPT =
  "Ashen Maul is Pell's own loot item, and the app keeps no broken state for a Retainer's item: its integrity check (ch.11) is the Judge's to roll and rule by hand";

/** The same for the Hex Cowl, Pell's item when he is hired on seed 11. */
const COWL_UNKEPT = UNKEPT.replace('Ashen Maul', 'Hex Cowl');

type App = Awaited<ReturnType<typeof pellWith>>['app'];
type Token = { id: number };

/** Pell attacks the Hex Imp out of turn, asking for an integrity check on his loot1; the reply, refused or not. */
const askCheck = (app: App, pell: Token, imp: Token) =>
  app.dispatch('fight.attack', { attacker: pell.id, target: imp.id, outOfTurn: true, integritySlot: 'loot1' });

/** Pell's attack on the Hex Imp on seed 5: its result's lines. */
async function attackOnFive(app: App, pell: Token, imp: Token): Promise<string[]> {
  await app.call('dice.setSeed', { seed: 5 });
  return (await app.call('fight.attack', { attacker: pell.id, target: imp.id, outOfTurn: true })).lines;
}

/** The Judge edits a loot row in the tables editor, which sends the row without its id (the row keeps its own). */
async function editLootRow(app: App, label: string, change: (row: TableRowInput) => TableRowInput) {
  const rows = (await app.call('tables.get', { key: 'loot' })).table.rows;
  const index = rows.findIndex((r) => r.label === label);
  const { id: _id, ...sent } = rows[index]!;
  await app.call('tables.setRow', { key: 'loot', index, row: change(sent) });
}

/** Pell's own 3d6 on seed 5 against the Hex Imp, hired with the Hex Cowl: [1, 4, 5], 10 damage. */
const COWL_ON_FIVE = [
  'Attack: Pell → Hex Imp: 10 damage',
  'Pell: 10 damage = 3d6 (1d6 + +2d6, ch.7)! [1, 4, 5] (ch.11)',
  "10 to Hex Imp's Health (no Armor left): 40 → 30 (ch.11)",
];

const MAUL = {
  slot: 'loot1',
  name: 'Ashen Maul',
  damage: "2d6 + 2d6 for the Retainer's grade (ch.7)",
  allowed: true,
  why: "Ashen Maul: 2d6 + 2d6 for the Retainer's grade (ch.7), ch.13",
};

/** Pell's attack on the Hex Imp with the Ashen Maul on seed 10: the Maul's 2d6 [5, 4], his grade's 2d6 [2, 5]. */
const MAUL_ON_TEN = [
  'Attack: Pell → Hex Imp with Ashen Maul: 16 damage',
  "Pell: 16 damage = 2d6! + 2d6! for the Retainer's grade (ch.7) [5, 4, 2, 5] (ch.11)",
  "16 to Hex Imp's Health (no Armor left): 40 → 24 (ch.11)",
];

describe("A Retainer's loot weapon (ch.2, ch.7, ch.13)", () => {
  it("an Exceptional Retainer hired with the Ashen Maul (seed 30) is offered it in the attack dialog, and his attack rolls its 2d6 with his grade's +2d6 (ch.7, ch.13): seed 10 gives 16 damage", async () => {
    const { app, imp, pell, loot, lootRef } = await pellWith(ASHEN_MAUL);
    // Kept by its row, as a Lichslayer's item keeps its own (row 80 of the starter table).
    expect([loot, lootRef]).toEqual(['Ashen Maul', 'loot#80']);
    const options = await app.call('fight.options', { attacker: pell.id });
    expect([options.weapons, options.statDamage, options.integrity]).toEqual([[MAUL], '3d6 (1d6 + +2d6, ch.7)', []]);
    await app.call('dice.setSeed', { seed: 10 });
    expect((await app.call('fight.attack', { attacker: pell.id, target: imp.id, outOfTurn: true })).lines).toEqual(
      MAUL_ON_TEN,
    );
    app.close();
  });

  it("the Ashen Maul's colour reaches the hit (ch.13, ch.14): Odile Vantreck's Full Spectrum halves Pell's Colourless blow, 16 → 8", async () => {
    const { app, pell } = await pellWith(ASHEN_MAUL);
    const odile = 1;
    for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'] as const)
      await app.call('lichslayer.setItem', { id: odile, slot, item: null });
    await app.call('lichslayer.setItem', { id: odile, slot: 'gear', item: { name: 'Red Knife', colour: 'Red' } });
    await app.call('lichslayer.setItem', {
      id: odile,
      slot: 'garment',
      item: { name: 'Green Cloak', colour: 'Green' },
    });
    await app.call('lichslayer.setItem', {
      id: odile,
      slot: 'accessory',
      item: { name: 'Orange Ring', colour: 'Orange' },
    });
    await app.call('lichslayer.update', { id: odile, patch: { armor: 0 } });
    const target = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Odile Vantreck')!;
    await app.call('dice.setSeed', { seed: 10 });
    expect((await app.call('fight.attack', { attacker: pell.id, target: target.id, outOfTurn: true })).lines).toEqual([
      'Attack: Pell → Odile Vantreck with Ashen Maul: 16 damage',
      "Pell: 16 damage = 2d6! + 2d6! for the Retainer's grade (ch.7) [5, 4, 2, 5] (ch.11)",
      "8 to Odile Vantreck's Health (no Armor left; ½ defender's Full Spectrum against a Colourless source (ch.14): 16 → 8): 30 → 22 (ch.11)",
    ]);
    app.close();
  });

  it('a Witch in Oneness with Pell is offered his Ashen Maul, his loot at hand (ch.2), and her attack through him rolls its 2d6 with his +2d6 (ch.7): seed 10 gives 16 damage', async () => {
    const { app, imp, pell, wren } = await pellWith(ASHEN_MAUL);
    await app.call('skill.use', { id: WREN, skill: 'Oneness', tokenId: pell.id });
    expect((await app.call('fight.options', { attacker: pell.id })).weapons).toEqual([MAUL]);
    expect((await app.call('fight.options', { attacker: wren.id })).refused).toBe(
      "Wren of the Hollow's own body lies inert while she inhabits Pell (Oneness, ch.2): she acts through Pell",
    );
    await app.call('dice.setSeed', { seed: 10 });
    expect(
      (await app.call('fight.attack', { attacker: pell.id, target: imp.id, slot: 'loot1', outOfTurn: true })).lines,
    ).toEqual(MAUL_ON_TEN);
    app.close();
  });

  it("the Ashen Maul's row renamed and rewritten by the Judge still arms Pell: the item keeps its name and takes the row's new 3d6 (ch.13)", async () => {
    const { app, pell } = await pellWith(ASHEN_MAUL);
    await editLootRow(app, 'Ashen Maul', (row) => ({
      ...row,
      label: 'Grave Maul',
      details: 'Attack: 3d6 Colourless damage.',
    }));
    expect((await app.call('fight.options', { attacker: pell.id })).weapons).toEqual([
      {
        ...MAUL,
        damage: "3d6 + 2d6 for the Retainer's grade (ch.7)",
        why: "Ashen Maul: 3d6 + 2d6 for the Retainer's grade (ch.7), ch.13",
      },
    ]);
    app.close();
  });

  it("an integrity check asked of the Ashen Maul is refused, and a natural 1 with it names the check the Judge rolls by hand: the app keeps no broken state for a Retainer's item (ch.11); seed 5 gives 15 damage", async () => {
    const { app, imp, pell } = await pellWith(ASHEN_MAUL);
    expect(await askCheck(app, pell, imp)).toMatchObject({
      ok: false,
      error: { message: `${UNKEPT}. Nothing changed.` },
    });
    expect(await attackOnFive(app, pell, imp)).toEqual([
      'Attack: Pell → Hex Imp with Ashen Maul: 15 damage',
      "Pell: 15 damage = 2d6! + 2d6! for the Retainer's grade (ch.7) [1, 4, 5, 5] (ch.11)",
      "15 to Hex Imp's Health (no Armor left): 40 → 25 (ch.11)",
      `A natural 1: ${UNKEPT}`,
    ]);
    app.close();
  });

  it("an Exceptional Retainer hired with the Hex Cowl (seed 11), no weapon, is offered none and attacks with his own 1d6 and his grade's +2d6 as before (ch.7): seed 10 gives the same first faces, 11 damage", async () => {
    const { app, imp, pell, loot } = await pellWith(HEX_COWL);
    expect(loot).toBe('Hex Cowl');
    const options = await app.call('fight.options', { attacker: pell.id });
    expect([options.weapons, options.statDamage]).toEqual([[], '3d6 (1d6 + +2d6, ch.7)']);
    await app.call('dice.setSeed', { seed: 10 });
    expect((await app.call('fight.attack', { attacker: pell.id, target: imp.id, outOfTurn: true })).lines).toEqual([
      'Attack: Pell → Hex Imp: 11 damage',
      'Pell: 11 damage = 3d6 (1d6 + +2d6, ch.7)! [5, 4, 2] (ch.11)',
      "11 to Hex Imp's Health (no Armor left): 40 → 29 (ch.11)",
    ]);
    app.close();
  });

  it("Pell, hired with the Hex Cowl and no weapon, is refused an attack naming loot1, and on his own dice a natural 1 still calls the Hex Cowl's check, the Judge's by hand (ch.11); seed 5 gives 10 damage", async () => {
    const { app, imp, pell } = await pellWith(HEX_COWL);
    expect(
      await app.dispatch('fight.attack', { attacker: pell.id, target: imp.id, outOfTurn: true, slot: 'loot1' }),
    ).toMatchObject({
      ok: false,
      error: { message: 'Pell has nothing in loot1 that allows the attack action (ch.11). Nothing changed.' },
    });
    expect(await askCheck(app, pell, imp)).toMatchObject({
      ok: false,
      error: { message: `${COWL_UNKEPT}. Nothing changed.` },
    });
    expect(await attackOnFive(app, pell, imp)).toEqual([...COWL_ON_FIVE, `A natural 1: ${COWL_UNKEPT}`]);
    app.close();
  });

  it('the Hex Cowl marked unbreakable on its row calls no check on a natural 1, and an integrity check asked of it is refused as needless (ch.11); seed 5 gives 10 damage', async () => {
    const { app, imp, pell } = await pellWith(HEX_COWL);
    await editLootRow(app, 'Hex Cowl', (row) => ({ ...row, loot: { ...row.loot!, breakable: false } }));
    const needless = 'Hex Cowl is unbreakable (ch.11): there is nothing to check';
    expect(await askCheck(app, pell, imp)).toMatchObject({
      ok: false,
      error: { message: `${needless}. Nothing changed.` },
    });
    expect(await attackOnFive(app, pell, imp)).toEqual([...COWL_ON_FIVE, `A natural 1: ${needless}`]);
    app.close();
  });

  it("the Ashen Maul's row left with no damage dice tells the Judge to write them in the row, as a Retainer keeps no notes (ch.13)", async () => {
    const { app, pell } = await pellWith(ASHEN_MAUL);
    await editLootRow(app, 'Ashen Maul', (row) => ({ ...row, details: 'A heavy grey hammer.' }));
    expect((await app.call('fight.options', { attacker: pell.id })).weapons).toEqual([
      {
        slot: 'loot1',
        name: 'Ashen Maul',
        damage: null,
        allowed: false,
        why: 'Ashen Maul allows the attack action but lists no damage dice: write them in its loot table row\'s details, e.g. "Attack: 2d6" (ch.13)',
      },
    ]);
    app.close();
  });
});
