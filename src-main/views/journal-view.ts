// The session journal: each session's dives, days, notable rolls and changes, read from what the
// campaign already records (history, day reports, the ledger), with the Judge's own notes beside.
// Each row carries its session when it is written, and every read here is one session's slice
// through an index, so the journal costs what it shows, not what the campaign has accumulated.
import type { PlayReader } from '../state/session.ts';
import { z } from 'zod';
import type { JournalSession } from '@shared/contract.ts';
import { currentSession, sessionStarts } from '../state/sessions.ts';
import type { Database } from 'better-sqlite3';
import { journalRecords } from '../db/journal-records.ts';
import { readSetting } from '../state/settings.ts';

/** Phase steps that make up a dive's story. */
const DIVE_STEP =
  /^Phase: (descend|withdraw|floor cleared|open gate|force gate|phylactery destroyed|leave tomb|manifest|lich defeated|campaign ends|at zero)/;

/** The Judge's own notes on a session. */
export const journalNotes = (ps: PlayReader, session: number): string =>
  readSetting(ps, `journal:${session}`, z.string(), '');

/** Notable rolls listed per session, the newest (the Ledger holds every one). */
export const JOURNAL_ROLLS = 20;

/** Sessions the journal shows at first; the Judge asks for earlier ones. */
export const JOURNAL_PAGE = 10;

/** The newest `count` sessions up to `upTo` (the current session by default), newest first. */
export function journal(
  db: Database,
  ps: PlayReader,
  page: { upTo?: number | undefined; count?: number | undefined } = {},
): JournalSession[] {
  const last = Math.min(page.upTo ?? Number.MAX_SAFE_INTEGER, currentSession(ps));
  const first = Math.max(1, last - (page.count ?? JOURNAL_PAGE) + 1);
  const starts = sessionStarts(ps);
  const records = journalRecords(db, first, last, JOURNAL_ROLLS);
  const sessions: JournalSession[] = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => {
    const session = first + i;
    return {
      session,
      startedAt: starts[String(session)] ?? null,
      dives: records
        .phaseSteps(session)
        .filter((h) => DIVE_STEP.test(h.label))
        .map((h) => h.label.replace(/^Phase: /, '')),
      days: records.days.filter((d) => d.session === session).map((d) => ({ day: d.day, changes: d.changes })),
      notableRolls: records.notableRolls(session).map((r) => `${r.cause}: ${r.explain}`),
      changes: records.changes(session).reverse(),
      notes: journalNotes(ps, session),
    };
  });
  return sessions.reverse();
}
