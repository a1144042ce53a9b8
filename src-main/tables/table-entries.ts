// A table's row at a rolled value, and that row as a report reads it.
import type { TableDef, TableRow } from '@shared/tables.ts';
import { rowAt } from './table-roll.ts';

/** The row a rolled value lands on in one of the campaign's tables, if any. */
export function entryAt(tables: ReadonlyMap<string, TableDef>, key: string, value: number): TableRow | undefined {
  const table = tables.get(key);
  const index = table ? rowAt(table, value) : null;
  return index !== null && table ? table.rows[index] : undefined;
}

/** That row as a report reads it: "label — details", or "no entry". */
export function entryText(tables: ReadonlyMap<string, TableDef>, key: string, value: number): string {
  const row = entryAt(tables, key, value);
  return row ? `${row.label}${row.details ? ` — ${row.details}` : ''}` : 'no entry';
}
