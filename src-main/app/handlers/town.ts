// town.*: the Town between dives (rulebook ch.4, ch.5): the Inn's meal and shelter, "next day"
// and its reports, gifts to the Inn and the Square, and travel to another Town.
import type { Database } from 'better-sqlite3';
import type { DayReport } from '@shared/contract.ts';
import { today } from '../../db/town-repo.ts';
import { INN_PRICES } from '../../rules/inn.ts';
import { attentionEffects } from '../../rules/lich-attention.ts';
import { townView } from '../../views/town-view.ts';
import { requireLichslayer as person } from '../lichslayer-row.ts';
import { nextDay } from '../next-day.ts';
import { attentionStage, partyFloor } from '../phase-store.ts';
import { dayPassNeedsConfirmation } from '../../rules/calendar.ts';
import { pay, townAct } from '../town-ops.ts';
import { travel } from '../travel.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../command-failure.ts';

export function townHandlers(ctx: HandlerContext): HandlersOf<'town'> {
  const db = () => ctx.require().db;
  const notes = (database: Database, lines: string[]) => ({ day: today(database), notes: lines });
  return {
    'town.state': () => townView(db()),
    'town.buy': (args) =>
      ctx.transact('town.buy', args, `Inn: ${args.what}`, (w, database) => {
        const l = person(database, args.id);
        if (attentionEffects(attentionStage(database)).innClosed) throw new CommandFailure('refused', 'The Inn is closed at Stage 4: no one eats or sleeps there (ch.5). Nothing changed.');
        const price = INN_PRICES[args.what];
        const already = (args.what !== 'shelter' && l.ate_today === 1) || (args.what !== 'meal' && l.sheltered_today === 1);
        if (already) throw new CommandFailure('refused', `${l.name} already has that today. Nothing changed.`);
        const payer = args.payer ? person(database, args.payer) : l;
        if (payer.gold < price) throw new CommandFailure('refused', `${args.what === 'both' ? 'A meal and shelter cost' : `A ${args.what} costs`} ${price} gold and ${payer.name} holds ${payer.gold} (ch.4). Nothing changed.`);
        w.update('lichslayer', payer.id, { gold: payer.gold - price });
        w.update('lichslayer', l.id, { ...(args.what !== 'shelter' ? { ate_today: 1 } : {}), ...(args.what !== 'meal' ? { sheltered_today: 1 } : {}) });
        return notes(database, [`${l.name}: ${args.what === 'both' ? 'meal and shelter' : args.what} for ${price} gold${payer.id !== l.id ? `, paid by ${payer.name}` : ''} (ch.4)`]);
      }),
    'town.nextDay': (args) =>
      ctx.transact('town.nextDay', args, 'Next day', (w, database) => {
        const ask = args.duringDive ? null : dayPassNeedsConfirmation(partyFloor(database));
        if (ask) throw new CommandFailure('needs-confirmation', ask);
        return nextDay(w, database);
      }),
    'town.reports': (args) => {
      const rows = db().prepare(`SELECT report FROM day_report ORDER BY id DESC LIMIT ?`).all(args.limit) as { report: string }[];
      return rows.map((r) => JSON.parse(r.report) as DayReport);
    },
    'town.contribute': townAct(ctx, 'town.contribute', (a: { id: number; to: 'inn' | 'square'; amount: number }) => `Give ${a.amount} gold to the ${a.to}`, (w, database, state, a) => {
      const p = person(database, a.id);
      if (a.to === 'inn' && attentionEffects(attentionStage(database)).innClosed) throw new CommandFailure('refused', 'The Inn is closed at Stage 4 (ch.5). Nothing changed.');
      pay(w, p, a.amount, `Giving ${a.amount} gold`);
      return { ...state, contributed: { ...state.contributed, [a.to]: state.contributed[a.to] + a.amount } };
    }),
    'town.travel': (args) => ctx.transact('town.travel', args, `Travel to ${args.to}`, (w, database) => travel(w, database, args)),
  };
}
