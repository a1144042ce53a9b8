// Skill uses (rulebook ch.2), one row per use, for usage limits and capstone progress. They grow
// with the campaign, so the play state does not hold them: each question goes to the campaign's
// indexes through a narrow port, and a command's own new uses are counted with what it reads.
import type { SkillUse } from '../rules/skills.ts';
import type { CapstoneKey, LimitWindow, PlayReader, PlaySession } from './session.ts';

export type { CapstoneKey, LimitWindow, SkillUseReads } from './session.ts';

export const inWindow = (u: SkillUse, now: LimitWindow): boolean =>
  u.session === now.session ||
  u.day === now.day ||
  (now.fight !== null && u.fight === now.fight) ||
  (now.visit !== null && u.visit === now.visit);

export const countsFor = (u: SkillUse, key: CapstoneKey): boolean =>
  key.counts === 'all'
    ? true
    : key.counts === 'success'
      ? u.success !== false
      : u.tokenId === undefined && u.success !== false;

export const keyValue = (u: SkillUse, key: CapstoneKey): string | number | null =>
  key.column === 'token_id' ? (u.tokenId ?? null) : key.column === 'target' ? (u.target ?? null) : (u.faction ?? null);

/** The Burgles ever tried on one entity's token, by anyone (ch.2: an entity may be Burgled once). */
export function burglesOf(r: PlayReader, tokenId: number): SkillUse[] {
  const found = r.skillUses.firstBurgle(tokenId);
  return found ? [found] : [];
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
  now: LimitWindow,
): readonly SkillUse[] {
  return r.skillUses.inWindow(lichslayerId, skill, now);
}

/**
 * What a capstone counts (ch.2): for the Bandit's Cheat, successful Burgles from distinct enemies,
 * keyed by the entity's token (uses recorded before tokens were kept count by name); for the
 * Scholar's Predict, distinct factions Identified.
 */
const CAPSTONE_COUNTS: Record<string, { skill: string; keys: CapstoneKey[] }> = {
  'The Bandit': {
    skill: 'Burgle',
    keys: [
      { column: 'token_id', counts: 'success' },
      { column: 'target', counts: 'success-by-name' },
    ],
  },
  'The Scholar': { skill: 'Identify', keys: [{ column: 'faction', counts: 'all' }] },
};

/** More distinct values than any capstone needs: the count shown stops here. */
export const DISTINCT_READ = 32;

/** The uses a capstone condition counts, one per distinct key; none for classes whose capstone the Judge marks. */
export function usesForCapstone(r: PlayReader, lichslayerId: number, className: string | null): SkillUse[] {
  const counts = className ? CAPSTONE_COUNTS[className] : undefined;
  if (!counts) return [];
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
  return counts.keys.flatMap((key) =>
    r.skillUses
      .distinct(lichslayerId, counts.skill, key, DISTINCT_READ)
      .map((value) =>
        key.column === 'token_id'
          ? { ...base, tokenId: Number(value), target: `#${value}` }
          : { ...base, [key.column]: String(value) },
      ),
  );
}

/** A use as the campaign stores it. */
export function skillUseRow(use: SkillUse) {
  return {
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
  };
}

/** Records one use: one new row, undoable with the action that made it. */
export function recordSkillUse(s: PlaySession, use: SkillUse): void {
  s.recordSkillUse(use);
}
