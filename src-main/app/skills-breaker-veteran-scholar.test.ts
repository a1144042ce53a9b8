// The Breaker's, the Veteran's and the Scholar's skills (ch.2) driven through skill.use and the fight
// commands on the demo campaign (a real SQLite file), each with a fixed seed and fixed expectations.
import { describe, expect, it } from 'vitest';
import { descendTo, openDemo } from '../test-support/temp-app.ts';
import { landingsTo } from '../test-support/floor-setups.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

/** Floor 1 with its rolled enemies out of the way, so each test places its own. */
async function quietFloor(app: App): Promise<void> {
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  for (const t of (await app.call('board.view', { floor: 1 })).tokens.filter((k) => k.kind === 'entity'))
    await app.call('board.updateToken', { id: t.id, patch: { defeated: true } });
}

const enemy = async (app: App, name: string, x: number, y: number, health: number, armor: number) =>
  (
    await app.call('board.addToken', { kind: 'entity', name, colour: 'Red', floor: 1, x, y, health, armor })
  ).tokens.find((t) => t.name === name)!;

describe('the Breaker (ch.2)', () => {
  it('Break: into the room with its trap damage halved, a bonus Attack at +0 on the enemy named, a natural 6 knocks it back one room onward', async () => {
    const { app, roster, me } = await openDemo(11);
    const o = roster[0]!;
    await app.call('lichslayer.update', { id: o.id, patch: { hiddenClass: 'The Breaker', skill1: 'Break', level: 2 } });
    await quietFloor(app);
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 1,
      revealed: true,
      patch: {
        type: 'chamber',
        name: 'Cracked Hall',
        trap: { label: 'Spiked floor', disabled: false, effect: { damage: '2d6', bypassArmor: true } },
      },
    });
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 2,
      revealed: true,
      patch: { type: 'chamber', name: 'Back Room' },
    });
    const hound = await enemy(app, 'Grave Hound', 2, 1, 30, 0);
    await app.call('dice.setSeed', { seed: 8 });
    const r = await app.call('skill.use', { id: o.id, skill: 'Break', rooms: [{ x: 2, y: 1 }], tokenId: hound.id });
    expect(r.notes).toEqual([
      'Odile Vantreck breaks into F1 (3,2) without a Challenge roll (ch.2); trap damage there is halved against them',
      'Trap triggers for Odile Vantreck: Spiked floor (ch.9)',
      "2 to Odile Vantreck's Health (bypasses Armor; halved (Spiked floor): 4 → 2): 30 → 28 (ch.11)",
      "Break's bonus Attack at +0 on Grave Hound (ch.2)",
      'Attack: Odile Vantreck → Grave Hound with Cinder Maul: 14 damage',
      'Odile Vantreck: 14 damage = 2d6! + 1d6! Power above 6 (ch.4) [2, 6+4, 2] (ch.11)',
      "28 to Grave Hound's Health (no Armor left; ×2 attacker's Dual-Color against a Red enemy (ch.14): 14 → 28): 30 → 2 (ch.11)",
      "a natural 6 on Break's Attack [2, 6+4, 2]: the enemy is knocked back one room (ch.2)",
      'Grave Hound is knocked back to F1 (3,3) (ch.2)',
    ]);
    expect((await me(o.id)).health).toBe(28);
    const board = await app.call('board.view', { floor: 1 });
    expect(board.tokens.find((t) => t.id === hound.id)).toMatchObject({ x: 2, y: 2, health: 2 });
    expect(board.tokens.find((t) => t.lichslayerId === o.id)).toMatchObject({ x: 2, y: 1 });
    expect((await app.call('ledger.list', { character: 'Odile Vantreck' })).map((e) => e.cause)).toContain(
      'Attack: Odile Vantreck → Grave Hound with Cinder Maul',
    );
    // an enemy elsewhere is no target for the bonus Attack, and nothing moves
    const far = await enemy(app, 'Far Wisp', 4, 4, 5, 0);
    expect(
      await app.dispatch('skill.use', { id: o.id, skill: 'Break', rooms: [{ x: 2, y: 2 }], tokenId: far.id }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          "Break's bonus Attack is against an enemy in the room entered: Far Wisp is not there. Nothing changed.",
      },
    });
    expect((await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === o.id)).toMatchObject({
      x: 2,
      y: 1,
    });
    app.close();
  });

  it('Charge: a straight line up to Speed, 1d6 to each enemy in a room passed (2d6 enhanced); a full room ends it with 6 to the Breaker', async () => {
    const { app, roster, me } = await openDemo(11);
    const o = roster[0]!;
    await app.call('lichslayer.update', {
      id: o.id,
      patch: {
        hiddenClass: 'The Breaker',
        skill1: 'Break',
        skill2: 'Rumble Hat',
        skill3: 'Charge',
        level: 6,
        speed: 4,
      },
    });
    await quietFloor(app);
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 1,
      revealed: true,
      patch: { type: 'chamber', name: 'Rat Run' },
    });
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 2,
      revealed: true,
      patch: { type: 'chamber', name: 'Ash Hall' },
    });
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 3,
      revealed: true,
      patch: { type: 'hall', name: 'Guard Post' },
    });
    await enemy(app, 'Bone Rat', 2, 1, 3, 0);
    await enemy(app, 'Ash Ghoul', 2, 2, 20, 2);
    await enemy(app, 'Guard A', 2, 3, 20, 2);
    await enemy(app, 'Guard B', 2, 3, 20, 2);
    expect(await app.dispatch('skill.use', { id: o.id, skill: 'Charge', rooms: [{ x: 3, y: 2 }] })).toMatchObject({
      ok: false,
      error: { message: 'Charge runs in a straight line: (4,3) is not in a line with (3,1) (ch.2). Nothing changed.' },
    });
    await app.call('lichslayer.update', { id: o.id, patch: { speed: 2 } });
    expect(await app.dispatch('skill.use', { id: o.id, skill: 'Charge', rooms: [{ x: 2, y: 4 }] })).toMatchObject({
      ok: false,
      error: {
        message: 'Charge moves up to Speed rooms: (3,5) is 4 rooms away and Speed is 2 (ch.2). Nothing changed.',
      },
    });
    await app.call('lichslayer.update', { id: o.id, patch: { speed: 4 } });
    const xp = (await me(o.id)).xp;
    await app.call('dice.setSeed', { seed: 1 });
    const r = await app.call('skill.use', { id: o.id, skill: 'Charge', rooms: [{ x: 2, y: 4 }] });
    expect(r.notes).toEqual([
      'Charge from (3,1) to (3,5): 4 rooms in a line, Speed 4 (ch.2)',
      'Odile Vantreck Breaks into F1 (3,2) (ch.2)',
      "Odile Vantreck's Charge strikes Bone Rat: 3 = 1d6 [3] (ch.2)",
      "3 to Bone Rat's Health (no Armor left): 3 → 0 (ch.11)",
      'Odile Vantreck fells Bone Rat: +1 XP (ch.1)',
      'Odile Vantreck Breaks into F1 (3,3) (ch.2)',
      "Odile Vantreck's Charge strikes Ash Ghoul: 6 = 1d6 [6] (ch.2)",
      'Armor negates the whole instance of 6 (Charge): Armor 2 → 1; its other effects still resolve (ch.11)',
      'No clear exit toward F1 (3,4) (The Hall is full (2 of 2): it blocks passage until an entity leaves (ch.9)): the Charge ends at F1 (3,3) (ch.2)',
      'Odile Vantreck takes 6 from the impact (ch.2)',
      'Armor negates the whole instance of 6 (Charge impact): Armor 6 → 5; its other effects still resolve (ch.11)',
    ]);
    expect((await me(o.id)).xp).toBe(xp + 1);
    expect((await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === o.id)).toMatchObject({
      x: 2,
      y: 2,
    });
    expect(
      (await app.call('ledger.list', { character: 'Odile Vantreck' }))
        .filter((e) => e.cause.startsWith("Odile Vantreck's Charge"))
        .map((e) => e.explain),
    ).toEqual([
      '6 damage to Odile Vantreck from the impact (ch.2)',
      "Odile Vantreck's Charge strikes Ash Ghoul: 6 = 1d6 [6] (ch.2)",
      "Odile Vantreck's Charge strikes Bone Rat: 3 = 1d6 [3] (ch.2)",
    ]);
    // enhanced: 2d6 to each enemy passed; back up the line, to the floor's edge
    await app.call('skill.points', { id: o.id, delta: 1 });
    await app.call('skill.spendPoint', { id: o.id, action: 'enhance', skill: 'Charge' });
    await enemy(app, 'Cave Bat', 2, 1, 30, 0);
    await app.call('dice.setSeed', { seed: 2 });
    const back = await app.call('skill.use', { id: o.id, skill: 'Charge', rooms: [{ x: 2, y: 0 }] });
    expect(back.notes).toEqual([
      'Charge from (3,3) to (3,1): 2 rooms in a line, Speed 4 (ch.2)',
      'Odile Vantreck Breaks into F1 (3,2) (ch.2)',
      "Odile Vantreck's Charge strikes Cave Bat: 9 = 2d6 [6, 3] (Charge enhanced) (ch.2)",
      "9 to Cave Bat's Health (no Armor left): 30 → 21 (ch.11)",
      'Odile Vantreck Breaks into F1 (3,1) (ch.2)',
      "F1 (3,1) has no exit onward: the floor's edge (ch.2)",
      'Odile Vantreck takes 6 from the impact (ch.2)',
      'Armor negates the whole instance of 6 (Charge impact): Armor 5 → 4; its other effects still resolve (ch.11)',
    ]);
    app.close();
  });
});

describe('the Veteran (ch.2)', () => {
  it("Rally: everyone within 1 space recovers a Sanity level (not the Veteran) and gains the Veteran's level in Armor and Health, up to the maximum", async () => {
    const { app, roster, me } = await openDemo(11);
    const [o, q, sable, wren] = roster;
    await app.call('lichslayer.update', {
      id: q!.id,
      patch: {
        hiddenClass: 'The Veteran',
        skill1: 'Recall',
        skill2: 'Worn Armor',
        skill3: 'Maneuver',
        capstone: 'Rally',
        level: 6,
        sanity: 'strange',
        health: 20,
        armor: 1,
      },
    });
    await app.call('lichslayer.update', { id: sable!.id, patch: { sanity: 'edge', health: 10, armor: 0 } });
    await app.call('lichslayer.update', { id: wren!.id, patch: { sanity: 'paranoid', health: 33, armor: 3 } });
    await app.call('lichslayer.update', { id: o!.id, patch: { sanity: 'edge', health: 5 } });
    await quietFloor(app);
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 1,
      revealed: true,
      patch: { type: 'chamber', name: 'Next Room' },
    });
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 2,
      revealed: true,
      patch: { type: 'chamber', name: 'Far Room' },
    });
    const tokenOf = async (id: number) =>
      (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === id)!;
    await app.call('board.moveToken', { tokenId: (await tokenOf(wren!.id)).id, floor: 1, x: 2, y: 1 });
    await app.call('board.moveToken', { tokenId: (await tokenOf(o!.id)).id, floor: 1, x: 2, y: 1 });
    await app.call('board.moveToken', { tokenId: (await tokenOf(o!.id)).id, floor: 1, x: 2, y: 2 });
    const before = await me(o!.id);
    const r = await app.call('skill.use', { id: q!.id, skill: 'Rally' });
    expect(r.notes).toEqual([
      "Rally: Brother Quillam gains 6 (the Veteran's level, up to the maximum): Health 20 → 26, Armor 1 → 6, their own Sanity does not recover (ch.2)",
      "Rally: Sable Hartigan gains 6 (the Veteran's level, up to the maximum): Health 10 → 16, Armor 0 → 6, Sanity Edge → Strange (ch.2)",
      "Rally: Wren of the Hollow gains 6 (the Veteran's level, up to the maximum): Health 33 → 36, Armor 3 → 6, Sanity Paranoid → Edge (ch.2)",
    ]);
    expect(await me(q!.id)).toMatchObject({ sanity: 'strange', health: 26, armor: 6 });
    expect(await me(sable!.id)).toMatchObject({ sanity: 'strange', health: 16, armor: 6 });
    expect(await me(wren!.id)).toMatchObject({ sanity: 'edge', health: 36, armor: 6 });
    expect(
      (await app.call('ledger.list', { character: 'Sable Hartigan' })).find(
        (e) => e.cause === 'Brother Quillam Rallies Sable Hartigan',
      )!.explain,
    ).toBe(r.notes[1]);
    expect(await me(o!.id)).toMatchObject({ sanity: before.sanity, health: before.health, armor: before.armor });
    app.close();
  });
});

describe('the Scholar (ch.2)', () => {
  it("Predict: a Challenge against the enemy's level × 3 (30 against the Lich); success denies the action, failure spends the Scholar's next turn", async () => {
    const { app, roster } = await openDemo(11);
    const wren = roster[3]!;
    await app.call('lichslayer.update', {
      id: wren.id,
      patch: {
        hiddenClass: 'The Scholar',
        skill1: 'Identify',
        skill2: 'Scrolls and Ink',
        skill3: 'Investiture',
        capstone: 'Predict',
        level: 6,
      },
    });
    await quietFloor(app);
    await app.call('board.setRoom', { floor: 1, x: 2, y: 1, revealed: true, patch: { type: 'chamber', name: 'Den' } });
    const hound = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Grave Hound',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 1,
        health: 20,
        armor: 0,
        stats: { level: 2, attack: '1d6' },
      })
    ).tokens.find((t) => t.name === 'Grave Hound')!;
    const wisp = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Nameless Wisp',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 1,
        health: 20,
        armor: 0,
      })
    ).tokens.find((t) => t.name === 'Nameless Wisp')!;
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(await app.dispatch('skill.use', { id: wren.id, skill: 'Predict', tokenId: wisp.id })).toMatchObject({
      ok: false,
      error: {
        message:
          "Nameless Wisp's stat block gives no level: Predict's target is its level × 3 (ch.2); set its level first. Nothing changed.",
      },
    });
    await app.call('dice.setSeed', { seed: 1 });
    const r = await app.call('skill.use', { id: wren.id, skill: 'Predict', tokenId: hound.id });
    expect(r.notes).toEqual([
      "Wren of the Hollow Predicts Grave Hound's declared action (Predict against Grave Hound: level 2 × 3 = 6 (ch.2)): Wren of the Hollow succeeds (28 = 6d6! [3, 6+4, 6+1, 1, 5, 4] − 2 (Sanity Edge (ch.8)) vs 6: meets the target (ch.1)); a natural 1: Integrity of Thornwood Staff: 2 on d6, it holds (ch.11), on the first equipped item that can break, Thornwood Staff (house rule)",
      'Grave Hound gives up their next turn: its declared action is denied by Predict (ch.2)',
    ]);
    const ogre = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Elder Ogre',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 1,
        health: 90,
        armor: 10,
        stats: { level: 10 },
      })
    ).tokens.find((t) => t.name === 'Elder Ogre')!;
    let guard = 0;
    while (p.combat!.round === 1 && guard++ < 40) p = await app.call('phase.nextTurn', {});
    await app.call('dice.setSeed', { seed: 2 });
    const r2 = await app.call('skill.use', { id: wren.id, skill: 'Predict', tokenId: ogre.id });
    expect(r2.notes).toEqual([
      "Wren of the Hollow Predicts Elder Ogre's declared action (Predict against Elder Ogre: level 10 × 3 = 30 (ch.2)): Wren of the Hollow fails (26 = 6d6! [6+3, 6+1, 4, 3, 3, 2] − 2 (Sanity Edge (ch.8)) vs 30: short of the target (ch.1))",
      'Elder Ogre acts as declared (ch.2)',
      "Wren of the Hollow gives up their next turn: Predict failed: the Scholar's action is spent (ch.2)",
    ]);
    expect(await app.dispatch('skill.use', { id: wren.id, skill: 'Predict', tokenId: hound.id })).toMatchObject({
      ok: false,
      error: { message: 'Predict is once per Round (ch.2), and it has been used. Nothing changed.' },
    });
    app.close();
  });
});

describe('skills that add to all rolls and to Magic (ch.2)', () => {
  it("Investiture: at a Round's start the character beside the Scholar (the first on the stack) gets +1 Magic and +1 to all rolls, until the Scholar moves away", async () => {
    const { app, roster, me } = await openDemo(11);
    const wren = roster[3]!;
    await app.call('lichslayer.update', {
      id: wren.id,
      patch: {
        hiddenClass: 'The Scholar',
        skill1: 'Identify',
        skill2: 'Scrolls and Ink',
        skill3: 'Investiture',
        level: 6,
      },
    });
    await quietFloor(app);
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 1,
      revealed: true,
      patch: { type: 'chamber', name: 'Study' },
    });
    await app.call('board.addToken', {
      kind: 'entity',
      name: 'Grave Hound',
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 1,
      health: 20,
      armor: 0,
      stats: { level: 2, attack: '1d6' },
    });
    const magic = (await me(roster[0]!.id)).derived.magic.value;
    const p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(p.notices).toEqual([
      'Investiture: Odile Vantreck has +1 Magic and +1 to all rolls from Wren of the Hollow this Round, while Wren of the Hollow stays (ch.2)',
    ]);
    const mods = async (id: number) => (await app.call('challenge.presets', { lichslayerId: id })).roller.modifiers;
    expect(await mods(roster[0]!.id)).toContainEqual({
      source: 'Investiture from Wren of the Hollow (ch.2)',
      value: 1,
    });
    expect(await mods(roster[2]!.id)).not.toContainEqual({
      source: 'Investiture from Wren of the Hollow (ch.2)',
      value: 1,
    });
    expect((await me(roster[0]!.id)).derived.magic.value).toBe(magic + 1);
    expect((await me(roster[0]!.id)).life.penalties).toContainEqual({
      source: 'Investiture from Wren of the Hollow (ch.2)',
      value: 1,
    });
    await app.call('dice.setSeed', { seed: 4 });
    const roll = await app.call('challenge.roll', { lichslayerId: roster[0]!.id, target: 12 });
    expect(roll.lines[0]).toMatch(/ \+ 1 \(Investiture from Wren of the Hollow \(ch\.2\)\) vs 12/);
    // the Scholar moves away: the bonus ends
    const wrenToken = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === wren.id)!;
    await app.call('board.moveToken', { tokenId: wrenToken.id, floor: 1, x: 2, y: 1 });
    expect(await mods(roster[0]!.id)).not.toContainEqual({
      source: 'Investiture from Wren of the Hollow (ch.2)',
      value: 1,
    });
    expect((await me(roster[0]!.id)).derived.magic.value).toBe(magic);
    app.close();
  });

  it('Rumble Hat: the Breaker gains +6 Health and +1 Armor with the skill (its maxima too), however it comes; edited away, they go', async () => {
    const { app, roster, me } = await openDemo(11);
    const o = roster[0]!;
    const base = await me(o.id);
    expect([base.level, base.skill2, base.maxHealth, base.health, base.maxArmor, base.armor]).toEqual([
      2,
      '',
      36,
      30,
      7,
      5,
    ]);
    const up = await app.call('lichslayer.gainGold', { id: o.id, amount: 36 * 72 });
    const l = await me(o.id);
    expect([l.level, l.skill2]).toEqual([4, 'Rumble Hat']);
    expect([l.maxHealth, l.health, l.maxArmor, l.armor]).toEqual([42, 36, 8, 6]);
    expect(up.notes).toContain(
      'Rumble Hat: the Garment slot grants +6 Health and +1 Armor, with or without a Garment (ch.2): maximum Health 36 → 42, maximum Armor 7 → 8',
    );
    // edited away by the Judge: the maxima fall back, and what stood above them is trimmed
    await app.call('lichslayer.update', { id: o.id, patch: { skill2: '' } });
    expect(await me(o.id)).toMatchObject({ maxHealth: 36, health: 36, maxArmor: 7, armor: 6 });
    await app.call('lichslayer.update', { id: o.id, patch: { skill2: 'Rumble Hat' } });
    expect(await me(o.id)).toMatchObject({ maxHealth: 42, health: 42, maxArmor: 8, armor: 7 });
    app.close();
  });

  it('Rumble Hat enhanced: +1 to all rolls at half Health or below, on the Gauntlet and in the roll', async () => {
    const { app, roster, me } = await openDemo(11);
    const o = roster[0]!;
    await app.call('lichslayer.update', {
      id: o.id,
      patch: { hiddenClass: 'The Breaker', skill1: 'Break', skill2: 'Rumble Hat', level: 4 },
    });
    await app.call('skill.points', { id: o.id, delta: 1 });
    await app.call('skill.spendPoint', { id: o.id, action: 'enhance', skill: 'Rumble Hat' });
    const max = (await me(o.id)).maxHealth;
    const hat = {
      source: `Rumble Hat, enhanced: at half Health or below (${Math.floor(max / 2)} of ${max}) (ch.2)`,
      value: 1,
    };
    await app.call('lichslayer.update', { id: o.id, patch: { health: Math.floor(max / 2) + 1 } });
    expect(
      (await app.call('challenge.presets', { lichslayerId: o.id })).roller.modifiers.filter((m) =>
        m.source.startsWith('Rumble Hat'),
      ),
    ).toEqual([]);
    await app.call('lichslayer.update', { id: o.id, patch: { health: Math.floor(max / 2) } });
    expect((await app.call('challenge.presets', { lichslayerId: o.id })).roller.modifiers).toContainEqual(hat);
    expect((await me(o.id)).life.penalties).toContainEqual(hat);
    await app.call('dice.setSeed', { seed: 4 });
    expect((await app.call('challenge.roll', { lichslayerId: o.id, target: 6 })).lines[0]).toContain(
      `+ 1 (Rumble Hat, enhanced: at half Health or below (${Math.floor(max / 2)} of ${max}) (ch.2))`,
    );
    app.close();
  });

  it("Rumble Hat enhanced adds its +1 to the day's Sanity Challenge in a grayed region of the Forest too (ch.2, ch.17)", async () => {
    const { app, roster, me } = await openDemo(36);
    const o = roster[0]!;
    await app.call('lichslayer.update', {
      id: o.id,
      patch: { hiddenClass: 'The Breaker', skill1: 'Break', skill2: 'Rumble Hat', level: 4 },
    });
    await app.call('skill.points', { id: o.id, delta: 1 });
    await app.call('skill.spendPoint', { id: o.id, action: 'enhance', skill: 'Rumble Hat' });
    const max = (await me(o.id)).maxHealth;
    await app.call('lichslayer.update', { id: o.id, patch: { health: Math.floor(max / 2) } });
    await app.call('forest.go', { ids: [o.id], where: 'forest' });
    await app.call('forest.mine', { id: o.id });
    await app.call('town.nextDay', {});
    const challenge = (await app.call('ledger.list', { character: 'Odile Vantreck' })).find(
      (e) => e.cause === 'A day in a grayed region of the Forest (ch.17)',
    )!;
    expect(challenge.explain).toContain(
      `+ 1 (Rumble Hat, enhanced: at half Health or below (${Math.floor(max / 2)} of ${max}) (ch.2))`,
    );
    app.close();
  });
});

describe("the Veteran's Recall and Maneuver, the Scholar's inscription (ch.2)", () => {
  it("Recall: the Veteran's Power added to another's Challenge; enhanced, the richest room not yet entered is named after the reveal", async () => {
    const { app, roster } = await openDemo(11);
    const [o, q] = roster;
    await app.call('lichslayer.update', {
      id: q!.id,
      patch: { hiddenClass: 'The Veteran', skill1: 'Recall', level: 2, power: 7, gold: 1200 },
    });
    expect(await app.dispatch('challenge.roll', { lichslayerId: q!.id, target: 12, assistBy: q!.id })).toMatchObject({
      ok: false,
      error: {
        message: "Brother Quillam assists another character's Challenge, not their own (ch.2). Nothing changed.",
      },
    });
    expect(await app.dispatch('challenge.roll', { lichslayerId: q!.id, target: 12, assistBy: o!.id })).toMatchObject({
      ok: false,
      error: {
        message:
          "Odile Vantreck does not hold Recall: only the Veteran's Recall assists a Challenge (ch.2). Nothing changed.",
      },
    });
    await app.call('dice.setSeed', { seed: 4 });
    const r = await app.call('challenge.roll', { lichslayerId: o!.id, target: 12, assistBy: q!.id });
    expect(r.lines[0]).toContain("+ 7 (Brother Quillam's assist with Recall: Power (ch.2)) vs 12");
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('skill.points', { id: q!.id, delta: 1 });
    await app.call('skill.spendPoint', { id: q!.id, action: 'enhance', skill: 'Recall' });
    await app.call('board.setRoom', {
      floor: 1,
      x: 0,
      y: 0,
      revealed: true,
      patch: { type: 'chamber', name: 'Counting House', gold: 333 },
    });
    await app.call('board.setRoom', {
      floor: 1,
      x: 4,
      y: 0,
      revealed: true,
      patch: { type: 'chamber', name: 'Small Purse', gold: 20 },
    });
    const recall = await app.call('skill.use', { id: q!.id, skill: 'Recall', rooms: [{ x: 1, y: 1 }] });
    expect(recall.notes.at(-1)).toBe(
      'Recall, enhanced: the richest room not yet entered on this floor is (1,1), 333 gold (ch.2)',
    );
    app.close();
  });

  it('Maneuver: the Veteran and an adjacent ally move to a room within 1 space, not a full one; enhanced, the second in a Round costs the next action', async () => {
    const { app, roster } = await openDemo(11);
    const [o, q] = roster;
    await app.call('lichslayer.update', {
      id: q!.id,
      patch: { hiddenClass: 'The Veteran', skill1: 'Recall', skill2: 'Worn Armor', skill3: 'Maneuver', level: 6 },
    });
    await quietFloor(app);
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 1,
      revealed: true,
      patch: { type: 'hall', name: 'Narrow Hall' },
    });
    await app.call('board.setRoom', {
      floor: 1,
      x: 1,
      y: 0,
      revealed: true,
      patch: { type: 'chamber', name: 'Side Room' },
    });
    await app.call('board.setRoom', {
      floor: 1,
      x: 0,
      y: 0,
      revealed: true,
      patch: { type: 'chamber', name: 'Corner' },
    });
    await app.call('board.addToken', {
      kind: 'entity',
      name: 'Grave Hound',
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 1,
      health: 20,
      armor: 0,
      stats: { level: 2 },
    });
    await app.call('board.addToken', {
      kind: 'entity',
      name: 'Grave Jackal',
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 1,
      health: 20,
      armor: 0,
      stats: { level: 2 },
    });
    const board = await app.call('board.view', { floor: 1 });
    const odile = board.tokens.find((t) => t.lichslayerId === o!.id)!;
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(
      await app.dispatch('skill.use', { id: q!.id, skill: 'Maneuver', tokenId: odile.id, rooms: [{ x: 0, y: 0 }] }),
    ).toMatchObject({
      ok: false,
      error: { message: 'Maneuver moves to a room within 1 space: (1,1) is 2 rooms away (ch.2). Nothing changed.' },
    });
    // the Hall holds two enemies already: it blocks passage (ch.9)
    expect(
      await app.dispatch('skill.use', { id: q!.id, skill: 'Maneuver', tokenId: odile.id, rooms: [{ x: 2, y: 1 }] }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^The Hall is full \(2 of 2\)/) } });
    const r = await app.call('skill.use', { id: q!.id, skill: 'Maneuver', tokenId: odile.id, rooms: [{ x: 1, y: 0 }] });
    expect(r.notes[0]).toBe(
      "Brother Quillam Maneuvers with Odile Vantreck to F1 (2,1), out of the declared attack or spell's way; it does not take Brother Quillam's turn (ch.2)",
    );
    const after = await app.call('board.view', { floor: 1 });
    expect(
      [after.tokens.find((t) => t.lichslayerId === o!.id), after.tokens.find((t) => t.lichslayerId === q!.id)].map(
        (t) => [t!.x, t!.y],
      ),
    ).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(await app.dispatch('skill.use', { id: q!.id, skill: 'Maneuver', rooms: [{ x: 0, y: 0 }] })).toMatchObject({
      ok: false,
      error: { message: 'Maneuver is once per Round (ch.2), and it has been used. Nothing changed.' },
    });
    await app.call('skill.points', { id: q!.id, delta: 1 });
    await app.call('skill.spendPoint', { id: q!.id, action: 'enhance', skill: 'Maneuver' });
    const second = await app.call('skill.use', { id: q!.id, skill: 'Maneuver', rooms: [{ x: 0, y: 0 }] });
    expect(second.notes).toContain(
      'Brother Quillam gives up their next turn: a second Maneuver this Round costs the next action (ch.2, enhanced)',
    );
    const p = await app.call('phase.view', {});
    expect(p.combat).not.toBeNull();
    app.close();
  });

  it('Scrolls and Ink: a Gear or Garment inscribed with +1 Magic (+2 enhanced) outside a fight; the Gauntlet counts it', async () => {
    const { app, roster, me } = await openDemo(11);
    const [o, , , wren] = roster;
    await app.call('lichslayer.update', {
      id: wren!.id,
      patch: { hiddenClass: 'The Scholar', skill1: 'Identify', skill2: 'Scrolls and Ink', level: 4 },
    });
    const before = (await me(o!.id)).derived.magic.value;
    const r = await app.call('skill.use', {
      id: wren!.id,
      skill: 'Scrolls and Ink',
      inscribe: { id: o!.id, slot: 'gear' },
    });
    expect(r.notes).toEqual([
      "Wren of the Hollow inscribes Cinder Maul: +1 Magic (ch.2): Odile Vantreck's Magic counts it while it is equipped and unbroken (ch.4, ch.13)",
    ]);
    expect((await me(o!.id)).derived.magic.value).toBe(before + 1);
    expect((await me(o!.id)).items.gear!.notes).toMatch(/\+1 Magic \(inscribed by Wren of the Hollow, ch\.2\)$/);
    expect(
      await app.dispatch('skill.use', {
        id: wren!.id,
        skill: 'Scrolls and Ink',
        inscribe: { id: o!.id, slot: 'gear' },
      }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          "Cinder Maul is inscribed already: one inscription to an item (the app's reading of ch.2). Nothing changed.",
      },
    });
    await app.call('skill.points', { id: wren!.id, delta: 1 });
    await app.call('skill.spendPoint', { id: wren!.id, action: 'enhance', skill: 'Scrolls and Ink' });
    await app.call('lichslayer.setItem', { id: o!.id, slot: 'garment', item: { name: 'Plain Coat', colour: 'Blue' } });
    await app.call('skill.use', { id: wren!.id, skill: 'Scrolls and Ink', inscribe: { id: o!.id, slot: 'garment' } });
    expect((await me(o!.id)).derived.magic.value).toBe(before + 3);
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(
      await app.dispatch('skill.use', {
        id: wren!.id,
        skill: 'Scrolls and Ink',
        inscribe: { id: wren!.id, slot: 'gear' },
      }),
    ).toMatchObject({
      ok: false,
      error: {
        message: 'An inscription takes one full turn outside of combat (ch.2): end the fight first. Nothing changed.',
      },
    });
    app.close();
  });
});

describe("the Breaker's doorway (ch.2)", () => {
  it('Break enhanced as a Response: an enemy closing in on the Breaker’s room rolls its Challenge against the Breaker’s Power, and a failure holds it out this Round', async () => {
    const { app, roster } = await openDemo(11);
    const o = roster[0]!;
    await app.call('lichslayer.update', {
      id: o.id,
      patch: { hiddenClass: 'The Breaker', skill1: 'Break', level: 2, power: 14, health: 5 },
    });
    await quietFloor(app);
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 1,
      revealed: true,
      patch: { type: 'chamber', name: 'Gatehouse' },
    });
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 2,
      revealed: true,
      patch: { type: 'chamber', name: 'Kennel' },
    });
    const odile = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === o.id)!;
    await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 1 });
    const hound = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Grave Hound',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 2,
        health: 20,
        armor: 0,
        stats: { level: 1, attack: '1d6' },
      })
    ).tokens.find((t) => t.name === 'Grave Hound')!;
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(await app.dispatch('skill.use', { id: o.id, skill: 'Break', block: true })).toMatchObject({
      ok: false,
      error: { message: 'Break blocks a doorway only when enhanced with a Skill Point (ch.2). Nothing changed.' },
    });
    await app.call('skill.points', { id: o.id, delta: 1 });
    await app.call('skill.spendPoint', { id: o.id, action: 'enhance', skill: 'Break' });
    const block = await app.call('skill.use', { id: o.id, skill: 'Break', block: true });
    expect(block.notes).toEqual([
      "Odile Vantreck blocks the way into F1 (3,2) this Round: an enemy entering must pass a Challenge of 14, Odile Vantreck's Power (ch.2)",
      'Odile Vantreck gives up their next turn: blocking the doorway was a Response (ch.2, ch.15)',
    ]);
    await app.call('phase.nextTurn', {});
    await app.call('dice.setSeed', { seed: 1 });
    const adv = await app.call('phase.enemiesAdvance', {});
    expect(adv.notices).toEqual([
      "Grave Hound: Enter past Odile Vantreck's doorway: Grave Hound fails (3 = 1d6! [3] vs 14: short of the target (ch.1)) and is denied entry this Round (ch.2)",
    ]);
    expect(
      (await app.call('ledger.list', {}))
        .filter((e) => e.cause === "Grave Hound: Enter past Odile Vantreck's doorway")
        .map((e) => e.explain),
    ).toEqual(['3 = 1d6! [3] vs 14: short of the target (ch.1)']);
    expect((await app.call('board.view', { floor: 1 })).tokens.find((t) => t.id === hound.id)).toMatchObject({
      x: 2,
      y: 2,
    });
    app.close();
  });
});

describe('Identify (ch.2)', () => {
  it('Identify: every property an enemy’s token holds (its faction counted toward Predict), or a loot item by name from the loot tables', async () => {
    const { app, roster, me } = await openDemo(11);
    const wren = roster[3]!;
    await app.call('lichslayer.update', {
      id: wren.id,
      patch: { hiddenClass: 'The Scholar', skill1: 'Identify', level: 2 },
    });
    await quietFloor(app);
    const ghoul = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Pale Ghoul',
        colour: 'Green',
        floor: 1,
        x: 4,
        y: 4,
        health: 14,
        armor: 2,
        stats: { faction: 'Ghoul', level: 3, speed: 2, attack: '2d6', sanityOnHit: 12 },
      })
    ).tokens.find((t) => t.name === 'Pale Ghoul')!;
    expect(await app.dispatch('skill.use', { id: wren.id, skill: 'Identify' })).toMatchObject({
      ok: false,
      error: {
        message:
          'Choose what Identify reads: an enemy or entity on the board, or a loot item by name. Nothing changed.',
      },
    });
    const r = await app.call('skill.use', { id: wren.id, skill: 'Identify', tokenId: ghoul.id });
    expect(r.notes).toEqual([
      'Wren of the Hollow Identifies Pale Ghoul: Ghoul, Green, level 3, Health 14 / Armor 2, Speed 2, attack 2d6, a hit calls a Sanity Challenge of 12 (ch.2)',
    ]);
    expect((await me(wren.id)).life.capstone).toMatchObject({ capstone: 'Predict', have: 1, need: 6 });
    const item = await app.call('skill.use', { id: wren.id, skill: 'Identify', item: 'cinder compass' });
    expect(item.notes).toEqual([
      'Wren of the Hollow Identifies cinder compass: common, Red, tool, equip / influence, breakable — Influence: add 1d6 to any roll to open, find or escape. (ch.2)',
    ]);
    expect((await app.call('skill.use', { id: wren.id, skill: 'Identify', item: 'Nothing Such' })).notes).toEqual([
      "Wren of the Hollow Identifies Nothing Such: on none of the campaign's loot tables: its properties are the Judge's notes (ch.2)",
    ]);
    app.close();
  });
});

describe("the Breaker's capstone (ch.2)", () => {
  it('Crush unlocks once the Breaker has felled an enemy on every floor tier (1-3, 4-6, 7-9) and holds Skills 1-3', async () => {
    const { app, roster, me } = await openDemo(11);
    const o = roster[0]!;
    await app.call('lichslayer.update', {
      id: o.id,
      patch: { hiddenClass: 'The Breaker', skill1: 'Break', skill2: 'Rumble Hat', skill3: 'Charge', level: 6 },
    });
    await landingsTo(app, 7);
    const fell = async (floor: number) => {
      const board = await app.call('board.addToken', {
        kind: 'entity',
        name: `Foe ${floor}`,
        colour: 'Red',
        floor,
        x: 2,
        y: 0,
        health: 5,
        armor: 0,
      });
      const foe = board.tokens.find((t) => t.name === `Foe ${floor}`)!;
      const odile = board.tokens.find((t) => t.lichslayerId === o.id)!;
      return app.call('fight.attack', { attacker: odile.id, target: foe.id, outOfTurn: true, damage: 99 });
    };
    await descendTo(app, 1);
    await fell(1);
    await descendTo(app, 2);
    await fell(2);
    await descendTo(app, 4);
    await fell(4);
    expect((await me(o.id)).capstone).toBe('');
    await descendTo(app, 7);
    const last = await fell(7);
    expect(last.lines.at(-1)).toBe(
      "Odile Vantreck's capstone condition is met (3 of 3 floor tiers with an enemy felled (ch.2)): Crush unlocks (ch.2)",
    );
    expect((await me(o.id)).capstone).toBe('Crush');
    app.close();
  });
});

describe('Skill Points (ch.2)', () => {
  it('unspent Skill Points carry into the next session, and using a skill spends none', async () => {
    const { app, roster, me } = await openDemo(11);
    const q = roster[1]!;
    await app.call('lichslayer.update', {
      id: q.id,
      patch: {
        hiddenClass: 'The Veteran',
        skill1: 'Recall',
        skill2: 'Worn Armor',
        skill3: 'Maneuver',
        capstone: 'Rally',
        level: 6,
      },
    });
    await app.call('skill.points', { id: q.id, delta: 2 });
    await app.call('ledger.newSession', {});
    expect((await me(q.id)).life.skillPoints).toBe(2);
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('skill.use', { id: q.id, skill: 'Rally' });
    expect((await me(q.id)).life.skillPoints).toBe(2);
    app.close();
  });
});
