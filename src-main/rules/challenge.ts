// Challenge rolls (rulebook ch.1; ch.11 for the single-die reading): level d6, sixes explode,
// sum plus modifiers, meet or beat the target; all natural 1s fail whatever the modifiers.
import type { SanityLevel } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { Dice, showDice, showModifiers, sumDice, totalOf, type DieRoll, type Modifier } from './dice.ts';
import { attentionSanityShift, sanityModifier, type AttentionStage } from './sanity.ts';

export interface ChallengeInput {
  level: number;
  target: number;
  cause: string;
  sanity?: SanityLevel;
  /** Survival clock roll penalties (hunger, shelter), already labelled by the clock. */
  survival?: Modifier[];
  /** For Sanity Challenges: the Attention stage and where the roll happens shift the target. */
  sanityChallenge?: { attentionStage: AttentionStage; where: 'tombs' | 'town' | 'forest' };
  other?: Modifier[];
}

export interface ChallengeResult {
  dice: DieRoll[];
  modifiers: { sanity: Modifier | null; survival: Modifier[]; other: Modifier[] };
  targetShift: Modifier | null;
  sum: number;
  total: number;
  target: number;
  success: boolean;
  /** Every die's natural face was 1: a failure whatever the modifiers. */
  allNaturalOnes: boolean;
  /** A natural 1 showed: the Judge calls a loot integrity check (ch.11). */
  integrityCheckDue: boolean;
  explain: string;
  chapter: string;
}

/** What a Challenge is rolled with, decided before any die: the roll and the odds both read it. */
export interface ChallengeSetup {
  /** How many exploding d6 (the house rule picks ch.1's level dice or ch.11's single die). */
  count: number;
  sanity: Modifier | null;
  survival: Modifier[];
  other: Modifier[];
  all: Modifier[];
  targetShift: Modifier | null;
  /** The target after any shift: the total must meet or beat it. */
  target: number;
  chapter: string;
}

export function challengeSetup(input: Omit<ChallengeInput, 'cause'>, rules: HouseRules): ChallengeSetup {
  if (!Number.isInteger(input.level) || input.level < 1) throw new RangeError(`Level must be 1 or more, not ${input.level}`);
  if (!Number.isInteger(input.target) || input.target < 1) throw new RangeError(`Target must be 1 or more, not ${input.target}`);
  const count = rules.challengeDice === 'level-dice' ? input.level : 1;
  const sanity = input.sanity ? sanityModifier(input.sanity) : null;
  const survival = input.survival ?? [];
  const other = input.other ?? [];
  const all = [...(sanity ? [sanity] : []), ...survival, ...other];
  const targetShift = input.sanityChallenge ? attentionSanityShift(input.sanityChallenge.attentionStage, input.sanityChallenge.where) : null;
  const target = input.target + (targetShift?.value ?? 0);
  return { count, sanity, survival, other, all, targetShift, target, chapter: rules.challengeDice === 'level-dice' ? 'ch.1' : 'ch.11' };
}

/** Meets or beats the target, unless every die came up a natural 1 (ch.1; a single die's 1, ch.11). */
export const challengeSucceeds = (allNaturalOnes: boolean, total: number, target: number): boolean => !allNaturalOnes && total >= target;

export function rollChallenge(dice: Dice, input: ChallengeInput, rules: HouseRules): ChallengeResult {
  const setup = challengeSetup(input, rules);
  const { count, sanity, survival, other, all, targetShift, target, chapter } = setup;
  const rolled = dice.pool(count, 6, input.cause, true);
  const naturals = rolled.flatMap((d) => (rules.explosionsCountAsNatural ? d.faces : [d.natural]));
  // With a single die this is that die's natural 1 (ch.11).
  const allNaturalOnes = rolled.every((d) => d.natural === 1);
  const sum = sumDice(rolled);
  const total = sum + totalOf(all);
  const success = challengeSucceeds(allNaturalOnes, total, target);
  const why = allNaturalOnes ? 'all natural 1s: fails' : success ? 'meets the target' : 'short of the target';
  const shown = targetShift?.value ? ` vs ${target} (${input.target} + ${targetShift.value}, ${targetShift.source})` : ` vs ${target}`;
  return {
    dice: rolled,
    modifiers: { sanity, survival, other },
    targetShift,
    sum,
    total,
    target,
    success,
    allNaturalOnes,
    integrityCheckDue: naturals.includes(1),
    explain: `${total} = ${count}d6! ${showDice(rolled)}${showModifiers(all)}${shown}: ${why} (${chapter})`,
    chapter,
  };
}
