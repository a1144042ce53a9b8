// houseRules.*: the Judge's settings where the book is silent or contradicts itself (RULINGS).
import { describeIssues } from '@shared/contract.ts';
import { DEFAULT_HOUSE_RULES, houseRulesSchema } from '@shared/house-rules.ts';
import { readHouseRules, writeSetting } from '../../state/settings.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function houseRulesHandlers(ctx: HandlerContext): HandlersOf<'houseRules'> {
  return {
    'houseRules.update': (args) => {
      const ps = ctx.state();
      const merged = houseRulesSchema.safeParse({ ...readHouseRules(ps), ...args.patch });
      if (!merged.success)
        throw new CommandFailure('invalid-args', `House rules: ${describeIssues(merged.error)}. Nothing was saved.`);
      ctx.transact('houseRules.update', args, `House rules: ${Object.keys(args.patch).join(', ')}`, (ps) =>
        writeSetting(ps, 'house_rules', merged.data),
      );
      return ctx.view();
    },
    'houseRules.reset': (args) => {
      ctx.transact('houseRules.reset', args, 'House rules: reset to RULINGS defaults', (ps) =>
        writeSetting(ps, 'house_rules', DEFAULT_HOUSE_RULES),
      );
      return ctx.view();
    },
  };
}
