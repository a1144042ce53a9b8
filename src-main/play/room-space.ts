// Where a token placed by the rules finds room (ch.9; RULINGS: a full room blocks every token): the
// room meant when it has space, otherwise the nearest that has, in room steps. The party entering a
// floor, a wave or the Lich at Floor 10's Gate all take their places through here.
import type { PlayReader } from '../state/session.ts';
import { allTokens, occupants, roomAt } from '../state/board.ts';
import { canEnter } from '../rules/board-facts.ts';
import { shrinesOf } from './floor-facts.ts';

export interface Spot {
  x: number;
  y: number;
}

const SIDE = 5;

/** The floor's 25 rooms, nearest first in room steps from `from` (4-neighbour, RULINGS), ties in reading order. */
export function roomsOutward(from: Spot): Spot[] {
  const steps = (p: Spot) => Math.abs(p.x - from.x) + Math.abs(p.y - from.y);
  return Array.from({ length: SIDE * SIDE }, (_, i) => ({ x: i % SIDE, y: Math.floor(i / SIDE) })).sort(
    (a, b) => steps(a) - steps(b) || a.y - b.y || a.x - b.x,
  );
}

/** Whether a revealed room takes one more token now (ch.9); null for a room not yet revealed. */
export function roomTakes(
  ps: PlayReader,
  floor: number,
  spot: Spot,
  enemy: boolean,
): { ok: boolean; reason: string } | null {
  const room = roomAt(ps, floor, spot.x, spot.y);
  if (!room?.revealed || !room.room_type) return null;
  return canEnter(room.room_type, occupants(allTokens(ps), floor, spot.x, spot.y).length, enemy, {
    floor,
    shrines: shrinesOf(ps),
  });
}

/**
 * The nearest room from `from` (itself first) with space for one more: revealed rooms only, or, for
 * the party (who reveal rooms as they step in, ch.10), a room not yet revealed too. Null when none.
 */
export function nearestWithSpace(
  ps: PlayReader,
  floor: number,
  from: Spot,
  who: { enemy: boolean; reveals: boolean },
): Spot | null {
  return (
    roomsOutward(from).find((p) => {
      const takes = roomTakes(ps, floor, p, who.enemy);
      return takes === null ? who.reveals : takes.ok;
    }) ?? null
  );
}
