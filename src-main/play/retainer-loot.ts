// A Retainer's own loot item (rulebook ch.2, ch.7, ch.13): the one an Exceptional Retainer is hired
// with, looked up on the campaign's loot tables by the row it was rolled on, so a renamed row still
// resolves and an edited row's actions and Effect are the ones a fight reads.
import type { PlayReader } from '../state/session.ts';
import type { EquippedItem } from '../rules/attack.ts';
import { readTown } from '../state/town.ts';
import { lootEntries } from '../state/loot-lookup.ts';

/** The band a Retainer's one loot item is offered in: its first Loot Slot, as the attack command names it. */
export const RETAINER_LOOT_SLOT = 'loot1';

/** The loot item the Retainer on this token holds (ch.7), or null for a Retainer hired without one. */
export function retainerLoot(ps: PlayReader, tokenId: number): EquippedItem | null {
  const hired = readTown(ps).retainers.find((r) => r.tokenId === tokenId);
  if (!hired?.loot) return null;
  const entry = lootEntries(ps).entry(hired.loot, hired.lootRef);
  return {
    slot: RETAINER_LOOT_SLOT,
    // The item keeps its own name, as a Lichslayer's does when the Judge renames its row.
    name: hired.loot,
    // Its colour is the row's: a Retainer keeps no Gauntlet where the Smith could have recoloured it.
    colour: entry?.fields.colour ?? 'Colourless',
    // The app keeps no broken state for a Retainer's item (see the integrity refusal in the fight).
    broken: false,
    notes: '',
    entry: entry ? { actions: entry.fields.actions, details: entry.details, breakable: entry.fields.breakable } : null,
  };
}

/**
 * Why an integrity check on a Retainer's item is not the app's (ch.11): the break would need a broken
 * state, a Smith's repair and a place on the Retainer that the app does not keep, so the Judge rules it.
 */
const retainerIntegrity = (retainer: string, item: string): string =>
  `${item} is ${retainer}'s own loot item, and the app keeps no broken state for a Retainer's item: its integrity check (ch.11) is the Judge's to roll and rule by hand`;

/** What an integrity check on a Retainer's item comes to: none for an unbreakable one, else the Judge's (ch.11). */
export function retainerCheck(retainer: string, item: EquippedItem): string {
  if (item.entry && !item.entry.breakable) return `${item.name} is unbreakable (ch.11): there is nothing to check`;
  return retainerIntegrity(retainer, item.name);
}
