// What the session journal reads from the campaign's records (history, day reports, the ledger):
// each a slice of one session through an index, so the journal costs what it shows.
import type { Database } from 'better-sqlite3';
import { JOURNAL_CHANGES, type RowChange } from './history.ts';
import { notableRollsReader } from './ledger.ts';
import { archiveReader } from './ledger-archive.ts';
import { COMPACTED_STEP, readStoredJson } from '../state/stored-json.ts';

/** A day report's session (older reports name none: session 1); a malformed report has none. */
const DAY_SESSION = `(CASE WHEN json_valid(report) THEN coalesce(report ->> '$.session', 1) END)`;

/**
 * The rolls the journal lists: what players saw, spells, creations and the Lich's doings (the
 * stored `notable` column), and every roll of a fight, a Challenge, a trap, a round's end and a
 * room's contents, whoever made it (enemy attacks and the Round's Sanity rolls are the Judge's).
 */
const JOURNAL_ROLL = `(notable = 1 OR command GLOB 'fight.*' OR command IN ('challenge.roll', 'phase.nextTurn', 'phase.send', 'phase.respond', 'board.moveToken', 'board.revealRoom', 'board.disableTrap', 'board.openChest', 'skill.use'))`;

/** One recorded undo step as the journal reads it: its row images, when they were kept. */
export interface JournalStepRecord {
  id: number;
  label: string;
  at: string;
  changes: RowChange[];
}

export interface JournalRollRecord {
  historyId: number | null;
  command: string;
  cause: string;
  explain: string;
  character: string | null;
  floor: number | null;
}

export function journalRecords(db: Database, first: number, last: number, rolls: number) {
  const changesOf = db.prepare(
    `SELECT label, at FROM history WHERE session = ? AND undone = 0 ORDER BY id DESC LIMIT ${JOURNAL_CHANGES}`,
  );
  // The GLOB term matches the partial index of phase steps.
  const phaseStepsOf = db.prepare(
    `SELECT label FROM history WHERE session = ? AND label GLOB 'Phase: *' AND undone = 0 ORDER BY id`,
  );
  const stepsOf = db.prepare(`SELECT id, label, at, changes FROM history WHERE session = ? AND undone = 0 ORDER BY id`);
  const columns = `history_id AS historyId, command, cause, explain, character, floor`;
  const rollsInFile = db.prepare(
    `SELECT ${columns} FROM main.roll_log WHERE session = ? AND ${JOURNAL_ROLL} ORDER BY id DESC LIMIT ?`,
  );
  const rollsArchived = archiveReader<JournalRollRecord>(db, columns, `session = @session AND ${JOURNAL_ROLL}`, 'DESC');
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
    /** Every step of a session still recorded, oldest first; a compacted step keeps its label only. */
    steps: (session: number): JournalStepRecord[] =>
      (stepsOf.all(session) as { id: number; label: string; at: string; changes: string }[]).map((s) => ({
        id: s.id,
        label: s.label,
        at: s.at,
        changes:
          s.changes === COMPACTED_STEP ? [] : readStoredJson<RowChange[]>('history', 'changes', s.id, s.changes, true),
      })),
    /** The session's journal rolls, the newest `rolls` of them, oldest first. */
    rolls: (session: number): JournalRollRecord[] => {
      const rows = rollsInFile.all(session, rolls) as JournalRollRecord[];
      if (rows.length < rolls) rows.push(...rollsArchived({ session }, rolls - rows.length));
      return rows.reverse();
    },
    days,
    notableRolls: notableRollsReader(db, rolls),
  };
}
