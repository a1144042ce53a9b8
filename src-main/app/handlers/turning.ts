// turning.*: a turned character on the board (rulebook ch.16). The turned is a Zombie acting for the
// Lich: the Judge places their token on any Tomb floor, where it acts as one of the Judge's entities
// and counts as a Zombie for all effects. Their exits are phase.cure (Restore, Cure, the Pilgrimage,
// or Cleanse, a killing).
import type { BoardView } from '@shared/board.ts';
import { allTokens, ensureRoom, occupants } from '../../state/board.ts';
import { TURNED_FACTION } from '../../rules/turning.ts';
import { boardView } from '../../views/board-view.ts';
import { judgeMove } from '../../rules/board-moves.ts';
import { lichslayerToken } from '../../play/board.ts';
import { shrinesOf, where } from '../../play/floor-facts.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { requireLichslayer } from '../../state/lichslayer.ts';
import { diveActor } from '../../play/machines.ts';

export function turningHandlers(ctx: HandlerContext): HandlersOf<'turning'> {
  return {
    'turning.place': (args) => {
      const notices: string[] = [];
      ctx.transact('turning.place', args, `Place a turned character at ${where(args.floor, args.x, args.y)}`, (ps) => {
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
      });
      const result: BoardView = boardView(ctx.state(), args.floor);
      return { ...result, notices };
    },
  };
}
