// A Lichslayer's Gauntlet as the rules read it: equipped items with their loot entries, the slots
// the skills open (ch.2), and the Influence dice held (ch.1, ch.13). One read per command.
import type { ItemRow } from './rows.ts';
import type { PlayReader } from './session.ts';
import type { Colour, ItemSlot } from '@shared/gauntlet.ts';
import { slotsOpen, inLootSlot, type SlotPlan } from '../rules/gauntlet-slots.ts';
import { influenceDice } from '../rules/loot-fate.ts';
import type { InfluenceDie } from '../rules/loot-roll.ts';
import type { LootEntry, LootLookup } from '../rules/loot-entry.ts';
import { lifeRecord } from './life-records.ts';
import { lootEntries } from './loot-lookup.ts';

export type { ItemRow } from './rows.ts';

/** An equipped item with what the rules need to know about it. */
export interface EquippedItem {
  id: number;
  slot: ItemSlot;
  name: string;
  colour: Colour;
  broken: boolean;
  notes: string;
  entry: LootEntry | null;
  flora: boolean;
  /** It occupies a Loot slot, where components are spent from (ch.4, ch.17). */
  lootSlot: boolean;
}

export const itemRowsOf = (r: PlayReader, lichslayerId: number): ItemRow[] =>
  r.all('item').filter((i) => i.lichslayer_id === lichslayerId);

/** The skills held (Skill 1-3, the capstone) and enhanced, as the slot rule reads them (ch.2). */
export function slotPlanOf(
  s: PlayReader,
  row: { id: number; skill1: string; skill2: string; skill3: string; capstone: string },
): SlotPlan {
  return slotsOpen({
    skills: [row.skill1, row.skill2, row.skill3, row.capstone].filter(Boolean),
    enhanced: lifeRecord(s, row.id).enhanced,
  });
}

/** Items with their entries, given a lookup already built (views read many Lichslayers at once). */
export function equippedWith(rows: readonly ItemRow[], plan: SlotPlan, lookup: LootLookup): EquippedItem[] {
  return rows.map((i) => {
    const flora = lookup.isFlora(i.name, i.loot_ref);
    return {
      id: i.id,
      slot: i.slot,
      name: i.name,
      colour: i.colour,
      broken: i.broken === 1,
      notes: i.notes,
      entry: lookup.entry(i.name, i.loot_ref),
      flora,
      lootSlot: inLootSlot(plan, i.slot, flora),
    };
  });
}

export function equippedOf(
  s: PlayReader,
  row: { id: number; skill1: string; skill2: string; skill3: string; capstone: string },
  lookup: LootLookup = lootEntries(s),
): EquippedItem[] {
  return equippedWith(itemRowsOf(s, row.id), slotPlanOf(s, row), lookup);
}

/** The Influence dice a Lichslayer's equipped items offer to a roll (ch.1, ch.13). */
export function heldInfluence(
  s: PlayReader,
  row: { id: number; skill1: string; skill2: string; skill3: string; capstone: string },
): InfluenceDie[] {
  return influenceDice(equippedOf(s, row));
}

/** The item a Lichslayer holds in one slot, or null when it is empty. */
export const itemInSlot = (r: PlayReader, lichslayerId: number, slot: string): ItemRow | null =>
  r.all('item').find((i) => i.lichslayer_id === lichslayerId && i.slot === slot) ?? null;
