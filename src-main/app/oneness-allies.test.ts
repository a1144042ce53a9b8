// The Witch's Oneness into an ally (ch.2), driven through skill.use, skill.end, fight.*, phase.* and the
// spellbook on the demo campaign with fixed seeds: Wren of the Hollow inhabits Odile Vantreck, another
// Lichslayer. The body acts with its own stats and loot, and the loot stays the body's; Wren's own
// Magic, spells and gold go with her; her own body lies inert.
import { describe, expect, it } from 'vitest';
import { descendTo, openDemo } from '../test-support/temp-app.ts';
import { addEnemy, hexImpOnFloorOne, landingsTo, ONENESS_WITCH } from '../test-support/floor-setups.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const ODILE = 1;
const SABLE = 3;
const WREN = 4;
const WITCH = ONENESS_WITCH;
/** Wren's own weapon, which her body keeps while she is in Odile's. */
const SICKLE = { name: 'Thorn Sickle', colour: 'Purple', notes: 'Attack: 1d4.' } as const;

const sheet = async (app: App, id: number) =>
  (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!;
const weapons = async (app: App, tokenId: number) =>
  (await app.call('fight.options', { attacker: tokenId })).weapons.map((w) => `${w.name} ${w.damage}`);
const intoOdile = (app: App) => app.call('skill.use', { id: WREN, skill: 'Oneness', tokenId: ODILE });

/** Wren made a Witch with Oneness and her own Thorn Sickle (the demo's tokens share the Lichslayers' ids). */
async function witchWren(app: App) {
  await app.call('lichslayer.update', { id: WREN, patch: WITCH });
  await app.call('lichslayer.setItem', { id: WREN, slot: 'gear', item: SICKLE });
}

/** Wren's own Block item, which her body keeps while she is in Odile's. */
const BUCKLER = { name: 'Wicker Buckler', colour: 'Purple', notes: 'Block: once a round, one instance.' } as const;

/** A Grave Rat with a 1d6 attack in Odile's room (2,0): an enemy to strike Brother Quillam (token 2) beside her. */
async function graveRat(app: App): Promise<number> {
  return (await addEnemy(app, { name: 'Grave Rat', colour: 'Green', health: 6, stats: { level: 1, attack: '1d6' } }))
    .id;
}

/** Floor 1, the fight begun (Odile's turn first): Odile, Quillam, Sable and the Hex Imp (7) at (2,0), Wren at (1,0). */
async function floorOneFight() {
  const { app } = await openDemo(7);
  await hexImpOnFloorOne(app);
  await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  await witchWren(app);
  return app;
}

describe('Oneness into an ally: Wren of the Hollow in Odile Vantreck (ch.2)', () => {
  it('Oneness into an ally (ch.2): Wren attacks through Odile’s body with Odile’s Cinder Maul and Power 7, not her own Thorn Sickle; her own body attacks nothing; what the body fells is hers — 1 XP for the Faded Bride, and the Sanity Challenge of 12 for killing Sable', async () => {
    const { app } = await openDemo(7);
    await witchWren(app);
    await landingsTo(app, 10);
    // Floor 10: no withdrawal, so a player brought to 0 Health is killed (ch.10); the wave holds the Faded Bride (6).
    await descendTo(app, 10);
    expect((await intoOdile(app)).notes).toEqual([
      'Wren of the Hollow inhabits Odile Vantreck (Oneness, ch.2): she acts through its body with its physical stats and her own Magic and spells, its loot at hand; her own body lies inert and immune to all damage',
    ]);
    expect(await weapons(app, ODILE)).toEqual(['Cinder Maul 2d6']);
    expect(await app.dispatch('fight.attack', { attacker: WREN, target: 6, outOfTurn: true })).toMatchObject({
      ok: false,
      error: {
        message:
          "Wren of the Hollow's own body lies inert while she inhabits Odile Vantreck (Oneness, ch.2): she acts through Odile Vantreck. Nothing changed.",
      },
    });
    await app.call('dice.setSeed', { seed: 5 });
    const felled = await app.call('fight.attack', { attacker: ODILE, target: 6 });
    expect(felled.lines).toEqual([
      'Attack: Odile Vantreck → Faded Bride with Cinder Maul: 10 damage',
      'Odile Vantreck: 10 damage = 2d6! + 1d6! Power above 6 (ch.4) [1, 4, 5] (ch.11)',
      "10 to Faded Bride's Health (no Armor left): 9 → 0 (ch.11)",
      'A natural 1: Integrity of Cinder Maul: 5 on d6, it holds (ch.11)',
      'Wren of the Hollow fells Faded Bride: +1 XP (ch.1)',
    ]);
    expect((await sheet(app, WREN)).xp).toBe(41);
    expect((await sheet(app, ODILE)).xp).toBe(14);
    await app.call('lichslayer.update', { id: SABLE, patch: { armor: 0 } });
    const kill = await app.call('fight.attack', { attacker: ODILE, target: SABLE, outOfTurn: true, damage: 99 });
    expect(kill.lines.slice(-3)).toEqual([
      'Sable Hartigan: No withdrawal on Floor 10: permanently lost (ch.10)',
      'Sable Hartigan is permanently lost (ch.10, ch.11)',
      "Wren of the Hollow killed Sable Hartigan, a player (ch.11): Wren of the Hollow holds (19 = 6d6! [2, 3, 3, 6+2, 1, 4] − 2 (Sanity Edge (ch.8)) vs 16 (12 + 4, Lich's Attention Stage 2 (ch.5)): meets the target (ch.1)); a natural 1: Integrity of Thorn Sickle: 2 on d6, it holds (ch.11), on the first equipped item that can break, Thorn Sickle (house rule)",
    ]);
    expect(kill.lines.filter((l) => l.startsWith('Odile Vantreck killed'))).toEqual([]);
    app.close();
  });

  it('Oneness into an ally (ch.2): the body’s loot is hers to use while she is in it and stays the body’s — Odile’s Tar-stitched Coat Blocks through her, no item changes Gauntlet, and once she leaves Wren attacks with her own Thorn Sickle and Odile with her Cinder Maul', async () => {
    const app = await floorOneFight();
    const rat = await graveRat(app);
    await intoOdile(app);
    expect((await sheet(app, ODILE)).items).toMatchObject({
      gear: { name: 'Cinder Maul' },
      garment: { name: 'Tar-stitched Coat' },
    });
    expect((await sheet(app, WREN)).items).toMatchObject({ gear: { name: 'Thorn Sickle' } });
    const quillam = (await app.call('fight.options', { attacker: rat })).targets.find((t) => t.tokenId === 2)!;
    expect(quillam.blockers).toEqual([
      { lichslayerId: ODILE, name: 'Odile Vantreck', slot: 'garment', item: 'Tar-stitched Coat' },
    ]);
    await app.call('dice.setSeed', { seed: 3 });
    const blocked = await app.call('fight.attack', {
      attacker: rat,
      target: 2,
      outOfTurn: true,
      block: { lichslayerId: ODILE, slot: 'garment' },
    });
    expect(blocked.lines).toEqual([
      'Attack: Grave Rat → Brother Quillam: 2 damage',
      'Grave Rat: 2 damage = 1d6! [2] (ch.11)',
      "Odile Vantreck's Tar-stitched Coat blocks the instance of 2: no damage; the blocking item rolls an integrity check (ch.13)",
      'Integrity of Tar-stitched Coat: 6 on d6, it holds (ch.11)',
      "Odile Vantreck gives up their next turn: Tar-stitched Coat's Block was a Response (ch.13, ch.15)",
    ]);
    await app.call('skill.end', { id: WREN, skill: 'Oneness' });
    expect((await sheet(app, ODILE)).items).toMatchObject({
      gear: { name: 'Cinder Maul' },
      garment: { name: 'Tar-stitched Coat' },
    });
    expect(await weapons(app, ODILE)).toEqual(['Cinder Maul 2d6']);
    expect(await weapons(app, WREN)).toEqual(['Thorn Sickle 1d4']);
    await app.call('dice.setSeed', { seed: 1 });
    const own = await app.call('fight.attack', { attacker: WREN, target: 6, outOfTurn: true });
    // Her own Power 6 adds no die, and her own Sanity (Edge) takes 2 off.
    expect(own.lines.slice(0, 2)).toEqual([
      'Attack: Wren of the Hollow → Marrow Thief with Thorn Sickle: 1 damage',
      'Wren of the Hollow: 1 damage = 1d4 [3] − 2 (Sanity Edge (ch.8)) (ch.11)',
    ]);
    app.close();
  });

  it('Oneness into an ally (ch.2): her own body lies inert — its turn passes, a hit on it does nothing and its Wicker Buckler cannot Block — while a hit on Odile’s body takes Odile’s Health, and at 0 Health Oneness ends with Wren’s 36 Health untouched', async () => {
    const app = await floorOneFight();
    await app.call('lichslayer.setItem', { id: WREN, slot: 'garment', item: BUCKLER });
    const rat = await graveRat(app);
    await intoOdile(app);
    await app.call('phase.nextTurn', {});
    await app.call('phase.nextTurn', {});
    expect((await app.call('phase.nextTurn', {})).notices).toEqual([
      "Wren of the Hollow's own turn passes: her body lies inert while she acts through Odile Vantreck on its turn (Oneness, ch.2)",
    ]);
    const spike = await app.call('fight.damage', { target: WREN, amount: 10, label: 'Bone Spike', bypassArmor: true });
    expect(spike.lines.at(-1)).toBe(
      "Wren of the Hollow's own body lies inert while she inhabits Odile Vantreck (Oneness, ch.2): it takes no damage; Bone Spike does nothing",
    );
    const quillam = (await app.call('fight.options', { attacker: rat })).targets.find((t) => t.tokenId === 2)!;
    expect(quillam.blockers.map((b) => `${b.name}'s ${b.item}`)).toEqual(["Odile Vantreck's Tar-stitched Coat"]);
    expect(
      await app.dispatch('fight.attack', {
        attacker: rat,
        target: 2,
        outOfTurn: true,
        block: { lichslayerId: WREN, slot: 'garment' },
      }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          "Wren of the Hollow's own body lies inert while she inhabits Odile Vantreck (Oneness, ch.2): she acts through Odile Vantreck. Nothing changed.",
      },
    });
    const cut = await app.call('fight.damage', { target: ODILE, amount: 10, label: 'Test blow', bypassArmor: true });
    expect(cut.lines.at(-1)).toBe("10 to Odile Vantreck's Health (bypasses Armor): 30 → 20 (ch.11)");
    const down = await app.call('fight.damage', { target: ODILE, amount: 99, label: 'Test blow', bypassArmor: true });
    expect(down.lines).toContain(
      'Odile Vantreck reaches 0 Health: Oneness ends and Wren of the Hollow returns to her own body (ch.2)',
    );
    expect(down.atZero.map((z) => z.name)).toEqual(['Odile Vantreck']);
    expect((await app.call('board.view', { floor: 1 })).oneness).toEqual([]);
    expect((await sheet(app, WREN)).health).toBe(36);
    app.close();
  });

  it('Oneness into an ally (ch.2): the spells she casts through Odile’s body are her own — her Arcana open and Odile’s Demon shut, and Stall paid from Wren’s 700 gold, not Odile’s 740', async () => {
    const app = await floorOneFight();
    await app.call('lichslayer.update', { id: WREN, patch: { gold: 700 } });
    const open = async () =>
      (await app.call('phase.spellbook', { tokenId: ODILE })).schools.filter((s) => s.open).map((s) => s.school);
    expect(await open()).toEqual(['demon']);
    const book = (await app.call('phase.spellbook', { tokenId: ODILE })).schools.flatMap((s) => s.spells);
    const lash = book.find((x) => x.label === 'Cinder Lash')!;
    const stall = book.find((x) => x.label === 'Stall')!;
    await intoOdile(app);
    // Odile's Black coat is at hand, but the schools are Wren's own: ch.2 keeps her spell access hers.
    expect(await open()).toEqual(['arcana']);
    expect(await app.dispatch('phase.cast', { tokenId: ODILE, table: lash.table, row: lash.row })).toMatchObject({
      ok: false,
      error: {
        message:
          'Demon Magic is not open to Wren of the Hollow: it opens with Black loot equipped (house rule: one unbroken item is enough) (ch.15), or a Black conduit Identified this floor (ch.2); a Scroll casts it whatever the colour (ch.2). Nothing changed.',
      },
    });
    // Stall is a Response: cast through Odile's body once Odile's turn has passed.
    await app.call('phase.nextTurn', {});
    const cast = await app.call('phase.cast', { tokenId: ODILE, table: stall.table, row: stall.row });
    expect(cast.notices).toEqual([
      'Wren of the Hollow in Odile Vantreck casts Stall (Response; Stall: 36 gold)',
      'Stall (Wren of the Hollow in Odile Vantreck) resolves (ch.15) — One entity loses its next turn.',
    ]);
    expect((await sheet(app, WREN)).gold).toBe(664);
    expect((await sheet(app, ODILE)).gold).toBe(740);
    app.close();
  });
});
