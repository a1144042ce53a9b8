// loot.*: loot's five fates (rulebook ch.13) and its Inscribe action, and a Vestment found in a Room
// (ch.15): each decided in play/loot-fates.ts and applied in one undoable step.
import { lootFate, vestmentFound } from '../../play/loot-fates.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function lootHandlers(ctx: HandlerContext): HandlersOf<'loot'> {
  return {
    'loot.fate': (args) => ctx.transact('loot.fate', args, `Loot: ${args.fate}`, (ps) => lootFate(ps, args)),
    'loot.vestment': (args) => ctx.transact('loot.vestment', args, 'A Vestment found', (ps) => vestmentFound(ps, args)),
  };
}
