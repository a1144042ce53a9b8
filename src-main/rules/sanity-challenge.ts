// A Challenge rolled for a character (rulebook ch.1, ch.5, ch.8): the one procedure every path that
// rolls a Lichslayer's Challenge uses (a fight's Sanity triggers, a trap, the day's Sanity Challenges
// in the Town and the Forest). The character's roll modifiers are added; a Sanity Challenge's target
// takes the Attention's shift, and its failure drops one Sanity level. The Judge may set the total.
import type { SanityLevel } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { judgeChallenge, rollChallenge, type ChallengeResult } from './challenge.ts';
import type { Dice, Modifier } from './dice.ts';
import type { AttentionStage } from './lich-attention.ts';
import type { CharacterModifiers } from './roll-modifiers.ts';
import { dropSanity, SANITY_LADDER } from './sanity.ts';
import type { InfluenceDie } from './loot-roll.ts';

export interface CharacterChallengeInput {
  name: string;
  level: number;
  target: number;
  cause: string;
  /** The Sanity the character has now: what a failed Sanity Challenge drops from. */
  sanityNow: SanityLevel;
  /** A Sanity Challenge: where it is rolled and the Attention's stage (they shift the target, ch.5); null for any other Challenge. */
  sanityChallenge: { where: 'tombs' | 'town' | 'forest'; attentionStage: AttentionStage } | null;
  /** The character's roll modifiers: the Sanity penalty (absent when a ward negates it), the survival clock, the rest. */
  modifiers: { sanity?: SanityLevel; survival: Modifier[]; other: Modifier[] };
  /** The Judge's own total instead of the roll. */
  judgeTotal?: number;
  /** Influence dice the character adds to this roll (ch.1, ch.13); none on the Judge's total. */
  influence?: readonly InfluenceDie[];
}

export interface CharacterChallenge {
  passed: boolean;
  /** The character's Sanity after the Challenge (one level lower when a Sanity Challenge failed). */
  sanity: SanityLevel;
  dropped: boolean;
  result: ChallengeResult;
  explain: string;
}

export function rollCharacterChallenge(
  dice: Dice,
  input: CharacterChallengeInput,
  rules: HouseRules,
): CharacterChallenge {
  const shift = input.sanityChallenge ? { sanityChallenge: input.sanityChallenge } : {};
  const { sanity, survival, other } = input.modifiers;
  const result =
    input.judgeTotal === undefined
      ? rollChallenge(
          dice,
          {
            level: input.level,
            target: input.target,
            cause: input.cause,
            ...(sanity ? { sanity } : {}),
            survival,
            other,
            ...shift,
            ...(input.influence?.length ? { influence: input.influence } : {}),
          },
          rules,
        )
      : judgeChallenge({ target: input.target, ...shift }, input.judgeTotal, rules);
  if (!result.success && input.sanityChallenge) {
    const next = dropSanity(input.sanityNow);
    return {
      passed: false,
      sanity: next,
      dropped: true,
      result,
      explain: `${input.cause}: ${input.name} fails (${result.explain}) and drops to ${SANITY_LADDER[next].label} (ch.8)`,
    };
  }
  const verb = result.success ? (input.sanityChallenge ? 'holds' : 'succeeds') : 'fails';
  return {
    passed: result.success,
    sanity: input.sanityNow,
    dropped: false,
    result,
    explain: `${input.cause}: ${input.name} ${verb} (${result.explain})`,
  };
}

export interface SanityChallengeInput {
  name: string;
  level: number;
  target: number;
  cause: string;
  where: 'tombs' | 'town' | 'forest';
  attentionStage: AttentionStage;
  /** The character's roll modifiers (rules/roll-modifiers.ts), their Sanity among them. */
  modifiers: CharacterModifiers;
}

/** A Sanity Challenge (ch.8): rollCharacterChallenge with the character's Sanity as both the penalty and the level dropped from. */
export function rollSanityChallenge(
  dice: Dice,
  input: SanityChallengeInput,
  rules: HouseRules,
): { passed: boolean; sanity: SanityLevel; result: ChallengeResult; explain: string } {
  const { modifiers } = input;
  return rollCharacterChallenge(
    dice,
    {
      name: input.name,
      level: input.level,
      target: input.target,
      cause: input.cause,
      sanityNow: modifiers.sanity,
      sanityChallenge: { where: input.where, attentionStage: input.attentionStage },
      modifiers: { sanity: modifiers.sanity, survival: modifiers.survival, other: modifiers.other },
    },
    rules,
  );
}
