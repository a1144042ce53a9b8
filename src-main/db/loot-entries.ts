// The campaign's loot entries by item name, read once per command or view (rules/loot-entry.ts).
import type { Database } from 'better-sqlite3';
import { FLORA_TABLE, lootLookup, type LootLookup } from '../rules/loot-entry.ts';
import { loadTablesWhere } from './tables-repo.ts';

/**
 * Only the tables the lookup reads (every loot table and the Flora table): every change rebuilds
 * the Judge's view through here, so a large table of rooms or events must not be read each time.
 */
export function lootEntries(db: Database): LootLookup {
  return lootLookup([...loadTablesWhere(db, `category = 'loot' OR key = ?`, FLORA_TABLE).values()].map((t) => t.def));
}
