// Entities (rulebook ch.12): which tier each placed entity comes from, Health scaling for
// parties larger than four, and turns per round from Speed.
import type { HouseRules } from '@shared/house-rules.ts';
import { Dice, type DieRoll } from './dice.ts';
import { floorTier, type FloorTier } from './room-roll.ts';

const TIER_ORDER: FloorTier[] = ['upper', 'middle', 'lower'];

export interface TierPlacement {
  roll: DieRoll | null;
  tier: FloorTier;
  explain: string;
}

/**
 * One entity's tier (ch.12): d6 1–2 the lowest tier available, 3–4 the middle, 5–6 the floor's
 * own; floors 1–3 always their own tier. Every entity appears on its floor and all below, so the
 * tiers available are those from the Upper Tombs down to the floor's own.
 */
export function placeEntityTier(dice: Dice, floor: number, rules: HouseRules, cause: string): TierPlacement {
  const own = floorTier(floor);
  if (own === 'upper') return { roll: null, tier: own, explain: `Floor ${floor}: always its own tier (ch.12)` };
  const available = TIER_ORDER.slice(0, TIER_ORDER.indexOf(own) + 1);
  const roll = dice.die(6, cause);
  const lowest = available[0]!;
  const middle = available.length === 3 ? available[1]! : rules.middleTierOnTwoTierFloors === 'own' ? own : lowest;
  const tier = roll.natural <= 2 ? lowest : roll.natural <= 4 ? middle : own;
  const band = roll.natural <= 2 ? 'lowest' : roll.natural <= 4 ? 'middle' : "floor's own";
  return { roll, tier, explain: `${roll.natural} on d6 → ${band} tier available: ${tier} (ch.12)` };
}

/** Health for a party beyond four: + the entity's level per extra player (ch.12). */
export function scaledEntityHealth(base: number, level: number, players: number): { value: number; explain: string } {
  const extra = Math.max(0, players - 4);
  const value = base + level * extra;
  return {
    value,
    explain: extra
      ? `${base} + ${level} (level) × ${extra} players beyond four = ${value} (ch.12)`
      : `${base}: party of four or fewer (ch.12)`,
  };
}

/** Turns per round: 1 + one per full 6 Speed above 6, at least 1; a stat block's own count wins (ch.4, ch.11). */
export function turnsPerRound(
  speed: number,
  rules: HouseRules,
  statBlockTurns?: number,
): { value: number; explain: string } {
  const formula = 1 + Math.floor(Math.max(0, speed - 6) / 6);
  if (statBlockTurns !== undefined && rules.statBlockTurnsWin) {
    return {
      value: statBlockTurns,
      explain: `${statBlockTurns} turns, as its stat block says (house rule; formula would give ${formula})`,
    };
  }
  return { value: formula, explain: `1 + ⌊(${speed} − 6) ÷ 6⌋ = ${formula} turns (ch.11)` };
}
