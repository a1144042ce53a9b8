// A turned character placed in the Tombs (ch.16): one of the Judge's entities, a Zombie, into an
// unrevealed room unseen or a revealed one with space (ch.9).
// and counts as a Zombie for all effects. Their exits are phase.cure (Restore, Cure, the Pilgrimage,
// or Cleanse, a killing).
import { allTokens, ensureRoom, occupants } from '../state/board.ts';
import { TURNED_FACTION } from '../rules/turning.ts';
import { judgeMove } from '../rules/board-moves.ts';
import { lichslayerToken } from './floor-entry.ts';
import { shrinesOf } from './floor-facts.ts';
import { CommandFailure } from '../state/failures.ts';
import { requireLichslayer } from '../state/lichslayer.ts';
import { diveActor } from './machines.ts';
import type { ParsedArgsOf } from '@shared/contract.ts';
import type { PlaySession } from '../state/session.ts';

export function placeTurned(ps: PlaySession, args: ParsedArgsOf<'turning.place'>, notices: string[]): void {
  const l = requireLichslayer(ps, args.lichslayerId);
  if (!diveActor(ps).getSnapshot().context.turned.includes(l.id)) {
    throw new CommandFailure(
      'refused',
      `${l.name} is not turned: the party's Lichslayers go where the party goes (ch.9). Nothing changed.`,
    );
  }
  const token = lichslayerToken(ps, l.id);
  // Placed by the Judge like any entity: into an unrevealed room it goes unseen (revealing nothing
  // to the players); a revealed room must have space (ch.9).
  const room = ensureRoom(ps, args.floor, args.x, args.y);
  if (room.revealed && room.room_type) {
    const here = occupants(
      allTokens(ps).filter((t) => t.id !== token.id),
      args.floor,
      args.x,
      args.y,
    ).length;
    const verdict = judgeMove({
      mover: { kind: 'entity', name: l.name },
      from: null,
      to: args,
      target: { revealed: true, type: room.room_type, occupancy: here, shrines: shrinesOf(ps) },
      override: true,
    });
    if (verdict.kind === 'refused') throw new CommandFailure('refused', `${verdict.reason}. Nothing changed.`);
  }
  // ch.16: counts as a Zombie for all effects.
  ps.update('token', token.id, {
    floor: args.floor,
    x: args.x,
    y: args.y,
    stats: JSON.stringify({ ...token.stats, faction: TURNED_FACTION }),
  });
  notices.push(`${l.name}, turned, walks the Tombs for the Lich: a Zombie under the Judge (ch.16)`);
}
