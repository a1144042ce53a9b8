// square.*: the Square (rulebook ch.5): a Festival, the Square Empty, and the Watch counter, each
// within what the Lich's Attention allows.
import { readWorld, writeWorld } from '../../state/board.ts';
import { readTown, writeTown } from '../../state/town.ts';
import { townView } from '../../views/town-view.ts';
import { festivalAllowed, watchStep } from '../../rules/square.ts';
import { attentionStage } from '../../play/machines.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../../state/failures.ts';

export function squareHandlers(ctx: HandlerContext): HandlersOf<'square'> {
  return {
    'square.set': (args) =>
      ctx.transact('square.set', args, 'The Square', (ps) => {
        const stage = attentionStage(ps);
        const world = readWorld(ps);
        let state = readTown(ps);
        if (args.festival === true) {
          const ok = festivalAllowed(stage);
          if (!ok.ok) throw new CommandFailure('refused', `${ok.reason}. Nothing changed.`);
        }
        if (args.watch) {
          const step = watchStep(state.squareWatch, args.watch, stage);
          if (!step.ok) throw new CommandFailure('refused', `${step.reason}. Nothing changed.`);
          state = { ...state, squareWatch: step.watch };
        }
        writeWorld(ps, {
          ...world,
          ...(args.festival !== undefined ? { festival: args.festival } : {}),
          ...(args.empty !== undefined ? { squareEmpty: args.empty } : {}),
        });
        writeTown(ps, state);
        return townView(ps);
      }),
  };
}
