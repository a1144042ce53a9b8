// The campaign's tables as commands roll on them, read once and kept until a table changes: a roll
// or a move then costs nothing for a homebrewer's 2,000-row table it never rolls on.
import type { Database } from 'better-sqlite3';
import { FLORA_TABLE, lootLookup, type LootLookup } from '../rules/loot-entry.ts';
import type { TableCatalog } from '../state/session.ts';
import { loadAllTables } from './tables-repo.ts';
import { tablesRevision } from './table-revision.ts';

/** A catalog is good for one revision of the tables. */
const catalogs = new WeakMap<Database, { revision: number; catalog: TableCatalog }>();

function build(db: Database): TableCatalog {
  const stored = loadAllTables(db);
  const defs = new Map([...stored].map(([k, t]) => [k, t.def]));
  let loot: LootLookup | null = null;
  return {
    defs,
    drawn: new Map([...stored].map(([k, t]) => [k, t.drawn])),
    ids: new Map([...stored].map(([k, t]) => [k, t.id])),
    // Built when first asked for: most commands never look an item up.
    get loot() {
      loot ??= lootLookup([...defs.values()].filter((d) => d.category === 'loot' || d.key === FLORA_TABLE));
      return loot;
    },
  };
}

export function tableCatalog(db: Database): TableCatalog {
  const revision = tablesRevision(db);
  const held = catalogs.get(db);
  if (held && held.revision === revision) return held.catalog;
  const catalog = build(db);
  catalogs.set(db, { revision, catalog });
  return catalog;
}

/** The catalog after a command's draws were saved: the same tables, the new draws. */
export function keepDraws(db: Database, draws: ReadonlyMap<string, readonly number[]>): void {
  const held = catalogs.get(db);
  if (!held || draws.size === 0) return;
  const drawn = new Map(held.catalog.drawn);
  for (const [key, d] of draws) drawn.set(key, d);
  const { defs, ids } = held.catalog;
  const previous = held.catalog;
  catalogs.set(db, {
    revision: held.revision,
    catalog: {
      defs,
      drawn,
      ids,
      get loot() {
        return previous.loot;
      },
    },
  });
}
