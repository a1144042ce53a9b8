// The Veteran's skills as rules (rulebook ch.2): Recall's assist on another's Challenge and, enhanced,
// the richest room of the floor; Maneuver's move out of harm's way; Rally's recovery for everyone near.
import type { SanityLevel } from '@shared/gauntlet.ts';
import type { Modifier } from './dice.ts';
import { recoverSanity, SANITY_LADDER } from './sanity.ts';
import type { SkillUse } from './skills.ts';

/** Recall's assist (ch.2): the Veteran adds their Power to another character's Challenge roll. */
export function recallAssist(
  veteran: { name: string; power: number },
  roller: { name: string; isVeteran: boolean },
): Modifier {
  if (roller.isVeteran)
    throw new RangeError(`${veteran.name} assists another character's Challenge, not their own (ch.2)`);
  return { source: `${veteran.name}'s assist with Recall: Power (ch.2)`, value: veteran.power };
}

/** Recall enhanced (ch.2): which room of the floor holds the most gold, before anyone enters it; ties all named. */
export function richestRoom(rooms: readonly { x: number; y: number; gold: number; entered: boolean }[]): {
  rooms: { x: number; y: number }[];
  gold: number;
  explain: string;
} {
  const unentered = rooms.filter((r) => !r.entered);
  const gold = Math.max(0, ...unentered.map((r) => r.gold));
  const best = gold > 0 ? unentered.filter((r) => r.gold === gold).map(({ x, y }) => ({ x, y })) : [];
  const where = best.map((r) => `(${r.x + 1},${r.y + 1})`).join(', ');
  return {
    rooms: best,
    gold,
    explain: best.length
      ? `Recall, enhanced: the richest room not yet entered on this floor is ${where}, ${gold} gold (ch.2)`
      : 'Recall, enhanced: no room not yet entered on this floor holds gold (ch.2)',
  };
}

/** Maneuver (ch.2): the room both move to lies within 1 space of the Veteran's (and may not be full, which the board's move checks). */
export function maneuverRefusal(from: { x: number; y: number }, to: { x: number; y: number }): string | null {
  const steps = Math.abs(from.x - to.x) + Math.abs(from.y - to.y);
  if (steps === 0) return 'Maneuver moves out of the room: choose a neighbouring room (ch.2)';
  if (steps > 1)
    return `Maneuver moves to a room within 1 space: (${to.x + 1},${to.y + 1}) is ${steps} rooms away (ch.2)`;
  return null;
}

export interface RallyTarget {
  name: string;
  /** null: a character without Sanity (a Retainer). */
  sanity: SanityLevel | null;
  health: number;
  maxHealth: number;
  armor: number;
  maxArmor: number | null;
  isVeteran: boolean;
}

/**
 * Rally (the Veteran's capstone, ch.2): each character within 1 space recovers one Sanity level — the
 * Veteran excepted — and gains Armor and Health equal to the Veteran's level, up to their maximum.
 */
export function rally(
  level: number,
  t: RallyTarget,
): { sanity: SanityLevel | null; health: number; armor: number; explain: string } {
  const sanity = t.sanity && !t.isVeteran ? recoverSanity(t.sanity) : t.sanity;
  const health = Math.min(t.maxHealth, t.health + level);
  const armor = Math.min(t.maxArmor ?? Infinity, t.armor + level);
  const parts = [`Health ${t.health} → ${health}`, `Armor ${t.armor} → ${armor}`];
  if (t.sanity && !t.isVeteran)
    parts.push(
      t.sanity === sanity
        ? `Sanity stays ${SANITY_LADDER[sanity!].label}`
        : `Sanity ${SANITY_LADDER[t.sanity].label} → ${SANITY_LADDER[sanity!].label}`,
    );
  if (t.isVeteran) parts.push('their own Sanity does not recover');
  return {
    sanity,
    health,
    armor,
    explain: `Rally: ${t.name} gains ${level} (the Veteran's level, up to the maximum): ${parts.join(', ')} (ch.2)`,
  };
}

/** Maneuver enhanced (ch.2): a second use in the same Round costs the Veteran their next action. */
export function maneuverIsSecond(
  uses: readonly SkillUse[],
  now: { fight: number | null; round: number | null },
  lichslayerId: number,
): boolean {
  if (now.fight === null || now.round === null) return false;
  return uses.some(
    (u) => u.lichslayerId === lichslayerId && u.skill === 'Maneuver' && u.fight === now.fight && u.round === now.round,
  );
}

/** ch.2: Rally unlocks once the Veteran has kept a party member from reaching 0 Health three times. */
export const RALLY_SAVES = 3;

/** One more fall prevented (ch.2): the count across sessions, and whether Rally's condition is met. */
export function rallyProgress(before: number): { saves: number; met: boolean; explain: string } {
  const saves = before + 1;
  return {
    saves,
    met: saves >= RALLY_SAVES,
    explain: `${Math.min(saves, RALLY_SAVES)} of ${RALLY_SAVES} falls to 0 Health prevented (ch.2)`,
  };
}
