// idol.*: Idols (rulebook ch.6): commissioned at their tier's cost with an inscription or none,
// and destroyed over days at their tier's price.
import type { TownState } from '@shared/town.ts';
import { today } from '../../db/town-repo.ts';
import { IDOL_TIERS } from '../../rules/idol.ts';
import { requireLichslayer as person } from '../lichslayer-row.ts';
import { pay, townAct } from '../town-ops.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../command-failure.ts';

export function idolHandlers(ctx: HandlerContext): HandlersOf<'idol'> {
  return {
    'idol.commission': townAct(ctx, 'idol.commission', (a: { payer: number; tier: 1 | 2 | 3; inscription: TownState['idols'][number]['inscription']; selfIdol: boolean; suitsSubject: boolean; subject: string }) => `Commission a Tier ${a.tier} Idol`, (w, database, state, a) => {
      const p = person(database, a.payer);
      const tier = IDOL_TIERS[a.tier];
      pay(w, p, tier.gold, `A ${tier.label}`);
      return {
        ...state,
        idols: [...state.idols, { id: state.nextId, tier: a.tier, commissionedDay: today(database), inscription: a.inscription, selfIdol: a.selfIdol, suitsSubject: a.suitsSubject, subject: a.subject, crown: a.inscription === 'lich-crown', destroyed: false, destroyOrdered: null }],
        nextId: state.nextId + 1,
      };
    }),
    'idol.destroy': townAct(ctx, 'idol.destroy', (a: { idol: number; payer: number }) => `Destroy Idol ${a.idol}`, (w, database, state, a) => {
      const idol = state.idols.find((i) => i.id === a.idol);
      if (!idol || idol.destroyed) throw new CommandFailure('not-found', `No standing Idol ${a.idol}.`);
      if (idol.crown) throw new CommandFailure('refused', "The Lich's Crown can never be removed (ch.6). Nothing changed.");
      if (idol.destroyOrdered !== null) throw new CommandFailure('refused', 'Its destruction is already under way. Nothing changed.');
      const tier = IDOL_TIERS[idol.tier];
      if (tier.destroyGold) pay(w, person(database, a.payer), tier.destroyGold, `Destroying a ${tier.label}`);
      return { ...state, idols: state.idols.map((i) => (i.id === a.idol ? { ...i, destroyOrdered: today(database) } : i)) };
    }),
  };
}
