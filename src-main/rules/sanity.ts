// Sanity (rulebook ch.8, ch.11; ch.5 for the Attention's shifts and the nights at the Inn).
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
  /** Qualifying nights now counted at Lost toward the Stage 2 recovery (0 once recovered or no longer Lost). */
  lostNights: number;
  explain: string;
}

/** ch.8: Sanity recovers only if the character has eaten within the last 3 days. */
export const MEAL_WITHIN_DAYS = 3;

/**
 * Sanity after a night (ch.8): one level back after a full night under shelter, if the character has
 * eaten within the last 3 days (a meal that day is not needed). The Attention (ch.5): Stage 2 makes
 * recovery from Lost take 2 nights; Stage 3 rolls 1d6 each night, a 1 recovering nothing and
 * dropping a level instead; Stage 4 closes the Inn. The Unbound's Sign (ch.6) doubles the recovery.
 */
export function sanityAfterNight(input: {
  sanity: SanityLevel;
  /** Days in a row without a meal, today included (0: ate today). */
  daysSinceMeal: number;
  sheltered: boolean;
  attentionStage: AttentionStage;
  /** Qualifying nights already spent at Lost (for the Stage 2 rule). */
  lostNights: number;
  /** How a night that does not qualify treats the count (a house rule: consecutive nights, or any). */
  lostNightsRule?: 'consecutive' | 'cumulative';
  disturbedSleepRoll?: number;
  /** The Unbound's Sign: recovery doubled at the Inn. */
  doubled?: boolean;
}): NightRecovery {
  const { sanity, attentionStage } = input;
  const effects = attentionEffects(attentionStage);
  const keep = (why: string): NightRecovery => ({
    sanity,
    lostNights: sanity === 'lost' && input.lostNightsRule === 'cumulative' ? input.lostNights : 0,
    explain: why,
  });
  if (effects.innClosed) return keep('The Inn is closed at Stage 4: no rest (ch.5)');
  if (!input.sheltered) return keep('No shelter: no Sanity recovered (ch.8)');
  if (effects.disturbedSleep && input.disturbedSleepRoll === 1) {
    const next = dropSanity(sanity);
    return { sanity: next, lostNights: 0, explain: `Disturbed sleep (1 on 1d6 at Stage 3): no recovery, ${SANITY_LADDER[sanity].label} → ${SANITY_LADDER[next].label} (ch.5)` };
  }
  const sleep = effects.disturbedSleep && input.disturbedSleepRoll !== undefined ? `${input.disturbedSleepRoll} on 1d6, sleep undisturbed (Stage 3, ch.5); ` : '';
  if (input.daysSinceMeal > MEAL_WITHIN_DAYS) return keep(`${sleep}not eaten for ${input.daysSinceMeal} days: no Sanity recovered (ch.8)`);
  if (sanity === 'whole') return { sanity, lostNights: 0, explain: `${sleep}Sanity already Whole (ch.8)` };
  if (sanity === 'lost' && input.lostNights + 1 < effects.lostNightsToRecover) {
    return { sanity, lostNights: input.lostNights + 1, explain: `${sleep}Lost needs ${effects.lostNightsToRecover} nights of rest at Stage ${attentionStage}: night ${input.lostNights + 1} of ${effects.lostNightsToRecover} (ch.5)` };
  }
  const steps = input.doubled ? 2 : 1;
  const next = recoverSanity(sanity, steps);
  const why = input.doubled ? "sheltered and fed within 3 days, doubled by the Unbound's Sign (ch.6)" : 'sheltered and fed within 3 days';
  return { sanity: next, lostNights: 0, explain: `${sleep}${why}: ${SANITY_LADDER[sanity].label} → ${SANITY_LADDER[next].label} (ch.8)` };
}
