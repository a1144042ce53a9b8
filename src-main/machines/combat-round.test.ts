// The combat round (ch.11): turns per round, passes, newcomers at the bottom, the fallen leave.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { combatRound, roundTurns } from './combat-round.ts';

describe('combat round (ch.11)', () => {
  it('ch.11: every entrant gets at least one turn; extra turns come in a second pass', () => {
    expect(roundTurns([{ tokenId: 1, turns: 1 }, { tokenId: 2, turns: 2 }, { tokenId: 3, turns: 1 }])).toEqual([1, 2, 3, 2]);
  });

  it('ch.11: turns advance with one event; the round ends, then the next begins', () => {
    const a = createActor(combatRound).start();
    a.send({ type: 'START', order: [{ tokenId: 1, turns: 1 }, { tokenId: 2, turns: 2 }] });
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
    a.send({ type: 'START', order: [{ tokenId: 1, turns: 1 }, { tokenId: 2, turns: 1 }] });
    a.send({ type: 'SYNC', order: [{ tokenId: 1, turns: 1 }, { tokenId: 3, turns: 1 }] });
    expect(a.getSnapshot().context.queue).toEqual([3]);
    a.send({ type: 'NEXT_TURN' });
    expect(a.getSnapshot().context.current).toBe(3);
  });

  it('persists and restores mid-round', () => {
    const a = createActor(combatRound).start();
    a.send({ type: 'START', order: [{ tokenId: 1, turns: 1 }, { tokenId: 2, turns: 1 }, { tokenId: 3, turns: 1 }] });
    a.send({ type: 'NEXT_TURN' });
    const b = createActor(combatRound, { snapshot: JSON.parse(JSON.stringify(a.getPersistedSnapshot())) }).start();
    expect(b.getSnapshot().context).toEqual(a.getSnapshot().context);
  });
});

describe('Responses (ch.15)', () => {
  it('a Response acts at once, the interrupted turn resumes, and the responder gives up its next turn', () => {
    const a = createActor(combatRound).start();
    a.send({ type: 'START', order: [{ tokenId: 1, turns: 1 }, { tokenId: 2, turns: 1 }, { tokenId: 3, turns: 1 }] });
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
