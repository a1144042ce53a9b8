// The campaign's loot entries by item name (rules/loot-entry.ts), from the tables as commands roll on them.
import type { LootLookup } from '../rules/loot-entry.ts';
import type { PlayReader } from './session.ts';

export const lootEntries = (r: PlayReader): LootLookup => r.tables.loot;
