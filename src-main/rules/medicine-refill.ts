// Medicine Bay enhanced (rulebook ch.2): one Medicine Slot item, chosen by the Lich Doctor, replenishes
// at the start of each in-game day for 36 gold, paid at the Inn.

export const MEDICINE_REFILL_GOLD = 36;

/** Why the Doctor's choice of a Medicine Slot to replenish is refused (ch.2), or null when it stands. */
export function refillChoiceRefusal(input: {
  doctor: string;
  enhanced: boolean;
  slotLabel: string;
  item: string | null;
}): string | null {
  if (!input.enhanced)
    return `${input.doctor}'s Medicine Bay is not enhanced: only then does a Medicine Slot item replenish each day (ch.2)`;
  if (!input.item) return `${input.slotLabel} is empty: choose the Medicine Slot holding the Flora to replenish (ch.2)`;
  return null;
}

/**
 * A new day's start (ch.2): the chosen item comes back into its Medicine Slot if it was used, for 36
 * gold; a slot still holding it, or something else, needs nothing; a Doctor short of gold goes without.
 */
export function medicineRefill(input: {
  doctor: string;
  item: string;
  slotLabel: string;
  slotHolds: string | null;
  gold: number;
}): { refill: boolean; paid: number; explain: string | null } {
  if (input.slotHolds !== null) return { refill: false, paid: 0, explain: null };
  if (input.gold < MEDICINE_REFILL_GOLD)
    return {
      refill: false,
      paid: 0,
      explain: `${input.doctor}'s ${input.item} does not replenish: ${MEDICINE_REFILL_GOLD} gold due at the Inn, ${input.gold} held (ch.2)`,
    };
  return {
    refill: true,
    paid: MEDICINE_REFILL_GOLD,
    explain: `${input.doctor}'s ${input.item} replenishes in ${input.slotLabel} for ${MEDICINE_REFILL_GOLD} gold, paid at the Inn (ch.2)`,
  };
}
