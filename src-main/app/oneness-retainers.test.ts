// The Witch's Oneness into a Retainer and into a Familiar (ch.2, ch.3, ch.7), driven through skill.use,
// fight.* and board.* on the demo campaign with fixed seeds. The book lets her inhabit "any visible
// target — ally, enemy, or entity": a Retainer hired by the party's Aristocrat is an ally, her own
// Familiar a body on the board like any other, so the app allows both; the body acts with its own
// physical stats and on its own turn, what it fells is hers, her own body lies inert, and the body at 0 Health ends it.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';
import { hexImpOnFloorOne, ONENESS_WITCH } from '../test-support/floor-setups.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const QUILLAM = 2;
const WREN = 4;

const xp = async (app: App, id: number) =>
  (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!.xp;
const tokenNamed = async (app: App, name: string) =>
  (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === name)!;

/** Wren's Familiar summoned beside her own body at (1,0) on Floor 1 (ch.3). */
const summonFamiliar = (app: App, name: string) =>
  app.dispatch('board.addToken', {
    kind: 'familiar',
    name,
    colour: 'Black',
    floor: 1,
    x: 1,
    y: 0,
    health: 6,
    armor: 0,
    witch: WREN,
  });

/**
 * Wren a Witch with Oneness, Brother Quillam an Aristocrat who hires Pell, a Skilled Retainer (30 Health,
 * 6 Armor, Attack +1d6, ch.7), before the dive; Floor 1 with the Hex Imp, the fight on. Pell, hired
 * first, is token 1, so the Lichslayers' tokens are not their ids here: they are looked up by name.
 */
async function pellHiredFightOn() {
  const { app } = await openDemo(7);
  await app.call('lichslayer.update', { id: WREN, patch: ONENESS_WITCH });
  await app.call('lichslayer.update', {
    id: QUILLAM,
    patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', skill2: 'Retainers', level: 4 },
  });
  await app.call('retainer.hire', { employer: QUILLAM, name: 'Pell', grade: 'skilled' });
  const imp = await hexImpOnFloorOne(app);
  await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  const pell = await tokenNamed(app, 'Pell');
  // Beside the Imp in the Wide Vault, so his attacks reach it (ch.11).
  await app.call('board.moveToken', { tokenId: pell.id, floor: 1, x: 2, y: 0, override: true });
  return { app, imp, pell, wren: await tokenNamed(app, 'Wren of the Hollow') };
}

describe('Oneness into a Retainer or a Familiar (ch.2, ch.3, ch.7)', () => {
  it('Oneness into a Retainer (ch.2, ch.7): Wren inhabits Pell, Brother Quillam’s Skilled Retainer, and attacks through him with his 1d6 + 1d6; what he fells is hers (+1 XP to Wren, none to Quillam); her own body acts not and takes no damage; Pell at 0 Health ends it and her own body acts again', async () => {
    const { app, imp, pell, wren } = await pellHiredFightOn();
    expect((await app.call('skill.use', { id: WREN, skill: 'Oneness', tokenId: pell.id })).notes).toEqual([
      'Wren of the Hollow inhabits Pell (Oneness, ch.2): she acts through its body with its physical stats and her own Magic and spells, its loot at hand; her own body lies inert and immune to all damage',
    ]);
    const options = await app.call('fight.options', { attacker: pell.id });
    expect([options.weapons, options.statDamage]).toEqual([[], '2d6 (1d6 + +1d6, ch.7)']);
    expect(await app.dispatch('fight.attack', { attacker: wren.id, target: imp.id, outOfTurn: true })).toMatchObject({
      ok: false,
      error: {
        message:
          "Wren of the Hollow's own body lies inert while she inhabits Pell (Oneness, ch.2): she acts through Pell. Nothing changed.",
      },
    });
    await app.call('dice.setSeed', { seed: 5 });
    expect((await app.call('fight.attack', { attacker: pell.id, target: imp.id, outOfTurn: true })).lines).toEqual([
      'Attack: Pell → Hex Imp: 5 damage',
      'Pell: 5 damage = 2d6 (1d6 + +1d6, ch.7)! [1, 4] (ch.11)',
      "5 to Hex Imp's Health (no Armor left): 40 → 35 (ch.11)",
    ]);
    expect([await xp(app, WREN), await xp(app, QUILLAM)]).toEqual([40, 7]);
    const felled = await app.call('fight.attack', { attacker: pell.id, target: imp.id, outOfTurn: true, damage: 40 });
    expect(felled.lines).toEqual([
      "Attack: Pell → Hex Imp: 40 damage (the Judge's call)",
      "40 to Hex Imp's Health (no Armor left): 35 → 0 (ch.11)",
      'Wren of the Hollow fells Hex Imp: +1 XP (ch.1)',
    ]);
    expect([await xp(app, WREN), await xp(app, QUILLAM)]).toEqual([41, 7]);
    expect((await app.call('fight.damage', { target: wren.id, amount: 5, label: 'falling stones' })).lines).toEqual([
      "falling stones: 5 to Wren of the Hollow, the Judge's hand",
      "Wren of the Hollow's own body lies inert while she inhabits Pell (Oneness, ch.2): it takes no damage; falling stones does nothing",
    ]);
    // His Armor set aside by hand, so one instance brings him to 0 (ch.11: Armor negates a whole instance).
    await app.call('board.updateToken', { id: pell.id, patch: { armor: 0 } });
    expect((await app.call('fight.damage', { target: pell.id, amount: 30, label: 'falling stones' })).lines).toEqual([
      "falling stones: 30 to Pell, the Judge's hand",
      "30 to Pell's Health (no Armor left): 30 → 0 (ch.11)",
      'Pell falls at 0 Health',
      'Pell reaches 0 Health: Oneness ends and Wren of the Hollow returns to her own body (ch.2)',
    ]);
    const marrow = await tokenNamed(app, 'Marrow Thief');
    expect(await app.dispatch('fight.attack', { attacker: wren.id, target: marrow.id, outOfTurn: true })).toMatchObject(
      {
        ok: true,
      },
    );
    app.close();
  });

  it('Oneness into a Retainer keeps the stack (ch.2, ch.7): Wren acts through Pell on his turn, at Brother Quillam’s initiative; her own turn passes untaken; the turn Pell lost to the Bone snare is his, not hers', async () => {
    const { app, imp, pell } = await pellHiredFightOn();
    await app.call('skill.use', { id: WREN, skill: 'Oneness', tokenId: pell.id });
    const next = async () => {
      const p = await app.call('phase.nextTurn', {});
      return { turn: p.combat!.current, notices: p.notices };
    };
    const quillamsTurn = await app.call('phase.nextTurn', {});
    expect([quillamsTurn.combat!.current, quillamsTurn.combat!.upcoming[0]!.name]).toEqual(['Brother Quillam', 'Pell']);
    // Round 1: Pell gave up this turn to the Bone snare as the party entered Floor 1 (ch.9); the Judge is told.
    expect(await next()).toEqual({
      turn: 'Sable Hartigan',
      notices: ['Pell gives up this turn, as owed (ch.9, ch.15)'],
    });
    expect(await next()).toEqual({
      turn: 'Ghast Lord',
      notices: [
        "Wren of the Hollow's own turn passes: her body lies inert while she acts through Pell on its turn (Oneness, ch.2)",
      ],
    });
    expect(await app.dispatch('fight.attack', { attacker: pell.id, target: imp.id })).toMatchObject({
      ok: false,
      error: { message: "Pell attacks on their own turn (ch.11); it is Ghast Lord's turn now. Nothing changed." },
    });
    for (const turn of ['Marrow Thief', 'Hex Imp', null, 'Odile Vantreck', 'Brother Quillam', 'Pell'])
      expect((await next()).turn).toBe(turn);
    await app.call('dice.setSeed', { seed: 5 });
    expect((await app.call('fight.attack', { attacker: pell.id, target: imp.id })).lines).toEqual([
      'Attack: Pell → Hex Imp: 5 damage',
      'Pell: 5 damage = 2d6 (1d6 + +1d6, ch.7)! [1, 4] (ch.11)',
      "5 to Hex Imp's Health (no Armor left): 40 → 35 (ch.11)",
    ]);
    expect(await next()).toEqual({ turn: 'Sable Hartigan', notices: [] });
    expect(await next()).toEqual({
      turn: 'Ghast Lord',
      notices: [
        "Wren of the Hollow's own turn passes: her body lies inert while she acts through Pell on its turn (Oneness, ch.2)",
      ],
    });
    app.close();
  });

  it('Oneness into her own Familiar (ch.2, ch.3): Wren inhabits the Grave moth she summoned; it at 0 Health ends Oneness and she returns to her own body; the moth stays gone, a second Familiar refused mid-floor (ch.3)', async () => {
    const { app } = await openDemo(7);
    await app.call('lichslayer.update', { id: WREN, patch: ONENESS_WITCH });
    await hexImpOnFloorOne(app);
    expect(await summonFamiliar(app, 'Grave moth')).toMatchObject({ ok: true });
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const moth = await tokenNamed(app, 'Grave moth');
    expect((await app.call('skill.use', { id: WREN, skill: 'Oneness', tokenId: moth.id })).notes).toEqual([
      'Wren of the Hollow inhabits Grave moth (Oneness, ch.2): she acts through its body with its physical stats and her own Magic and spells, its loot at hand; her own body lies inert and immune to all damage',
    ]);
    expect(await app.dispatch('fight.attack', { attacker: WREN, target: moth.id, outOfTurn: true })).toMatchObject({
      ok: false,
      error: {
        message:
          "Wren of the Hollow's own body lies inert while she inhabits Grave moth (Oneness, ch.2): she acts through Grave moth. Nothing changed.",
      },
    });
    expect((await app.call('fight.damage', { target: moth.id, amount: 6, label: 'falling stones' })).lines).toEqual([
      "falling stones: 6 to Grave moth, the Judge's hand",
      "6 to Grave moth's Health (no Armor left): 6 → 0 (ch.11)",
      'Grave moth falls at 0 Health',
      'Grave moth reaches 0 Health: Oneness ends and Wren of the Hollow returns to her own body (ch.2)',
    ]);
    expect((await app.call('board.view', { floor: 1 })).oneness).toEqual([]);
    expect(await summonFamiliar(app, 'Second moth')).toMatchObject({
      ok: false,
      error: {
        message:
          "Wren of the Hollow's Familiar Grave moth was summoned on Floor 1 already: a Familiar cannot be summoned again mid-floor (ch.3). Second moth was not added.",
      },
    });
    app.close();
  });
});
