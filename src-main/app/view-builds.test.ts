// A command builds each view once: its reply and its pushes share them, and the pushes follow the reply.
import { describe, expect, it } from 'vitest';
import type { Push } from '@shared/contract.ts';
import { openDemo } from '../test-support/temp-app.ts';
import { takeViewBuilds } from '../views/view-builds.ts';

describe('one view build per command', () => {
  it('a board move with both screens listening builds the board, Judge, phase and players views once each, after its reply', async () => {
    const { app } = await openDemo(11);
    const board = await app.call('board.enterFloor', { floor: 1 });
    const odile = board.tokens.find((t) => t.kind === 'lichslayer')!;
    const pushes: Push['type'][] = [];
    app.subscribe((p) => pushes.push(p.type));
    app.subscribePlayers((p) => pushes.push(p.type));
    await app.idle();
    pushes.length = 0;
    takeViewBuilds();
    const reply = app.dispatch('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 1, override: true });
    const answered = await reply;
    // The reply is in hand before any screen has been pushed.
    expect(answered.ok).toBe(true);
    expect(pushes).toEqual([]);
    await app.idle();
    // The players' screen first: the Judge's screen drew the move already.
    expect(pushes).toEqual(['players', 'campaign']);
    expect(takeViewBuilds()).toEqual({ board: 1, judge: 1, phase: 1, players: 1 });
    app.close();
  });
});
