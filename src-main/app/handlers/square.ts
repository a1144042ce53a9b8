// square.*: the Square (rulebook ch.5): a Festival, the Square Empty, and the Watch counter, each
// within what the Lich's Attention allows.
import { readWorld, writeWorld } from '../../db/board-repo.ts';
import { readTown, writeTown } from '../../db/town-repo.ts';
import { townView } from '../../views/town-view.ts';
import { festivalAllowed, watchStep } from '../../rules/square.ts';
import { attentionStage } from '../phase-store.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../../state/failures.ts';

export function squareHandlers(ctx: HandlerContext): HandlersOf<'square'> {
  return {
    'square.set': (args) =>
      ctx.transact('square.set', args, 'The Square', (w, database) => {
        const stage = attentionStage(database);
        const world = readWorld(database);
        let state = readTown(database);
        if (args.festival === true) {
          const ok = festivalAllowed(stage);
          if (!ok.ok) throw new CommandFailure('refused', `${ok.reason}. Nothing changed.`);
        }
        if (args.watch) {
          const step = watchStep(state.squareWatch, args.watch, stage);
          if (!step.ok) throw new CommandFailure('refused', `${step.reason}. Nothing changed.`);
          state = { ...state, squareWatch: step.watch };
        }
        writeWorld(w, database, {
          ...world,
          ...(args.festival !== undefined ? { festival: args.festival } : {}),
          ...(args.empty !== undefined ? { squareEmpty: args.empty } : {}),
        });
        writeTown(w, database, state);
        return townView(database);
      }),
  };
}
