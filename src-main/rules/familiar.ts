// The Familiar (rulebook ch.2, ch.3): the Witch's second skill summons one at each dive and Forest visit.

/** ch.2: the skill that summons the Familiar. */
export const FAMILIAR_SKILL = 'Familiar';

/** Whether a Lichslayer's skill slots hold the Familiar skill (ch.2 Witch, Skill 2). */
export function hasFamiliarSkill(skills: readonly string[]): boolean {
  return skills.some((s) => s.trim().toLowerCase() === FAMILIAR_SKILL.toLowerCase());
}
