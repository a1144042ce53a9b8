// Random tables in the campaign database: one rtable row per table, one rtable_row per row
// (so an edit to one row of a 2,000-row table writes, and undoes, one row).
import type { Database } from 'better-sqlite3';
import { tableDefSchema, tableRowSchema, type TableDef, type TableRow } from '@shared/tables.ts';
import type { RecordingWriter } from './history.ts';
import { noteTableWrite } from './table-revision.ts';
import { withRowIds } from '../tables/row-ids.ts';
import { readStoredJson, StoredValueError } from '../state/stored-json.ts';
import { describeIssues } from '@shared/contract.ts';
import { statement } from './statements.ts';

export interface TableRecord {
  id: number;
  key: string;
  name: string;
  category: TableDef['category'];
  die: string | null;
  span_min: number | null;
  span_max: number | null;
  draw_without_replacement: number;
  starter: number;
  drawn: string;
}

export interface StoredTable {
  id: number;
  def: TableDef;
  rowIds: number[];
  drawn: number[];
}

export function toDef(rec: TableRecord, rows: TableRow[]): TableDef {
  return {
    key: rec.key,
    name: rec.name,
    category: rec.category,
    die: rec.die,
    span: rec.span_min !== null && rec.span_max !== null ? { min: rec.span_min, max: rec.span_max } : null,
    drawWithoutReplacement: rec.draw_without_replacement === 1,
    starter: rec.starter === 1,
    rows,
  };
}

/** Parsed rows per connection, keyed by row id and checked against the stored text. */
const rowCache = new WeakMap<Database, Map<number, { data: string; row: TableRow }>>();

export function parseRow(db: Database, id: number, json: string): TableRow {
  let cache = rowCache.get(db);
  if (!cache) rowCache.set(db, (cache = new Map()));
  const hit = cache.get(id);
  if (hit && hit.data === json) return hit.row;
  // Validated on the way in too; parsing again means a hand-edited file cannot reach the engine malformed.
  const raw = readStoredJson<unknown>('rtable_row', 'data', id, json);
  const parsed = tableRowSchema.safeParse(raw);
  if (!parsed.success)
    throw new StoredValueError(
      `rtable_row row ${id}, column data,`,
      `is not what the app writes (${describeIssues(parsed.error, 2)})`,
    );
  const row = parsed.data;
  cache.set(id, { data: json, row });
  return row;
}

export function loadTable(db: Database, key: string): StoredTable | null {
  const rec = statement(db, `SELECT * FROM rtable WHERE key = ?`).get(key) as TableRecord | undefined;
  if (!rec) return null;
  const rows = statement(db, `SELECT id, data FROM rtable_row WHERE table_id = ? ORDER BY position, id`).all(
    rec.id,
  ) as {
    id: number;
    data: string;
  }[];
  return {
    id: rec.id,
    def: toDef(
      rec,
      rows.map((r) => parseRow(db, r.id, r.data)),
    ),
    rowIds: rows.map((r) => r.id),
    drawn: readStoredJson<number[]>('rtable', 'drawn', rec.id, rec.drawn, true),
  };
}

export function loadAllTables(db: Database): Map<string, StoredTable> {
  return loadTablesWhere(db, '1');
}

/**
 * The tables whose rtable row matches `where` (SQL over rtable's columns, with `params`), with
 * their rows: for a question that needs only some tables, so a homebrewer's large table of another
 * kind costs nothing there.
 */
export function loadTablesWhere(db: Database, where: string, ...params: unknown[]): Map<string, StoredTable> {
  const recs = statement(db, `SELECT * FROM rtable WHERE ${where} ORDER BY category, name`).all(
    ...params,
  ) as TableRecord[];
  const rows = statement(
    db,
    `SELECT id, table_id, data FROM rtable_row WHERE table_id IN (SELECT id FROM rtable WHERE ${where}) ORDER BY table_id, position, id`,
  ).all(...params) as { id: number; table_id: number; data: string }[];
  const byTable = new Map<number, { id: number; data: string }[]>();
  for (const r of rows) {
    const list = byTable.get(r.table_id) ?? [];
    list.push(r);
    byTable.set(r.table_id, list);
  }
  return new Map(
    recs.map((rec) => {
      const list = byTable.get(rec.id) ?? [];
      return [
        rec.key,
        {
          id: rec.id,
          def: toDef(
            rec,
            list.map((r) => parseRow(db, r.id, r.data)),
          ),
          rowIds: list.map((r) => r.id),
          drawn: readStoredJson<number[]>('rtable', 'drawn', rec.id, rec.drawn, true),
        },
      ];
    }),
  );
}

export function tableSummaries(
  db: Database,
): { key: string; name: string; category: TableDef['category']; die: string | null; rows: number; starter: boolean }[] {
  return statement(
    db,
    `SELECT t.key, t.name, t.category, t.die, t.starter, (SELECT count(*) FROM rtable_row r WHERE r.table_id = t.id) AS rows FROM rtable t ORDER BY t.category, t.name`,
  )
    .all()
    .map((r) => {
      const x = r as {
        key: string;
        name: string;
        category: TableDef['category'];
        die: string | null;
        rows: number;
        starter: number;
      };
      return { ...x, starter: x.starter === 1 };
    });
}

function metaColumns(def: TableDef) {
  return {
    key: def.key,
    name: def.name,
    category: def.category,
    die: def.die,
    span_min: def.span?.min ?? null,
    span_max: def.span?.max ?? null,
    draw_without_replacement: def.drawWithoutReplacement ? 1 : 0,
    starter: def.starter ? 1 : 0,
  };
}

/** Whether the campaign holds a table under this key already. */
export function tableKeyTaken(db: Database, key: string): boolean {
  return !!statement(db, `SELECT 1 FROM rtable WHERE key = ?`).get(key);
}

export function insertTable(w: RecordingWriter, def: TableDef): number {
  const parsed = tableDefSchema.parse(def);
  const id = w.insert('rtable', { ...metaColumns(parsed), drawn: '[]' });
  withRowIds(parsed.rows).forEach((row, position) =>
    w.insert('rtable_row', { table_id: id, position, data: JSON.stringify(row) }),
  );
  return id;
}

export function updateTableMeta(w: RecordingWriter, stored: StoredTable, def: TableDef): void {
  const cols = metaColumns(def);
  const before = metaColumns(stored.def);
  const patch = Object.fromEntries(Object.entries(cols).filter(([k, v]) => before[k as keyof typeof before] !== v));
  if (Object.keys(patch).length) w.update('rtable', stored.id, patch);
}

export function replaceRows(w: RecordingWriter, stored: StoredTable, rows: readonly TableRow[]): void {
  for (const id of stored.rowIds) w.delete('rtable_row', id);
  withRowIds(rows.map((row) => tableRowSchema.parse(row))).forEach((row, position) =>
    w.insert('rtable_row', { table_id: stored.id, position, data: JSON.stringify(row) }),
  );
  clearDraws(w, stored);
}

export function deleteTable(w: RecordingWriter, stored: StoredTable): void {
  for (const id of stored.rowIds) w.delete('rtable_row', id);
  w.delete('rtable', stored.id);
}

/** Row positions shift when rows are added or removed, so draws start over after such edits. */
export function clearDraws(w: RecordingWriter, stored: StoredTable): void {
  if (stored.drawn.length) w.update('rtable', stored.id, { drawn: '[]' });
}

/** Draws are play state, not an edit: they are saved without an undo step. */
export function saveDraws(db: Database, tableId: number, drawn: readonly number[]): void {
  noteTableWrite(db, 'rtable');
  statement(db, `UPDATE rtable SET drawn = ? WHERE id = ?`).run(
    JSON.stringify([...drawn].sort((a, b) => a - b)),
    tableId,
  );
}
