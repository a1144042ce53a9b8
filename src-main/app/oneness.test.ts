// The Witch's capstone, Oneness (ch.2 and ch.16), driven through skill.use, skill.end, fight.damage, the
// turn stack and the dive on the demo campaign with fixed seeds: whom she may inhabit, her body lying
// inert, and each thing that ends it.
import { describe, expect, it } from 'vitest';
import { descendTo, openDemo } from '../test-support/temp-app.ts';
import { hexImpOnFloorOne, landingsTo, ONENESS_WITCH, reliquary } from '../test-support/floor-setups.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const WREN = 4;
const WITCH = ONENESS_WITCH;
const health = async (app: App) => (await app.call('campaign.current', {}))!.roster.find((l) => l.id === WREN)!.health;
const inhabited = async (app: App, floor: number) =>
  (await app.call('board.view', { floor })).oneness.map((o) => `${o.witch} in ${o.body}`);

/** Floor 1 with the Hex Imp beside Wren (token 4 at (1,0)) and the fight begun: Ghast Lord 5, Marrow Thief 6, Imp 7. */
async function floorOneFight() {
  const { app } = await openDemo(7);
  await hexImpOnFloorOne(app);
  await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  await app.call('lichslayer.update', { id: WREN, patch: WITCH });
  return app;
}

/** Floor 10 with the Lich on the board and the Phylactery in the landing: Phylactery 1, Wren 5, the Lich 6. */
async function floorTen() {
  const { app } = await openDemo(7);
  await app.call('houseRules.update', { patch: { lichOnFloorTen: true } });
  await app.call('lichslayer.update', { id: WREN, patch: WITCH });
  await landingsTo(app, 10);
  await reliquary(app);
  await descendTo(app, 10);
  const tokens = (await app.call('board.view', { floor: 10 })).tokens;
  return {
    app,
    lich: tokens.find((t) => t.stats.lich)!.id,
    phylactery: tokens.find((t) => t.kind === 'phylactery')!.id,
  };
}

const oneness = (app: App, tokenId?: number) =>
  app.dispatch('skill.use', { id: WREN, skill: 'Oneness', ...(tokenId === undefined ? {} : { tokenId }) });

describe('Oneness: the Witch inhabits another body (ch.2, ch.16)', () => {
  it('refuses her own body, a body at 0 Health, one hidden from her and a call naming none, and ending it when it is not on', async () => {
    const app = await floorOneFight();
    const refusal = async (tokenId?: number) => {
      const r = await oneness(app, tokenId);
      return r.ok ? 'done' : r.error.message;
    };
    expect(await app.dispatch('skill.end', { id: WREN, skill: 'Oneness' })).toMatchObject({
      ok: false,
      error: { message: 'Wren of the Hollow inhabits no one: Oneness is not in effect. Nothing changed.' },
    });
    expect(await refusal()).toBe('Choose the token Oneness inhabits (tokenId). Nothing changed.');
    expect(await refusal(4)).toBe(
      'Wren of the Hollow cannot inhabit her own body with Oneness (ch.2). Nothing changed.',
    );
    await app.call('board.updateToken', { id: 5, patch: { hidden: true } });
    expect(await refusal(5)).toBe(
      'Ghast Lord is not visible to Wren of the Hollow: Oneness inhabits a target she can see (ch.2). Nothing changed.',
    );
    await app.call('fight.damage', { target: 6, amount: 99, label: 'Test blow', bypassArmor: true });
    expect(await refusal(6)).toBe(
      'Marrow Thief is at 0 Health: Oneness needs a body that stands (ch.2). Nothing changed.',
    );
    expect(await inhabited(app, 1)).toEqual([]);
    expect(await refusal(7)).toBe('done');
    expect(await inhabited(app, 1)).toEqual(['Wren of the Hollow in Hex Imp']);
    app.close();
  });

  it('her own body takes no damage and cannot be moved while she inhabits another; ending it by choice lets damage land again', async () => {
    const app = await floorOneFight();
    expect(await oneness(app, 7)).toMatchObject({
      ok: true,
      value: {
        notes: [
          'Wren of the Hollow inhabits Hex Imp (Oneness, ch.2): she acts through its body with its physical stats and her own Magic and spells, its loot at hand; her own body lies inert and immune to all damage',
        ],
      },
    });
    const spike = () => app.call('fight.damage', { target: 4, amount: 10, label: 'Bone Spike', bypassArmor: true });
    expect((await spike()).lines).toEqual([
      "Bone Spike: 10 to Wren of the Hollow, the Judge's hand",
      "Wren of the Hollow's own body lies inert while she inhabits Hex Imp (Oneness, ch.2): it takes no damage; Bone Spike does nothing",
    ]);
    expect(await health(app)).toBe(36);
    expect(await app.dispatch('board.moveToken', { tokenId: 4, floor: 1, x: 2, y: 0 })).toMatchObject({
      ok: false,
      error: {
        message:
          "Wren of the Hollow's own body lies inert while she inhabits Hex Imp (Oneness, ch.2): it takes no damage; end Oneness to move it. Wren of the Hollow stays where they were.",
      },
    });
    expect((await app.call('skill.end', { id: WREN, skill: 'Oneness' })).notes).toEqual([
      'Wren of the Hollow ends Oneness and leaves Hex Imp: Wren of the Hollow returns to her own body (ch.2)',
    ]);
    expect((await spike()).lines).toEqual([
      "Bone Spike: 10 to Wren of the Hollow, the Judge's hand",
      "10 to Wren of the Hollow's Health (bypasses Armor): 36 → 26 (ch.11)",
    ]);
    expect(await health(app)).toBe(26);
    expect(await oneness(app, 5)).toMatchObject({
      ok: false,
      error: { message: 'Oneness is once per session (ch.2), and it has been used. Nothing changed.' },
    });
    app.close();
  });

  it('ends when the inhabited body reaches 0 Health, and when the party descends and leaves the body behind', async () => {
    const app = await floorOneFight();
    await oneness(app, 7);
    expect(
      (await app.call('fight.damage', { target: 7, amount: 99, label: 'Test blow', bypassArmor: true })).lines,
    ).toContain('Hex Imp reaches 0 Health: Oneness ends and Wren of the Hollow returns to her own body (ch.2)');
    expect(await inhabited(app, 1)).toEqual([]);
    app.close();

    const again = await floorOneFight();
    await oneness(again, 7);
    await again.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    const down = await again.call('phase.send', { event: { type: 'DESCEND' } });
    expect(down.dive.floor).toBe(2);
    expect(down.notices).toContain(
      'The party leaves the floor Hex Imp stands on: Oneness ends and Wren of the Hollow returns to her own body (ch.2)',
    );
    expect(await inhabited(again, 1)).toEqual([]);
    again.close();
  });

  it('removing the inhabited token ends it, and undoing the removal brings it back', async () => {
    const app = await floorOneFight();
    await oneness(app, 7);
    await app.call('board.removeToken', { id: 7 });
    expect(await inhabited(app, 1)).toEqual([]);
    await app.call('history.undo', {});
    expect(await inhabited(app, 1)).toEqual(['Wren of the Hollow in Hex Imp']);
    app.close();
  });

  it('inhabiting the Lich lasts until the end of that Round', async () => {
    const { app, lich } = await floorTen();
    expect((await oneness(app, lich)).ok).toBe(true);
    expect(await inhabited(app, 10)).toEqual(['Wren of the Hollow in The Lich']);
    expect((await app.call('phase.view', {})).combat!.round).toBe(1);
    // Round 1's turns pass with her in the Lich (the Lich acts twice, her own turn passes untaken);
    // the sixth press ends the Round.
    for (let turn = 1; turn <= 5; turn++) {
      expect((await app.call('phase.nextTurn', {})).combat!.round).toBe(1);
      expect(await inhabited(app, 10)).toEqual(['Wren of the Hollow in The Lich']);
    }
    const p = await app.call('phase.nextTurn', {});
    expect(p.notices?.[0]).toBe(
      'The Round ends: Oneness against the Lich lasts one Round, and Wren of the Hollow returns to her own body (ch.2)',
    );
    expect(await inhabited(app, 10)).toEqual([]);
    app.close();
  });

  it('destroying the Phylactery she inhabits kills her (ch.16)', async () => {
    const { app, phylactery } = await floorTen();
    await oneness(app, phylactery);
    const r = await app.call('fight.damage', {
      target: phylactery,
      amount: 999,
      label: 'Test blow',
      bypassArmor: true,
      crush: true,
    });
    expect(r.lines.slice(3, 5)).toEqual([
      "The Phylactery is destroyed: the waves stop and the Lich's Revival is denied (ch.10, ch.12)",
      'The Phylactery is destroyed while Wren of the Hollow inhabits it: she dies with it (ch.16)',
    ]);
    expect(r.lines.at(-1)).toBe('Wren of the Hollow is permanently lost (ch.10, ch.11)');
    expect(await health(app)).toBe(0);
    app.close();
  });

  it('she acts through the body: her own does not attack, and what the body fells is hers — by its attack or by the Judge’s hand, 1 XP each to Wren', async () => {
    const app = await floorOneFight();
    const xp = async () => (await app.call('campaign.current', {}))!.roster.find((l) => l.id === WREN)!.xp;
    await oneness(app, 6);
    const rat = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Grave Rat',
        colour: 'Red',
        floor: 1,
        x: 1,
        y: 0,
        health: 1,
        armor: 0,
        stats: { level: 1 },
      })
    ).tokens.find((t) => t.name === 'Grave Rat')!;
    expect(await app.dispatch('fight.attack', { attacker: 4, target: 5, outOfTurn: true })).toMatchObject({
      ok: false,
      error: {
        message:
          "Wren of the Hollow's own body lies inert while she inhabits Marrow Thief (Oneness, ch.2): she acts through Marrow Thief. Nothing changed.",
      },
    });
    expect(await xp()).toBe(40);
    await app.call('dice.setSeed', { seed: 3 });
    expect((await app.call('fight.attack', { attacker: 6, target: rat.id, outOfTurn: true })).lines).toEqual([
      'Attack: Marrow Thief → Grave Rat: 2 damage',
      'Marrow Thief: 2 damage = 1d6! [2] (ch.11)',
      "2 to Grave Rat's Health (no Armor left): 1 → 0 (ch.11)",
      'Wren of the Hollow fells Grave Rat: +1 XP (ch.1)',
    ]);
    expect(await xp()).toBe(41);
    const byHand = await app.call('fight.damage', { target: 7, amount: 99, label: 'Hex bolt', felledBy: 6 });
    expect(byHand.lines.at(-1)).toBe('Wren of the Hollow fells Hex Imp: +1 XP (ch.1)');
    expect(await xp()).toBe(42);
    app.close();
  });

  it('her own turn passes on its own while she inhabits another body, and comes back once she ends it', async () => {
    const app = await floorOneFight();
    const acting = async () => (await app.call('phase.view', {})).combat!.current;
    const next = async () => (await app.call('phase.nextTurn', {})).notices;
    for (const who of ['Brother Quillam', 'Sable Hartigan', 'Wren of the Hollow']) {
      await next();
      expect(await acting()).toBe(who);
    }
    await oneness(app, 6);
    // Ghast Lord, Marrow Thief (hers to act through), Hex Imp, the round's end, then round 2.
    for (let press = 0; press < 7; press++) await next();
    expect(await acting()).toBe('Sable Hartigan');
    expect(await next()).toEqual([
      "Wren of the Hollow's own turn passes: her body lies inert while she acts through Marrow Thief on its turn (Oneness, ch.2)",
    ]);
    expect(await acting()).toBe('Ghast Lord');
    await app.call('skill.end', { id: WREN, skill: 'Oneness' });
    // Round 3: her turn is hers again.
    for (let press = 0; press < 7; press++) await next();
    expect(await acting()).toBe('Wren of the Hollow');
    app.close();
  });

  it('she casts through the body with her own spells and gold — Stall as a Response from the Hex Imp costs Wren 36 gold; her own body casts nothing', async () => {
    const app = await floorOneFight();
    await app.call('lichslayer.update', { id: WREN, patch: { gold: 700 } });
    const stall = (await app.call('phase.spellbook', { tokenId: 4 })).schools
      .flatMap((s) => s.spells)
      .find((x) => x.label === 'Stall')!;
    const at = { table: stall.table, row: stall.row };
    await oneness(app, 7);
    expect(await app.dispatch('phase.cast', { tokenId: 4, ...at })).toMatchObject({
      ok: false,
      error: {
        message:
          "Wren of the Hollow's own body lies inert while she inhabits Hex Imp (Oneness, ch.2): she acts through Hex Imp. Nothing changed.",
      },
    });
    const cast = await app.call('phase.cast', { tokenId: 7, ...at });
    expect(cast.notices).toEqual([
      'Wren of the Hollow in Hex Imp casts Stall (Response; Stall: 36 gold)',
      'Stall (Wren of the Hollow in Hex Imp) resolves (ch.15) — One entity loses its next turn.',
    ]);
    expect((await app.call('campaign.current', {}))!.roster.find((l) => l.id === WREN)!.gold).toBe(664);
    app.close();
  });

  it('in the Phylactery she gains its spells: Lich’s Magic, shut to her own body, opens to her through it (ch.16)', async () => {
    const { app, phylactery } = await floorTen();
    // Her own build would open it too (the demo's Wren is Full Spectrum): her slots are emptied first.
    for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'] as const)
      await app.call('lichslayer.setItem', { id: WREN, slot, item: null });
    const lichSchool = async (tokenId: number) =>
      (await app.call('phase.spellbook', { tokenId })).schools.find((s) => s.school === 'lich')!;
    expect(await lichSchool(5)).toMatchObject({
      open: false,
      access:
        "Lich's Magic is open to a Lichslayer only when turned or in Full Spectrum (ch.15), or to a Witch whose Oneness inhabits the Phylactery or the Lich (ch.2, ch.16)",
    });
    await oneness(app, phylactery);
    expect(await lichSchool(phylactery)).toMatchObject({
      open: true,
      access: "Lich's Magic open: Oneness inhabits the Phylactery or the Lich, and gains its spells (ch.2, ch.16)",
    });
    expect(await app.dispatch('phase.spellbook', { tokenId: 5 })).toMatchObject({
      ok: false,
      error: {
        message:
          "Wren of the Hollow's own body lies inert while she inhabits The Phylactery (Oneness, ch.2): she acts through The Phylactery. Nothing changed.",
      },
    });
    app.close();
  });

  it('a spell she casts through the body resolves at her Magic and in her name: Cinder Lash from the Hex Imp adds her 1, not its 3', async () => {
    const app = await floorOneFight();
    await app.call('lichslayer.update', { id: WREN, patch: { gold: 700 } });
    await app.call('lichslayer.setItem', { id: WREN, slot: 'gear', item: { name: 'Soot Axe', colour: 'Black' } });
    await oneness(app, 7);
    let p = await app.call('phase.view', {});
    for (let i = 0; i < 6 && p.combat!.currentTokenId !== 7; i++) p = await app.call('phase.nextTurn', {});
    expect(p.combat!.currentTokenId).toBe(7);
    const lash = (await app.call('phase.spellbook', { tokenId: 7 })).schools
      .flatMap((s) => s.spells)
      .find((x) => x.label === 'Cinder Lash')!;
    await app.call('dice.setSeed', { seed: 4 });
    const cast = await app.call('phase.cast', { tokenId: 7, table: lash.table, row: lash.row });
    expect(cast.notices).toEqual([
      'Wren of the Hollow in Hex Imp casts Cinder Lash (On Turn; Cinder Lash: 36 gold)',
      'Cinder Lash (Wren of the Hollow in Hex Imp) resolves: 2d6 [5, 4] + Magic 1 = 10 (ch.15); Magic 1 at casting (ch.15) — Black damage to one target in the room.',
    ]);
    app.close();
  });
});
