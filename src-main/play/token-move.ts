// A token moved on the board (rulebook ch.9): by the Judge, refused when the phase does not allow it;
// otherwise judged by the board's rules and resolved: the room revealed, a trap, a Sanity Test,
// the Phylactery found, the turn stack.
import { inertReason } from './skills/oneness.ts';
import type { ParsedArgsOf, CommandName } from '@shared/contract.ts';
import type { TokenView } from '@shared/board.ts';
import { judgeMove, phaseRefusesMove } from '../rules/board-moves.ts';
import { allTokens, ensureRoom, roomAt, tokenOf, type RoomRecord } from '../state/board.ts';
import { CommandFailure } from '../state/failures.ts';
import type { PlaySession } from '../state/session.ts';
import { diveActor, divePlace } from './machines.ts';
import { enterRoom, type RoomEntry } from './room-entry.ts';
import { shrinesOf, place, PARTY_KINDS } from './floor-facts.ts';
import { noteClearedOnNine } from './floor-nine.ts';
import { reveal } from './room-reveal.ts';
import { countTurnStep } from './turn-movement.ts';

/** The token, refused when the phase lets it move nowhere on that floor. */
function movableNow(ps: PlaySession, tokenId: number, floor: number): TokenView {
  const token = tokenOf(ps, tokenId);
  const inert = inertReason(ps, token);
  if (inert)
    throw new CommandFailure('refused', `${inert}; end Oneness to move it. ${token.name} stays where they were.`);
  const refused = phaseRefusesMove(token, divePlace(ps), floor);
  if (refused) throw new CommandFailure('refused', `${refused}. ${token.name} stays where they were.`);
  return token;
}

export function moveToken(ps: PlaySession, args: ParsedArgsOf<'board.moveToken'>, notices: string[]): void {
  const token = movableNow(ps, args.tokenId, args.floor);
  // ch.8: a Lost character's short rounds; the Judge's override is the Judge's call.
  if (!args.override && token.floor === args.floor) countTurnStep(ps, token);
  moveOne(ps, token, args.floor, args.x, args.y, args.override, notices, 'board.moveToken');
}

/** A character steps into a room: it counts as entered, its trap and Sanity Test act on them, a Phylactery there is found. */
export function arrive(
  ps: PlaySession,
  token: TokenView,
  room: RoomRecord,
  notices: string[],
  command: CommandName = 'board.moveToken',
  entry: RoomEntry = {},
): void {
  if (!PARTY_KINDS.has(token.kind)) return;
  if (token.kind === 'lichslayer' && !room.entered) ps.update('room', room.id, { entered: 1 });
  enterRoom(ps, token, roomAt(ps, room.floor, room.x, room.y)!, command, notices, entry);
  for (const t of allTokens(ps)) {
    if (t.kind === 'phylactery' && t.hidden && t.floor === room.floor && t.x === room.x && t.y === room.y) {
      ps.update('token', t.id, { hidden: 0 });
      notices.push(`${token.name} finds the Phylactery (ch.10)`);
    }
  }
  noteClearedOnNine(ps, room.floor, room.x, room.y, notices);
}

/**
 * The move judged by the board's rules, as the token would make it now. Refused: thrown. One the Judge
 * may override is asked to confirm, or refused outright where no override is on offer (`askable` false).
 */
function judged(
  ps: PlaySession,
  moving: TokenView,
  floor: number,
  x: number,
  y: number,
  override: boolean,
  askable = true,
) {
  // ch.16: a turned character moves as one of the Judge's entities: it reveals no room, springs no trap.
  const turned =
    moving.kind === 'lichslayer' &&
    moving.lichslayerId !== null &&
    diveActor(ps).getSnapshot().context.turned.includes(moving.lichslayerId);
  const token: TokenView = turned ? { ...moving, kind: 'entity' } : moving;
  const { rec, occupancy } = place(ps, floor, x, y);
  const verdict = judgeMove({
    mover: { kind: token.kind, name: token.name },
    from:
      token.floor !== null && token.x !== null && token.y !== null
        ? { floor: token.floor, x: token.x, y: token.y }
        : null,
    to: { floor, x, y },
    target: { revealed: rec?.revealed === 1, type: rec?.room_type ?? null, occupancy, shrines: shrinesOf(ps) },
    override,
  });
  if (verdict.kind === 'refused')
    throw new CommandFailure('refused', `${verdict.reason}. ${token.name} stays where they were.`);
  if (verdict.kind === 'confirm') {
    if (askable) throw new CommandFailure('needs-confirmation', `${verdict.reason}. Move anyway as a Judge override?`);
    throw new CommandFailure('refused', `${verdict.reason}: no step there to reveal ahead of. Nothing changed.`);
  }
  return { token, verdict };
}

export function moveOne(
  ps: PlaySession,
  moving: TokenView,
  floor: number,
  x: number,
  y: number,
  override: boolean,
  notices: string[],
  command: CommandName,
  entry: RoomEntry = {},
): void {
  const { token, verdict } = judged(ps, moving, floor, x, y, override);
  // The room's roll is the Judge's (ch.10): faces entered for the move are for what the room does to the mover.
  const room = verdict.reveals
    ? ps.appDice(() => reveal(ps, floor, x, y, command, [token]))
    : ensureRoom(ps, floor, x, y);
  if (verdict.reveals) notices.push(`${token.name} reveals ${room.name || 'a room'} (${room.room_type ?? 'room'})`);
  ps.update('token', token.id, { floor, x, y });
  arrive(ps, { ...token, floor, x, y }, roomAt(ps, floor, x, y)!, notices, command, entry);
}

/** Moves a token by the board's rules, without the Judge's override (enemies closing in, ch.11; Break, ch.2). */
export function moveTokenByRules(
  ps: PlaySession,
  tokenId: number,
  floor: number,
  x: number,
  y: number,
  notices: string[],
  command: CommandName,
  entry: RoomEntry = {},
): void {
  moveOne(ps, tokenOf(ps, tokenId), floor, x, y, false, notices, command, entry);
}

/**
 * Reveals the room a Lichslayer is about to enter, as their step in would (ch.10: the app's roll, the
 * mover as revealer), so the Judge knows what it asks of them before the faces rolled at the table
 * go in. Refused where the step itself would be refused or needs the Judge's override.
 */
export function revealAhead(
  ps: PlaySession,
  tokenId: number,
  floor: number,
  x: number,
  y: number,
  notices: string[],
): void {
  const { token, verdict } = judged(ps, movableNow(ps, tokenId, floor), floor, x, y, false, false);
  if (!verdict.reveals)
    throw new CommandFailure('refused', `${token.name} would reveal nothing by stepping in there. Nothing changed.`);
  const room = reveal(ps, floor, x, y, 'board.revealRoom', [token]);
  notices.push(`Revealed ahead of ${token.name}: ${room.name || 'a room'} (${room.room_type ?? 'room'})`);
}
