// turning.*: a turned character on the board (rulebook ch.16). The turned is a Zombie acting for the
// Lich: the Judge places their token on any Tomb floor, where it acts as one of the Judge's entities
// and counts as a Zombie for all effects. Their exits are phase.cure (Restore, Cure, the Pilgrimage,
// or Cleanse, a killing).
import type { BoardView } from '@shared/board.ts';
import { boardView } from '../../views/board-view.ts';
import { where } from '../../play/floor-facts.ts';
import { placeTurned } from '../../play/turned-placement.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function turningHandlers(ctx: HandlerContext): HandlersOf<'turning'> {
  return {
    'turning.place': (args) => {
      const notices: string[] = [];
      ctx.transact('turning.place', args, `Place a turned character at ${where(args.floor, args.x, args.y)}`, (ps) =>
        placeTurned(ps, args, notices),
      );
      const result: BoardView = boardView(ctx.state(), args.floor);
      return { ...result, notices };
    },
  };
}
