// idol.*: Idols (rulebook ch.6): commissioned at their tier's cost (a Great Idol with a Rare loot
// item) with an inscription or none, for a dedicator; the Crown crafted only at Lost and applied at
// once; destroyed over days at their tier's price — the Crown's corruption stays.
import { today } from '../../state/town.ts';
import { destructionCheck, IDOL_TIERS } from '../../rules/idol.ts';
import { requireLichslayer as person } from '../../state/lichslayer.ts';
import { pay } from '../../play/town.ts';
import { townAct } from './town-act.ts';
import { commissionIdol, isRareLoot, takeFromInventory } from '../../play/idols.ts';
import { townView } from '../../views/town-view.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../../state/failures.ts';

export function idolHandlers(ctx: HandlerContext): HandlersOf<'idol'> {
  return {
    'idol.commission': (a) => {
      ctx.transact('idol.commission', a, `Commission a Tier ${a.tier} Idol`, (ps) => commissionIdol(ps, a));
      return townView(ctx.state());
    },
    'idol.destroy': townAct(
      ctx,
      'idol.destroy',
      (a: { idol: number; payer: number; rareItem?: string | undefined }) => `Destroy Idol ${a.idol}`,
      (ps, state, a) => {
        const idol = state.idols.find((i) => i.id === a.idol);
        if (!idol || idol.destroyed) throw new CommandFailure('not-found', `No standing Idol ${a.idol}.`);
        if (idol.destroyOrdered !== null)
          throw new CommandFailure('refused', 'Its destruction is already under way. Nothing changed.');
        const tier = IDOL_TIERS[idol.tier];
        const check = destructionCheck({
          tier: idol.tier,
          rareItem: a.rareItem ?? null,
          rareItemIsRare: a.rareItem ? isRareLoot(ps, a.rareItem) : false,
        });
        if (!check.ok) throw new CommandFailure('refused', `${check.reason}. Nothing changed.`);
        const payer = person(ps, a.payer);
        if (tier.destroyGold) pay(ps, payer, tier.destroyGold, `Destroying a ${tier.label}`);
        if (a.rareItem) takeFromInventory(ps, payer.id, a.rareItem, `Breaking a ${tier.label}`);
        return {
          ...state,
          idols: state.idols.map((i) =>
            i.id === a.idol ? { ...i, destroyOrdered: today(ps), destroyedBy: payer.id } : i,
          ),
        };
      },
    ),
  };
}
