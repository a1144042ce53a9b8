// An item's entry on the campaign's tables, found by its name (ch.13): the one lookup every rule
// that needs an item's table data goes through — its type (Mono-Type, ch.14), actions (the fates,
// ch.13), colour and effect text. Pure: the caller hands in the tables it loaded.
import type { LootFields, TableDef } from '@shared/tables.ts';

export interface LootEntry {
  /** The table the entry is on. */
  table: string;
  fields: LootFields;
  details: string;
}

/** The Forest's Flora table (ch.17): only Flora may sit in a Medicine Slot (ch.2). */
export const FLORA_TABLE = 'flora';

const key = (name: string) => name.trim().toLowerCase();

/** A lookup over a campaign's tables, built once per read. */
export interface LootLookup {
  entry(name: string): LootEntry | null;
  isFlora(name: string): boolean;
}

export function lootLookup(tables: Iterable<TableDef>): LootLookup {
  const entries = new Map<string, LootEntry>();
  const flora = new Set<string>();
  for (const def of tables) {
    if (def.key === FLORA_TABLE) for (const r of def.rows) flora.add(key(r.label));
    if (def.category !== 'loot') continue;
    for (const r of def.rows) {
      // The first loot table naming an item wins, so an edit to "loot" is never shadowed by a later table.
      if (r.loot && !entries.has(key(r.label)))
        entries.set(key(r.label), { table: def.key, fields: r.loot, details: r.details });
    }
  }
  return {
    entry: (name) => entries.get(key(name)) ?? null,
    isFlora: (name) => flora.has(key(name)) || entries.get(key(name))?.table === FLORA_TABLE,
  };
}
