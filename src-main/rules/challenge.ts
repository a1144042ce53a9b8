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

export function rollChallenge(dice: Dice, input: ChallengeInput, rules: HouseRules): ChallengeResult {
  if (!Number.isInteger(input.level) || input.level < 1) throw new RangeError(`Level must be 1 or more, not ${input.level}`);
  if (!Number.isInteger(input.target) || input.target < 1) throw new RangeError(`Target must be 1 or more, not ${input.target}`);
  const count = rules.challengeDice === 'level-dice' ? input.level : 1;
  const rolled = dice.pool(count, 6, input.cause, true);
  const naturals = rolled.flatMap((d) => (rules.explosionsCountAsNatural ? d.faces : [d.natural]));
  const allNaturalOnes = rules.challengeDice === 'level-dice' ? rolled.every((d) => d.natural === 1) : rolled[0]!.natural === 1;

  const sanity = input.sanity ? sanityModifier(input.sanity) : null;
  const survival = input.survival ?? [];
  const other = input.other ?? [];
  const all = [...(sanity ? [sanity] : []), ...survival, ...other];
  const sum = sumDice(rolled);
  const total = sum + totalOf(all);
  const targetShift = input.sanityChallenge ? attentionSanityShift(input.sanityChallenge.attentionStage, input.sanityChallenge.where) : null;
  const target = input.target + (targetShift?.value ?? 0);
  const success = !allNaturalOnes && total >= target;
  const chapter = rules.challengeDice === 'level-dice' ? 'ch.1' : 'ch.11';
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
