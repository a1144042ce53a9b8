// Room rolls (rulebook ch.10): 1d12 per room advance on the floor's tier table, with the
// Lich's Attention and Square modifiers applied cumulatively and the result clamped to 1..12.
import type { HouseRules } from '@shared/house-rules.ts';
import { Dice, type DieRoll, type Modifier } from './dice.ts';
import { attentionEffects, type AttentionStage } from './lich-attention.ts';

export type FloorTier = 'upper' | 'middle' | 'lower';
export const FLOOR_TIER_LABEL: Record<FloorTier, string> = {
  upper: 'Upper Tombs (1-3)',
  middle: 'Middle Tombs (4-6)',
  lower: 'Lower Tombs (7-9)',
};

/** Which tier table a floor rolls on; Floor 10 is not table-generated (ch.10). */
export function floorTier(floor: number): FloorTier {
  if (!Number.isInteger(floor) || floor < 1 || floor > 9) {
    throw new RangeError(
      floor === 10
        ? 'Floor 10 has no room table: its rooms are not rolled (ch.10)'
        : `Floor must be 1 to 9, not ${floor}`,
    );
  }
  return floor <= 3 ? 'upper' : floor <= 6 ? 'middle' : 'lower';
}

export interface RoomContext {
  floor: number;
  attentionStage: AttentionStage;
  festival: boolean;
  squareEmpty: boolean;
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

/**
 * At Stage 4 every room rolled is the Empty or the Colourless Antechamber (ch.10); which one is the
 * house rule's d6. The ordinary d12 is rolled on the tier's own table by the table engine.
 */
export function rollStageFourRoom(
  dice: Dice,
  rules: HouseRules,
  cause: string,
): { roll: DieRoll; room: StageFourRoom; explain: string; chapter: 'ch.10' } {
  const roll = dice.die(6, `${cause}: Stage 4 room`);
  const room: StageFourRoom =
    roll.natural >= rules.stageFourColourlessFrom ? 'colourless-antechamber' : 'empty-antechamber';
  return {
    roll,
    room,
    explain: `Stage 4: ${roll.natural} on d6 → ${room === 'empty-antechamber' ? 'Empty Antechamber' : 'Colourless Antechamber'} (ch.10)`,
    chapter: 'ch.10',
  };
}

/** What makes a room contextually impossible (ch.10), as the room table's row names it. */
export type ImpossibleWhen = '' | 'sanity-break' | 'merchant-dispatched';

/** The dive's facts about the floor being rolled. */
export interface FloorFacts {
  sanityBreak: boolean;
  merchantDispatched: boolean;
}

/** Why a rolled room cannot be here now (ch.10), or null. */
export function roomImpossible(when: ImpossibleWhen, facts: FloorFacts): string | null {
  if (when === 'sanity-break' && facts.sanityBreak) return 'impossible after a Sanity Break on this floor';
  if (when === 'merchant-dispatched' && facts.merchantDispatched)
    return "impossible once this floor's Merchant is dispatched";
  return null;
}

/**
 * A contextually impossible room is re-rolled once; if the re-roll is impossible too the room is
 * empty (ch.10). `roll` makes one attempt; `impossible` says why the attempt cannot stand, or null.
 */
export function rollPossibleRoom<T>(
  roll: (attempt: 1 | 2) => T,
  impossible: (r: T) => string | null,
): { roll: T; attempts: T[]; empty: boolean; explain: string | null } {
  const first = roll(1);
  const why = impossible(first);
  if (!why) return { roll: first, attempts: [first], empty: false, explain: null };
  const second = roll(2);
  const again = impossible(second);
  if (!again)
    return {
      roll: second,
      attempts: [first, second],
      empty: false,
      explain: `the first roll was ${why}: re-rolled once (ch.10)`,
    };
  return {
    roll: second,
    attempts: [first, second],
    empty: true,
    explain: `the first roll was ${why}, and the re-roll ${again}: the room is empty (ch.10)`,
  };
}

/**
 * A character at Lost Sanity may re-roll a natural 1 on a Room roll once per Tomb dive (ch.10): the
 * first revealer at Lost who has not yet used it this dive, or null.
 */
export function lostReroller<T extends { id: number; sanity: string }>(
  revealers: readonly T[],
  usedThisDive: readonly number[],
): T | null {
  return revealers.find((r) => r.sanity === 'lost' && !usedThisDive.includes(r.id)) ?? null;
}
