// A room revealed ahead of the Lichslayer about to enter it (ch.10: its roll is the app's either way),
// so the Judge knows what it asks of them before the faces rolled at the table go in (ch.9 traps,
// ch.8 Sanity Tests). Through board.revealRoom and handDice.roll on the demo campaign, seed 21.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

async function odileAtTheLanding() {
  const { app } = await openDemo(21);
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  const odile = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Odile Vantreck')!;
  return { app, odile };
}

describe('a room revealed ahead of the one entering (ch.10)', () => {
  it('Odile reveals the Ghoul Larder and its trap without stepping in, the rolls filed under her; her faces then go to the trap and the Sanity Test', async () => {
    const { app, odile } = await odileAtTheLanding();
    const b = await app.call('board.revealRoom', { floor: 1, x: 3, y: 0, ahead: odile.id });
    const larder = b.rooms.find((r) => r.x === 3 && r.y === 0)!;
    expect([larder.name, larder.trap?.label, b.notices]).toEqual([
      'Ghoul Larder',
      'A trap (1d6 on entry)',
      ['Revealed ahead of Odile Vantreck: Ghoul Larder (chamber)'],
    ]);
    const still = b.tokens.find((t) => t.id === odile.id)!;
    expect([still.x, still.y]).toEqual([2, 0]);
    const reveal = (await app.call('ledger.list', {})).filter((e) => e.command === 'board.revealRoom');
    expect(reveal.map((e) => e.character)).toEqual(Array(reveal.length).fill('Odile Vantreck'));
    expect(reveal.at(-1)!.explain).toBe('12 = 12 on d12 → Ghoul Larder (Upper Tombs Rooms (Floors 1-3))');

    const moved = await app.call('handDice.roll', {
      command: 'board.moveToken',
      args: { tokenId: odile.id, floor: 1, x: 3, y: 0 },
      faces: [1, 4, 5, 3],
    });
    expect('rooms' in moved && moved.notices).toEqual([
      'Trap triggers for Odile Vantreck: Loose flagstone — 1d6 damage, one instance. (ch.9)',
      'Armor negates the whole instance of 4 (Loose flagstone): Armor 5 → 4; its other effects still resolve (ch.11)',
      'Ghoul Larder is a Sanity Test (ch.8, ch.11; target house rule): Odile Vantreck fails (8 = 2d6! [5, 3] vs 12: short of the target (ch.1)) and drops to Strange (ch.8)',
    ]);
    const entered = (await app.call('ledger.list', { limit: 3 })).map((e) => [e.enteredBy, e.faces.map((f) => f.face)]);
    expect(entered).toEqual([
      ['the Judge', [5, 3]],
      ['the Judge', [4]],
      ['the Judge', [1]],
    ]);
    app.close();
  });

  it('a room she could not step into, or one already in the light, is refused with nothing rolled', async () => {
    const { app, odile } = await odileAtTheLanding();
    const before = (await app.call('ledger.list', {})).length;
    await expect(app.call('board.revealRoom', { floor: 1, x: 4, y: 4, ahead: odile.id })).rejects.toThrow(
      'Odile Vantreck → (5,5) is not next to (3,1): rooms join only their four neighbours (ch.9): no step there to reveal ahead of. Nothing changed.',
    );
    await expect(app.call('board.revealRoom', { floor: 1, x: 2, y: 0, ahead: odile.id })).rejects.toThrow(
      'F1 (3,1) is already revealed.',
    );
    expect((await app.call('ledger.list', {})).length).toBe(before);
    app.close();
  });
});
