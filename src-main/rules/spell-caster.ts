// Who casts (rulebook ch.4, ch.13, ch.15, ch.17): the caster as a spell's rules read them — gold,
// Health, what is equipped and carried, the ways to schools beyond colour — and what they choose
// at the moment of casting. Types and small readers only.
import { LOOT_SLOTS, type Colour, type ItemSlot, type SanityLevel } from '@shared/gauntlet.ts';
import type { ComponentChoice } from './loot-fate.ts';
import type { SpellSchool } from '@shared/tables.ts';

export interface CasterItem {
  id?: number;
  slot: ItemSlot;
  name: string;
  colour: Colour;
  broken: boolean;
  notes?: string;
  /** The item's type from its loot entry (Mono-Type, ch.14). */
  type?: string;
  /** Its loot entry's effect text (a ×N, ch.13). */
  details?: string;
  /** It occupies a Loot slot (ch.4, ch.17; a Medicine Slot's Flora counts); the baseline three when not said. */
  lootSlot?: boolean;
  flora?: boolean;
}

export interface Caster {
  name: string;
  gold: number;
  health?: number;
  /** The Sanity level (a learned spell spends one, ch.17). */
  sanity?: SanityLevel;
  items: readonly CasterItem[];
  inventory: readonly { name: string; count: number }[];
  /** Turned by the Lich (ch.16): Lich's Magic opens to them. */
  turned?: boolean;
  /** ch.2, ch.16: a Witch whose Oneness inhabits the Phylactery or the Lich gains its spells, Lich's Magic. */
  inhabitsLich?: boolean;
  /** Feedings of the Giver (ch.17) and Medicine Bay (ch.2): the ways to the Giver's Recipes. */
  giverAccess?: { feedings: number; medicineBay: boolean };
  /** ch.4: Forest loot held (a Flora or a Stone, equipped or carried) opens Daedric Magic. */
  forestLoot?: boolean;
  /**
   * ch.2: conduits Identified by this Scholar on the current floor, each opening one spell of its
   * school (null: not cast yet, so the first cast through it names the spell).
   */
  conduits?: readonly { school: SpellSchool; spell: string | null }[];
}

/** What the caster chooses at the moment of casting. */
export interface CastOptions {
  /** ch.13: a ×N component with no choice made yet: all N at once, or singly. */
  componentChoice?: ComponentChoice;
  /** ch.17, Forest path: how many complete recipes to spend (M equals it). */
  recipes?: number;
  /** ch.17, the Giver's Recipes: how many colour-matched Flora to spend to raise M. */
  flora?: number;
  /**
   * ch.2: where the cast comes from besides the caster's own spells: a Scroll (gold, no components,
   * whatever the user's colour, ch.15's learned spells), the Doctor's Coat (half gold), a spell
   * stolen by Counter Magic (free: no gold, no components), a spell the Witch learned through
   * Commune (one Sanity level, no components, ch.17).
   */
  source?: 'scroll' | 'coat' | 'stolen' | 'learned';
}

export const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
export const worn = (caster: Caster, name: string) => caster.items.some((i) => !i.broken && same(i.name, name));
export const inLoot = (i: Pick<CasterItem, 'slot' | 'broken' | 'lootSlot'>) =>
  (i.lootSlot ?? (LOOT_SLOTS as readonly ItemSlot[]).includes(i.slot)) && !i.broken;
