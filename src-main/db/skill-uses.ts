// Skill uses (rulebook ch.2) as the campaign keeps them, one row per use: for usage limits and
// capstone progress. A use is one small row in its undo step, and each question reads only the
// uses that can answer it, so neither grows with the length of the campaign.
import type { Database } from 'better-sqlite3';
import type { SkillUse } from '../rules/skills.ts';
import type { CapstoneKey, SkillUseReads } from '../state/skill-uses.ts';
import { statement } from './statements.ts';
import { skillUsesRevision } from './table-revision.ts';

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

const WHERE: Record<CapstoneKey['counts'], string> = {
  success: 'success IS NOT 0',
  'success-by-name': 'token_id IS NULL AND success IS NOT 0',
  all: '1',
};

/** Answers given since the skill uses last changed, by question: a view asks the same ones after every change. */
const answered = new WeakMap<Database, { revision: string; answers: Map<string, unknown> }>();

function remembered<T>(db: Database, question: string, ask: () => T): T {
  const revision = skillUsesRevision(db);
  let held = answered.get(db);
  if (held?.revision !== revision) answered.set(db, (held = { revision, answers: new Map() }));
  if (held.answers.has(question)) return held.answers.get(question) as T;
  const answer = ask();
  held.answers.set(question, answer);
  return answer;
}

/** Shared between every asker until the uses change, so no one may change it. */
const frozen = <T>(xs: T[]): readonly T[] =>
  Object.freeze(xs.map((x) => (typeof x === 'object' ? Object.freeze(x) : x)));

/** The skill-use questions answered through the campaign's indexes, so none grows with its length. */
export function skillUseReads(db: Database): SkillUseReads {
  const mine = `SELECT id, ${COLUMNS} FROM skill_use WHERE lichslayer_id = @id AND skill = @skill`;
  // One index lookup each; the union (by id) counts a use matching several once. A null fight or visit matches nothing.
  const window = statement(
    db,
    `${mine} AND session = @session UNION ${mine} AND day = @day UNION ${mine} AND fight = @fight UNION ${mine} AND visit = @visit`,
  );
  const burgle = statement(db, `SELECT ${COLUMNS} FROM skill_use WHERE skill = 'Burgle' AND token_id = ? LIMIT 1`);
  return {
    inWindow: (id, skill, now) =>
      remembered(db, `window:${JSON.stringify([id, skill, now])}`, () =>
        frozen(
          (
            window.all({
              id,
              skill,
              session: now.session,
              day: now.day,
              fight: now.fight,
              visit: now.visit,
            }) as UseRow[]
          ).map(toUse),
        ),
      ),
    firstBurgle: (tokenId) =>
      remembered(db, `burgle:${tokenId}`, () => {
        const row = burgle.get(tokenId) as UseRow | undefined;
        return row ? Object.freeze(toUse(row)) : null;
      }),
    // The distinct values are read by jumping through an index from one to the next, so the cost
    // follows how many distinct enemies there were (at most `limit` are read), never how many uses.
    distinct: (id, skill, key, limit) =>
      remembered(db, `distinct:${JSON.stringify([id, skill, key, limit])}`, () =>
        frozen(distinctValues(id, skill, key, limit)),
      ),
  };

  function distinctValues(id: number, skill: string, key: CapstoneKey, limit: number): (string | number)[] {
    const c = key.column;
    const where = WHERE[key.counts];
    const order = c === 'token_id' ? c : `${c} COLLATE NOCASE`;
    return statement(
      db,
      `WITH RECURSIVE seen(value) AS (
             SELECT * FROM (SELECT ${c} FROM skill_use WHERE lichslayer_id = @id AND skill = @skill AND ${c} IS NOT NULL AND ${where} ORDER BY ${order} LIMIT 1)
             UNION ALL
             SELECT (SELECT ${c} FROM skill_use WHERE lichslayer_id = @id AND skill = @skill AND ${order} > seen.value AND ${where} ORDER BY ${order} LIMIT 1)
             FROM seen WHERE seen.value IS NOT NULL LIMIT ${limit}
           )
           SELECT value FROM seen WHERE value IS NOT NULL`,
    )
      .pluck()
      .all({ id, skill }) as (string | number)[];
  }
}
