// A Lichslayer's Gauntlet as a fight reads it (rulebook ch.4, ch.8, ch.11, ch.13, ch.14): the equipped
// items with their loot-table entries (actions, Effect, breakable), the synchronicity they hold, the
// items that Block, and the modifiers the character takes on all rolls.
import type { PlayReader } from '../state/session.ts';
import type { ItemSlot } from '@shared/gauntlet.ts';
import type { LootFields } from '@shared/tables.ts';
import { readHouseRules } from '../state/settings.ts';
import type { EquippedItem } from '../rules/attack.ts';
import { modifiersFor } from './character-rolls.ts';
import { rollModifiersOf, wardsSanity, type RollModifiers } from '../rules/challenge.ts';
import { GAUNTLET_ORDER, NO_SYNC, type GauntletItem, type SyncHeld } from '../rules/damage.ts';
import { synchronicity } from '../rules/synchronicity.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import type { ItemRow } from '../state/rows.ts';
import type { InfluenceOffer } from '@shared/fight.ts';
import { heldInfluence } from '../state/gauntlet.ts';
import { influenceForRoll } from '../rules/loot-fate.ts';
import type { InfluenceDie } from '../rules/loot-roll.ts';
import { CommandFailure } from '../state/failures.ts';

export interface LootEntry {
  fields: LootFields;
  details: string;
}

/** An item's row on the campaign's loot tables, by name (ch.13), or null for gear on no table. */
export function lootEntryFor(ps: PlayReader, name: string, ref: string | null = null): LootEntry | null {
  // The catalog's one look-up: by the row the item came from, else the first loot table naming it.
  const entry = ps.tables.loot.entry(name, ref);
  return entry ? { fields: entry.fields, details: entry.details } : null;
}

export interface HeldItem extends EquippedItem, GauntletItem {
  id: number;
  slot: ItemSlot;
  /** Its type, for Mono-Type (ch.14). */
  itemType: string | undefined;
}

/**
 * Each Lichslayer's equipped items, kept for as long as the items and the tables they are looked
 * up in are the same objects: every roll's modifiers, every Challenge and every view asks again.
 */
const equippedKept = new WeakMap<object, WeakMap<object, Map<number, readonly HeldItem[]>>>();

/** The items in a Lichslayer's equipment bands, each with its loot-table entry. */
export function equippedItems(ps: PlayReader, lichslayerId: number): readonly HeldItem[] {
  const all = ps.all('item');
  const tables = ps.tables;
  let byTables = equippedKept.get(all);
  if (!byTables) equippedKept.set(all, (byTables = new WeakMap()));
  let byId = byTables.get(tables);
  if (!byId) byTables.set(tables, (byId = new Map()));
  let held = byId.get(lichslayerId);
  if (!held)
    byId.set(lichslayerId, (held = Object.freeze(readEquipped(ps, all, lichslayerId).map((i) => Object.freeze(i)))));
  return held;
}

function readEquipped(ps: PlayReader, all: readonly ItemRow[], lichslayerId: number): HeldItem[] {
  const rows = all.filter((i) => i.lichslayer_id === lichslayerId);
  rows.sort((a, b) => GAUNTLET_ORDER.indexOf(a.slot) - GAUNTLET_ORDER.indexOf(b.slot));
  return rows.map((r) => {
    const entry = lootEntryFor(ps, r.name, r.loot_ref);
    return {
      id: r.id,
      slot: r.slot,
      name: r.name,
      colour: r.colour,
      broken: r.broken === 1,
      notes: r.notes,
      entry: entry
        ? { actions: entry.fields.actions, details: entry.details, breakable: entry.fields.breakable }
        : null,
      // ch.11: some loot is marked unbreakable, on its table or in its notes.
      unbreakable: entry ? !entry.fields.breakable : /\bunbreakable\b/i.test(r.notes),
      itemType: entry?.fields.itemType,
    };
  });
}

/** The synchronicity the equipped, unbroken loot holds, as the fight reads it (ch.14). */
export function syncHeld(ps: PlayReader, lichslayerId: number): SyncHeld {
  const items = equippedItems(ps, lichslayerId);
  const r = synchronicity(
    items.map((i) => ({
      name: i.name,
      colour: i.colour,
      broken: i.broken,
      ...(i.itemType ? { type: i.itemType } : {}),
    })),
    readHouseRules(ps),
  );
  if (!r.conditions.length) return NO_SYNC;
  return {
    monoColor: r.conditions.some((c) => c.id === 'mono-color'),
    fullSpectrum: r.conditions.some((c) => c.id === 'full-spectrum'),
    dualColours: r.conditions.find((c) => c.id === 'dual-color')?.colours ?? null,
  };
}

/** Equipped, unbroken items that Block: their loot entry lists the action, or their notes say "Block" (ch.13). */
export function blockItems(items: readonly HeldItem[]): HeldItem[] {
  return items.filter((i) => !i.broken && (i.entry?.actions.includes('block') || /\bblock\b/i.test(i.notes)));
}

/**
 * The character's modifiers to all rolls (ch.4, ch.8): their one rule (modifiersFor: Sanity, the
 * survival clock as the Idols shift it, the Square's gift …), an intact ward negating the Sanity penalty.
 */
export function rollModifiersFor(
  ps: PlayReader,
  l: LichslayerRow,
  roll: { where: 'tombs' | 'town' | 'forest'; sanityChallenge: boolean } = { where: 'tombs', sanityChallenge: false },
): RollModifiers {
  const items = equippedItems(ps, l.id).map((i) => ({
    name: i.name,
    broken: i.broken,
    text: `${i.notes} ${i.entry?.details ?? ''}`,
  }));
  return rollModifiersOf(modifiersFor(ps, l, roll), wardsSanity(items));
}

/** The Influence dice a roller holds and whether every roll takes them (the attack and Challenge dialogs, ch.13). */
export function influenceOffer(ps: PlayReader, l: LichslayerRow | null): InfluenceOffer {
  return {
    dice: l ? heldInfluence(ps, l).map(({ source, sides }) => ({ source, sides })) : [],
    always: readHouseRules(ps).influenceOnRolls === 'every-roll',
  };
}

/**
 * The Influence dice one attack or Challenge of this roller adds (ch.1, ch.13), or a refusal when
 * they were asked for and none is held; the Judge's own number takes none.
 */
export function influenceToAdd(
  ps: PlayReader,
  l: LichslayerRow | null,
  asked: boolean,
  who: string,
): readonly InfluenceDie[] {
  const held = l ? heldInfluence(ps, l) : [];
  const r = influenceForRoll(held, asked, who, readHouseRules(ps));
  if ('refused' in r) throw new CommandFailure('refused', `${r.refused}. Nothing changed.`);
  return r.dice;
}
