// Today at the Inn (ch.4, ch.5): the events rolled as the day began (at Stage 1 a negative one may
// come first), and the prices they set for the day's meals and shelter. A purchase and the Town panel
// both read it here. A closed Inn (Stage 4) has no event and sells nothing. The omens its events leave
// on the patrons wait here for their next Challenge in the Tombs.
import type { PlayReader, PlaySession } from '../state/session.ts';
import { readTown, today, writeTown } from '../state/town.ts';
import type { Modifier } from '../rules/dice.ts';
import { innNight, innPrices, type InnEventToday, type InnNight, type InnPrices } from '../rules/inn.ts';
import { attentionEffects } from '../rules/lich-attention.ts';
import { entryAt } from '../tables/table-entries.ts';
import { attentionStage, diveActor } from './machines.ts';

export interface InnToday {
  /** The day's events as their rows read ("label — details"), or null before the first day has turned. */
  event: string | null;
  prices: InnPrices;
}

/** The day's Inn events as their rows read them; none before the first day has turned or while the Inn is closed. */
function eventsToday(ps: PlayReader) {
  const rolled = readTown(ps).innEvent;
  const open = !attentionEffects(attentionStage(ps)).innClosed;
  const values = open && rolled && rolled.day === today(ps) ? [rolled.first, rolled.value] : [];
  return values.flatMap((v) => {
    const row = v === null ? undefined : entryAt(ps.tables.defs, 'inn-events', v);
    return row ? [row] : [];
  });
}

const asEvents = (rows: ReturnType<typeof eventsToday>): InnEventToday[] =>
  rows.map((r) => ({ label: r.label, inn: r.inn ?? null }));

export function innToday(ps: PlayReader): InnToday {
  const rows = eventsToday(ps);
  return {
    event: rows.length ? rows.map((r) => `${r.label}${r.details ? ` — ${r.details}` : ''}`).join(' Then: ') : null,
    prices: innPrices(asEvents(rows)),
  };
}

/** What today's Inn events do to tonight's meals and rest (ch.4, ch.8). */
export function innNightToday(ps: PlayReader): InnNight {
  return innNight(asEvents(eventsToday(ps)));
}

/** The Inn events' omens (the Inn's event rows) a Lichslayer's next Challenge takes: in the Tombs only. */
export function innOmensOn(ps: PlayReader, lichslayerId: number): Modifier[] {
  const omens = readTown(ps).omens.filter((o) => o.lichslayerId === lichslayerId);
  // Most Challenges have none: the dive is read only for those that do.
  if (!omens.length || diveActor(ps).getSnapshot().context.floor === null) return [];
  return omens.map((o) => ({ source: `${o.by} (Inn event)`, value: o.value }));
}

/** A Challenge in the Tombs spends the Lichslayer's omens (its caller has found some). */
export function spendInnOmens(ps: PlaySession, lichslayerId: number): void {
  const town = readTown(ps);
  writeTown(ps, { ...town, omens: town.omens.filter((o) => o.lichslayerId !== lichslayerId) });
}
