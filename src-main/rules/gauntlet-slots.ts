// Which bands of the Crystal Gauntlet a Lichslayer has (rulebook ch.1, ch.2, ch.4, ch.17): three
// Loot slots at baseline; Extra Pockets makes them five, six when enhanced; Medicine Bay adds three
// Medicine Slots that only Flora may occupy; the Doctor's Coat of Arms makes the Garment slot a
// Medicine Slot too. Flora in Medicine Slots count as occupying Loot slots (ch.17).
import { BASE_SLOTS, LOOT_SLOTS, MEDICINE_SLOTS, type ItemSlot } from '@shared/gauntlet.ts';

export const BASE_LOOT_SLOTS = 3; // ch.1, ch.4: "three active loot items at baseline"
export const EXTRA_POCKETS_SLOTS = 5; // ch.2: the Bandit's Loot Slots are 5 instead of 3
export const EXTRA_POCKETS_ENHANCED_SLOTS = 6; // ch.2: enhanced, Loot Slots become 6
export const MEDICINE_BAY_SLOTS = 3; // ch.2: 3 additional Loot Slots designated as Medicine Slots

export const SKILL_EXTRA_POCKETS = 'Extra Pockets';
export const SKILL_MEDICINE_BAY = 'Medicine Bay';
export const SKILL_DOCTORS_COAT = 'Doctor’s Coat of Arms';

/** The skills a Lichslayer holds (Skill 1-3 and the capstone) and those enhanced with a Skill Point. */
export interface SkillsHeld {
  skills: readonly string[];
  enhanced: readonly string[];
}

export interface SlotPlan {
  /** Loot slots open, in order. */
  loot: readonly ItemSlot[];
  /** Medicine Slots open (Flora only). */
  medicine: readonly ItemSlot[];
  /** The Garment slot is also a Medicine Slot (the Doctor's Coat of Arms). */
  garmentIsMedicine: boolean;
  /** Every slot the Gauntlet has, in the order it is shown. */
  open: readonly ItemSlot[];
  explain: string;
}

// A Judge may type the skill with a plain apostrophe: "Doctor's" and "Doctor’s" are one skill.
const norm = (s: string) => s.trim().toLowerCase().replace(/[’‘`]/g, "'");
const holds = (held: SkillsHeld, skill: string) => held.skills.some((s) => norm(s) === norm(skill));
const enhancedOf = (held: SkillsHeld, skill: string) => held.enhanced.some((s) => norm(s) === norm(skill));

/** The Gauntlet's slots as the skills held make them (ch.2). */
export function slotsOpen(held: SkillsHeld): SlotPlan {
  const parts: string[] = [];
  let lootCount = BASE_LOOT_SLOTS;
  if (holds(held, SKILL_EXTRA_POCKETS)) {
    lootCount = enhancedOf(held, SKILL_EXTRA_POCKETS) ? EXTRA_POCKETS_ENHANCED_SLOTS : EXTRA_POCKETS_SLOTS;
    parts.push(
      `Extra Pockets${enhancedOf(held, SKILL_EXTRA_POCKETS) ? ' (enhanced)' : ''}: ${lootCount} Loot slots (ch.2)`,
    );
  }
  const medicine = holds(held, SKILL_MEDICINE_BAY) ? MEDICINE_SLOTS.slice(0, MEDICINE_BAY_SLOTS) : [];
  if (medicine.length) parts.push(`Medicine Bay: ${medicine.length} Medicine Slots, Flora only (ch.2)`);
  const garmentIsMedicine = holds(held, SKILL_DOCTORS_COAT);
  if (garmentIsMedicine) parts.push('Doctor’s Coat of Arms: the Garment slot is also a Medicine Slot (ch.2)');
  const loot = LOOT_SLOTS.slice(0, lootCount);
  return {
    loot,
    medicine,
    garmentIsMedicine,
    open: [...BASE_SLOTS.filter((s) => !LOOT_SLOTS.includes(s as (typeof LOOT_SLOTS)[number])), ...loot, ...medicine],
    explain: parts.length ? parts.join('; ') : `${BASE_LOOT_SLOTS} Loot slots at baseline (ch.1)`,
  };
}

export type SlotVerdict = { ok: true } | { ok: false; reason: string };

const SLOT_NAME = (slot: ItemSlot) =>
  slot.startsWith('loot')
    ? `Loot slot ${slot.slice(4)}`
    : slot.startsWith('medicine')
      ? `Medicine Slot ${slot.slice(8)}`
      : slot[0]!.toUpperCase() + slot.slice(1);

/** Whether an item may go into a slot: the slot must be open, and a Medicine Slot takes only Flora (ch.2). */
export function slotAccepts(plan: SlotPlan, slot: ItemSlot, item: { name: string; flora: boolean }): SlotVerdict {
  if (!plan.open.includes(slot)) {
    const why = slot.startsWith('medicine')
      ? 'Medicine Slots come with Medicine Bay'
      : `Loot slots ${BASE_LOOT_SLOTS + 1}-${EXTRA_POCKETS_SLOTS} come with Extra Pockets and slot ${EXTRA_POCKETS_ENHANCED_SLOTS} with it enhanced`;
    return { ok: false, reason: `This Gauntlet has no ${SLOT_NAME(slot)}: ${why} (ch.2)` };
  }
  if (plan.medicine.includes(slot) && !item.flora)
    return {
      ok: false,
      reason: `Only Flora may occupy a Medicine Slot, and ${item.name} is not on the Flora table (ch.2)`,
    };
  return { ok: true };
}

/**
 * Whether an item in a slot counts as occupying a Loot slot, where components are spent from
 * (ch.4, ch.17): an open Loot slot; a Medicine Slot; the Garment slot when it is a Medicine Slot
 * and holds Flora ("Flora held in the Lich Doctor's Medicine Slots count as occupying Loot slots").
 */
export function inLootSlot(plan: SlotPlan, slot: ItemSlot, flora: boolean): boolean {
  if (plan.loot.includes(slot)) return true;
  if (plan.medicine.includes(slot)) return flora;
  return slot === 'garment' && plan.garmentIsMedicine && flora;
}

/** Slots holding an item that the plan no longer opens (a skill given up): shown so the Judge moves it. */
export function closedButHeld(plan: SlotPlan, occupied: readonly ItemSlot[]): ItemSlot[] {
  return occupied.filter((s) => !plan.open.includes(s));
}

export const slotLabel = SLOT_NAME;

/** The short label a sheet prints: "Loot 4", "Medicine 1". */
export const slotShortLabel = (slot: ItemSlot): string => SLOT_NAME(slot).replace(' slot ', ' ').replace(' Slot ', ' ');
