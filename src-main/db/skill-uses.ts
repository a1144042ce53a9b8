// Skill uses (rulebook ch.2) as the campaign keeps them, one row per use: for usage limits and
// capstone progress. A use is one small row in its undo step, and each question reads only the
// uses that can answer it, so neither grows with the length of the campaign.
import type { Database } from 'better-sqlite3';
import type { SkillUse } from '../rules/skills.ts';
import type { RecordingWriter } from './history.ts';

interface UseRow {
  lichslayer_id: number;
  skill: string;
  session: number;
  day: number;
  floor: number | null;
  round: number | null;
  turn: number | null;
  target: string | null;
  faction: string | null;
}

const COLUMNS = 'lichslayer_id, skill, session, day, floor, round, turn, target, faction';

function toUse(r: UseRow): SkillUse {
  return {
    lichslayerId: r.lichslayer_id,
    skill: r.skill,
    session: r.session,
    day: r.day,
    floor: r.floor,
    round: r.round,
    turn: r.turn,
    ...(r.target !== null ? { target: r.target } : {}),
    ...(r.faction !== null ? { faction: r.faction } : {}),
  };
}

/**
 * The uses that can count toward a usage limit now (ch.2): every limit binds within the session or
 * within the day (floor, round and turn limits also match the day), so older uses never count.
 */
export function usesForLimit(db: Database, lichslayerId: number, skill: string, now: { session: number; day: number }): SkillUse[] {
  const rows = db
    // Two index lookups; the union (by id) counts a use matching both once.
    .prepare(`SELECT id, ${COLUMNS} FROM skill_use WHERE lichslayer_id = @id AND skill = @skill AND session = @session UNION SELECT id, ${COLUMNS} FROM skill_use WHERE lichslayer_id = @id AND skill = @skill AND day = @day`)
    .all({ id: lichslayerId, skill, session: now.session, day: now.day }) as UseRow[];
  return rows.map(toUse);
}

/** Skills whose uses a capstone counts (ch.2): Burgle for the Bandit's Cheat, Identify for the Scholar's Predict. */
const CAPSTONE_SKILL: Record<string, string> = { 'The Bandit': 'Burgle', 'The Scholar': 'Identify' };

/**
 * The uses a capstone condition counts, one per distinct target and faction (the conditions count
 * distinct enemies and factions, so repeats add nothing); none for classes whose capstone the Judge marks.
 */
export function usesForCapstone(db: Database, lichslayerId: number, className: string | null): SkillUse[] {
  const skill = className ? CAPSTONE_SKILL[className] : undefined;
  if (!skill) return [];
  const rows = db
    .prepare(`SELECT lichslayer_id, skill, min(session) AS session, min(day) AS day, NULL AS floor, NULL AS round, NULL AS turn, target, faction FROM skill_use WHERE lichslayer_id = ? AND skill = ? GROUP BY lower(target), faction`)
    .all(lichslayerId, skill) as UseRow[];
  return rows.map(toUse);
}

/** Records one use: one new row, undoable with the action that made it. */
export function recordSkillUse(w: RecordingWriter, use: SkillUse): void {
  w.insert('skill_use', {
    lichslayer_id: use.lichslayerId,
    skill: use.skill,
    session: use.session,
    day: use.day,
    floor: use.floor,
    round: use.round,
    turn: use.turn,
    target: use.target ?? null,
    faction: use.faction ?? null,
  });
}
