import { describe, expect, it } from 'vitest';
import type { BoardView, RoomView, TokenView } from '@shared/board.ts';
import { predictMove } from './move-prediction.ts';

const room = (x: number, over: Partial<RoomView> = {}): RoomView => ({
  id: x + 1,
  floor: 1,
  x,
  y: 0,
  revealed: true,
  prepared: false,
  entered: true,
  type: 'chamber',
  name: `Room ${x}`,
  details: '',
  capacity: 2,
  occupancy: 0,
  full: false,
  cleared: false,
  trap: null,
  chest: null,
  sanityTest: false,
  stair: false,
  phylactery: false,
  gold: 0,
  notes: '',
  ...over,
});

const token = (id: number, x: number, over: Partial<TokenView> = {}): TokenView => ({
  id,
  kind: 'lichslayer',
  name: `Token ${id}`,
  colour: 'Red',
  floor: 1,
  x,
  y: 0,
  health: 10,
  maxHealth: 10,
  armor: 0,
  hidden: false,
  defeated: false,
  lichslayerId: id,
  stats: {},
  intention: '',
  ...over,
});

function board(rooms: RoomView[], tokens: TokenView[]): BoardView {
  // Only the rooms and tokens bear on a foreseen step; the rest of the view is carried over as it is.
  return { floor: 1, partyFloor: 1, rooms, tokens, offBoard: [], turnStack: [] } as unknown as BoardView;
}

describe('a step drawn before main answers (ch.9: rooms hold up to their capacity)', () => {
  it('moves the token and counts it out of the room it left and into the room it entered', () => {
    const before = board(
      [room(0, { occupancy: 2, full: true }), room(1, { entered: false, occupancy: 1 })],
      [token(1, 0), token(2, 0), token(3, 1, { kind: 'entity', lichslayerId: null })],
    );
    const after = predictMove(before, 1, 1, 0)!;
    expect(after.tokens.map((t) => [t.id, t.x])).toEqual([
      [1, 1],
      [2, 0],
      [3, 1],
    ]);
    expect(after.rooms.map((r) => ({ occupancy: r.occupancy, full: r.full, entered: r.entered }))).toEqual([
      { occupancy: 1, full: false, entered: true },
      { occupancy: 2, full: true, entered: true },
    ]);
  });

  it('marks the room left empty as cleared once it was entered', () => {
    const after = predictMove(board([room(0, { occupancy: 1 }), room(1)], [token(1, 0)]), 1, 1, 0)!;
    expect(after.rooms[0]).toMatchObject({ occupancy: 0, cleared: true });
  });

  it('foresees nothing main may refuse or reveal: an unrevealed room, a full room, the same room, a token off the floor', () => {
    const rooms = [room(0, { occupancy: 1 }), room(1, { revealed: false }), room(2, { occupancy: 2, full: true })];
    const b = board(rooms, [token(1, 0), token(2, 0, { floor: null, x: null, y: null })]);
    expect(predictMove(b, 1, 1, 0)).toBeNull();
    expect(predictMove(b, 1, 2, 0)).toBeNull();
    expect(predictMove(b, 1, 0, 0)).toBeNull();
    expect(predictMove(b, 2, 0, 0)).toBeNull();
  });

  it('lets a defeated token into a full room without counting it, as main does not count it', () => {
    const b = board([room(0), room(1, { occupancy: 2, full: true })], [token(1, 0, { defeated: true })]);
    expect(predictMove(b, 1, 1, 0)!.rooms[1]).toMatchObject({ occupancy: 2, full: true });
  });
});
