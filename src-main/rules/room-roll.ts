// Room rolls (rulebook ch.10): 1d12 per room advance on the floor's tier table, with the
// Lich's Attention and Square modifiers applied cumulatively and the result clamped to 1..12.
import type { HouseRules } from '@shared/house-rules.ts';
import { clamp, Dice, showModifiers, totalOf, type DieRoll, type Modifier } from './dice.ts';
import { attentionEffects, type AttentionStage } from './lich-attention.ts';

export type FloorTier = 'upper' | 'middle' | 'lower';
export const FLOOR_TIER_LABEL: Record<FloorTier, string> = { upper: 'Upper Tombs (1-3)', middle: 'Middle Tombs (4-6)', lower: 'Lower Tombs (7-9)' };

/** Which tier table a floor rolls on; Floor 10 is not table-generated (ch.10). */
export function floorTier(floor: number): FloorTier {
  if (!Number.isInteger(floor) || floor < 1 || floor > 9) {
    throw new RangeError(floor === 10 ? 'Floor 10 has no room table: its rooms are not rolled (ch.10)' : `Floor must be 1 to 9, not ${floor}`);
  }
  return floor <= 3 ? 'upper' : floor <= 6 ? 'middle' : 'lower';
}

export interface RoomContext {
  floor: number;
  attentionStage: AttentionStage;
  festival: boolean;
  squareEmpty: boolean;
  /** A character at Lost Sanity is present and has not yet used this dive's re-roll of a natural 1. */
  lostRerollAvailable?: boolean;
}

export function roomModifiers(ctx: RoomContext): Modifier[] {
  const mods: Modifier[] = [];
  const attention = attentionEffects(ctx.attentionStage).floorRollModifier;
  if (attention) mods.push({ source: `Lich's Attention Stage ${ctx.attentionStage}`, value: attention });
  if (ctx.festival) mods.push({ source: 'Square Festival', value: 2 });
  if (ctx.squareEmpty) mods.push({ source: 'Square Empty', value: -1 });
  return mods;
}

export type StageFourRoom = 'empty-antechamber' | 'colourless-antechamber';

export interface RoomRollResult {
  tier: FloorTier;
  d12: DieRoll[];
  natural: number;
  modifiers: Modifier[];
  value: number;
  clamp: string | null;
  /** True when a Lost character re-rolled a natural 1 (once per dive). */
  lostRerollUsed: boolean;
  /** At Stage 4 every room is one of two antechambers (ch.10). */
  stageFour: StageFourRoom | null;
  explain: string;
  chapter: 'ch.10';
}

export function rollRoom(dice: Dice, ctx: RoomContext, rules: HouseRules, cause: string): RoomRollResult {
  const tier = floorTier(ctx.floor);
  if (attentionEffects(ctx.attentionStage).antechambersOnly) {
    const d6 = dice.die(6, `${cause}: Stage 4 room`);
    const stageFour: StageFourRoom = d6.natural >= rules.stageFourColourlessFrom ? 'colourless-antechamber' : 'empty-antechamber';
    return {
      tier,
      d12: [],
      natural: d6.natural,
      modifiers: [],
      value: 0,
      clamp: null,
      lostRerollUsed: false,
      stageFour,
      explain: `Stage 4: ${d6.natural} on d6 → ${stageFour === 'empty-antechamber' ? 'Empty Antechamber' : 'Colourless Antechamber'} (ch.10)`,
      chapter: 'ch.10',
    };
  }
  const rolls = [dice.die(12, cause)];
  let lostRerollUsed = false;
  if (rolls[0]!.natural === 1 && ctx.lostRerollAvailable) {
    rolls.push(dice.die(12, `${cause}: Lost re-roll of a natural 1`));
    lostRerollUsed = true;
  }
  const kept = rolls[rolls.length - 1]!;
  const modifiers = roomModifiers(ctx);
  const clamped = clamp(kept.natural + totalOf(modifiers), 1, 12);
  const reroll = lostRerollUsed ? ' (natural 1 re-rolled by a Lost character)' : '';
  return {
    tier,
    d12: rolls,
    natural: kept.natural,
    modifiers,
    value: clamped.value,
    clamp: clamped.clamp,
    lostRerollUsed,
    stageFour: null,
    explain: `${clamped.value} = ${kept.natural} on d12${reroll}${showModifiers(modifiers)}${clamped.clamp ? ` (${clamped.clamp})` : ''} on the ${FLOOR_TIER_LABEL[tier]} table (ch.10)`,
    chapter: 'ch.10',
  };
}

/**
 * A contextually impossible room is re-rolled once; if the re-roll is impossible too the room
 * is empty (ch.10). `isImpossible` reads the table entry the roll lands on.
 */
export function rollPossibleRoom(
  dice: Dice,
  ctx: RoomContext,
  rules: HouseRules,
  cause: string,
  isImpossible: (roll: RoomRollResult) => boolean,
): { roll: RoomRollResult; attempts: RoomRollResult[]; empty: boolean; explain: string } {
  const first = rollRoom(dice, ctx, rules, cause);
  if (!isImpossible(first)) return { roll: first, attempts: [first], empty: false, explain: first.explain };
  const second = rollRoom(dice, { ...ctx, lostRerollAvailable: ctx.lostRerollAvailable && !first.lostRerollUsed }, rules, `${cause}: re-roll of an impossible room`);
  if (!isImpossible(second)) return { roll: second, attempts: [first, second], empty: false, explain: `${first.value} impossible, re-rolled: ${second.explain}` };
  return { roll: second, attempts: [first, second], empty: true, explain: `${first.value} and ${second.value} both impossible: the room is empty (ch.10)` };
}
