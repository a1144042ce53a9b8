// What the acting entrant's panel is given by main, on a real campaign file: whose turn it is and what
// it may do now (ch.9, ch.11), the class skills that apply where (ch.2), one press from one turn to the
// next unless an enemy may move between them (ch.11), and a kill by the Judge's hand credited (ch.1).
import { describe, expect, it } from 'vitest';
import type { BoardView } from '@shared/board.ts';
import { descendTo, openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const labelsOf = (b: BoardView, id: number, at: { x: number; y: number }) =>
  b.offers
    .filter((o) => o.lichslayerId === id && o.aim === 'room' && o.room.x === at.x && o.room.y === at.y)
    .map((o) => o.label);

async function enemy(app: App, name: string, x: number, y: number): Promise<BoardView> {
  return app.call('board.addToken', { kind: 'entity', name, colour: 'Red', floor: 1, x, y, health: 6, armor: 0 });
}

/** The demo party on Floor 1 in a prepared Vault at the entrance, a revealed hall south of it. */
async function onFloorOne(seed: number) {
  const { app, roster } = await openDemo(seed);
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('board.setRoom', { floor: 1, x: 2, y: 1, revealed: true, patch: { type: 'hall', name: 'Long Hall' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  return { app, roster };
}

describe('the skills the board offers (ch.2)', () => {
  it('Charge runs along a row or a column only; Maneuver one step only; skills written in any case are offered', async () => {
    const { app, roster } = await onFloorOne(7);
    const [breaker, veteran] = roster;
    await app.call('lichslayer.update', {
      id: breaker!.id,
      patch: { hiddenClass: 'The Breaker', skill1: 'break', skill2: 'rumble hat', skill3: 'charge', level: 6 },
    });
    await app.call('lichslayer.update', {
      id: veteran!.id,
      patch: { hiddenClass: 'The Veteran', skill1: 'Recall', skill2: 'Worn Armor', skill3: 'MANEUVER', level: 6 },
    });
    const b = await app.call('board.view', { floor: 1 });
    // The party stands at (3,1): (3,3) is in its column and (5,1) in its row, (4,2) neither; (3,2) is one step, (3,3) two.
    expect(labelsOf(b, breaker!.id, { x: 2, y: 2 })).toContain(`${breaker!.name}: Charge to this room`);
    expect(labelsOf(b, breaker!.id, { x: 3, y: 1 })).not.toContain(`${breaker!.name}: Charge to this room`);
    expect(labelsOf(b, breaker!.id, { x: 4, y: 0 })).toContain(`${breaker!.name}: Charge to this room`);
    expect(labelsOf(b, veteran!.id, { x: 2, y: 1 })).toContain(`${veteran!.name}: Maneuver here`);
    expect(labelsOf(b, veteran!.id, { x: 2, y: 2 })).not.toContain(`${veteran!.name}: Maneuver here`);
    expect(labelsOf(b, veteran!.id, { x: 2, y: 0 })).not.toContain(`${veteran!.name}: Maneuver here`);
    // Recall reveals: offered for an unrevealed room, not for the revealed hall.
    expect(labelsOf(b, veteran!.id, { x: 0, y: 4 })).toContain(`${veteran!.name}: Recall reveals this room`);
    expect(labelsOf(b, veteran!.id, { x: 2, y: 1 })).not.toContain(`${veteran!.name}: Recall reveals this room`);
    const offer = b.offers.find((o) => o.label === `${breaker!.name}: Charge to this room` && o.room.y === 2)!;
    expect(offer).toMatchObject({ use: { skill: 'Charge', rooms: [{ x: 2, y: 2 }] } });
    app.close();
  });

  it('enhanced Commune reads a room two floors ahead while that floor is rolled (to Floor 9), not from Floor 8', async () => {
    const { app, roster } = await openDemo(7);
    const witch = roster[3]!;
    await app.call('lichslayer.update', {
      id: witch.id,
      patch: { hiddenClass: 'The Witch', skill1: 'commune', skill2: 'Familiar', level: 6 },
    });
    await app.call('skill.points', { id: witch.id, delta: 1 });
    await app.call('skill.spendPoint', { id: witch.id, action: 'enhance', skill: 'Commune' });
    await descendTo(app, 7);
    const seven = await app.call('board.view', { floor: 7 });
    expect(labelsOf(seven, witch.id, { x: 1, y: 1 })).toContain(`${witch.name}: Commune reads (2,2) on Floor 9`);
    await descendTo(app, 8);
    const eight = await app.call('board.view', { floor: 8 });
    expect(labelsOf(eight, witch.id, { x: 1, y: 1 }).filter((l) => l.includes('reads'))).toEqual([]);
    app.close();
  });
});

describe('the acting entrant (ch.11)', () => {
  it('the board names whose turn it is and what it may do: a Lichslayer with no weapon is told why it cannot attack; its turn follows the stack', async () => {
    const { app } = await onFloorOne(7);
    await enemy(app, 'Grey Hound', 2, 0);
    const p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const b = await app.call('board.view', { floor: 1 });
    expect(b.acting).toMatchObject({
      tokenId: p.combat!.currentTokenId,
      name: p.combat!.current,
      kind: 'lichslayer',
      x: 2,
      y: 0,
      round: 1,
      attackRefused: null,
      chest: false,
      trap: false,
    });
    const next = await app.call('phase.nextTurn', {});
    expect((await app.call('board.view', { floor: 1 })).acting).toMatchObject({
      name: next.combat!.current,
      attackRefused:
        'Brother Quillam holds no Gear or loot that allows the attack action: loot and gear define what a character can do (ch.11)',
    });
    app.close();
  });
});

describe('one press from one turn to the next (ch.11)', () => {
  it('with every enemy beside the party, Next turn passes the gap between turns: the next entrant acts at once', async () => {
    const { app } = await onFloorOne(7);
    await enemy(app, 'Grey Hound', 2, 0);
    const p0 = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const p = await app.call('phase.nextTurn', {});
    expect(p.combat).toMatchObject({ between: false, current: p0.combat!.upcoming[0]!.name, round: 1 });
    app.close();
  });

  it('with an enemy apart from the party and an open room toward it, Next turn stops between turns and names it; the next press starts the next turn', async () => {
    const { app } = await onFloorOne(7);
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 2,
      revealed: true,
      patch: { type: 'hall', name: 'Far Hall' },
    });
    await enemy(app, 'Grey Hound', 2, 2);
    const p0 = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const gap = await app.call('phase.nextTurn', {});
    expect(gap.combat).toMatchObject({ between: true, current: null });
    expect((await app.call('board.view', { floor: 1 })).enemiesMayMove).toEqual(['Grey Hound']);
    const p = await app.call('phase.nextTurn', {});
    expect(p.combat).toMatchObject({ between: false, current: p0.combat!.upcoming[0]!.name });
    app.close();
  });
});

describe('a kill by the Judge’s hand (ch.1, ch.11)', () => {
  it('Damage… naming who felled the enemy gives that Lichslayer the kill’s XP; with no one named, nobody gains it', async () => {
    const { app } = await onFloorOne(7);
    await enemy(app, 'Grey Hound', 2, 0);
    const b = await enemy(app, 'Bone Rat', 2, 0);
    const p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const actingId = p.combat!.currentTokenId!;
    const acting = b.tokens.find((t) => t.id === actingId)!;
    const xpOf = async () =>
      (await app.call('campaign.current', {}))!.roster.find((l) => l.id === acting.lichslayerId)!.xp;
    const before = await xpOf();
    const hound = b.tokens.find((t) => t.name === 'Grey Hound')!;
    const r = await app.call('fight.damage', { target: hound.id, amount: 6, label: 'Cinder Lash', felledBy: actingId });
    expect(r.lines).toContain(`${acting.name} fells Grey Hound: +1 XP (ch.1)`);
    expect(await xpOf()).toBe(before + 1);
    const rat = b.tokens.find((t) => t.name === 'Bone Rat')!;
    const none = await app.call('fight.damage', { target: rat.id, amount: 6, label: 'falling stones' });
    expect(none.lines).toContain('Bone Rat is brought to 0 Health');
    expect(await xpOf()).toBe(before + 1);
    app.close();
  });
});
