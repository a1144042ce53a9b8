// Room capacity on arrival (ch.9; RULINGS: a full room blocks every token, so every token fills it):
// the party entering a floor, a room revealed as someone steps in, and the Lich placed at Floor 10's
// Gate, each through the command that does it on a real campaign file with a fixed seed.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';
import type { BoardView } from '@shared/board.ts';
import { landingsTo, reliquary } from '../test-support/floor-setups.ts';

const at = (b: BoardView, x: number, y: number) =>
  b.tokens.filter((t) => t.floor === b.floor && t.x === x && t.y === y && !t.defeated).map((t) => t.name);

describe('room capacity on arrival (ch.9)', () => {
  it('the party entering a floor fills a Hall of 2 at the entrance; the other two step on into the nearest room, revealed as they step in', async () => {
    const { app } = await openDemo(1);
    const b = await app.call('board.enterFloor', { floor: 1 });
    expect(b.rooms.find((r) => r.x === 2 && r.y === 0)).toMatchObject({ name: 'Mourners’ Hall', capacity: 2 });
    expect(at(b, 2, 0)).toEqual(['Odile Vantreck', 'Brother Quillam']);
    expect(at(b, 1, 0)).toEqual(['Sable Hartigan', 'Wren of the Hollow', 'Pale Wisp', 'Ashen Knight']);
    expect(b.rooms.find((r) => r.x === 1 && r.y === 0)).toMatchObject({ name: 'Burial Alcoves', capacity: 4 });
    expect(b.notices).toContain(
      'Mourners’ Hall is full: Sable Hartigan, Wren of the Hollow step on into Burial Alcoves at F1 (2,1) (ch.9)',
    );
    // the Hall's rolled entity gave its place to the party stepping in
    expect((await app.call('ledger.list', {})).find((e) => e.cause === 'Reveal F1 (3,1): entities')!.explain).toBe(
      '1 rolled, 0 placed: the hall holds 2, 2 of them for those stepping in (ch.9)',
    );
    app.close();
  });

  it('a room revealed as a Lichslayer steps in holds its entities up to capacity less the one stepping in: a Hall of 2 rolled two, places one', async () => {
    const { app } = await openDemo(6);
    let b = await app.call('board.enterFloor', { floor: 1 });
    const odile = b.tokens.find((t) => t.name === 'Odile Vantreck')!;
    b = await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 3, y: 0 });
    expect(b.notices![0]).toBe('Odile Vantreck reveals Collapsed Ossuary (hall)');
    expect(b.rooms.find((r) => r.x === 3 && r.y === 0)).toMatchObject({ capacity: 2, occupancy: 2 });
    expect(at(b, 3, 0)).toEqual(['Odile Vantreck', 'Feaster']);
    const capped = (await app.call('ledger.list', {})).find((e) => e.cause === 'Reveal F1 (4,1): entities')!;
    expect(capped).toMatchObject({
      explain: '2 rolled, 1 placed: the hall holds 2, 1 of them for those stepping in (ch.9)',
      character: 'Odile Vantreck',
    });
    app.close();
  });

  it('the Floor-10 Lich (house rule) takes the nearest room with space when the party fills the Gate’s Chamber of 4', async () => {
    const { app } = await openDemo(31);
    await app.call('houseRules.update', { patch: { lichOnFloorTen: true } });
    await landingsTo(app, 9);
    await app.call('board.setRoom', { floor: 10, x: 2, y: 0, patch: { type: 'chamber', name: 'The Gate' } });
    await app.call('board.setRoom', {
      floor: 10,
      x: 1,
      y: 0,
      revealed: true,
      patch: { type: 'hall', name: 'West Hall' },
    });
    await reliquary(app, { x: 3, type: 'chamber' });
    let floor = 0;
    while (floor < 9) floor = (await app.call('phase.send', { event: { type: 'DESCEND' } })).dive.floor ?? 0;
    for (const l of (await app.call('campaign.current', {}))!.roster)
      await app.call('phase.send', { event: { type: 'ROOM_CLEARED', lichslayer: l.id } });
    await app.call('phase.send', { event: { type: 'OPEN_GATE' } });
    const p = await app.call('phase.send', { event: { type: 'DESCEND' } });
    expect(p.notices).toContain(
      'The Lich waits on Floor 10 (house rule), at F10 (2,1), as the Gate is full (ch.9): 144 + 12 × 0 at Lost + 24 × 0 Unbound Vestments = 144 Health (ch.12)',
    );
    const b = await app.call('board.view', { floor: 10 });
    expect(at(b, 2, 0)).toEqual(['Odile Vantreck', 'Brother Quillam', 'Sable Hartigan', 'Wren of the Hollow']);
    expect(at(b, 1, 0)).toEqual(['The Lich', 'Banshee Abbess']);
    app.close();
  });
});
