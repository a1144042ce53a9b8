// The combat round (ch.11): turns per round, passes, newcomers at the bottom, the fallen leave.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { combatRound, roundTurns } from './combat-round.ts';

describe('combat round (ch.11)', () => {
  it('ch.11: every entrant gets at least one turn; extra turns come in a second pass', () => {
    expect(
      roundTurns([
        { tokenId: 1, turns: 1 },
        { tokenId: 2, turns: 2 },
        { tokenId: 3, turns: 1 },
      ]),
    ).toEqual([1, 2, 3, 2]);
  });

  it('ch.11: turns advance with one event; the round ends, then the next begins', () => {
    const a = createActor(combatRound).start();
    a.send({
      type: 'START',
      order: [
        { tokenId: 1, turns: 1 },
        { tokenId: 2, turns: 2 },
      ],
    });
    expect(a.getSnapshot().context).toMatchObject({ round: 1, current: 1 });
    a.send({ type: 'NEXT_TURN' });
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().context.current).toBe(2);
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().value).toBe('roundEnd');
    expect(a.getSnapshot().can({ type: 'NEXT_TURN' })).toBe(false);
    a.send({ type: 'END_ROUND' });
    expect(a.getSnapshot().context).toMatchObject({ round: 2, current: 1, acted: [] });
  });

  it('ch.11: new entrants join at the bottom of the round; the fallen leave it', () => {
    const a = createActor(combatRound).start();
    a.send({
      type: 'START',
      order: [
        { tokenId: 1, turns: 1 },
        { tokenId: 2, turns: 1 },
      ],
    });
    a.send({
      type: 'SYNC',
      order: [
        { tokenId: 1, turns: 1 },
        { tokenId: 3, turns: 1 },
      ],
    });
    expect(a.getSnapshot().context.queue).toEqual([3]);
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().context.current).toBe(3);
  });

  it('persists and restores mid-round', () => {
    const a = createActor(combatRound).start();
    a.send({
      type: 'START',
      order: [
        { tokenId: 1, turns: 1 },
        { tokenId: 2, turns: 1 },
        { tokenId: 3, turns: 1 },
      ],
    });
    a.send({ type: 'NEXT_TURN' });
    const b = createActor(combatRound, { snapshot: JSON.parse(JSON.stringify(a.getPersistedSnapshot())) }).start();
    expect(b.getSnapshot().context).toEqual(a.getSnapshot().context);
  });
});

describe('Responses (ch.15)', () => {
  it('a Response acts at once, the interrupted turn resumes, and the responder gives up its next turn', () => {
    const a = createActor(combatRound).start();
    a.send({
      type: 'START',
      order: [
        { tokenId: 1, turns: 1 },
        { tokenId: 2, turns: 1 },
        { tokenId: 3, turns: 1 },
      ],
    });
    a.send({ type: 'RESPONSE', tokenId: 3 });
    expect(a.getSnapshot().context).toMatchObject({ current: 3, interrupted: 1 });
    expect(a.getSnapshot().can({ type: 'RESPONSE', tokenId: 2 })).toBe(false);
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().context.current).toBe(1);
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().context.current).toBe(2);
    a.send({ type: 'NEXT_TURN' });
    // 3's own turn is given up for its Response: the round ends
    expect(a.getSnapshot().value).toBe('roundEnd');
    a.send({ type: 'END_ROUND' });
    expect(roundTurns(a.getSnapshot().context.order)).toEqual([1, 2, 3]);
    expect(a.getSnapshot().context.owes).toEqual([]);
  });
});

describe('casting times (ch.15)', () => {
  const spell = (caster: number, time: 'on-turn' | 'next-turn' | 'end-round' | 'start-next-round' | 'response') => ({
    type: 'CAST' as const,
    casting: { caster, table: 'spells-arcana', row: 0, label: `${time} spell`, time },
  });
  const begin = () => {
    const a = createActor(combatRound).start();
    a.send({
      type: 'START',
      order: [
        { tokenId: 1, turns: 1 },
        { tokenId: 2, turns: 1 },
        { tokenId: 3, turns: 1 },
      ],
    });
    return a;
  };
  const due = (a: ReturnType<typeof begin>) => a.getSnapshot().context.due.map((c) => c.label);

  it('On Turn resolves at once; a spell is cast only on the caster’s own turn', () => {
    const a = begin();
    expect(a.getSnapshot().can(spell(2, 'on-turn'))).toBe(false);
    a.send(spell(1, 'on-turn'));
    expect(due(a)).toEqual(['on-turn spell']);
    a.send({ type: 'RESOLVED' });
    expect(due(a)).toEqual([]);
  });

  it('Next Turn resolves when the caster’s next turn begins, in the next round', () => {
    const a = begin();
    a.send(spell(1, 'next-turn'));
    expect(due(a)).toEqual([]);
    a.send({ type: 'NEXT_TURN' });
    a.send({ type: 'NEXT_TURN' });
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().value).toBe('roundEnd');
    expect(due(a)).toEqual([]);
    a.send({ type: 'END_ROUND' });
    expect(a.getSnapshot().context.current).toBe(1);
    expect(due(a)).toEqual(['next-turn spell']);
  });

  it('End Round resolves after everyone has acted; Start Next Round before anyone acts next round', () => {
    const a = begin();
    a.send(spell(1, 'end-round'));
    a.send(spell(1, 'start-next-round'));
    a.send({ type: 'NEXT_TURN' });
    a.send({ type: 'NEXT_TURN' });
    expect(due(a)).toEqual([]);
    a.send({ type: 'NEXT_TURN' });
    expect(due(a)).toEqual(['end-round spell']);
    a.send({ type: 'RESOLVED' });
    a.send({ type: 'END_ROUND' });
    expect(due(a)).toEqual(['start-next-round spell']);
    expect(a.getSnapshot().context).toMatchObject({ round: 2, current: 1, acted: [] });
  });

  it('a Response is cast outside one’s own turn, resolves at once and costs the next turn', () => {
    const a = begin();
    expect(a.getSnapshot().can(spell(1, 'response'))).toBe(false);
    a.send(spell(3, 'response'));
    expect(a.getSnapshot().context).toMatchObject({ current: 3, interrupted: 1, owes: [3] });
    expect(due(a)).toEqual(['response spell']);
    a.send({ type: 'RESOLVED' });
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().context.current).toBe(1);
    a.send({ type: 'NEXT_TURN' });
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().value).toBe('roundEnd');
  });
});

describe('enemies between player turns (ch.11)', () => {
  it('after a player’s turn the machine waits between turns; each enemy moves once in that gap', () => {
    const a = createActor(combatRound).start();
    a.send({
      type: 'START',
      order: [
        { tokenId: 1, turns: 1, party: true },
        { tokenId: 2, turns: 1, party: true },
        { tokenId: 9, turns: 1 },
      ],
    });
    expect(a.getSnapshot().can({ type: 'ENEMY_MOVED', tokenId: 9 })).toBe(false);
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot()).toMatchObject({ value: 'between', context: { current: null, acted: [1] } });
    expect(a.getSnapshot().can({ type: 'ENEMY_MOVED', tokenId: 1 })).toBe(false);
    a.send({ type: 'ENEMY_MOVED', tokenId: 9 });
    expect(a.getSnapshot().can({ type: 'ENEMY_MOVED', tokenId: 9 })).toBe(false);
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot()).toMatchObject({ value: 'turn', context: { current: 2, moved: [] } });
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().value).toBe('between');
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().context.current).toBe(9);
    // an enemy's own turn passes straight on: the round ends
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().value).toBe('roundEnd');
  });

  it('a fight with no enemies never pauses between turns', () => {
    const a = createActor(combatRound).start();
    a.send({
      type: 'START',
      order: [
        { tokenId: 1, turns: 1, party: true },
        { tokenId: 2, turns: 1, party: true },
      ],
    });
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot()).toMatchObject({ value: 'turn', context: { current: 2 } });
  });

  it("ch.13, ch.9: an entrant who owes its next turn (a Block, a trap's sleep) is skipped once", () => {
    const a = createActor(combatRound).start();
    a.send({
      type: 'START',
      order: [
        { tokenId: 1, turns: 1 },
        { tokenId: 2, turns: 1 },
        { tokenId: 3, turns: 1 },
      ],
    });
    a.send({ type: 'OWE', tokenId: 2 });
    a.send({ type: 'OWE', tokenId: 9 });
    expect(a.getSnapshot().context.owes).toEqual([2]);
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().context.current).toBe(3);
    a.send({ type: 'NEXT_TURN' });
    a.send({ type: 'END_ROUND' });
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().context.current).toBe(2);
  });

  it('ch.9, ch.15: a turn owed at the start of a fight or a round is given up even when it would open it', () => {
    const a = createActor(combatRound).start();
    const order = [
      { tokenId: 1, turns: 1 },
      { tokenId: 2, turns: 1 },
    ];
    a.send({ type: 'START', order, owes: [1] });
    expect(a.getSnapshot().context).toMatchObject({ current: 2, owes: [] });
    // Owed in round 1 after its own turn: round 2 opens with the next entrant.
    a.send({ type: 'OWE', tokenId: 1 });
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().value).toBe('roundEnd');
    a.send({ type: 'END_ROUND' });
    expect(a.getSnapshot().context).toMatchObject({ round: 2, current: 2, owes: [] });
  });
});
