// The players' screen shows a roll large only when it is news (ch.10): a roll the players' screens
// were shown once, undone and then redone, comes back quietly, even to a screen opened in between.
import { describe, expect, it } from 'vitest';
import type { Push } from '@shared/contract.ts';
import { openDemo } from '../test-support/temp-app.ts';

type PlayersPush = Extract<Push, { type: 'players' }>;

describe("news on the players' screen (ch.10)", () => {
  it('a reveal’s roll is news once; undone and redone it is not, even to a players’ screen that joined between; the next room’s roll is', async () => {
    const { app } = await openDemo(4);
    const board = await app.call('board.enterFloor', { floor: 1 });
    const odile = board.tokens.find((t) => t.name === 'Odile Vantreck')!;
    const tv: PlayersPush[] = [];
    app.subscribePlayers((p) => void (p.type === 'players' && tv.push(p)));
    await app.idle();
    const last = (pushes: PlayersPush[]) => {
      const p = pushes.at(-1)!;
      return { newest: p.view!.rolls[0]?.explain ?? null, news: p.news === true };
    };

    await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 1 });
    await app.idle();
    expect(last(tv)).toEqual({ newest: '12 = 12 on d12 → Ghoul Larder (Upper Tombs Rooms (Floors 1-3))', news: true });

    await app.call('history.undo', {});
    await app.idle();
    // The entrance room's roll, shown since the floor was entered, is newest again: no news either.
    expect(last(tv)).toEqual({ newest: '5 = 5 on d12 → Rat-king Nest (Upper Tombs Rooms (Floors 1-3))', news: false });

    const phone: PlayersPush[] = [];
    app.subscribePlayers((p) => void (p.type === 'players' && phone.push(p)));
    await app.call('history.redo', {});
    await app.idle();
    expect(last(tv)).toEqual({ newest: '12 = 12 on d12 → Ghoul Larder (Upper Tombs Rooms (Floors 1-3))', news: false });
    expect(last(phone)).toEqual(last(tv));

    await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 3, y: 1, override: true });
    await app.idle();
    // The next room rolls a Rat-king Nest of its own: the same words, a new roll, so news.
    expect(last(phone)).toEqual({
      newest: '5 = 5 on d12 → Rat-king Nest (Upper Tombs Rooms (Floors 1-3))',
      news: true,
    });
    expect(phone.at(-1)!.view!.rolls.map((r) => r.explain.split(' → ')[1])).toEqual([
      'Rat-king Nest (Upper Tombs Rooms (Floors 1-3))',
      'Ghoul Larder (Upper Tombs Rooms (Floors 1-3))',
      'Rat-king Nest (Upper Tombs Rooms (Floors 1-3))',
    ]);
    app.close();
  });
});
