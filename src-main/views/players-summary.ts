// The summary of the fight or dive that just ended, as the players' screen may show it: the
// Judge's summary with every secret left out. Enemies the players cannot see now are not named
// (and the rest are numbered afresh among the seen), a hidden hand felling someone is named by no
// one, and the fight's rolls are left to the public rolls the screen already lists.
import type { Database } from 'better-sqlite3';
import type { EndedSummary, FightSummary, JournalSummary } from '@shared/journal.ts';
import type { PlayReader } from '../state/session.ts';
import { allTokens } from '../state/board.ts';
import { currentSession } from '../state/sessions.ts';
import { stored } from '../play/machines.ts';
import { statement } from '../db/statements.ts';
import { latestSummary } from './journal-view.ts';
import { tableNames } from './table-names.ts';

/** What the summary was last built from, per campaign file: built anew only when that changes. */
const kept = new WeakMap<Database, { key: string; value: EndedSummary | null }>();

/**
 * What an ended summary depends on, cheaply: every fight begins in a phase step, and every end
 * of a fight or a dive changes the dive machine's snapshot, so the newest phase step (its id and
 * time tell an undone or replaced one) and that snapshot change whenever the newest summary may.
 * A token hidden or shown since leaves the names as the fight's end left them.
 */
function summaryKey(db: Database, ps: PlayReader, session: number): string {
  // Through the partial index of phase steps: the planner would rather walk the session's steps.
  const row = statement(
    db,
    `SELECT id, at FROM history INDEXED BY history_dive_steps
     WHERE session = ? AND undone = 0 AND label GLOB 'Phase: *' ORDER BY id DESC LIMIT 1`,
  ).get(session) as { id: number; at: string } | undefined;
  return JSON.stringify([session, row?.id ?? null, row?.at ?? null, ps.settingText('machine:dive')]);
}

/** The players' version of the newest ended fight or dive of the session; none while a fight is on. */
export function playersSummary(db: Database, ps: PlayReader): EndedSummary | null {
  if (stored(ps, 'machine:combat')) return null;
  const session = currentSession(ps);
  const key = summaryKey(db, ps, session);
  const held = kept.get(db);
  if (held?.key === key) return held.value;
  const value = forPlayers(latestSummary(db, ps), ps);
  kept.set(db, { key, value });
  return value;
}

function forPlayers(s: JournalSummary, ps: PlayReader): EndedSummary | null {
  if (s.of === 'none') return null;
  if (s.of === 'dive') return s;
  return { of: 'fight', summary: fightForPlayers(s.summary, ps) };
}

function fightForPlayers(f: FightSummary, ps: PlayReader): FightSummary {
  // An enemy is named only while a token of that name is in the players' sight or felled in it.
  const seen = new Set(
    allTokens(ps)
      .filter((t) => !t.hidden && t.kind !== 'phylactery')
      .map((t) => t.name),
  );
  const party = new Set(f.entrants.filter((e) => e.side === 'party').map((e) => e.name));
  const enemies = f.entrants.filter((e) => e.side === 'enemies' && seen.has(e.name)).map((e) => e.name);
  const shownAs = new Map<string, string>([...[...party].map((n) => [n, n] as const)]);
  tableNames(enemies).forEach((shown, i) => shownAs.set(enemies[i]!, shown));
  const shown = (name: string | null) => (name === null ? null : (shownAs.get(name) ?? null));
  return {
    ...f,
    entrants: f.entrants.filter((e) => shownAs.has(e.name)).map((e) => ({ ...e, name: shownAs.get(e.name)! })),
    felled: f.felled.filter((k) => shownAs.has(k.name)).map((k) => ({ name: shown(k.name)!, by: shown(k.by) })),
    notableRolls: [],
  };
}
