// Skill uses (rulebook ch.2) as the play state holds them, one row per use: for usage limits and
// capstone progress. Each question reads an index of the uses built once per version of them.
import type { SkillUse } from '../rules/skills.ts';
import { derived } from './derived.ts';
import type { SkillUseRow } from './rows.ts';
import type { PlayReader, PlaySession } from './session.ts';

function toUse(r: SkillUseRow): SkillUse {
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

/** Uses by "lichslayer:skill", in id order. */
const usesBy = (r: PlayReader): ReadonlyMap<string, readonly SkillUseRow[]> =>
  derived(r.all('skill_use'), 'by-lichslayer-and-skill', (rows) => {
    const by = new Map<string, SkillUseRow[]>();
    for (const u of rows) {
      const key = `${u.lichslayer_id}:${u.skill}`;
      const list = by.get(key);
      if (list) list.push(u);
      else by.set(key, [u]);
    }
    return by;
  });

/** The Burgles ever tried on one entity's token, by anyone (ch.2: an entity may be Burgled once). */
export function burglesOf(r: PlayReader, tokenId: number): SkillUse[] {
  const found = r.all('skill_use').find((u) => u.skill === 'Burgle' && u.token_id === tokenId);
  return found ? [toUse(found)] : [];
}

/**
 * The uses that can count toward a usage limit now (ch.2): a session or day limit binds within its
 * session or day, a floor limit within the floor visit, round and turn limits within the fight, so
 * older uses never count.
 */
export function usesForLimit(
  r: PlayReader,
  lichslayerId: number,
  skill: string,
  now: { session: number; day: number; fight: number | null; visit: number | null },
): SkillUse[] {
  return (usesBy(r).get(`${lichslayerId}:${skill}`) ?? [])
    .filter(
      (u) =>
        u.session === now.session ||
        u.day === now.day ||
        (now.fight !== null && u.fight === now.fight) ||
        (now.visit !== null && u.visit === now.visit),
    )
    .map(toUse);
}

/**
 * What a capstone counts (ch.2): for the Bandit's Cheat, successful Burgles from distinct enemies,
 * keyed by the entity's token (uses recorded before tokens were kept count by name); for the
 * Scholar's Predict, distinct factions Identified.
 */
const CAPSTONE_COUNTS: Record<
  string,
  { skill: string; keys: { column: 'target' | 'faction' | 'token_id'; counts: (u: SkillUseRow) => boolean }[] }
> = {
  'The Bandit': {
    skill: 'Burgle',
    keys: [
      { column: 'token_id', counts: (u) => u.success !== 0 },
      { column: 'target', counts: (u) => u.token_id === null && u.success !== 0 },
    ],
  },
  'The Scholar': { skill: 'Identify', keys: [{ column: 'faction', counts: () => true }] },
};

/** More distinct values than any capstone needs: the count shown stops here. */
const DISTINCT_READ = 32;

/** The uses a capstone condition counts, one per distinct key; none for classes whose capstone the Judge marks. */
export function usesForCapstone(r: PlayReader, lichslayerId: number, className: string | null): SkillUse[] {
  const counts = className ? CAPSTONE_COUNTS[className] : undefined;
  if (!counts) return [];
  const mine = usesBy(r).get(`${lichslayerId}:${counts.skill}`) ?? [];
  const uses: SkillUse[] = [];
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
  for (const { column: c, counts: counted } of counts.keys) {
    // Distinct as the index compared them: token ids by number, names without regard to case.
    const seen = new Map<string, string | number>();
    for (const u of mine) {
      const value = u[c];
      if (value === null || !counted(u)) continue;
      const key = typeof value === 'number' ? String(value) : value.toLowerCase();
      if (!seen.has(key)) seen.set(key, value);
    }
    const values = [...seen.values()]
      .sort((a, b) =>
        typeof a === 'number' && typeof b === 'number'
          ? a - b
          : String(a).toLowerCase() < String(b).toLowerCase()
            ? -1
            : 1,
      )
      .slice(0, DISTINCT_READ);
    for (const value of values)
      uses.push(
        c === 'token_id' ? { ...base, tokenId: Number(value), target: `#${value}` } : { ...base, [c]: String(value) },
      );
  }
  return uses;
}

/** Records one use: one new row, undoable with the action that made it. */
export function recordSkillUse(s: PlaySession, use: SkillUse): void {
  s.insert('skill_use', {
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
