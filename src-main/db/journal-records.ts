// What the session journal reads from the campaign's records (history, day reports, the ledger):
// each a slice of one session through an index, so the journal costs what it shows.
import type { Database } from 'better-sqlite3';
import { JOURNAL_CHANGES } from './history.ts';
import { notableRollsReader } from './ledger.ts';

/** A day report's session (older reports name none: session 1); a malformed report has none. */
const DAY_SESSION = `(CASE WHEN json_valid(report) THEN coalesce(report ->> '$.session', 1) END)`;

export function journalRecords(db: Database, first: number, last: number, rolls: number) {
  const changesOf = db.prepare(
    `SELECT label, at FROM history WHERE session = ? AND undone = 0 ORDER BY id DESC LIMIT ${JOURNAL_CHANGES}`,
  );
  // The GLOB term matches the partial index of phase steps.
  const phaseStepsOf = db.prepare(
    `SELECT label FROM history WHERE session = ? AND label GLOB 'Phase: *' AND undone = 0 ORDER BY id`,
  );
  const days = db
    .prepare(
      // The session expression is the one day_report_by_session indexes.
      `SELECT day, ${DAY_SESSION} AS session,
              (SELECT count(*) FROM json_each(report, '$.lines') WHERE value ->> '$.kind' = 'change') AS changes
       FROM day_report WHERE ${DAY_SESSION} BETWEEN ? AND ? ORDER BY id`,
    )
    .all(first, last) as { day: number; session: number; changes: number }[];
  return {
    changes: (session: number) => changesOf.all(session) as { label: string; at: string }[],
    phaseSteps: (session: number) => phaseStepsOf.all(session) as { label: string }[],
    days,
    notableRolls: notableRollsReader(db, rolls),
  };
}
