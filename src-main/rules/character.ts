// A Lichslayer's growth (rulebook ch.1, ch.2, ch.4): XP, levels, stat points, class and skills.
import type { ClassName, HouseRules, StatPointKind } from '@shared/house-rules.ts';
import { Dice, type DieRoll } from './dice.ts';

export const GOLD_PER_XP = 36; // ch.1: 1 XP per 36 gold accumulated
export const XP_PER_ENEMY = 1; // ch.1: 1 per enemy reduced to 0 Health
export const XP_PER_CLEARED_FLOOR = 6; // ch.1: 6 per floor fully cleared; partial floors nothing
export const STAT_POINTS_PER_LEVEL = 2; // ch.1
export const SKILL_UNLOCK_LEVELS = [2, 4, 6] as const; // ch.2

/**
 * XP from gold is counted once, when gold enters the Gauntlet (ch.1): it depends on the total
 * gold ever gained, so spending, losing or having gold stolen never lowers it.
 */
export function xpFromGold(totalGoldGained: number): { value: number; explain: string } {
  const value = Math.floor(totalGoldGained / GOLD_PER_XP);
  return { value, explain: `${totalGoldGained} gold gained ÷ ${GOLD_PER_XP} = ${value} XP (ch.1)` };
}

export interface XpHistory {
  goldGained: number;
  enemiesFelled: number;
  floorsCleared: number;
}

export function totalXp(h: XpHistory): { value: number; explain: string } {
  const gold = xpFromGold(h.goldGained).value;
  const enemies = h.enemiesFelled * XP_PER_ENEMY;
  const floors = h.floorsCleared * XP_PER_CLEARED_FLOOR;
  const value = gold + enemies + floors;
  return {
    value,
    explain: `${gold} from gold + ${enemies} from enemies felled + ${floors} from ${h.floorsCleared} cleared floors = ${value} XP (ch.1)`,
  };
}

/** The level an XP total reaches on the (house-rule) level table. */
export function levelForXp(xp: number, rules: HouseRules): { value: number; nextAt: number | null; explain: string } {
  let level = 1;
  rules.levelTable.forEach((need, i) => {
    if (xp >= need) level = i + 1;
  });
  const nextAt = rules.levelTable[level] ?? null;
  return {
    value: level,
    nextAt,
    explain: `${xp} XP → level ${level}${nextAt !== null ? ` (level ${level + 1} at ${nextAt})` : ' (top of the table)'} (house rule level table)`,
  };
}

/** What a Lichslayer holds that a level-up changes. */
export interface GrowthState {
  name: string;
  level: number;
  statPoints: number;
  hiddenClass: string | null;
  skill1: string;
  skill2: string;
  skill3: string;
}

/**
 * Reaching a higher level (ch.1, ch.2): two stat points per level gained; at level 2 the class is
 * revealed and Skill 1 fills the first Skill Slot; Skills 2 and 3 come at levels 4 and 6. Returns
 * what changes and why, whatever raised the level (XP earned, or the Judge's edit).
 */
export function levelUp(
  l: GrowthState,
  to: number,
  classSkillAt: (className: string | null, slot: 1 | 2 | 3) => string | undefined,
): { patch: Partial<GrowthState>; notes: string[] } {
  if (to <= l.level) return { patch: {}, notes: [] };
  const gained = statPointsForLevels(l.level, to);
  const patch: Partial<GrowthState> = { level: to, statPoints: l.statPoints + gained };
  const notes = [`${l.name} reaches level ${to}: +${gained} stat points (ch.1)`];
  SKILL_UNLOCK_LEVELS.forEach((at, i) => {
    const slot = (i + 1) as 1 | 2 | 3;
    if (l.level >= at || to < at) return;
    const field = `skill${slot}` as const;
    const skill = classSkillAt(l.hiddenClass, slot);
    if (slot === 1 && l.hiddenClass)
      notes.push(
        `${l.name}'s class is revealed: ${l.hiddenClass}${skill && !l.skill1 ? `, Skill 1 ${skill} unlocked` : ''} (ch.1, ch.2)`,
      );
    if (skill && !l[field]) {
      patch[field] = skill;
      if (slot > 1) notes.push(`${l.name} unlocks Skill ${slot}: ${skill} (ch.2)`);
    }
  });
  return { patch, notes };
}

/** The class skills a Lichslayer of this level and class holds by right but whose slots are empty (ch.2). */
export function unlockedSkillsMissing(
  l: Pick<GrowthState, 'level' | 'hiddenClass' | 'skill1' | 'skill2' | 'skill3'>,
  classSkillAt: (className: string | null, slot: 1 | 2 | 3) => string | undefined,
): Partial<Pick<GrowthState, 'skill1' | 'skill2' | 'skill3'>> {
  const patch: Partial<Pick<GrowthState, 'skill1' | 'skill2' | 'skill3'>> = {};
  SKILL_UNLOCK_LEVELS.forEach((at, i) => {
    const field = `skill${i + 1}` as 'skill1' | 'skill2' | 'skill3';
    const skill = l.level >= at && !l[field] ? classSkillAt(l.hiddenClass, (i + 1) as 1 | 2 | 3) : undefined;
    if (skill) patch[field] = skill;
  });
  return patch;
}

/** Stat points earned by levelling from one level to another: two per level (ch.1). */
export function statPointsForLevels(from: number, to: number): number {
  return Math.max(0, to - from) * STAT_POINTS_PER_LEVEL;
}

/** How many class skills a level unlocks (ch.2: levels 2, 4, 6); the class is revealed at level 2 (ch.1). */
export function skillsUnlocked(level: number): { count: number; classRevealed: boolean } {
  return { count: SKILL_UNLOCK_LEVELS.filter((l) => level >= l).length, classRevealed: level >= 2 };
}

/** The class, rolled on d8 out of the player's sight (ch.1); the house-rule table says which face is which. */
export function rollClass(
  dice: Dice,
  rules: HouseRules,
  cause = 'class roll',
): { rolls: DieRoll[]; className: ClassName; explain: string } {
  const rolls: DieRoll[] = [];
  for (let i = 0; i < 100; i++) {
    const roll = dice.die(8, cause);
    rolls.push(roll);
    const entry = rules.classTable[roll.natural - 1]!;
    if (entry !== 'reroll') {
      const faces = rolls.map((r) => r.natural).join(', then ');
      return { rolls, className: entry, explain: `${faces} on d8 → ${entry} (ch.1, house-rule class table)` };
    }
  }
  throw new Error('The class table re-rolled 100 times in a row');
}

/** Creation stat points: 1d6 six times, each face read on the stat-point table (ch.4, RULINGS). */
export function rollStatPoints(
  dice: Dice,
  rules: HouseRules,
  cause = 'stat points',
): { rolls: DieRoll[]; points: StatPointKind[]; explain: string } {
  const rolls = Array.from({ length: 6 }, () => dice.die(6, cause));
  const points = rolls.map((r) => rules.statPointTable[r.natural - 1]!);
  return { rolls, points, explain: `${rolls.map((r, i) => `${r.natural}→${points[i]}`).join(', ')} (ch.4)` };
}

/** What one stat point adds to the Gauntlet (RULINGS: Health +6 max, Armor +1 max). */
export const STAT_POINT_EFFECT: Record<
  Exclude<StatPointKind, 'choice'>,
  { field: 'power' | 'speed' | 'maxHealth' | 'maxArmor' | 'magicBonus'; amount: number }
> = {
  power: { field: 'power', amount: 1 },
  speed: { field: 'speed', amount: 1 },
  health: { field: 'maxHealth', amount: 6 },
  armor: { field: 'maxArmor', amount: 1 },
  magic: { field: 'magicBonus', amount: 1 },
};

/** Attacks gain +1d6 per point of Power above 6 (ch.4). */
export function powerAttackDice(power: number): number {
  return Math.max(0, power - 6);
}
