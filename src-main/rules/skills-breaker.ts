// The Breaker's skills as rules (rulebook ch.2): Break's bonus Attack and its knock-back, Charge's
// straight path, its damage per room and the impact that ends it, and Rumble Hat's numbers.
import { showDice, showModifiers, sumDice, totalOf, type Dice, type DieRoll, type Modifier } from './dice.ts';
import { floorTier, type FloorTier } from './room-roll.ts';

export interface Cell {
  x: number;
  y: number;
}

const BOARD = 5;
const onBoard = (c: Cell) => c.x >= 0 && c.x < BOARD && c.y >= 0 && c.y < BOARD;
const show = (c: Cell) => `(${c.x + 1},${c.y + 1})`;

/**
 * Break's bonus Attack (ch.2): a natural 6 on it knocks the enemy back one room. The book does not
 * say which die of a pool; the app reads it as any die of the attack showing a natural 6 (a 6 that
 * explodes is still a natural 6).
 */
export function breakKnocksBack(dice: readonly DieRoll[]): { knocks: boolean; explain: string } {
  const six = dice.some((d) => d.natural === 6);
  return {
    knocks: six,
    explain: six
      ? `a natural 6 on Break's Attack ${showDice(dice)}: the enemy is knocked back one room (ch.2)`
      : `no natural 6 on Break's Attack ${showDice(dice)}: no knock-back (ch.2)`,
  };
}

/** Where a knock-back sends the enemy: one room on, in the direction the Breaker came in; null off the board. */
export function knockBackTo(from: Cell, into: Cell): Cell | null {
  const dx = Math.sign(into.x - from.x);
  const dy = Math.sign(into.y - from.y);
  if (Math.abs(dx) + Math.abs(dy) !== 1) return null;
  const to = { x: into.x + dx, y: into.y + dy };
  return onBoard(to) ? to : null;
}

export interface ChargePlan {
  /** The rooms the Breaker means to pass through, in order, the last being where the Charge would stop. */
  path: Cell[];
  direction: Cell;
  explain: string;
}

/**
 * Charge (ch.2): up to Speed rooms in one straight line from where the Breaker stands. Refuses a
 * path that turns, stays put, or runs longer than Speed.
 */
export function chargePlan(from: Cell, to: Cell, speed: number): ChargePlan {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (dx === 0 && dy === 0)
    throw new RangeError('Charge needs a room to charge toward, not the room the Breaker stands in');
  if (dx !== 0 && dy !== 0)
    throw new RangeError(`Charge runs in a straight line: ${show(to)} is not in a line with ${show(from)} (ch.2)`);
  const length = Math.abs(dx + dy);
  if (length > speed)
    throw new RangeError(
      `Charge moves up to Speed rooms: ${show(to)} is ${length} rooms away and Speed is ${speed} (ch.2)`,
    );
  const direction = { x: Math.sign(dx), y: Math.sign(dy) };
  const path = Array.from({ length }, (_, i) => ({
    x: from.x + direction.x * (i + 1),
    y: from.y + direction.y * (i + 1),
  }));
  return {
    path,
    direction,
    explain: `Charge from ${show(from)} to ${show(to)}: ${length} room${length === 1 ? '' : 's'} in a line, Speed ${speed} (ch.2)`,
  };
}

/** The Breaker's damage when a room on the path has no clear exit in the Charge's direction (ch.2). */
export const CHARGE_IMPACT = 6;

/** Charge's damage to each enemy in a room passed through (ch.2): 1d6, or 2d6 enhanced, with the Breaker's modifiers to all rolls (ch.4, ch.8), never below 0. */
export function rollChargeDamage(
  dice: Dice,
  enhanced: boolean,
  cause: string,
  modifiers: readonly Modifier[] = [],
): { amount: number; rolled: DieRoll[]; explain: string } {
  const count = enhanced ? 2 : 1;
  const rolled = dice.pool(count, 6, cause);
  const amount = Math.max(0, sumDice(rolled) + totalOf(modifiers));
  return {
    amount,
    rolled,
    explain: `${cause}: ${amount} = ${count}d6 ${showDice(rolled)}${showModifiers(modifiers)}${enhanced ? ' (Charge enhanced)' : ''} (ch.2)`,
  };
}

/** Rumble Hat (ch.2): what the Breaker's Garment slot grants, with or without a Garment. */
export const RUMBLE_HAT = { armor: 1, health: 6 } as const;

export interface Vitals {
  health: number;
  max_health: number;
  armor: number;
  max_armor: number;
}

/**
 * Rumble Hat's grant (ch.2) as the Gauntlet keeps it: gained, the maxima rise by 6 Health and 1 Armor
 * and so do Health and Armor; lost (a skill edited away), the maxima fall back and what is above
 * them is trimmed. Null when the skill neither comes nor goes.
 */
export function rumbleHatGrant(had: boolean, has: boolean, v: Vitals): { columns: Vitals; explain: string } | null {
  if (had === has) return null;
  if (has) {
    return {
      columns: {
        health: v.health + RUMBLE_HAT.health,
        max_health: v.max_health + RUMBLE_HAT.health,
        armor: v.armor + RUMBLE_HAT.armor,
        max_armor: v.max_armor + RUMBLE_HAT.armor,
      },
      explain: `Rumble Hat: the Garment slot grants +${RUMBLE_HAT.health} Health and +${RUMBLE_HAT.armor} Armor, with or without a Garment (ch.2): maximum Health ${v.max_health} → ${v.max_health + RUMBLE_HAT.health}, maximum Armor ${v.max_armor} → ${v.max_armor + RUMBLE_HAT.armor}`,
    };
  }
  const maxHealth = Math.max(1, v.max_health - RUMBLE_HAT.health);
  const maxArmor = Math.max(0, v.max_armor - RUMBLE_HAT.armor);
  return {
    columns: {
      health: Math.min(v.health, maxHealth),
      max_health: maxHealth,
      armor: Math.min(v.armor, maxArmor),
      max_armor: maxArmor,
    },
    explain: `Rumble Hat is no longer held: maximum Health ${v.max_health} → ${maxHealth}, maximum Armor ${v.max_armor} → ${maxArmor} (ch.2)`,
  };
}

/** Rumble Hat enhanced (ch.2): +1 to all rolls while at half Health or below. */
export function rumbleHatBonus(input: { enhanced: boolean; health: number; maxHealth: number }): Modifier | null {
  if (!input.enhanced || input.health * 2 > input.maxHealth) return null;
  return {
    source: `Rumble Hat, enhanced: at half Health or below (${input.health} of ${input.maxHealth}) (ch.2)`,
    value: 1,
  };
}

const TIER_LABEL: Record<FloorTier, string> = { upper: 'Floors 1-3', middle: 'Floors 4-6', lower: 'Floors 7-9' };

/**
 * Crush's unlock (ch.2): the Breaker has brought an enemy to 0 Health on every floor tier (1-3, 4-6,
 * 7-9). The tiers already done, with this floor's added (Floor 10 and the Town are no tier).
 */
export function crushTiers(
  done: readonly FloorTier[],
  floor: number | null,
): { tiers: FloorTier[]; met: boolean; explain: string } {
  const tiers = new Set(done);
  if (floor !== null && floor >= 1 && floor <= 9) tiers.add(floorTier(floor));
  const list = (['upper', 'middle', 'lower'] as const).filter((t) => tiers.has(t));
  const missing = (['upper', 'middle', 'lower'] as const).filter((t) => !tiers.has(t)).map((t) => TIER_LABEL[t]);
  return {
    tiers: list,
    met: missing.length === 0,
    explain: `${list.length} of 3 floor tiers with an enemy felled${missing.length ? `; still ${missing.join(', ')}` : ''} (ch.2)`,
  };
}
