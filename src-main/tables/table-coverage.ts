// Coverage of a table's die: which results no row covers, which rows reach outside what the
// die can give, and where rows overlap. The editor's validation and the import preview read
// the same sweep, so what one calls covered the other does too.
import type { TableDef } from '@shared/tables.ts';
import { tableSpan, type TableSpan } from './table-span.ts';

export interface Run {
  from: number;
  to: number;
}

export interface Coverage {
  min: number;
  max: number;
  /** Results the die can give that no row covers (d66's impossible 17-20 … are never listed). */
  uncovered: Run[];
  /** How many results the die can give that no row covers. */
  uncoveredCount: number;
  /** Rows whose key reaches below or above what the die can give. */
  outside: { row: number; from: number; to: number }[];
  /** Rows that share results with an earlier row. */
  overlaps: { row: number; other: number; from: number; to: number }[];
}

/** The uncovered runs of a span given the rows' ranges (to = null runs to the span's end). */
export function uncoveredRuns(span: TableSpan, ranges: readonly { from: number; to: number | null }[]): Run[] {
  const sorted = ranges
    .map((r) => ({ from: r.from, to: r.to ?? Math.max(span.max, r.from) }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  const runs: Run[] = [];
  const possible = span.values ? new Set(span.values) : null;
  const add = (lo: number, hi: number) => {
    // Rows keyed beyond the die (outside, said apart) leave no run of their own.
    if (lo > hi) return;
    if (!possible) return void runs.push({ from: lo, to: hi });
    let run: number | null = null;
    for (let v = lo; v <= hi + 1; v++) {
      if (v <= hi && possible.has(v)) run ??= v;
      else if (run !== null) {
        runs.push({ from: run, to: v - 1 });
        run = null;
      }
    }
  };
  let cursor = span.min;
  for (const r of sorted) {
    if (r.from > cursor) add(cursor, Math.min(r.from - 1, span.max));
    cursor = Math.max(cursor, r.to + 1);
  }
  if (cursor <= span.max) add(cursor, span.max);
  return runs;
}

export const runText = (r: Run): string => (r.from === r.to ? String(r.from) : `${r.from}-${r.to}`);

/** Coverage of a table rolled by a die; null for a table rolled by weight or with a die that does not parse. */
export function coverageOf(table: Pick<TableDef, 'die' | 'span' | 'rows'>): Coverage | null {
  const { span } = tableSpan(table);
  if (!span) return null;
  const keyed = table.rows.flatMap((r, i) =>
    r.range ? [{ i, from: r.range.from, to: r.range.to ?? Math.max(span.max, r.range.from) }] : [],
  );
  const uncovered = uncoveredRuns(
    span,
    keyed.map((k) => ({ from: k.from, to: k.to })),
  );
  const possible = span.values ? new Set(span.values) : null;
  const count = (r: Run) =>
    possible ? [...possible].filter((v) => v >= r.from && v <= r.to).length : r.to - r.from + 1;
  const outside = keyed
    .filter((k) => k.from < span.min || k.to > span.max)
    .map((k) => ({ row: k.i, from: k.from, to: k.to }));
  const overlaps: Coverage['overlaps'] = [];
  const sorted = [...keyed].sort((a, b) => a.from - b.from || a.to - b.to);
  // The widest-reaching earlier row is the one an overlap is measured against.
  let reach = sorted[0];
  for (const cur of sorted.slice(1)) {
    if (cur.from <= reach!.to)
      overlaps.push({
        row: cur.i,
        other: reach!.i,
        from: Math.max(cur.from, reach!.from),
        to: Math.min(cur.to, reach!.to),
      });
    if (cur.to > reach!.to) reach = cur;
  }
  return {
    min: span.min,
    max: span.max,
    uncovered,
    uncoveredCount: uncovered.reduce((a, r) => a + count(r), 0),
    outside,
    overlaps,
  };
}

/** The results a table's rows leave uncovered, as a Judge reads them ("4", "21-26, 31"); "" when none. */
export function uncoveredText(table: Pick<TableDef, 'die' | 'span' | 'rows'>): string {
  return (coverageOf(table)?.uncovered ?? []).map(runText).join(', ');
}
