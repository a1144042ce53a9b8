// A Lichslayer's Gauntlet as the rules read it: equipped items with their loot entries, the slots
// the skills open (ch.2), and the Influence dice held (ch.1, ch.13). One read per command.
import type { Database } from 'better-sqlite3';
import type { Colour, ItemSlot } from '@shared/gauntlet.ts';
import { slotsOpen, inLootSlot, type SlotPlan } from '../rules/gauntlet-slots.ts';
import { influenceDice } from '../rules/loot-fate.ts';
import type { InfluenceDie } from '../rules/loot-roll.ts';
import type { LootEntry, LootLookup } from '../rules/loot-entry.ts';
import { lifeRecord } from './life-records.ts';
import { lootEntries } from './loot-entries.ts';

export interface ItemRow {
  id: number;
  lichslayer_id: number;
  slot: ItemSlot;
  name: string;
  colour: Colour;
  broken: number;
  notes: string;
}

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

export const itemRowsOf = (db: Database, lichslayerId: number): ItemRow[] =>
  db.prepare(`SELECT * FROM item WHERE lichslayer_id = ?`).all(lichslayerId) as ItemRow[];

/** The skills held (Skill 1-3, the capstone) and enhanced, as the slot rule reads them (ch.2). */
export function slotPlanOf(
  db: Database,
  row: { id: number; skill1: string; skill2: string; skill3: string; capstone: string },
): SlotPlan {
  return slotsOpen({
    skills: [row.skill1, row.skill2, row.skill3, row.capstone].filter(Boolean),
    enhanced: lifeRecord(db, row.id).enhanced,
  });
}

/** Items with their entries, given a lookup already built (views read many Lichslayers at once). */
export function equippedWith(rows: readonly ItemRow[], plan: SlotPlan, lookup: LootLookup): EquippedItem[] {
  return rows.map((i) => {
    const flora = lookup.isFlora(i.name);
    return {
      id: i.id,
      slot: i.slot,
      name: i.name,
      colour: i.colour,
      broken: i.broken === 1,
      notes: i.notes,
      entry: lookup.entry(i.name),
      flora,
      lootSlot: inLootSlot(plan, i.slot, flora),
    };
  });
}

export function equippedOf(
  db: Database,
  row: { id: number; skill1: string; skill2: string; skill3: string; capstone: string },
  lookup: LootLookup = lootEntries(db),
): EquippedItem[] {
  return equippedWith(itemRowsOf(db, row.id), slotPlanOf(db, row), lookup);
}

/** The Influence dice a Lichslayer's equipped items offer to a roll (ch.1, ch.13). */
export function heldInfluence(
  db: Database,
  row: { id: number; skill1: string; skill2: string; skill3: string; capstone: string },
): InfluenceDie[] {
  return influenceDice(equippedOf(db, row));
}
