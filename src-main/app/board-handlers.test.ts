// The Tomb board through the real handlers (rulebook ch.9 board, ch.10 room generation, ch.12 entities).
import { describe, expect, it } from 'vitest';
import type { BoardView } from '@shared/board.ts';
import { descendTo, makeApp, tempDir } from '../test-support/temp-app.ts';
import { trapBeside } from '../test-support/floor-setups.ts';

async function demo(seed = 11, dataDir = tempDir()) {
  const app = makeApp(dataDir);
  await app.ensureFirstLaunch();
  const [c] = await app.call('campaign.list', {});
  await app.call('campaign.open', { path: c!.path });
  await app.call('dice.setSeed', { seed });
  return { app, file: c!.path, dataDir };
}

const room = (b: BoardView, x: number, y: number) => b.rooms.find((r) => r.x === x && r.y === y)!;
const party = (b: BoardView) => b.tokens.filter((t) => t.kind === 'lichslayer');

describe('board (ch.9, ch.10)', () => {
  it('ch.9, ch.10: the party enters Floor 1 at the top centre; the room is rolled on the Upper Tombs table and logged', async () => {
    const { app } = await demo();
    const b = await app.call('board.enterFloor', { floor: 1 });
    expect(party(b)).toHaveLength(4);
    expect(party(b).every((t) => t.x === 2 && t.y === 0)).toBe(true);
    expect(room(b, 2, 0)).toMatchObject({ revealed: true, entered: true });
    expect(b.partyFloor).toBe(1);
    const ledger = await app.call('ledger.list', {});
    // 10.01: one d12 on the tier's table.
    expect(ledger.filter((e) => e.explain.includes('(Upper Tombs Rooms (Floors 1-3))')).map((e) => e.explain)).toEqual([
      '11 = 11 on d12 → Quiet Cloister (Upper Tombs Rooms (Floors 1-3))',
    ]);
    expect(b.turnStack.filter((e) => e.kind === 'lichslayer')).toHaveLength(4);
    app.close();
  });

  it('ch.10, ch.12: a Lichslayer moving into an adjacent unrevealed room reveals it and places its entities on the turn stack', async () => {
    const { app } = await demo(5);
    let b = await app.call('board.enterFloor', { floor: 1 });
    const odile = party(b)[0]!;
    // the two neighbours still unrevealed (the Antechamber at the entrance holds three: the fourth stepped on into (2,1), ch.9)
    expect(party(b).filter((t) => t.x === 1 && t.y === 0)).toHaveLength(1);
    for (const [x, y] of [
      [3, 0],
      [2, 1],
    ] as const) {
      b = await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x, y });
      expect(room(b, x, y).revealed).toBe(true);
      expect(b.notices?.[0]).toMatch(/reveals/);
      const here = b.tokens.filter((t) => t.kind === 'entity' && t.x === x && t.y === y);
      for (const e of here) expect(b.turnStack.some((s) => s.tokenId === e.id)).toBe(true);
      expect(here.length).toBeLessThanOrEqual(room(b, x, y).capacity ?? 0);
      await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 0 });
    }
    app.close();
  });

  it('ch.9: a full room refuses the move and says why; the token stays', async () => {
    const { app } = await demo();
    await app.call('board.enterFloor', { floor: 1 });
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 1,
      patch: { type: 'hall', name: 'Narrow Hall' },
      revealed: true,
    });
    await app.call('board.addToken', {
      kind: 'entity',
      name: 'Ghoul A',
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 1,
      health: 6,
      armor: 0,
    });
    const b = await app.call('board.addToken', {
      kind: 'entity',
      name: 'Ghoul B',
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 1,
      health: 6,
      armor: 0,
    });
    expect(room(b, 2, 1)).toMatchObject({ occupancy: 2, capacity: 2, full: true });
    const odile = party(b)[0]!;
    const reply = await app.dispatch('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 1 });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message:
          'The Hall is full (2 of 2): it blocks passage until an entity leaves (ch.9). Odile Vantreck stays where they were.',
      },
    });
    const after = await app.call('board.view', { floor: 1 });
    expect(after.tokens.find((t) => t.id === odile.id)).toMatchObject({ x: 2, y: 0 });
    const third = await app.dispatch('board.addToken', {
      kind: 'entity',
      name: 'Ghoul C',
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 1,
    });
    expect(third).toMatchObject({ ok: false, error: { message: expect.stringMatching(/is full/) } });
    app.close();
  });

  it('9.02: a floor is 5×5 rooms: the board lists 25, and a room at column 6 does not exist', async () => {
    const { app } = await demo();
    const b = await app.call('board.enterFloor', { floor: 1 });
    expect(b.rooms).toHaveLength(25);
    expect(new Set(b.rooms.map((r) => `${r.x},${r.y}`)).size).toBe(25);
    const sable = party(b)[2]!;
    const off = await app.dispatch('board.moveToken', { tokenId: sable.id, floor: 1, x: 5, y: 0 });
    expect(off).toEqual({
      ok: false,
      error: { code: 'invalid-args', message: 'board.moveToken: x: Too big: expected number to be <=4' },
    });
    app.close();
  });

  it('ch.9: a move that is not to a neighbour asks the Judge to confirm, then goes ahead as an override', async () => {
    const { app } = await demo();
    const b = await app.call('board.enterFloor', { floor: 1 });
    const sable = party(b)[2]!;
    await app.call('board.setRoom', {
      floor: 1,
      x: 4,
      y: 4,
      patch: { type: 'chamber', name: 'Far Chamber' },
      revealed: true,
    });
    const ask = await app.dispatch('board.moveToken', { tokenId: sable.id, floor: 1, x: 4, y: 4 });
    expect(ask).toMatchObject({
      ok: false,
      error: { code: 'needs-confirmation', message: expect.stringMatching(/not next to \(3,1\)/) },
    });
    const moved = await app.call('board.moveToken', { tokenId: sable.id, floor: 1, x: 4, y: 4, override: true });
    expect(moved.tokens.find((t) => t.id === sable.id)).toMatchObject({ x: 4, y: 4 });
    app.close();
  });

  it('ch.9: a trap triggers once per character entering, unless disabled', async () => {
    const { app } = await demo();
    let b = await app.call('board.enterFloor', { floor: 1 });
    await trapBeside(app, 'Snare Room', 'Bone snare', { loseTurn: true });
    const [a, c] = party(b);
    b = await app.call('board.moveToken', { tokenId: a!.id, floor: 1, x: 1, y: 0 });
    expect(b.notices).toEqual([
      'Trap triggers for Odile Vantreck: Bone snare (ch.9)',
      'Odile Vantreck gives up their next turn: Bone snare (ch.9)',
    ]);
    await app.call('board.moveToken', { tokenId: a!.id, floor: 1, x: 2, y: 0 });
    b = await app.call('board.moveToken', { tokenId: a!.id, floor: 1, x: 1, y: 0 });
    expect(b.notices ?? []).toEqual([]);
    await app.call('board.disableTrap', { floor: 1, x: 1, y: 0 });
    b = await app.call('board.moveToken', { tokenId: c!.id, floor: 1, x: 1, y: 0 });
    expect(b.notices ?? []).toEqual([]);
    app.close();
  });

  it('undoes a reveal (room, entities and stack) and keeps board state across a restart', async () => {
    const { app, file, dataDir } = await demo(3);
    await descendTo(app, 2);
    let b = await app.call('board.view', { floor: 2 });
    const stackBefore = b.turnStack.length;
    const token = party(b)[1]!;
    b = await app.call('board.moveToken', { tokenId: token.id, floor: 2, x: 2, y: 1 });
    const revealed = room(b, 2, 1);
    const stackAfter = b.turnStack.length;
    b = (await app.call('history.undo', {})) && (await app.call('board.view', { floor: 2 }));
    expect(room(b, 2, 1).revealed).toBe(false);
    expect(b.tokens.filter((t) => t.x === 2 && t.y === 1)).toHaveLength(0);
    expect(b.turnStack.length).toBe(stackBefore);
    await app.call('history.redo', {});
    app.close();
    const again = makeApp(dataDir);
    await again.call('campaign.open', { path: file });
    b = await again.call('board.view', { floor: 2 });
    expect(room(b, 2, 1)).toMatchObject({ revealed: true, name: revealed.name });
    expect(b.turnStack.length).toBe(stackAfter);
    again.close();
  });

  it('pre-rolls a floor out of the players’ sight and reveals a prepared room without rolling again', async () => {
    const { app } = await demo(8);
    let b = await app.call('board.prerollFloor', { floor: 4 });
    expect(b.rooms.every((r) => r.prepared && !r.revealed)).toBe(true);
    const rollsBefore = (await app.call('ledger.list', {})).length;
    expect(rollsBefore).toBeGreaterThanOrEqual(25);
    await descendTo(app, 3);
    const beforeFour = (await app.call('ledger.list', {})).length;
    b = await app.call('board.enterFloor', { floor: 4 });
    expect((await app.call('ledger.list', {})).length).toBe(beforeFour);
    expect(room(b, 2, 0)).toMatchObject({ revealed: true, prepared: false });
    const players = await app.call('players.view', {});
    expect(players.rooms).toHaveLength(1);
    app.close();
  });

  it('ch.10: Floor 10 is not rolled; the Phylactery is hidden until a character enters its room', async () => {
    const { app } = await demo();
    await app.call('board.setRoom', {
      floor: 10,
      x: 3,
      y: 3,
      patch: { phylactery: true, name: 'Reliquary of Ash', type: 'vault' },
    });
    await descendTo(app, 10);
    let b = await app.call('board.view', { floor: 10 });
    expect(b.tokens.find((t) => t.kind === 'phylactery')).toMatchObject({ hidden: true, x: 3, y: 3 });
    expect(JSON.stringify(await app.call('players.view', {}))).not.toMatch(/Phylactery|Reliquary of Ash/);
    await app.call('board.setRoom', { floor: 10, x: 3, y: 3, patch: {}, revealed: true });
    b = await app.call('board.moveToken', { tokenId: party(b)[0]!.id, floor: 10, x: 3, y: 3, override: true });
    expect(b.notices).toContain('Odile Vantreck finds the Phylactery (ch.10)');
    expect(b.tokens.find((t) => t.kind === 'phylactery')!.hidden).toBe(false);
    expect(await app.dispatch('board.prerollRoom', { floor: 10, x: 0, y: 0 })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/not table-generated/) },
    });
    app.close();
  });

  it('a chest is opened only by a Lichslayer standing at it; opened once', async () => {
    const { app } = await demo(21);
    await descendTo(app, 3);
    await app.call('board.setRoom', { floor: 3, x: 2, y: 0, patch: { chest: true } });
    await app.call('board.setRoom', {
      floor: 3,
      x: 3,
      y: 0,
      patch: { type: 'hall', name: 'Side Hall' },
      revealed: true,
    });
    let b = await app.call('board.view', { floor: 3 });
    const [odile, quillam] = party(b);
    await app.call('board.moveToken', { tokenId: quillam!.id, floor: 3, x: 3, y: 0 });
    expect(
      await app.dispatch('board.openChest', { floor: 3, x: 2, y: 0, lichslayerId: quillam!.lichslayerId! }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^Brother Quillam must stand in .+ to open its chest \(ch\.9\)/) },
    });
    b = await app.call('board.openChest', { floor: 3, x: 2, y: 0, lichslayerId: odile!.lichslayerId! });
    expect(room(b, 2, 0).chest).toMatchObject({ opened: true, openedBy: 'Odile Vantreck' });
    expect(
      await app.dispatch('board.openChest', { floor: 3, x: 2, y: 0, lichslayerId: odile!.lichslayerId! }),
    ).toMatchObject({ ok: false, error: { message: 'That chest has already been opened.' } });
    app.close();
  });
});
