// Class skills (ch.2): held or refused, passive or used, limits enforced, board skills through
// the board (reveal, disarm, break, burgle), and capstone progress from the campaign's history.
import { describe, expect, it } from 'vitest';
import { openDemo, walkEveryRoom } from '../test-support/temp-app.ts';
import { addEnemy } from '../test-support/floor-setups.ts';

const setup = () => openDemo(11);

describe('skills (ch.2)', () => {
  it('refuses a skill not held and a passive one; level 4 and 6 unlock Skills 2 and 3', async () => {
    const { app, roster, me } = await setup();
    const o = roster[0]!; // The Breaker, level 2, Skill 1 Break
    expect(await app.dispatch('skill.use', { id: o.id, skill: 'Charge' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/does not hold Charge/) },
    });
    await app.call('lichslayer.gainGold', { id: o.id, amount: 36 * 200 });
    const up = await me(o.id);
    expect(up.level).toBeGreaterThanOrEqual(6);
    expect([up.skill2, up.skill3]).toEqual(['Rumble Hat', 'Charge']);
    expect(await app.dispatch('skill.use', { id: o.id, skill: 'Rumble Hat' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/passive/) },
    });
    expect(up.life.skills.map((k) => k.name)).toEqual(['Break', 'Rumble Hat', 'Charge']);
    app.close();
  });

  it("a use carries only its own skill's choices: a stray one, or a name the book does not spell, is refused and nothing changes", async () => {
    const { app, roster, me } = await setup();
    const o = roster[0]!; // The Breaker, level 2, Skill 1 Break
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const before = await me(o.id);
    // ch.2: Break takes a room and an enemy to attack, never a Cure's ailment.
    expect(
      await app.dispatch('skill.use', { id: o.id, skill: 'Break', rooms: [{ x: 2, y: 1 }], ailment: 'Burn' }),
    ).toEqual({ ok: false, error: { code: 'invalid-args', message: 'skill.use: Break takes no ailment (ch.2)' } });
    expect(await app.dispatch('skill.use', { id: o.id, skill: 'Bash', rooms: [{ x: 2, y: 1 }] })).toEqual({
      ok: false,
      error: {
        code: 'invalid-args',
        message:
          'skill.use: skill: Name a class skill as the book spells it, such as Charge or Diagnose and Bandage (ch.2)',
      },
    });
    expect(await me(o.id)).toEqual(before);
    expect((await app.call('board.view', { floor: 1 })).rooms.find((r) => r.x === 2 && r.y === 1)!.revealed).toBe(
      false,
    );
    app.close();
  });

  it('a skill written on the sheet in any case shows as the book spells it, and one the app does not know shows as written, unknown', async () => {
    const { app, roster, me } = await setup();
    const o = roster[0]!;
    await app.call('lichslayer.update', { id: o.id, patch: { skill1: 'break', skill2: 'Thunder Clap' } });
    expect((await me(o.id)).life.skills.map((k) => [k.name, k.skill, k.kind])).toEqual([
      ['Break', 'Break', 'action'],
      ['Thunder Clap', null, 'unknown'],
    ]);
    app.close();
  });

  it('Break enters a room through the board (the players see it); Disarm disables the trap where the Bandit stands', async () => {
    const { app, roster } = await setup();
    const [o, , sable] = roster;
    await app.call('lichslayer.update', {
      id: sable!.id,
      patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', skill3: 'Disarm', level: 6 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const r = await app.call('skill.use', { id: o!.id, skill: 'Break', rooms: [{ x: 2, y: 1 }] });
    expect(r.notes.join('\n')).toMatch(/breaks into F1 \(3,2\) without a Challenge roll \(ch\.2\)/);
    const board = await app.call('board.view', { floor: 1 });
    expect(board.tokens.find((t) => t.lichslayerId === o!.id)).toMatchObject({ x: 2, y: 1 });
    expect(board.rooms.find((x) => x.x === 2 && x.y === 1)!.revealed).toBe(true);
    expect(JSON.stringify(await app.call('players.view', {}))).toContain(
      board.rooms.find((x) => x.x === 2 && x.y === 1)!.name,
    );
    // a trap in Sable's room
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 0,
      patch: { trap: { label: 'Needle lock', disabled: false } },
    });
    await app.call('skill.use', { id: sable!.id, skill: 'Disarm' });
    expect((await app.call('board.view', { floor: 1 })).rooms.find((x) => x.x === 2 && x.y === 0)!.trap).toMatchObject({
      disabled: true,
    });
    expect(await app.dispatch('skill.use', { id: sable!.id, skill: 'Disarm' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no armed trap/) },
    });
    app.close();
  });

  it("Burgle (ch.2): once per turn in a fight; the loot is kept only in the entity's colour or Any; each entity once; ten distinct successes unlock Cheat", async () => {
    const { app, roster, me } = await setup();
    const sable = roster[2]!;
    await app.call('lichslayer.update', {
      id: sable.id,
      patch: {
        hiddenClass: 'The Bandit',
        skill1: 'Burgle',
        skill2: 'Extra Pockets',
        skill3: 'Disarm',
        level: 6,
        maxHealth: 72,
      },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    for (const t of (await app.call('board.view', { floor: 1 })).tokens.filter((k) => k.kind === 'entity'))
      await app.call('board.updateToken', { id: t.id, patch: { defeated: true } });
    const loot = (await app.call('tables.get', { key: 'loot' })).table.rows
      .map((r, i) => (r.loot ? i : -1))
      .filter((i) => i >= 0);
    const colourLoot = (colour: 'Blue' | 'Red' | 'All-Color') =>
      app.call('tables.recolour', { key: 'loot', indices: loot, colour });
    const addMark = async (i: number) => {
      const name = `Mark ${String.fromCharCode(65 + i)}`;
      return (
        await app.call('board.addToken', {
          kind: 'entity',
          name,
          colour: 'Red',
          floor: 1,
          x: 2,
          y: 0,
          health: 3,
          armor: 0,
        })
      ).tokens.find((t) => t.name === name)!;
    };
    const count = async () => (await me(sable.id)).inventory.reduce((a, s) => a + s.count, 0);
    const victims = [await addMark(0), await addMark(1)];
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const token = p.combat!.entrants.find((e) => e.lichslayerId === sable.id)!;
    let guard = 0;
    while (p.combat!.currentTokenId !== token.tokenId && guard++ < 40) p = await app.call('phase.nextTurn', {});
    // A Red enemy and Blue loot: the roll is made and logged, the Bandit takes nothing.
    await colourLoot('Blue');
    const before = await count();
    const miss = await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: victims[0]!.id });
    expect(miss.notes[0]).toMatch(
      /^Sable Hartigan Burgles Mark A and rolls .+: the loot is Blue, the entity is Red: the Bandit takes nothing \(ch\.2\)$/,
    );
    expect(await count()).toBe(before);
    expect(
      (await app.call('ledger.list', { character: 'Sable Hartigan' })).find(
        (e) => e.cause === 'Sable Hartigan Burgles Mark A',
      )!.explain,
    ).toMatch(/; the loot is Blue, the entity is Red: the Bandit takes nothing \(ch\.2\)$/);
    expect((await me(sable.id)).life.capstone).toMatchObject({ capstone: 'Cheat', have: 0, need: 10 });
    expect(await app.dispatch('skill.use', { id: sable.id, skill: 'Burgle', tokenId: victims[1]!.id })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/once per turn \(ch\.2\)/) },
    });
    // out of the fight the turn limit does not bind; Mark A may not be Burgled again, whatever its loot
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    await colourLoot('All-Color');
    expect(await app.dispatch('skill.use', { id: sable.id, skill: 'Burgle', tokenId: victims[0]!.id })).toMatchObject({
      ok: false,
      error: { message: 'Mark A has been Burgled already: an entity may be Burgled once (ch.2). Nothing changed.' },
    });
    const any = await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: victims[1]!.id });
    expect(any.notes[0]).toMatch(
      /^Sable Hartigan Burgles .+ from Mark B: secured at once \(ch\.2\); the loot is of Any colour: kept \(ch\.2\)$/,
    );
    expect(await count()).toBe(before + 1);
    expect((await me(sable.id)).life.capstone).toMatchObject({ have: 1 });
    await colourLoot('Red');
    // the Vault holds six, the party four of them (ch.9): Marks A and B leave before the next come in
    for (const v of victims) await app.call('board.updateToken', { id: v.id, patch: { defeated: true } });
    for (let i = 2; i < 11; i++) {
      const mark = await addMark(i);
      await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: mark.id });
      await app.call('board.updateToken', { id: mark.id, patch: { defeated: true } });
    }
    const done = await me(sable.id);
    expect(done.life.capstone).toMatchObject({ have: 10 });
    expect(done.capstone).toBe('Cheat');
    app.close();
  });

  it('limits by day and session: Influence once per in-game day, Cure once per session', async () => {
    const { app, roster } = await setup();
    const w = roster[3]!;
    await app.call('lichslayer.update', {
      id: w.id,
      patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', capstone: 'Influence' },
    });
    await app.call('skill.use', { id: w.id, skill: 'Influence', influence: 'add' });
    expect(await app.dispatch('skill.use', { id: w.id, skill: 'Influence', influence: 'add' })).toMatchObject({
      ok: false,
      error: { message: 'Influence is once per in-game day (ch.2), and it has been used. Nothing changed.' },
    });
    await app.call('town.nextDay', {});
    await app.call('skill.use', { id: w.id, skill: 'Influence', influence: 'add' });
    await app.call('lichslayer.update', { id: w.id, patch: { capstone: 'Cure' } });
    // Cure takes a target token: the Doctor's own, on the board.
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const me = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === w.id)!.id;
    await app.call('skill.use', { id: w.id, skill: 'Cure', tokenId: me });
    await app.call('town.nextDay', { duringDive: true });
    expect(await app.dispatch('skill.use', { id: w.id, skill: 'Cure', tokenId: me })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/once per session/) },
    });
    await app.call('ledger.newSession', {});
    expect((await app.dispatch('skill.use', { id: w.id, skill: 'Cure', tokenId: me })).ok).toBe(true);
    app.close();
  });
});

describe('usage limits keyed on the fight and the floor visit (ch.2)', () => {
  it('"once per Round" counts in this fight: Crush spent in Round 1 of one fight is free again in Round 1 of the next', async () => {
    const { app, roster } = await setup();
    const o = roster[0]!;
    await app.call('lichslayer.update', {
      id: o.id,
      patch: {
        hiddenClass: 'The Breaker',
        skill1: 'Break',
        skill2: 'Rumble Hat',
        skill3: 'Charge',
        capstone: 'Crush',
        level: 6,
      },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    const ogre = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Stone Ogre',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 0,
        health: 30,
        armor: 4,
      })
    ).tokens.find((t) => t.name === 'Stone Ogre')!;
    const crush = { id: o.id, skill: 'Crush', tokenId: ogre.id, crush: 'armor' } as const;
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(p.combat!.round).toBe(1);
    await app.call('skill.use', crush);
    expect(await app.dispatch('skill.use', crush)).toMatchObject({
      ok: false,
      error: { message: 'Crush is once per Round (ch.2), and it has been used. Nothing changed.' },
    });
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(p.combat!.round).toBe(1);
    expect((await app.dispatch('skill.use', crush)).ok).toBe(true);
    app.close();
  });

  it('"once per floor" counts per visit: Rally again on Floor 1 of a new dive the same day; once in the Lich\'s manifestation in the Town', async () => {
    const { app, roster } = await setup();
    const v = roster[1]!;
    await app.call('lichslayer.update', {
      id: v.id,
      patch: {
        hiddenClass: 'The Veteran',
        skill1: 'Recall',
        skill2: 'Worn Armor',
        skill3: 'Maneuver',
        capstone: 'Rally',
        level: 6,
      },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('skill.use', { id: v.id, skill: 'Rally' });
    expect(await app.dispatch('skill.use', { id: v.id, skill: 'Rally' })).toMatchObject({
      ok: false,
      error: { message: 'Rally is once per floor (ch.2), and it has been used. Nothing changed.' },
    });
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    expect((await app.call('phase.view', {})).dive.floor).toBeNull();
    const day = (await app.call('town.state', {})).day;
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    expect((await app.call('town.state', {})).day).toBe(day);
    expect((await app.dispatch('skill.use', { id: v.id, skill: 'Rally' })).ok).toBe(true);
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    await app.call('phase.attention', { event: { type: 'CROWN' } });
    expect((await app.call('phase.send', { event: { type: 'MANIFEST' } })).dive.state).toBe('manifestation');
    await app.call('skill.use', { id: v.id, skill: 'Rally' });
    expect(await app.dispatch('skill.use', { id: v.id, skill: 'Rally' })).toMatchObject({
      ok: false,
      error: { message: 'Rally is once per floor (ch.2), and it has been used. Nothing changed.' },
    });
    app.close();
  });
});

describe('the Familiar and the Retainers on the turn stack (ch.2, ch.3)', () => {
  it("a Retainer acts right after its Aristocrat (hired in the Town, on the floor's entry)", async () => {
    const { app, roster } = await setup();
    const q = roster[1]!;
    await app.call('lichslayer.update', { id: q.id, patch: { hiddenClass: 'The Aristocrat', level: 2 } });
    await app.call('retainer.hire', { employer: q.id, name: 'Pell', grade: 'common' });
    await app.call('retainer.hire', { employer: q.id, name: 'Quince', grade: 'skilled' });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const party = p.combat!.entrants.filter((e) => e.party).map((e) => e.name);
    expect(party).toEqual([
      'Odile Vantreck',
      'Brother Quillam',
      'Pell',
      'Quince',
      'Sable Hartigan',
      'Wren of the Hollow',
    ]);
    app.close();
  });

  it("the Familiar takes no turn of its own (it acts on its Witch's) and stays on the floor it was summoned on", async () => {
    const { app } = await setup();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const board = await app.call('board.addToken', {
      kind: 'familiar',
      name: 'Moth Familiar',
      colour: 'Colourless',
      floor: 1,
      x: 2,
      y: 0,
      health: 6,
      armor: 0,
    });
    const familiar = board.tokens.find((t) => t.name === 'Moth Familiar')!;
    const p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(p.combat!.entrants.map((e) => e.tokenId)).not.toContain(familiar.id);
    expect(p.combat!.entrants.filter((e) => e.party).map((e) => e.name)).toEqual([
      'Odile Vantreck',
      'Brother Quillam',
      'Sable Hartigan',
      'Wren of the Hollow',
    ]);
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    const down = await app.call('phase.send', { event: { type: 'DESCEND' } });
    expect(down.notices).toContain(
      'Moth Familiar stays behind: a Familiar lasts for the floor it was summoned on (ch.3)',
    );
    expect((await app.call('board.view', { floor: 2 })).tokens.map((t) => t.name)).not.toContain('Moth Familiar');
    expect((await app.call('board.view', { floor: 1 })).tokens.map((t) => t.name)).not.toContain('Moth Familiar');
    app.close();
  });
});

describe('skills that change a number in a fight (ch.2)', () => {
  it('Crush: a target in reach to 0 Armor or to 0 Health (felled, +1 XP), once per Round, never the Lich; in the ledger', async () => {
    const { app, roster, me } = await setup();
    const o = roster[0]!;
    await app.call('lichslayer.update', {
      id: o.id,
      patch: {
        hiddenClass: 'The Breaker',
        skill1: 'Break',
        skill2: 'Rumble Hat',
        skill3: 'Charge',
        capstone: 'Crush',
        level: 6,
      },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    await app.call('board.setRoom', { floor: 1, x: 4, y: 4, patch: { type: 'vault', name: 'Far Vault' } });
    for (const t of (await app.call('board.view', { floor: 1 })).tokens.filter((k) => k.kind === 'entity'))
      await app.call('board.updateToken', { id: t.id, patch: { defeated: true } });
    await app.call('board.addToken', {
      kind: 'entity',
      name: 'Stone Ogre',
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 0,
      health: 30,
      armor: 4,
    });
    const board = await app.call('board.addToken', {
      kind: 'entity',
      name: 'Far Ghoul',
      colour: 'Red',
      floor: 1,
      x: 4,
      y: 4,
      health: 6,
      armor: 0,
    });
    const ogre = board.tokens.find((t) => t.name === 'Stone Ogre')!;
    const far = board.tokens.find((t) => t.name === 'Far Ghoul')!;
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(
      await app.dispatch('skill.use', { id: o.id, skill: 'Crush', tokenId: far.id, crush: 'health' }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          "Far Ghoul is not in Odile Vantreck's room: an attack reaches only the room the attacker stands in (ch.11). Nothing changed.",
      },
    });
    const armor = await app.call('skill.use', { id: o.id, skill: 'Crush', tokenId: ogre.id, crush: 'armor' });
    expect(armor.notes).toEqual(["Odile Vantreck Crushes Stone Ogre's Armor: 4 → 0 (ch.2)"]);
    expect((await app.call('board.view', { floor: 1 })).tokens.find((t) => t.id === ogre.id)).toMatchObject({
      health: 30,
      armor: 0,
      defeated: false,
    });
    expect(
      await app.dispatch('skill.use', { id: o.id, skill: 'Crush', tokenId: ogre.id, crush: 'health' }),
    ).toMatchObject({
      ok: false,
      error: { message: 'Crush is once per Round (ch.2), and it has been used. Nothing changed.' },
    });
    let guard = 0;
    while (p.combat!.round === 1 && guard++ < 40) p = await app.call('phase.nextTurn', {});
    expect(p.combat!.round).toBe(2);
    const xp = (await me(o.id)).xp;
    const felled = await app.call('skill.use', { id: o.id, skill: 'Crush', tokenId: ogre.id, crush: 'health' });
    expect(felled.notes.slice(0, 3)).toEqual([
      'Odile Vantreck Crushes Stone Ogre to 0 Health (ch.2)',
      "30 to Stone Ogre's Health (bypasses Armor): 30 → 0 (ch.11)",
      'Odile Vantreck fells Stone Ogre: +1 XP (ch.1)',
    ]);
    expect((await me(o.id)).xp).toBe(xp + 1);
    expect((await app.call('board.view', { floor: 1 })).tokens.find((t) => t.id === ogre.id)).toMatchObject({
      health: 0,
      defeated: true,
    });
    expect(
      (await app.call('ledger.list', { character: 'Odile Vantreck' }))
        .filter((e) => e.cause === 'Odile Vantreck uses Crush on Stone Ogre')
        .map((e) => e.explain),
    ).toEqual([
      "Odile Vantreck Crushes Stone Ogre: 30 to Stone Ogre's Health (bypasses Armor): 30 → 0 (ch.11)",
      "Odile Vantreck Crushes Stone Ogre's Armor: 4 → 0 (ch.2)",
    ]);
    app.close();
  });

  it('Worn Armor: the first physical instance each Round leaves the Armor; the next, a Colourless one and a spell take it; a new Round starts again', async () => {
    const { app, roster, me } = await setup();
    const v = roster[2]!;
    await app.call('lichslayer.update', {
      id: v.id,
      patch: { hiddenClass: 'The Veteran', skill1: 'Recall', skill2: 'Worn Armor', level: 4 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    for (const t of (await app.call('board.view', { floor: 1 })).tokens.filter((k) => k.kind === 'entity'))
      await app.call('board.updateToken', { id: t.id, patch: { defeated: true } });
    const hound = await addEnemy(app, { name: 'Grey Hound', health: 20, stats: { level: 2, attack: '1d6' } });
    const vet = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === v.id)!;
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const armor = (await me(v.id)).armor;
    const bite = () => app.call('fight.attack', { attacker: hound.id, target: vet.id, outOfTurn: true, damage: 4 });
    expect((await bite()).lines[1]).toBe(
      `Armor negates the whole instance of 4 (Grey Hound's attack): Armor stays ${armor}, kept by Worn Armor (the first physical instance this Round); its other effects still resolve (ch.11, ch.2)`,
    );
    expect((await bite()).lines[1]).toBe(
      `Armor negates the whole instance of 4 (Grey Hound's attack): Armor ${armor} → ${armor - 1}; its other effects still resolve (ch.11)`,
    );
    const grey = await app.call('fight.damage', {
      target: vet.id,
      amount: 3,
      label: 'Grey Hush',
      colour: 'Colourless',
    });
    expect(grey.lines[1]).toBe(
      `Armor negates the whole instance of 3 (Grey Hush): Armor ${armor - 1} → ${armor - 2}; its other effects still resolve (ch.11)`,
    );
    let guard = 0;
    while (p.combat!.round === 1 && guard++ < 40) p = await app.call('phase.nextTurn', {});
    const spell = await app.call('fight.damage', {
      target: vet.id,
      amount: 3,
      label: 'Ember Bolt',
      colour: 'Red',
      physical: false,
    });
    expect(spell.lines[1]).toBe(
      `Armor negates the whole instance of 3 (Ember Bolt): Armor ${armor - 2} → ${armor - 3}; its other effects still resolve (ch.11)`,
    );
    expect((await bite()).lines[1]).toMatch(
      /Armor stays \d+, kept by Worn Armor \(the first physical instance this Round\)/,
    );
    expect((await me(v.id)).armor).toBe(armor - 3);
    app.close();
  });

  it('Diagnose and Bandage: up to level characters, (level)d6 Health each up to their maximum; enhanced, 3 Armor too; each roll in the ledger', async () => {
    const { app, roster, me } = await setup();
    const [o, q, sable] = roster;
    await app.call('lichslayer.update', {
      id: q!.id,
      patch: { hiddenClass: 'The Lich Doctor', skill1: 'Diagnose and Bandage', level: 2 },
    });
    await app.call('lichslayer.update', { id: o!.id, patch: { health: 10, armor: 1 } });
    const sableMax = (await me(sable!.id)).maxHealth;
    await app.call('lichslayer.update', { id: sable!.id, patch: { health: sableMax - 3 } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const board = await app.call('board.view', { floor: 1 });
    const tok = (id: number) => board.tokens.find((t) => t.lichslayerId === id)!.id;
    expect(
      await app.dispatch('skill.use', {
        id: q!.id,
        skill: 'Diagnose and Bandage',
        tokens: [tok(o!.id), tok(sable!.id), tok(q!.id)],
      }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          'Diagnose and Bandage heals up to level characters: Brother Quillam is level 2 and chose 3 (ch.2). Nothing changed.',
      },
    });
    await app.call('dice.setSeed', { seed: 3 });
    const healed = await app.call('skill.use', {
      id: q!.id,
      skill: 'Diagnose and Bandage',
      tokens: [tok(o!.id), tok(sable!.id)],
    });
    expect(healed.notes).toEqual([
      'Odile Vantreck: 7 = 2d6 [2, 6] − 1 (Sanity Strange (ch.8)) Health restored: 10 → 17 (ch.2)',
      `Sable Hartigan: 9 = 2d6 [6, 4] − 1 (Sanity Strange (ch.8)) Health restored: ${sableMax - 3} → ${sableMax} (capped at maximum ${sableMax}) (ch.2)`,
    ]);
    expect(await me(o!.id)).toMatchObject({ health: 17 });
    expect(
      (await app.call('ledger.list', { character: 'Brother Quillam' }))
        .filter((e) => e.cause.startsWith('Brother Quillam uses Diagnose and Bandage on'))
        .map((e) => e.explain),
    ).toEqual([
      `Sable Hartigan: 9 = 2d6 [6, 4] − 1 (Sanity Strange (ch.8)) Health restored: ${sableMax - 3} → ${sableMax} (capped at maximum ${sableMax}) (ch.2)`,
      'Odile Vantreck: 7 = 2d6 [2, 6] − 1 (Sanity Strange (ch.8)) Health restored: 10 → 17 (ch.2)',
    ]);
    // enhanced: 3 Armor to each healed as well
    await app.call('skill.points', { id: q!.id, delta: 1 });
    await app.call('skill.spendPoint', { id: q!.id, action: 'enhance', skill: 'Diagnose and Bandage' });
    const armor = (await me(o!.id)).armor;
    expect(armor).toBe(1);
    await app.call('dice.setSeed', { seed: 3 });
    const again = await app.call('skill.use', { id: q!.id, skill: 'Diagnose and Bandage', tokens: [tok(o!.id)] });
    expect(again.notes).toEqual([
      `Odile Vantreck: 7 = 2d6 [2, 6] − 1 (Sanity Strange (ch.8)) Health restored: 17 → 24; +3 Armor (enhanced): ${armor} → ${armor + 3} (ch.2)`,
    ]);
    app.close();
  });
});

describe('Skill Points and XP sources (ch.1, ch.2)', () => {
  it('a Skill Point unlocks the next skill early or enhances one once; Burgle enhanced may be used twice a turn', async () => {
    const { app, roster, me } = await setup();
    const sable = roster[2]!;
    await app.call('lichslayer.update', {
      id: sable.id,
      patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', level: 2 },
    });
    expect(await app.dispatch('skill.spendPoint', { id: sable.id, action: 'unlock' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no Skill Points/) },
    });
    await app.call('skill.points', { id: sable.id, delta: 2 });
    await app.call('skill.spendPoint', { id: sable.id, action: 'unlock' });
    expect((await me(sable.id)).skill2).toBe('Extra Pockets');
    await app.call('skill.spendPoint', { id: sable.id, action: 'enhance', skill: 'Burgle' });
    expect((await me(sable.id)).life).toMatchObject({ skillPoints: 0, enhanced: ['Burgle'] });
    await app.call('skill.points', { id: sable.id, delta: 1 });
    expect(await app.dispatch('skill.spendPoint', { id: sable.id, action: 'enhance', skill: 'Burgle' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/enhanced already/) },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const token = p.combat!.entrants.find((e) => e.lichslayerId === sable.id)!;
    let guard = 0;
    while (p.combat!.currentTokenId !== token.tokenId && guard++ < 40) p = await app.call('phase.nextTurn', {});
    await app.call('skill.use', { id: sable.id, skill: 'Burgle' });
    await app.call('skill.use', { id: sable.id, skill: 'Burgle' });
    expect(await app.dispatch('skill.use', { id: sable.id, skill: 'Burgle' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/twice per turn/) },
    });
    app.close();
  });

  it('XP is explained by source: gold gained, enemies felled, floors cleared; synchronicity is shown with its effects', async () => {
    const { app, roster, me } = await setup();
    const o = roster[0]!;
    await app.call('lichslayer.gainGold', { id: o.id, amount: 72 });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
    const board = await app.call('board.addToken', {
      kind: 'entity',
      name: 'Felled Husk',
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 0,
      health: 3,
      armor: 0,
    });
    await app.call('lichslayer.felled', { id: o.id, tokenId: board.tokens.find((t) => t.name === 'Felled Husk')!.id });
    await walkEveryRoom(app, 1);
    await app.call('phase.send', { event: { type: 'FLOOR_CLEARED' } });
    const after = await me(o.id);
    expect(after.life.xpSources).toMatchObject({
      goldGained: 72,
      enemiesFelled: 1,
      floorsCleared: 1,
      explain: `2 from gold + 1 from enemies felled + 6 from 1 cleared floors = 9 XP; ${o.xp} more set by hand → ${o.xp + 9} XP (ch.1)`,
    });
    expect(after.xp).toBe(o.xp + 2 + 1 + 6);
    expect((await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Felled Husk')!.defeated).toBe(
      true,
    );
    // all one colour: Mono-Color, with its effects (ch.14)
    await app.call('lichslayer.setItem', { id: o.id, slot: 'gear', item: { name: 'Red A', colour: 'Red' } });
    for (const slot of ['garment', 'accessory', 'loot1', 'loot2'] as const)
      await app.call('lichslayer.setItem', { id: o.id, slot, item: { name: `Red ${slot}`, colour: 'Red' } });
    const mono = await me(o.id);
    expect(mono.life.sync.map((c) => c.label)).toContain('Mono-Color');
    expect(mono.life.sync.find((c) => c.label === 'Mono-Color')!.effects).toContain('2× damage dealt');
    app.close();
  });
});
