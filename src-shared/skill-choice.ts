// A class skill's use as the screens build it, without loading the contract's schemas into the page.
import type { SkillChoice, SkillChoices, SkillName } from './contract/skill-args.ts';

/**
 * The skill and its own choices as one use. Every skill's choices are optional, so a name with its
 * own choices is always a valid use; the compiler cannot pair a generic name with its member of the
 * union, which is all the cast tells it.
 */
export function skillUse<S extends SkillName>(skill: S, choices: SkillChoices<S>): SkillChoice {
  return { skill, ...choices } as SkillChoice;
}
