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
  fight: number | null;
  visit: number | null;
  round: number | null;
  turn: number | null;
  target: string | null;
  faction: string | null;
  token_id: number | null;
  success: number | null;
}

const COLUMNS =
  'lichslayer_id, skill, session, day, floor, fight, visit, round, turn, target, faction, token_id, success';

function toUse(r: UseRow): SkillUse {
  return {
    lichslayerId: r.lichslayer_id,
    skill: r.skill,
    session: r.session,
    day: r.day,
    floor: r.floor,
    fight: r.fight,
    visit: r.visit,
    round: r.round,
    turn: r.turn,
    ...(r.target !== null ? { target: r.target } : {}),
    ...(r.faction !== null ? { faction: r.faction } : {}),
    ...(r.token_id !== null ? { tokenId: r.token_id } : {}),
    ...(r.success !== null ? { success: r.success === 1 } : {}),
  };
}

/** The Burgles ever tried on one entity's token, by anyone (ch.2: an entity may be Burgled once). */
export function burglesOf(db: Database, tokenId: number): SkillUse[] {
  return (
    db
      .prepare(`SELECT ${COLUMNS} FROM skill_use WHERE skill = 'Burgle' AND token_id = ? LIMIT 1`)
      .all(tokenId) as UseRow[]
  ).map(toUse);
}

/**
 * The uses that can count toward a usage limit now (ch.2): a session or day limit binds within its
 * session or day, a floor limit within the floor visit, round and turn limits within the fight, so
 * older uses never count.
 */
export function usesForLimit(
  db: Database,
  lichslayerId: number,
  skill: string,
  now: { session: number; day: number; fight: number | null; visit: number | null },
): SkillUse[] {
  const mine = `SELECT id, ${COLUMNS} FROM skill_use WHERE lichslayer_id = @id AND skill = @skill`;
  const rows = db
    // One index lookup each; the union (by id) counts a use matching several once. A null fight or visit matches nothing.
    .prepare(
      `${mine} AND session = @session UNION ${mine} AND day = @day UNION ${mine} AND fight = @fight UNION ${mine} AND visit = @visit`,
    )
    .all({
      id: lichslayerId,
      skill,
      session: now.session,
      day: now.day,
      fight: now.fight,
      visit: now.visit,
    }) as UseRow[];
  return rows.map(toUse);
}

/**
 * What a capstone counts (ch.2): for the Bandit's Cheat, successful Burgles from distinct enemies,
 * keyed by the entity's token (uses recorded before tokens were kept count by name); for the
 * Scholar's Predict, distinct factions Identified.
 */
const CAPSTONE_COUNTS: Record<
  string,
  { skill: string; keys: { column: 'target' | 'faction' | 'token_id'; where: string }[] }
> = {
  'The Bandit': {
    skill: 'Burgle',
    keys: [
      { column: 'token_id', where: 'success IS NOT 0' },
      { column: 'target', where: 'token_id IS NULL AND success IS NOT 0' },
    ],
  },
  'The Scholar': { skill: 'Identify', keys: [{ column: 'faction', where: '1' }] },
};

/** More distinct values than any capstone needs: the count shown stops here. */
const DISTINCT_READ = 32;

/**
 * The uses a capstone condition counts, one per distinct key; none for classes whose capstone the
 * Judge marks. The distinct values are read by jumping through an index from one to the next, so
 * the cost follows how many distinct enemies there were (at most a few dozen are read), never how
 * many uses.
 */
export function usesForCapstone(db: Database, lichslayerId: number, className: string | null): SkillUse[] {
  const counts = className ? CAPSTONE_COUNTS[className] : undefined;
  if (!counts) return [];
  const uses: SkillUse[] = [];
  for (const { column: c, where } of counts.keys) {
    const order = c === 'token_id' ? c : `${c} COLLATE NOCASE`;
    const rows = db
      .prepare(
        `WITH RECURSIVE seen(value) AS (
           SELECT * FROM (SELECT ${c} FROM skill_use WHERE lichslayer_id = @id AND skill = @skill AND ${c} IS NOT NULL AND ${where} ORDER BY ${order} LIMIT 1)
           UNION ALL
           SELECT (SELECT ${c} FROM skill_use WHERE lichslayer_id = @id AND skill = @skill AND ${order} > seen.value AND ${where} ORDER BY ${order} LIMIT 1)
           FROM seen WHERE seen.value IS NOT NULL LIMIT ${DISTINCT_READ}
         )
         SELECT value FROM seen WHERE value IS NOT NULL`,
      )
      .all({ id: lichslayerId, skill: counts.skill }) as { value: string | number }[];
    const base = {
      lichslayerId,
      skill: counts.skill,
      session: 0,
      day: 0,
      floor: null,
      fight: null,
      visit: null,
      round: null,
      turn: null,
      success: true,
    };
    for (const r of rows)
      uses.push(
        c === 'token_id'
          ? { ...base, tokenId: Number(r.value), target: `#${r.value}` }
          : { ...base, [c]: String(r.value) },
      );
  }
  return uses;
}

/** Records one use: one new row, undoable with the action that made it. */
export function recordSkillUse(w: RecordingWriter, use: SkillUse): void {
  w.insert('skill_use', {
    lichslayer_id: use.lichslayerId,
    skill: use.skill,
    session: use.session,
    day: use.day,
    floor: use.floor,
    fight: use.fight,
    visit: use.visit,
    round: use.round,
    turn: use.turn,
    target: use.target ?? null,
    faction: use.faction ?? null,
    token_id: use.tokenId ?? null,
    success: use.success === undefined ? null : use.success ? 1 : 0,
  });
}
