// Today at the Inn (ch.4, ch.5): the events rolled as the day began (at Stage 1 a negative one may
// come first), and the prices they set for the day's meals and shelter. A purchase and the Town panel
// both read it here. A closed Inn (Stage 4) has no event and sells nothing.
import type { PlayReader } from '../state/session.ts';
import { readTown, today } from '../state/town.ts';
import { innNight, innPrices, type InnEventToday, type InnNight, type InnPrices } from '../rules/inn.ts';
import { attentionEffects } from '../rules/lich-attention.ts';
import { entryAt } from '../tables/table-entries.ts';
import { attentionStage } from './machines.ts';

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
