// A trap's rolls on dice rolled at the table (ch.9, ch.10, ch.11): a trap triggers once for each
// character entering its room and rolls for them alone, so the Judge's move may carry the faces that
// character rolled: the trap's d6 on its tier's table, then its damage dice. The room's own roll on
// the way in stays the Judge's (ch.10). Fixed seeds and faces.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';
import { noticesOf } from '../test-support/hand-rolled.ts';
import { SPIKE_ROOM } from '../test-support/spike-room.ts';

/** The demo party on Floor 1 in a prepared Vault; beside it a revealed Spike Room whose listed trap deals 2d6 through Armor. */
async function besideASpikeRoom(seed: number) {
  const { app, roster } = await openDemo(seed);
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  await app.call('board.setRoom', SPIKE_ROOM);
  const board = await app.call('board.view', { floor: 1 });
  const odile = board.tokens.find((t) => t.name === 'Odile Vantreck')!;
  const sheet = roster.find((l) => l.name === 'Odile Vantreck')!;
  return { app, odile, sheet, into: { tokenId: odile.id, floor: 1, x: 3, y: 0 } };
}

const trapRolls = async (app: Awaited<ReturnType<typeof openDemo>>['app']) =>
  (await app.call('ledger.list', {}))
    .filter((e) => e.command === 'board.moveToken' && e.faces.length)
    .map((e) => [e.cause, e.enteredBy, e.faces.map((f) => f.face)]);

describe('a trap’s dice rolled at the table (ch.9, ch.11)', () => {
  it('Odile steps onto the Spiked floor on entered faces 3 and 5: 8 through her Armor, 30 → 22; the ledger says the Judge entered them', async () => {
    const { app, into, sheet } = await besideASpikeRoom(4);
    const r = await app.call('handDice.roll', { command: 'board.moveToken', args: into, faces: [3, 5] });
    expect(noticesOf(r)).toEqual([
      'Trap triggers for Odile Vantreck: Spiked floor (ch.9)',
      "8 to Odile Vantreck's Health (bypasses Armor): 30 → 22 (ch.11)",
    ]);
    expect(await trapRolls(app)).toEqual([['Spiked floor: damage to Odile Vantreck', 'the Judge', [3, 5]]]);
    expect((await app.call('campaign.current', {}))!.roster.find((l) => l.id === sheet.id)!.health).toBe(22);
    expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true });
    app.close();
  });

  it('asked of Odile’s player, the ask names the room and nothing in it; her 6+1 and 2 deal 9 (ch.9, ch.11)', async () => {
    const { app, into, sheet } = await besideASpikeRoom(4);
    const call = await app.call('handDice.call', { lichslayerId: sheet.id, command: 'board.moveToken', args: into });
    expect(call?.what).toBe('Entering F1 (4,1): the dice the room asks of you, in the order the Judge calls them');
    await app.call('private.sendDice', { lichslayerId: sheet.id, faces: [6, 1, 2] });
    const r = await app.call('handDice.accept', { args: into });
    expect(noticesOf(r)).toEqual([
      'Trap triggers for Odile Vantreck: Spiked floor (ch.9)',
      "9 to Odile Vantreck's Health (bypasses Armor): 30 → 21 (ch.11)",
    ]);
    expect(await trapRolls(app)).toEqual([
      ['Spiked floor: damage to Odile Vantreck', "Odile Vantreck's player", [6, 1, 2]],
    ]);
    app.close();
  });

  it('a move into a room that springs nothing refuses entered faces, and Odile stays where she was (ch.9)', async () => {
    const { app, odile } = await besideASpikeRoom(4);
    const into = { tokenId: odile.id, floor: 1, x: 1, y: 0 };
    await app.call('board.setRoom', {
      floor: 1,
      x: 1,
      y: 0,
      patch: { type: 'chamber', name: 'Bare Room' },
      revealed: true,
    });
    expect(await app.dispatch('handDice.roll', { command: 'board.moveToken', args: into, faces: [3] })).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message: 'This command rolled no dice, so the faces entered were not used. Nothing changed.',
      },
    });
    const now = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.id === odile.id)!;
    expect([now.x, now.y]).toEqual([2, 0]);
    app.close();
  });
});

describe('a trap found on the way in (ch.9, ch.10)', () => {
  it('the room is the Judge’s roll: on seed 2 Odile reveals the Burial Alcoves as the app rolls them, and her entered 4 and 2 go to its trap: the Falling urn, 2 spent on Armor', async () => {
    const { app } = await openDemo(2);
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const odile = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Odile Vantreck')!;
    const into = { tokenId: odile.id, floor: 1, x: 2, y: 1 };
    const r = await app.call('handDice.roll', { command: 'board.moveToken', args: into, faces: [4, 2] });
    expect(noticesOf(r)).toEqual([
      'Odile Vantreck reveals Burial Alcoves (chamber)',
      'Trap triggers for Odile Vantreck: Falling urn — 1d6 damage, one instance. (ch.9)',
      'Armor negates the whole instance of 2 (Falling urn): Armor 5 → 4; its other effects still resolve (ch.11)',
    ]);
    // Newest first: her damage die, her d6 on the trap table (4: the Falling urn), the app's room roll.
    expect(await trapRolls(app)).toEqual([
      ['Falling urn: damage to Odile Vantreck', 'the Judge', [2]],
      ['Trap at F1 (3,2) for Odile Vantreck', 'the Judge', [4]],
      ['Reveal F1 (3,2)', null, [6, 3, 6, 1]],
    ]);
    expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true });
    app.close();
  });

  it('a room revealed with no trap takes none of the entered faces: refused, and the room stays unrevealed (seed 1, ch.10)', async () => {
    const { app } = await openDemo(1);
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const odile = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Odile Vantreck')!;
    const into = { tokenId: odile.id, floor: 1, x: 2, y: 1 };
    expect(await app.dispatch('handDice.roll', { command: 'board.moveToken', args: into, faces: [4] })).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message: "Only the Judge's dice were rolled here, so the faces entered were not used. Nothing changed.",
      },
    });
    const room = (await app.call('board.view', { floor: 1 })).rooms.find((q) => q.x === 2 && q.y === 1)!;
    expect(room.revealed).toBe(false);
    app.close();
  });
});
