// An item's entry on the campaign's tables (ch.13), found by the row the item came from (kept
// through renames of the row) or else by its name: the one lookup every rule that needs an item's
// table data goes through — its type (Mono-Type, ch.14), actions (the fates, ch.13), colour and
// effect text. Pure: the caller hands in the tables it loaded.
import type { LootFields, TableDef } from '@shared/tables.ts';

export interface LootEntry {
  /** The table the entry is on. */
  table: string;
  /** The row's name on the table now. */
  label: string;
  /** The row as an item keeps it (lootRef), or null for a row saved before rows had ids. */
  ref: string | null;
  fields: LootFields;
  details: string;
}

/** The Forest's Flora table (ch.17): only Flora may sit in a Medicine Slot (ch.2). */
export const FLORA_TABLE = 'flora';

const key = (name: string) => name.trim().toLowerCase();

/** How an item names the row it came from: the table's key and the row's id. */
export const lootRef = (tableKey: string, rowId: number): string => `${tableKey}#${rowId}`;

/** A lookup over a campaign's tables, built once per read. */
export interface LootLookup {
  /** The entry of the row `ref` names, if it still exists; else the first loot row called `name`. */
  entry(name: string, ref?: string | null): LootEntry | null;
  /** The row an item of this name comes from, as an item keeps it; null when no loot row has the name. */
  refOf(name: string): string | null;
  isFlora(name: string, ref?: string | null): boolean;
}

export function lootLookup(tables: Iterable<TableDef>): LootLookup {
  const entries = new Map<string, LootEntry>();
  const byRef = new Map<string, LootEntry>();
  const flora = new Set<string>();
  const floraRefs = new Set<string>();
  for (const def of tables) {
    if (def.key === FLORA_TABLE)
      for (const r of def.rows) {
        flora.add(key(r.label));
        if (r.id !== undefined) floraRefs.add(lootRef(def.key, r.id));
      }
    if (def.category !== 'loot') continue;
    for (const r of def.rows) {
      if (!r.loot) continue;
      const ref = r.id === undefined ? null : lootRef(def.key, r.id);
      const entry = { table: def.key, label: r.label, ref, fields: r.loot, details: r.details };
      if (ref) byRef.set(ref, entry);
      // The first loot table naming an item wins, so an edit to "loot" is never shadowed by a later table.
      if (!entries.has(key(r.label))) entries.set(key(r.label), entry);
    }
  }
  const entry = (name: string, ref?: string | null) =>
    (ref ? byRef.get(ref) : undefined) ?? entries.get(key(name)) ?? null;
  return {
    entry,
    refOf: (name) => entries.get(key(name))?.ref ?? null,
    isFlora: (name, ref) =>
      (!!ref && floraRefs.has(ref)) || flora.has(key(name)) || entry(name, ref)?.table === FLORA_TABLE,
  };
}
