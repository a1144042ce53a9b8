// Moving on the board (rulebook ch.9): rooms are joined to their four neighbours; a full room
// blocks passage for everyone until an entity leaves (RULINGS); only the party reveals rooms.
import type { HouseRules } from '@shared/house-rules.ts';
import type { RoomType } from '@shared/tables.ts';
import { canEnter, type ShrineSafety } from './board-facts.ts';

export interface Place {
  floor: number;
  x: number;
  y: number;
}

/** RULINGS: a floor is entered at a Judge-chosen edge room, by default the centre of the top row. */
export const DEFAULT_ENTRANCE = { x: 2, y: 0 } as const;

export function isAdjacent(a: Place, b: Place): boolean {
  return a.floor === b.floor && Math.abs(a.x - b.x) + Math.abs(a.y - b.y) === 1;
}

/** "Adjacent" for the fight's rules (the Lich, a Colourless entity, a Block): the same room, or a neighbour too (house rule). */
export function isNear(a: Place, b: Place, rules: HouseRules): boolean {
  if (a.floor !== b.floor) return false;
  const steps = Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
  return rules.adjacency === 'same-room' ? steps === 0 : steps <= 1;
}

/** A move to confirm carries only why it breaks the board's rules: whether to ask is the caller's. */
export type MoveVerdict =
  { kind: 'ok'; reveals: boolean } | { kind: 'refused'; reason: string } | { kind: 'confirm'; reason: string };

export interface MoveInput {
  mover: { kind: 'lichslayer' | 'retainer' | 'familiar' | 'entity' | 'phylactery'; name: string };
  from: Place | null;
  to: Place;
  target: {
    revealed: boolean;
    type: RoomType | null;
    occupancy: number;
    /** Whether its Shrines are still safe (ch.5, ch.9). */ shrines: ShrineSafety;
  };
  /** The Judge confirmed a move that the adjacency rule would not allow. */
  override: boolean;
}

/** Where the dive stands, as its machine holds it: the one home of the party's place. */
export interface DivePlace {
  floor: number | null;
  /** Lichslayers still on the dive. */
  present: readonly number[];
  /** Lichslayers turned by the Lich (ch.16): the Judge's to move anywhere in the Tombs. */
  turned?: readonly number[];
}

const PARTY_KINDS = new Set(['lichslayer', 'retainer', 'familiar']);

/**
 * The phase's say over a party token's move (ch.9, ch.11): in the Town the party is not on the board;
 * on a dive its tokens stay on the party's floor (floors change only by the stair), and a Lichslayer
 * whose dive has ended does not walk back in. Enemies are the Judge's to place anywhere. Null: allowed.
 */
export function phaseRefusesMove(
  mover: { kind: MoveInput['mover']['kind']; name: string; lichslayerId: number | null },
  dive: DivePlace,
  toFloor: number,
): string | null {
  if (!PARTY_KINDS.has(mover.kind)) return null;
  // ch.16: a turned character acts for the Lich as an entity under the Judge, anywhere in the Tombs.
  if (mover.kind === 'lichslayer' && mover.lichslayerId !== null && dive.turned?.includes(mover.lichslayerId))
    return null;
  if (dive.floor === null)
    return `The party is in the Town: ${mover.name} goes into the Tombs when the party descends (ch.9)`;
  if (toFloor !== dive.floor)
    return `The party is on Floor ${dive.floor}: floors change only by the stair, when the party descends (ch.9)`;
  if (mover.kind === 'lichslayer' && mover.lichslayerId !== null && !dive.present.includes(mover.lichslayerId))
    return `${mover.name}'s dive is over (withdrawn or lost, ch.11): they are not on this floor`;
  return null;
}

export function judgeMove(input: MoveInput): MoveVerdict {
  const { mover, from, to, target } = input;
  if (mover.kind === 'phylactery') return { kind: 'refused', reason: 'The Phylactery is immobile (ch.12)' };
  if (from && from.floor === to.floor && from.x === to.x && from.y === to.y)
    return { kind: 'refused', reason: `${mover.name} is already there` };
  if (!target.revealed && mover.kind !== 'lichslayer') {
    return {
      kind: 'refused',
      reason: `Only a Lichslayer reveals a room: ${mover.name} cannot go into an unrevealed room (ch.10)`,
    };
  }
  if (target.revealed && target.type) {
    const entry = canEnter(target.type, target.occupancy, mover.kind === 'entity', {
      floor: to.floor,
      shrines: target.shrines,
    });
    if (!entry.ok) return { kind: 'refused', reason: entry.reason };
  }
  if (from && !isAdjacent(from, to) && !input.override) {
    const why =
      from.floor !== to.floor
        ? `a different floor (Floor ${from.floor} → ${to.floor})`
        : `not next to (${from.x + 1},${from.y + 1}): rooms join only their four neighbours`;
    return {
      kind: 'confirm',
      reason: `${mover.name} → (${to.x + 1},${to.y + 1}) is ${why} (ch.9)`,
    };
  }
  return { kind: 'ok', reveals: !target.revealed };
}
