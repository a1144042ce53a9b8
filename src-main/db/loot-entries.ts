// The campaign's loot entries by item name, read once per command or view (rules/loot-entry.ts).
import type { Database } from 'better-sqlite3';
import { lootLookup, type LootLookup } from '../rules/loot-entry.ts';
import { loadAllTables } from './tables-repo.ts';

export function lootEntries(db: Database): LootLookup {
  return lootLookup([...loadAllTables(db).values()].map((t) => t.def));
}
