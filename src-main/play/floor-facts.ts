// What the board's rules read about a floor: where a room is, whether Shrines are safe, how big the
// party is, how full a room stands, and whether a floor is fully cleared (ch.9, ch.10, ch.12).
import type { PlayReader } from '../state/session.ts';
import { allTokens, roomAt, turnStack, occupants, roomsOfFloor, roomLabel } from '../state/board.ts';
import { readHouseRules } from '../state/settings.ts';
import { shrineSafety, type ShrineSafety } from '../rules/board-facts.ts';
import { attentionStage, diveActor } from './machines.ts';

/** A room's label in notices and the ledger ("F2 (3,1)"): the board's one way to name a room. */
export const where = roomLabel;

/** The tokens that are the party on the board: they enter rooms, spring traps and reveal. */
export const PARTY_KINDS: ReadonlySet<string> = new Set(['lichslayer', 'retainer', 'familiar']);

/** A trapped room's label until someone enters: its d6 is rolled for each of them (ch.9). */
export const ROLLED_TRAP = 'A trap (1d6 on entry)';

/** Whether Shrines are still safe, as the Attention's stage and the house rules say (ch.5, ch.9). */
export const shrinesOf = (ps: PlayReader): ShrineSafety => shrineSafety(attentionStage(ps), readHouseRules(ps));

/** The party a room's entities are scaled for (ch.12): the Lichslayers on the dive, else the roster still in play. */
export function partySize(ps: PlayReader): number {
  const dive = diveActor(ps).getSnapshot().context;
  if (dive.floor !== null) return dive.present.length;
  return dive.party.length
    ? dive.party.filter((id) => !dive.lost.includes(id) && !dive.turned.includes(id)).length
    : ps.all('lichslayer').length;
}

export function place(ps: PlayReader, floor: number, x: number, y: number) {
  const rec = roomAt(ps, floor, x, y);
  return { rec, occupancy: occupants(allTokens(ps), floor, x, y).length };
}

/** RULINGS: a floor is fully cleared when all 25 rooms are entered and no enemy of it is left on the turn stack (ch.1, ch.9); why not yet, or null. */
export function floorNotCleared(ps: PlayReader, floor: number): string | null {
  const entered = roomsOfFloor(ps, floor).filter((r) => r.entered === 1).length;
  const onStack = new Set(turnStack(ps).map((e) => e.token_id));
  const left = allTokens(ps).filter(
    (t) => t.kind === 'entity' && t.floor === floor && !t.defeated && onStack.has(t.id),
  );
  if (entered === 25 && !left.length) return null;
  return `Floor ${floor} is not fully cleared: ${entered} of 25 rooms entered${left.length ? `, ${left.map((t) => t.name).join(', ')} still on the turn stack` : ''} (ch.1, RULINGS)`;
}
