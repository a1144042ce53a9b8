// A room set by hand while preparing a floor (the board's "Set by hand (prep)") stays the Judge's:
// the players' screen shows nothing of it, its name, trap or notes, until the Judge reveals it as
// set (ch.9: rooms are hidden until revealed). Through the commands, on the demo campaign.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

describe('a room set by hand in prep (ch.9)', () => {
  it('stays off the players’ screen, name, trap and notes, until “Reveal as set”; then shows its name and no notes', async () => {
    const { app } = await openDemo(4);
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const before = await app.call('players.view', {});
    await app.call('board.setRoom', {
      floor: 1,
      x: 4,
      y: 4,
      patch: {
        type: 'chamber',
        name: 'Drowned Crypt',
        notes: 'the ambush waits here',
        trap: { label: 'Rising water', disabled: false, effect: { damage: '1d6', bypassArmor: false } },
      },
    });
    const board = await app.call('board.view', { floor: 1 });
    expect(board.rooms.find((r) => r.x === 4 && r.y === 4)).toMatchObject({ name: 'Drowned Crypt', revealed: false });
    const hidden = await app.call('players.view', {});
    expect(hidden.rooms).toEqual(before.rooms);
    expect(JSON.stringify(hidden)).not.toMatch(/Drowned Crypt|Rising water|ambush/);
    await app.call('board.setRoom', { floor: 1, x: 4, y: 4, patch: {}, revealed: true });
    const shown = await app.call('players.view', {});
    expect(shown.rooms).toHaveLength(before.rooms.length + 1);
    expect(JSON.stringify(shown)).toMatch(/Drowned Crypt/);
    expect(JSON.stringify(shown)).not.toMatch(/ambush/);
    app.close();
  });
});
