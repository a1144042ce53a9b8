// The session journal: each session's dives, days, notable rolls and changes, read from what the
// campaign already records (history, day reports, the ledger), with the Judge's own notes beside.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { DayReport, JournalSession } from '@shared/contract.ts';
import { currentSession, sessionStarts } from '../db/ledger.ts';
import { readSetting } from '../db/settings.ts';

/** Phase steps that make up a dive's story. */
const DIVE_STEP = /^Phase: (descend|withdraw|floor cleared|open gate|force gate|phylactery destroyed|leave tomb|manifest|lich defeated|campaign ends|at zero)/;

/** The Judge's own notes on a session. */
export const journalNotes = (db: Database, session: number): string => readSetting(db, `journal:${session}`, z.string(), '');

export function journal(db: Database): JournalSession[] {
  const last = currentSession(db);
  const starts = sessionStarts(db);
  const startOf = (n: number) => starts[String(n)] ?? null;
  // A moment belongs to the last session that had begun by then; before any recorded start, session 1.
  const sessionAt = (at: string) => {
    let found = 1;
    for (let n = 2; n <= last; n++) {
      const s = startOf(n);
      if (s && s <= at) found = n;
    }
    return found;
  };
  const sessions: JournalSession[] = Array.from({ length: last }, (_, i) => ({
    session: i + 1,
    startedAt: startOf(i + 1),
    dives: [],
    days: [],
    notableRolls: [],
    changes: [],
    notes: journalNotes(db, i + 1),
  }));
  const history = db.prepare(`SELECT label, at FROM history WHERE undone = 0 ORDER BY id`).all() as { label: string; at: string }[];
  for (const h of history) {
    const s = sessions[sessionAt(h.at) - 1]!;
    s.changes.push(h);
    if (DIVE_STEP.test(h.label)) s.dives.push(h.label.replace(/^Phase: /, ''));
  }
  for (const r of db.prepare(`SELECT report FROM day_report ORDER BY id`).all() as { report: string }[]) {
    const report = JSON.parse(r.report) as DayReport;
    sessions[(report.session ?? 1) - 1]?.days.push({ day: report.day, changes: report.lines.filter((l) => l.kind === 'change').length });
  }
  // Notable: what the players saw rolled, spells, creations and the Lich's doings.
  const rolls = db.prepare(`SELECT session, cause, explain FROM roll_log WHERE public = 1 OR cause LIKE 'Spell:%' OR cause LIKE 'Creation of%' OR cause LIKE '%Lich%' ORDER BY id`).all() as { session: number; cause: string; explain: string }[];
  for (const r of rolls) sessions[r.session - 1]?.notableRolls.push(`${r.cause}: ${r.explain}`);
  for (const s of sessions) s.changes = s.changes.slice(-60);
  return sessions.reverse();
}

