// Class skills (ch.2): held or refused, passive or used, limits enforced, board skills through
// the board (reveal, disarm, break, burgle), and capstone progress from the campaign's history.
import { describe, expect, it } from 'vitest';
import { openDemo, walkEveryRoom } from '../test-support/temp-app.ts';

const setup = () => openDemo(11);

describe('skills (ch.2)', () => {
  it('refuses a skill not held and a passive one; level 4 and 6 unlock Skills 2 and 3', async () => {
    const { app, roster, me } = await setup();
    const o = roster[0]!; // The Breaker, level 2, Skill 1 Break
    expect(await app.dispatch('skill.use', { id: o.id, skill: 'Charge' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/does not hold Charge/) } });
    await app.call('lichslayer.gainGold', { id: o.id, amount: 36 * 200 });
    const up = await me(o.id);
    expect(up.level).toBeGreaterThanOrEqual(6);
    expect([up.skill2, up.skill3]).toEqual(['Rumble Hat', 'Charge']);
    expect(await app.dispatch('skill.use', { id: o.id, skill: 'Rumble Hat' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/passive/) } });
    expect(up.life.skills.map((k) => k.name)).toEqual(['Break', 'Rumble Hat', 'Charge']);
    app.close();
  });

  it('Break enters a room through the board (the players see it); Disarm disables the trap where the Bandit stands', async () => {
    const { app, roster } = await setup();
    const [o, , sable] = roster;
    await app.call('lichslayer.update', { id: sable!.id, patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', skill3: 'Disarm', level: 6 } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const r = await app.call('skill.use', { id: o!.id, skill: 'Break', rooms: [{ x: 2, y: 1 }] });
    expect(r.notes.join('\n')).toMatch(/breaks into F1 \(3,2\) without a Challenge roll \(ch\.2\)/);
    const board = await app.call('board.view', { floor: 1 });
    expect(board.tokens.find((t) => t.lichslayerId === o!.id)).toMatchObject({ x: 2, y: 1 });
    expect(board.rooms.find((x) => x.x === 2 && x.y === 1)!.revealed).toBe(true);
    expect(JSON.stringify(await app.call('players.view', {}))).toContain(board.rooms.find((x) => x.x === 2 && x.y === 1)!.name);
    // a trap in Sable's room
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { trap: { label: 'Needle lock', disabled: false } } });
    await app.call('skill.use', { id: sable!.id, skill: 'Disarm' });
    expect((await app.call('board.view', { floor: 1 })).rooms.find((x) => x.x === 2 && x.y === 0)!.trap).toMatchObject({ disabled: true });
    expect(await app.dispatch('skill.use', { id: sable!.id, skill: 'Disarm' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no armed trap/) } });
    app.close();
  });

  it('Burgle: once per turn in a fight, loot rolled into the inventory and logged; ten distinct enemies unlock Cheat', async () => {
    const { app, roster, me } = await setup();
    const sable = roster[2]!;
    await app.call('lichslayer.update', { id: sable.id, patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', skill2: 'Extra Pockets', skill3: 'Disarm', level: 6 } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    for (const t of (await app.call('board.view', { floor: 1 })).tokens.filter((k) => k.kind === 'entity')) await app.call('board.updateToken', { id: t.id, patch: { defeated: true } });
    const addMark = async (i: number) => {
      const name = `Mark ${String.fromCharCode(65 + i)}`;
      return (await app.call('board.addToken', { kind: 'entity', name, colour: 'Red', floor: 1, x: 2, y: 0, health: 3, armor: 0 })).tokens.find((t) => t.name === name)!;
    };
    const victims = [await addMark(0), await addMark(1)];
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const token = p.combat!.entrants.find((e) => e.lichslayerId === sable.id)!;
    let guard = 0;
    while (p.combat!.currentTokenId !== token.tokenId && guard++ < 40) p = await app.call('phase.nextTurn', {});
    const before = (await me(sable.id)).inventory.reduce((a, s) => a + s.count, 0);
    await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: victims[0]!.id });
    expect((await me(sable.id)).inventory.reduce((a, s) => a + s.count, 0)).toBe(before + 1);
    expect(await app.dispatch('skill.use', { id: sable.id, skill: 'Burgle', tokenId: victims[1]!.id })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/once per turn \(ch\.2\)/) } });
    expect((await app.call('ledger.list', { character: 'Sable Hartigan' })).some((e) => e.cause === `Sable Hartigan Burgles ${victims[0]!.name}`)).toBe(true);
    expect((await me(sable.id)).life.capstone).toMatchObject({ capstone: 'Cheat', have: 1, need: 10 });
    // out of the fight the turn limit does not bind: nine more distinct marks
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: victims[1]!.id });
    // the same enemy twice counts once
    await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: victims[1]!.id });
    expect((await me(sable.id)).life.capstone).toMatchObject({ have: 2 });
    // ch.4: an inventory is 1 + max Health ÷ 6 stacks deep; empty it so eight more items fit.
    await app.call('lichslayer.setInventory', { id: sable.id, stacks: [] });
    for (let i = 2; i < 10; i++) {
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
    await app.call('lichslayer.update', { id: w.id, patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', capstone: 'Influence' } });
    await app.call('skill.use', { id: w.id, skill: 'Influence' });
    expect(await app.dispatch('skill.use', { id: w.id, skill: 'Influence' })).toMatchObject({ ok: false, error: { message: 'Influence is once per in-game day (ch.2), and it has been used. Nothing changed.' } });
    await app.call('town.nextDay', {});
    await app.call('skill.use', { id: w.id, skill: 'Influence' });
    await app.call('lichslayer.update', { id: w.id, patch: { capstone: 'Cure' } });
    await app.call('skill.use', { id: w.id, skill: 'Cure' });
    await app.call('town.nextDay', {});
    expect(await app.dispatch('skill.use', { id: w.id, skill: 'Cure' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/once per session/) } });
    await app.call('ledger.newSession', {});
    expect((await app.dispatch('skill.use', { id: w.id, skill: 'Cure' })).ok).toBe(true);
    app.close();
  });
});

describe('usage limits keyed on the fight and the floor visit (ch.2)', () => {
  it('"once per Round" counts in this fight: Crush spent in Round 1 of one fight is free again in Round 1 of the next', async () => {
    const { app, roster } = await setup();
    const o = roster[0]!;
    await app.call('lichslayer.update', { id: o.id, patch: { hiddenClass: 'The Breaker', skill1: 'Break', skill2: 'Rumble Hat', skill3: 'Charge', capstone: 'Crush', level: 6 } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(p.combat!.round).toBe(1);
    await app.call('skill.use', { id: o.id, skill: 'Crush' });
    expect(await app.dispatch('skill.use', { id: o.id, skill: 'Crush' })).toMatchObject({ ok: false, error: { message: 'Crush is once per Round (ch.2), and it has been used. Nothing changed.' } });
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(p.combat!.round).toBe(1);
    expect((await app.dispatch('skill.use', { id: o.id, skill: 'Crush' })).ok).toBe(true);
    app.close();
  });

  it('"once per floor" counts per visit: Rally again on Floor 1 of a new dive the same day; once in the Lich\'s manifestation in the Town', async () => {
    const { app, roster } = await setup();
    const v = roster[1]!;
    await app.call('lichslayer.update', { id: v.id, patch: { hiddenClass: 'The Veteran', skill1: 'Recall', skill2: 'Worn Armor', skill3: 'Maneuver', capstone: 'Rally', level: 6 } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('skill.use', { id: v.id, skill: 'Rally' });
    expect(await app.dispatch('skill.use', { id: v.id, skill: 'Rally' })).toMatchObject({ ok: false, error: { message: 'Rally is once per floor (ch.2), and it has been used. Nothing changed.' } });
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
    expect(await app.dispatch('skill.use', { id: v.id, skill: 'Rally' })).toMatchObject({ ok: false, error: { message: 'Rally is once per floor (ch.2), and it has been used. Nothing changed.' } });
    app.close();
  });
});

describe('Skill Points and XP sources (ch.1, ch.2)', () => {
  it('a Skill Point unlocks the next skill early or enhances one once; Burgle enhanced may be used twice a turn', async () => {
    const { app, roster, me } = await setup();
    const sable = roster[2]!;
    await app.call('lichslayer.update', { id: sable.id, patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', level: 2 } });
    expect(await app.dispatch('skill.spendPoint', { id: sable.id, action: 'unlock' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no Skill Points/) } });
    await app.call('skill.points', { id: sable.id, delta: 2 });
    await app.call('skill.spendPoint', { id: sable.id, action: 'unlock' });
    expect((await me(sable.id)).skill2).toBe('Extra Pockets');
    await app.call('skill.spendPoint', { id: sable.id, action: 'enhance', skill: 'Burgle' });
    expect((await me(sable.id)).life).toMatchObject({ skillPoints: 0, enhanced: ['Burgle'] });
    await app.call('skill.points', { id: sable.id, delta: 1 });
    expect(await app.dispatch('skill.spendPoint', { id: sable.id, action: 'enhance', skill: 'Burgle' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/enhanced already/) } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const token = p.combat!.entrants.find((e) => e.lichslayerId === sable.id)!;
    let guard = 0;
    while (p.combat!.currentTokenId !== token.tokenId && guard++ < 40) p = await app.call('phase.nextTurn', {});
    await app.call('skill.use', { id: sable.id, skill: 'Burgle' });
    await app.call('skill.use', { id: sable.id, skill: 'Burgle' });
    expect(await app.dispatch('skill.use', { id: sable.id, skill: 'Burgle' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/twice per turn/) } });
    app.close();
  });

  it('XP is explained by source: gold gained, enemies felled, floors cleared; synchronicity is shown with its effects', async () => {
    const { app, roster, me } = await setup();
    const o = roster[0]!;
    await app.call('lichslayer.gainGold', { id: o.id, amount: 72 });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
    const board = await app.call('board.addToken', { kind: 'entity', name: 'Felled Husk', colour: 'Red', floor: 1, x: 2, y: 0, health: 3, armor: 0 });
    await app.call('lichslayer.felled', { id: o.id, tokenId: board.tokens.find((t) => t.name === 'Felled Husk')!.id });
    await walkEveryRoom(app, 1);
    await app.call('phase.send', { event: { type: 'FLOOR_CLEARED' } });
    const after = await me(o.id);
    expect(after.life.xpSources).toMatchObject({ goldGained: 72, enemiesFelled: 1, floorsCleared: 1, explain: `2 from gold + 1 from enemies felled + 6 from 1 cleared floors = 9 XP; ${o.xp} more set by hand → ${o.xp + 9} XP (ch.1)` });
    expect(after.xp).toBe(o.xp + 2 + 1 + 6);
    expect((await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Felled Husk')!.defeated).toBe(true);
    // all one colour: Mono-Color, with its effects (ch.14)
    await app.call('lichslayer.setItem', { id: o.id, slot: 'gear', item: { name: 'Red A', colour: 'Red' } });
    for (const slot of ['garment', 'accessory', 'loot1', 'loot2'] as const) await app.call('lichslayer.setItem', { id: o.id, slot, item: { name: `Red ${slot}`, colour: 'Red' } });
    const mono = await me(o.id);
    expect(mono.life.sync.map((c) => c.label)).toContain('Mono-Color');
    expect(mono.life.sync.find((c) => c.label === 'Mono-Color')!.effects).toContain('2× damage dealt');
    app.close();
  });
});
