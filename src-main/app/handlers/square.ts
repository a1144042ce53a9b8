// square.*: the Square (rulebook ch.5): a Festival, the Square Empty, and the Watch counter, each
// within what the Lich's Attention allows.
import { readWorld, writeWorld } from '../../db/board-repo.ts';
import { readTown, writeTown } from '../../db/town-repo.ts';
import { townView } from '../../views/town-view.ts';
import { attentionEffects } from '../../rules/lich-attention.ts';
import { attentionStage } from '../phase-store.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../command-failure.ts';

export function squareHandlers(ctx: HandlerContext): HandlersOf<'square'> {
  return {
    'square.set': (args) =>
      ctx.transact('square.set', args, 'The Square', (w, database) => {
        const stage = attentionStage(database);
        const effects = attentionEffects(stage);
        const world = readWorld(database);
        let state = readTown(database);
        if (args.festival === true && !effects.festivalsAllowed) throw new CommandFailure('refused', `No Festival may be held while Stage ${stage} lasts (ch.5). Nothing changed.`);
        if (args.watch === 1) {
          if (!effects.watch.advances) throw new CommandFailure('refused', `The Square Watch counter does not advance at Stage ${stage} (ch.5). Nothing changed.`);
          if (effects.watch.cap !== null && state.squareWatch >= effects.watch.cap) throw new CommandFailure('refused', `The Square Watch counter cannot exceed ${effects.watch.cap} while Stage ${stage} lasts (ch.5). Nothing changed.`);
        }
        if (args.watch === -1 && state.squareWatch === 0) throw new CommandFailure('refused', 'The Square Watch counter is at 0. Nothing changed.');
        if (args.watch) state = { ...state, squareWatch: state.squareWatch + args.watch };
        writeWorld(w, database, { ...world, ...(args.festival !== undefined ? { festival: args.festival } : {}), ...(args.empty !== undefined ? { squareEmpty: args.empty } : {}) });
        writeTown(w, database, state);
        return townView(database);
      }),
  };
}
