// A token moved on the board by the Judge: refused when the phase does not allow it, otherwise
// judged and resolved by the board's own move (ch.9: reveal, trap, Sanity Test, turn stack).
import type { ParsedArgsOf } from '@shared/contract.ts';
import { phaseRefusesMove } from '../rules/board-moves.ts';
import { allTokens } from '../state/board.ts';
import { CommandFailure } from '../state/failures.ts';
import type { PlaySession } from '../state/session.ts';
import { moveOne } from './board.ts';
import { divePlace } from './machines.ts';

export function moveToken(ps: PlaySession, args: ParsedArgsOf<'board.moveToken'>, notices: string[]): void {
  const token = allTokens(ps).find((t) => t.id === args.tokenId);
  if (!token) throw new CommandFailure('not-found', `No token ${args.tokenId} on the board.`);
  const refused = phaseRefusesMove(token, divePlace(ps), args.floor);
  if (refused) throw new CommandFailure('refused', `${refused}. ${token.name} stays where they were.`);
  moveOne(ps, token, args.floor, args.x, args.y, args.override, notices, 'board.moveToken');
}
