// ailment.*: the Judge sets or clears an ailment (Burn, Poison, Freeze, Bound, rulebook ch.2) on a
// Lichslayer or a token; one undo step each. Skills that lift ailments do so through skill.use.
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { today } from '../../state/town.ts';
import { setAilment } from '../../play/skills/ailments.ts';

export function ailmentHandlers(ctx: HandlerContext): HandlersOf<'ailment'> {
  return {
    'ailment.set': (args) =>
      ctx.transact('ailment.set', args, `${args.on ? 'Afflict' : 'Clear'}: ${args.ailment}`, (ps) => ({
        day: today(ps),
        notes: setAilment(ps, args),
      })),
  };
}
