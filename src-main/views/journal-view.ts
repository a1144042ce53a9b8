// The session journal: each session's dives, days, notable rolls and changes, read from what the
// campaign already records (history, day reports, the ledger), with the Judge's own notes beside.
// Each row carries its session when it is written, and every read here is one session's slice
// through an index, so the journal costs what it shows, not what the campaign has accumulated.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { JournalSession } from '@shared/contract.ts';
import { JOURNAL_CHANGES } from '../db/history.ts';
import { currentSession, notableRollsReader, sessionStarts } from '../db/ledger.ts';
import { readSetting } from '../db/settings.ts';

/** Phase steps that make up a dive's story. */
const DIVE_STEP =
  /^Phase: (descend|withdraw|floor cleared|open gate|force gate|phylactery destroyed|leave tomb|manifest|lich defeated|campaign ends|at zero)/;

/** The Judge's own notes on a session. */
export const journalNotes = (db: Database, session: number): string =>
  readSetting(db, `journal:${session}`, z.string(), '');

/** A day report's session (older reports name none: session 1); a malformed report has none. */
const DAY_SESSION = `(CASE WHEN json_valid(report) THEN coalesce(report ->> '$.session', 1) END)`;

/** Notable rolls listed per session, the newest (the Ledger holds every one). */
export const JOURNAL_ROLLS = 20;

/** Sessions the journal shows at first; the Judge asks for earlier ones. */
export const JOURNAL_PAGE = 10;

/** The newest `count` sessions up to `upTo` (the current session by default), newest first. */
export function journal(
  db: Database,
  page: { upTo?: number | undefined; count?: number | undefined } = {},
): JournalSession[] {
  const last = Math.min(page.upTo ?? Number.MAX_SAFE_INTEGER, currentSession(db));
  const first = Math.max(1, last - (page.count ?? JOURNAL_PAGE) + 1);
  const starts = sessionStarts(db);
  const changesOf = db.prepare(
    `SELECT label, at FROM history WHERE session = ? AND undone = 0 ORDER BY id DESC LIMIT ${JOURNAL_CHANGES}`,
  );
  // The GLOB term matches the partial index of phase steps.
  const phaseStepsOf = db.prepare(
    `SELECT label FROM history WHERE session = ? AND label GLOB 'Phase: *' AND undone = 0 ORDER BY id`,
  );
  const notableRolls = notableRollsReader(db, JOURNAL_ROLLS);
  const days = db
    .prepare(
      // The session expression is the one day_report_by_session indexes.
      `SELECT day, ${DAY_SESSION} AS session,
              (SELECT count(*) FROM json_each(report, '$.lines') WHERE value ->> '$.kind' = 'change') AS changes
       FROM day_report WHERE ${DAY_SESSION} BETWEEN ? AND ? ORDER BY id`,
    )
    .all(first, last) as { day: number; session: number; changes: number }[];
  const sessions: JournalSession[] = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => {
    const session = first + i;
    return {
      session,
      startedAt: starts[String(session)] ?? null,
      dives: (phaseStepsOf.all(session) as { label: string }[])
        .filter((h) => DIVE_STEP.test(h.label))
        .map((h) => h.label.replace(/^Phase: /, '')),
      days: days.filter((d) => d.session === session).map((d) => ({ day: d.day, changes: d.changes })),
      notableRolls: notableRolls(session).map((r) => `${r.cause}: ${r.explain}`),
      changes: (changesOf.all(session) as { label: string; at: string }[]).reverse(),
      notes: journalNotes(db, session),
    };
  });
  return sessions.reverse();
}
