// The campaign's tables as commands roll on them: what each table is, read once, and its rows read
// when a roll first reaches it, all kept until a table changes. A roll or a move then costs nothing
// for a homebrewer's 2,000-row table it never rolls on.
import type { Database, Statement } from 'better-sqlite3';
import type { TableDef } from '@shared/tables.ts';
import { FLORA_TABLE, lootLookup, type LootLookup } from '../rules/loot-entry.ts';
import type { TableCatalog } from '../state/session.ts';
import { parseRow, toDef, type TableRecord } from './tables-repo.ts';
import { tablesRevision } from './table-revision.ts';
import { statement } from './statements.ts';

/** A catalog is good for one revision of the tables. */
const catalogs = new WeakMap<Database, { revision: string; catalog: TableCatalog }>();

/** The tables by key, each table's rows read on first use. */
class LazyTables implements ReadonlyMap<string, TableDef> {
  private readonly loaded = new Map<string, TableDef>();
  constructor(
    private readonly db: Database,
    private readonly records: ReadonlyMap<string, TableRecord>,
    private readonly rows: Statement,
  ) {}

  get size(): number {
    return this.records.size;
  }

  has(key: string): boolean {
    return this.records.has(key);
  }

  get(key: string): TableDef | undefined {
    const hit = this.loaded.get(key);
    if (hit) return hit;
    const rec = this.records.get(key);
    if (!rec) return undefined;
    const rows = this.rows.all(rec.id) as { id: number; data: string }[];
    const def = toDef(
      rec,
      rows.map((r) => parseRow(this.db, r.id, r.data)),
    );
    this.loaded.set(key, def);
    return def;
  }

  *entries(): MapIterator<[string, TableDef]> {
    for (const key of this.records.keys()) yield [key, this.get(key)!];
  }

  keys(): MapIterator<string> {
    return this.records.keys();
  }

  *values(): MapIterator<TableDef> {
    for (const key of this.records.keys()) yield this.get(key)!;
  }

  [Symbol.iterator](): MapIterator<[string, TableDef]> {
    return this.entries();
  }

  forEach(callback: (value: TableDef, key: string, map: ReadonlyMap<string, TableDef>) => void): void {
    for (const [key, def] of this.entries()) callback(def, key, this);
  }

  /** The tables whose record matches, in the catalog's order: only those are read. */
  where(match: (record: TableRecord) => boolean): TableDef[] {
    return [...this.records.values()].filter(match).map((r) => this.get(r.key)!);
  }
}

function build(db: Database): TableCatalog {
  const records = new Map(
    (statement(db, `SELECT * FROM rtable ORDER BY category, name`).all() as TableRecord[]).map((r) => [r.key, r]),
  );
  const defs = new LazyTables(
    db,
    records,
    statement(db, `SELECT id, table_id, data FROM rtable_row WHERE table_id = ? ORDER BY position, id`),
  );
  return catalogOf(
    defs,
    new Map([...records].map(([k, r]) => [k, JSON.parse(r.drawn) as number[]])),
    new Map([...records].map(([k, r]) => [k, r.id])),
  );
}

function catalogOf(
  defs: LazyTables,
  drawn: ReadonlyMap<string, readonly number[]>,
  ids: ReadonlyMap<string, number>,
  lookup?: () => LootLookup,
): TableCatalog {
  let loot: LootLookup | null = null;
  return {
    defs,
    drawn,
    ids,
    ofCategory: (category) => defs.where((r) => r.category === category),
    // Built when first asked for: most commands never look an item up.
    get loot() {
      loot ??= lookup ? lookup() : lootLookup(defs.where((r) => r.category === 'loot' || r.key === FLORA_TABLE));
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
  const previous = held.catalog;
  catalogs.set(db, {
    revision: held.revision,
    catalog: catalogOf(previous.defs as LazyTables, drawn, previous.ids, () => previous.loot),
  });
}
