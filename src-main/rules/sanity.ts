// Sanity (rulebook ch.8, ch.11, ch.5/ch.16 for the Attention shifts).
import { SANITY_LEVELS, type SanityLevel } from '@shared/gauntlet.ts';
import type { Modifier } from './dice.ts';
import { attentionEffects, type AttentionStage } from './lich-attention.ts';

export interface SanityRung {
  level: SanityLevel;
  label: string;
  rollPenalty: number;
  /** How looting is limited at this rung (ch.8). */
  looting: { kind: 'free' } | { kind: 'every-other-round'; offRoundTarget: number } | { kind: 'challenge'; target: number };
  /** −1 movement every other round at Lost (ch.8). */
  movementPenaltyEveryOtherRound: boolean;
}

export const SANITY_LADDER: Record<SanityLevel, SanityRung> = {
  whole: { level: 'whole', label: 'Whole', rollPenalty: 0, looting: { kind: 'free' }, movementPenaltyEveryOtherRound: false },
  strange: { level: 'strange', label: 'Strange', rollPenalty: -1, looting: { kind: 'free' }, movementPenaltyEveryOtherRound: false },
  edge: { level: 'edge', label: 'Edge', rollPenalty: -2, looting: { kind: 'every-other-round', offRoundTarget: 12 }, movementPenaltyEveryOtherRound: false },
  paranoid: { level: 'paranoid', label: 'Paranoid', rollPenalty: -3, looting: { kind: 'challenge', target: 18 }, movementPenaltyEveryOtherRound: false },
  lost: { level: 'lost', label: 'Lost', rollPenalty: -4, looting: { kind: 'free' }, movementPenaltyEveryOtherRound: true },
};

/** The roll modifier a Sanity level imposes, as a labelled modifier (ch.8). */
export function sanityModifier(level: SanityLevel): Modifier {
  const rung = SANITY_LADDER[level];
  return { source: `Sanity ${rung.label} (ch.8)`, value: rung.rollPenalty };
}

export function dropSanity(level: SanityLevel, steps = 1): SanityLevel {
  const i = Math.min(SANITY_LEVELS.length - 1, SANITY_LEVELS.indexOf(level) + steps);
  return SANITY_LEVELS[i]!;
}

export function recoverSanity(level: SanityLevel, steps = 1): SanityLevel {
  const i = Math.max(0, SANITY_LEVELS.indexOf(level) - steps);
  return SANITY_LEVELS[i]!;
}

export type { AttentionStage };

/**
 * How much the Lich's Attention raises a Sanity Challenge's target (ch.5): Stage 1 +2 and
 * Stage 2 +4 in the Tombs only; Stage 3 +6 anywhere. Stage 4 leaves the targets to its own rules.
 */
export function attentionSanityShift(stage: AttentionStage, where: 'tombs' | 'town' | 'forest'): Modifier {
  const shifts = attentionEffects(stage).sanityTargetShift;
  const shift = where === 'tombs' ? shifts.tombs : shifts.elsewhere;
  return { source: `Lich's Attention Stage ${stage}${shift ? '' : ' (no shift here)'} (ch.5)`, value: shift };
}

/** What calls for a Sanity Challenge in combat (ch.11); the target for most is 12 (ch.8). */
export const COMBAT_SANITY_TRIGGERS = [
  { id: 'adjacent-colourless', label: 'A round spent adjacent to a Colourless entity' },
  { id: 'lich-damage', label: 'Damage from a Lich-type source', target: 12 },
  { id: 'ally-at-zero', label: 'Another player character reached 0 Health on this floor' },
  { id: 'enemy-ability', label: 'An enemy ability flagged for Sanity' },
  { id: 'sanity-test-room', label: 'Entering a room flagged as a Sanity Test' },
] as const;

export interface NightRecovery {
  sanity: SanityLevel;
  explain: string;
}

/**
 * Sanity after a full night under shelter (ch.8): one level back if the character has eaten
 * within the last 3 days. Attention: Stage 2 makes recovery from Lost take 2 nights;
 * Stage 3 rolls 1d6 per night, a 1 recovers nothing and drops one level instead (ch.5).
 */
export function sanityAfterNight(input: {
  sanity: SanityLevel;
  daysSinceMeal: number;
  sheltered: boolean;
  attentionStage: AttentionStage;
  /** Consecutive sheltered nights already spent at Lost (for the Stage 2 rule). */
  lostNights: number;
  disturbedSleepRoll?: number;
}): NightRecovery {
  const { sanity, attentionStage } = input;
  const effects = attentionEffects(attentionStage);
  if (!input.sheltered) return { sanity, explain: 'No shelter: no Sanity recovered (ch.8)' };
  if (effects.innClosed) return { sanity, explain: 'The Inn is closed at Stage 4: no rest (ch.5)' };
  if (effects.disturbedSleep && input.disturbedSleepRoll === 1) {
    return { sanity: dropSanity(sanity), explain: 'Disturbed sleep (1 on 1d6 at Stage 3): drops one level (ch.5)' };
  }
  if (input.daysSinceMeal > 3) return { sanity, explain: `Not eaten for ${input.daysSinceMeal} days: no Sanity recovered (ch.8)` };
  if (sanity === 'lost' && input.lostNights + 1 < effects.lostNightsToRecover) {
    return { sanity, explain: `Lost needs ${effects.lostNightsToRecover} nights of rest at Stage ${attentionStage}: night ${input.lostNights + 1} counted (ch.5)` };
  }
  const next = recoverSanity(sanity);
  return { sanity: next, explain: next === sanity ? 'Already Whole' : `Rested and fed: ${SANITY_LADDER[sanity].label} → ${SANITY_LADDER[next].label} (ch.8)` };
}
