// A Sanity Challenge rolled for a character (rulebook ch.8, ch.5): a Challenge with the character's
// roll modifiers and the Attention's shift of the target; a failure drops one Sanity level.
import type { SanityLevel } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { rollChallenge, type ChallengeResult } from './challenge.ts';
import type { Dice } from './dice.ts';
import type { AttentionStage } from './lich-attention.ts';
import type { CharacterModifiers } from './roll-modifiers.ts';
import { dropSanity, SANITY_LADDER } from './sanity.ts';

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

export function rollSanityChallenge(dice: Dice, input: SanityChallengeInput, rules: HouseRules): { passed: boolean; sanity: SanityLevel; result: ChallengeResult; explain: string } {
  const result = rollChallenge(dice, { level: input.level, target: input.target, cause: input.cause, ...input.modifiers, sanityChallenge: { attentionStage: input.attentionStage, where: input.where } }, rules);
  if (result.success) return { passed: true, sanity: input.modifiers.sanity, result, explain: `${input.cause}: ${input.name} holds (${result.explain})` };
  const sanity = dropSanity(input.modifiers.sanity);
  return { passed: false, sanity, result, explain: `${input.cause}: ${input.name} fails (${result.explain}) and drops to ${SANITY_LADDER[sanity].label} (ch.8)` };
}
