// town.*: the Town between dives (rulebook ch.4, ch.5): the Inn's meal and shelter, "next day"
// and its reports, gifts to the Inn and the Square, a Banquet, the Town's residents, and travel.
import type { Database } from 'better-sqlite3';
import type { DayReport } from '@shared/contract.ts';
import { today } from '../../db/town-repo.ts';
import { INN_PRICES } from '../../rules/inn.ts';
import { attentionEffects } from '../../rules/lich-attention.ts';
import { townView } from '../../views/town-view.ts';
import { requireLichslayer as person } from '../lichslayer-row.ts';
import { nextDay } from '../next-day.ts';
import { attentionStage } from '../phase-store.ts';
import { boonStrength, idolEffects, pay, townAct } from '../town-ops.ts';
import { readHouseRules } from '../../db/settings.ts';
import { banquetAllowed, banquetCost } from '../../rules/lich-attention.ts';
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
    'town.nextDay': () => ctx.transact('town.nextDay', {}, 'Next day', (w, database) => nextDay(w, database)),
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
    'town.banquet': townAct(ctx, 'town.banquet', (a: { payer: number }) => `Sponsor a Banquet`, (w, database, state, a) => {
      const p = person(database, a.payer);
      const allowed = banquetAllowed(attentionStage(database));
      if (!allowed.ok) throw new CommandFailure('refused', `${allowed.reason}. Nothing changed.`);
      const day = today(database);
      if (state.banquetOn === day) throw new CommandFailure('refused', 'A Banquet is already sponsored today. Nothing changed.');
      const rules = readHouseRules(database);
      const { boons } = idolEffects(database, state, day);
      const cost = banquetCost(boonStrength(boons, 'givers-mark', p.id, rules));
      pay(w, p, cost.gold, `A Banquet (${cost.explain})`);
      return { ...state, banquetOn: day };
    }),
    'town.npc': townAct(ctx, 'town.npc', (a: { add: string } | { remove: number }) => ('add' in a ? `Town resident: ${a.add}` : `Town resident ${a.remove} leaves`), (_w, _database, state, a) => {
      if ('add' in a) return { ...state, npcs: [...state.npcs, { id: state.nextId, name: a.add }], nextId: state.nextId + 1 };
      if (!state.npcs.some((n) => n.id === a.remove)) throw new CommandFailure('not-found', `No Town resident ${a.remove}.`);
      return { ...state, npcs: state.npcs.filter((n) => n.id !== a.remove) };
    }),
  };
}
