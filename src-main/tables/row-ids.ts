// Each row of a table has its own number, kept through edits (a rename, a range change, rows added
// or removed around it), so that what refers to a row (a loot item held) finds it again.
import type { TableRow } from '@shared/tables.ts';

/** The rows with an id each: ids already held stay (the first of any repeated one), the rest get new ones past the highest. */
export function withRowIds(rows: readonly TableRow[]): TableRow[] {
  let next = 1;
  for (const r of rows) if (r.id !== undefined && r.id >= next) next = r.id + 1;
  const seen = new Set<number>();
  return rows.map((r) => {
    if (r.id !== undefined && !seen.has(r.id)) {
      seen.add(r.id);
      return r;
    }
    return { ...r, id: next++ };
  });
}

/** The id a row added to these rows would get. */
export function nextRowId(rows: readonly TableRow[]): number {
  return rows.reduce((max, r) => Math.max(max, r.id ?? 0), 0) + 1;
}

/** The row with this id (or none, so that saving gives it a new one). */
export function withOwnId(row: TableRow, id: number | undefined): TableRow {
  const { id: _given, ...rest } = row;
  return id === undefined ? rest : { ...rest, id };
}
