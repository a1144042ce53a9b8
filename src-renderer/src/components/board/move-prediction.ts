// What the board will look like once main has moved a token, drawn at mouse-up so the drop lands
// within the frame the Judge lets go in. Main still decides: its reply replaces this, and when it
// agrees (the usual case) nothing is drawn again. Only a step into a revealed room that is not full
// is foreseen; a reveal, a full room or a token off the floor waits for main's answer.
import type { BoardView, RoomView } from '@shared/board.ts';
import { roomMarks, takesAPlace } from '@shared/room-places.ts';

function withOccupancy(r: RoomView, by: number): RoomView {
  const occupancy = r.occupancy + by;
  // A capacity of 0 is a safe Shrine (never full) unless main marked the room full: it holds none.
  const held = r.capacity === 0 && !r.full ? null : r.capacity;
  return { ...r, occupancy, ...roomMarks(r.revealed, r.entered, held, occupancy) };
}

/** The board with token `id` stepped into room (x, y) of its floor, or null when main's answer cannot be foreseen. */
export function predictMove(board: BoardView, id: number, x: number, y: number): BoardView | null {
  const t = board.tokens.find((k) => k.id === id);
  if (!t || t.floor !== board.floor || t.x === null || t.y === null || (t.x === x && t.y === y)) return null;
  const to = board.rooms.find((r) => r.x === x && r.y === y);
  if (!to || !to.revealed || (takesAPlace(t) && to.full)) return null;
  const from = { x: t.x, y: t.y };
  const by = takesAPlace(t) ? 1 : 0;
  const rooms = board.rooms.map((r) => {
    if (r.x === from.x && r.y === from.y) return withOccupancy(r, -by);
    if (r === to) {
      const entered = to.entered || t.kind === 'lichslayer';
      return withOccupancy({ ...r, entered }, by);
    }
    return r;
  });
  const tokens = board.tokens.map((k) => (k === t ? { ...t, x, y } : k));
  return { ...board, rooms, tokens };
}
