// Table validation, shown live in the editor and enforced at save: the die parses (or says
// at which column it fails), ranges neither overlap nor leave gaps, rows stay inside the
// table's span, and references name existing tables (a chain that loops is allowed: the roll
// ends where it comes round, see table-loops.ts).
import { formatRange, LIMITS_TABLES, type TableDef, type TableIssue } from '@shared/tables.ts';
import { DiceSyntaxError, parseDice } from '../rules/dice-expression.ts';
import { runText, uncoveredRuns } from './table-coverage.ts';
import { tableSpan } from './table-span.ts';

const rowName = (i: number, label: string) =>
  `row ${i + 1} (“${label.length > 30 ? label.slice(0, 29) + '…' : label}”)`;

export function validateTable(table: TableDef, knownTables?: ReadonlySet<string>): TableIssue[] {
  const issues: TableIssue[] = [];
  if (table.rows.length > LIMITS_TABLES.rows)
    issues.push({
      severity: 'error',
      row: null,
      message: `At most ${LIMITS_TABLES.rows} rows; this table has ${table.rows.length}`,
    });
  if (table.rows.length === 0) issues.push({ severity: 'warning', row: null, message: 'The table has no rows yet' });
  const { span, error } = tableSpan(table);
  if (error) issues.push({ severity: 'error', row: null, message: error });

  if (table.die === null) {
    table.rows.forEach((r, i) => {
      if (r.weight === null)
        issues.push({
          severity: 'error',
          row: i,
          message: `${rowName(i, r.label)} needs a weight: this table has no die`,
        });
    });
  } else if (span) {
    const keyed: { i: number; from: number; to: number }[] = [];
    table.rows.forEach((r, i) => {
      if (!r.range) {
        issues.push({ severity: 'error', row: i, message: `${rowName(i, r.label)} has no roll value or range` });
        return;
      }
      const to = r.range.to ?? Math.max(span.max, r.range.from);
      if (r.range.from < span.min || r.range.from > span.max || (r.range.to !== null && r.range.to > span.max)) {
        issues.push({
          severity: 'error',
          row: i,
          message: `${rowName(i, r.label)}: ${formatRange(r.range)} is outside ${span.min}-${span.max}, what ${table.die} can give`,
        });
      }
      keyed.push({ i, from: r.range.from, to });
    });
    keyed.sort((a, b) => a.from - b.from || a.to - b.to);
    for (let k = 1; k < keyed.length; k++) {
      const prev = keyed[k - 1]!;
      const cur = keyed[k]!;
      if (cur.from <= prev.to) {
        const both = `${Math.max(cur.from, prev.from)}${Math.min(cur.to, prev.to) > Math.max(cur.from, prev.from) ? `-${Math.min(cur.to, prev.to)}` : ''}`;
        issues.push({
          severity: 'error',
          row: cur.i,
          message: `${rowName(cur.i, table.rows[cur.i]!.label)} overlaps ${rowName(prev.i, table.rows[prev.i]!.label)} on ${both}`,
        });
      }
    }
    // Gaps: values the die can give that no row covers (the same sweep the import preview shows).
    const gaps = keyed.length ? uncoveredRuns(span, keyed).map(runText) : [];
    if (gaps.length)
      issues.push({
        severity: 'warning',
        row: null,
        message: `No row covers ${gaps.slice(0, 8).join(', ')}${gaps.length > 8 ? ` and ${gaps.length - 8} more gaps` : ''}`,
      });
  }

  table.rows.forEach((r, i) => {
    if (r.rollOn && knownTables && !knownTables.has(r.rollOn.table)) {
      issues.push({
        severity: 'error',
        row: i,
        message: `${rowName(i, r.label)} rolls on “${r.rollOn.table}”, which is not a table in this campaign`,
      });
    }
    // A spell's roll is thrown when it resolves (ch.15): a bad expression would fail mid-fight.
    if (r.spell?.roll) {
      try {
        parseDice(r.spell.roll);
      } catch (e) {
        if (!(e instanceof DiceSyntaxError)) throw e;
        issues.push({
          severity: 'error',
          row: i,
          message: `${rowName(i, r.label)}: its spell roll “${r.spell.roll}” is not a dice expression (${e.message})`,
        });
      }
    }
  });
  return issues;
}

/** Each catalog table's issues, by the catalog it was validated against: the tables are immutable until they change. */
const catalogIssues = new WeakMap<TableDef, WeakMap<ReadonlyMap<string, TableDef>, readonly TableIssue[]>>();

/**
 * A table of the campaign's catalog validated against the catalog's other tables, once per catalog
 * (a table edit makes a new one): a roll checks the table it rolls on without re-checking every row.
 */
export function validateCatalogTable(table: TableDef, catalog: ReadonlyMap<string, TableDef>): readonly TableIssue[] {
  let byCatalog = catalogIssues.get(table);
  if (!byCatalog) catalogIssues.set(table, (byCatalog = new WeakMap()));
  let issues = byCatalog.get(catalog);
  if (!issues) byCatalog.set(catalog, (issues = Object.freeze(validateTable(table, new Set(catalog.keys())))));
  return issues;
}
