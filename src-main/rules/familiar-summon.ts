// The Familiar placed on the board for its Witch (rulebook ch.2, ch.3): the Witch's Familiar skill
// summons it; enhanced, its Health is doubled for good.

/** The Familiar's Health as placed for its Witch, or why it is refused (ch.2). */
export function summonedFamiliar(input: {
  witch: string;
  holdsSkill: boolean;
  enhanced: boolean;
  name: string;
  health: number | null;
}): { health: number | null; explain: string | null } | { refused: string } {
  if (!input.holdsSkill)
    return { refused: `${input.witch} does not hold the Familiar skill: a Familiar is the Witch's (ch.2, ch.3)` };
  if (!input.enhanced || input.health === null) return { health: input.health, explain: null };
  const health = input.health * 2;
  return {
    health,
    explain: `${input.name}'s Health is doubled by ${input.witch}'s enhanced Familiar skill: ${input.health} → ${health} (ch.2)`,
  };
}
