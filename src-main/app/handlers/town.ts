// town.*: the Town between dives (rulebook ch.4, ch.5): the Inn's meal and shelter, "next day"
// and its reports, gifts to the Inn and the Square, a Banquet, the Town's residents, and travel.
import type { PlayReader } from '../../state/session.ts';
import { today } from '../../state/town.ts';
import { innPurchase } from '../../rules/inn.ts';
import { attentionEffects, banquetAllowed, banquetCost } from '../../rules/lich-attention.ts';
import { townView } from '../../views/town-view.ts';
import { requireLichslayer as person } from '../../state/lichslayer.ts';
import { nextDay } from '../../play/day/next-day.ts';
import { innToday } from '../../play/inn-today.ts';
import { fedByEarlierMeal } from '@shared/inn-day.ts';
import { attentionStage, partyFloor } from '../../play/machines.ts';
import { dayPassNeedsConfirmation } from '../../rules/calendar.ts';
import { boonStrength, idolEffects, pay } from '../../play/town.ts';
import { townAct } from './town-act.ts';
import { readHouseRules } from '../../state/settings.ts';
import { travel } from '../../play/travel.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { dayReports } from '../../db/day-reports.ts';
import { CommandFailure } from '../../state/failures.ts';

export function townHandlers(ctx: HandlerContext): HandlersOf<'town'> {
  const notes = (ps: PlayReader, lines: string[]) => ({ day: today(ps), notes: lines });
  return {
    'town.state': () => townView(ctx.state()),
    'town.buy': (args) =>
      ctx.transact('town.buy', args, `Inn: ${args.what}`, (ps) => {
        const l = person(ps, args.id);
        const payer = args.payer ? person(ps, args.payer) : l;
        const r = innPurchase({
          what: args.what,
          who: l.name,
          ateToday: l.ate_today === 1,
          fedEarlier: fedByEarlierMeal(l.fed_through, today(ps)),
          shelteredToday: l.sheltered_today === 1,
          gold: l.gold,
          payer: payer.id !== l.id ? { name: payer.name, gold: payer.gold } : null,
          stage: attentionStage(ps),
          prices: innToday(ps).prices,
        });
        if (!r.ok) throw new CommandFailure('refused', `${r.reason}. Nothing changed.`);
        ps.update('lichslayer', payer.id, { gold: payer.gold - r.price });
        // A feast's meal feeds the days after today too; a later, plainer meal never shortens it.
        const fedThrough = r.fedDays > 1 ? Math.max(l.fed_through ?? 0, today(ps) + r.fedDays - 1) : l.fed_through;
        ps.update('lichslayer', l.id, {
          ...(r.eats ? { ate_today: 1 } : {}),
          ...(r.shelters ? { sheltered_today: 1 } : {}),
          ...(fedThrough !== l.fed_through ? { fed_through: fedThrough } : {}),
        });
        return notes(ps, [r.explain]);
      }),
    'town.nextDay': (args) =>
      ctx.transact('town.nextDay', args, 'Next day', (ps) => {
        const ask = args.duringDive ? null : dayPassNeedsConfirmation(partyFloor(ps));
        if (ask) throw new CommandFailure('needs-confirmation', ask);
        return nextDay(ps);
      }),
    'town.reports': (args) => {
      return dayReports(ctx.require().db, args.limit);
    },
    'town.contribute': townAct(
      ctx,
      'town.contribute',
      (a: { id: number; to: 'inn' | 'square'; amount: number }) => `Give ${a.amount} gold to the ${a.to}`,
      (ps, state, a) => {
        const p = person(ps, a.id);
        if (a.to === 'inn' && attentionEffects(attentionStage(ps)).innClosed)
          throw new CommandFailure('refused', 'The Inn is closed at Stage 4 (ch.5). Nothing changed.');
        pay(ps, p, a.amount, `Giving ${a.amount} gold`);
        return { ...state, contributed: { ...state.contributed, [a.to]: state.contributed[a.to] + a.amount } };
      },
    ),
    'town.travel': (args) => ctx.transact('town.travel', args, `Travel to ${args.to}`, (ps) => travel(ps, args)),
    'town.banquet': townAct(
      ctx,
      'town.banquet',
      () => `Sponsor a Banquet`,
      (ps, state, a) => {
        const p = person(ps, a.payer);
        const allowed = banquetAllowed(attentionStage(ps));
        if (!allowed.ok) throw new CommandFailure('refused', `${allowed.reason}. Nothing changed.`);
        const day = today(ps);
        if (state.banquetOn === day)
          throw new CommandFailure('refused', 'A Banquet is already sponsored today. Nothing changed.');
        const rules = readHouseRules(ps);
        const { boons } = idolEffects(ps, state, day);
        const cost = banquetCost(boonStrength(boons, 'givers-mark', p.id, rules));
        pay(ps, p, cost.gold, `A Banquet (${cost.explain})`);
        return { ...state, banquetOn: day };
      },
    ),
    'town.npc': townAct(
      ctx,
      'town.npc',
      (a: { add: string } | { remove: number }) =>
        'add' in a ? `Town resident: ${a.add}` : `Town resident ${a.remove} leaves`,
      (_ps, state, a) => {
        if ('add' in a)
          return { ...state, npcs: [...state.npcs, { id: state.nextId, name: a.add }], nextId: state.nextId + 1 };
        if (!state.npcs.some((n) => n.id === a.remove))
          throw new CommandFailure('not-found', `No Town resident ${a.remove}.`);
        return { ...state, npcs: state.npcs.filter((n) => n.id !== a.remove) };
      },
    ),
  };
}
