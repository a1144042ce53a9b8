// What a campaign file's tables hold, checked on a read-only connection before the app reads them
// (the schema has been compared with the app's own first, so every table here is one the app made).
// Each check is bounded by the limits of open-limits.ts, cheapest first: how many rows (a count
// that stops past the limit), how large each value and each table (the sizes SQLite stores, not
// the values), the schema's CHECK rules (a read-only connection's integrity check skips them),
// every JSON value parsed with a depth limit and checked against its shape, then SQLite's own
// integrity and foreign-key checks. The campaign list runs the cheap part; opening and importing
// run all of it, off the host's event loop (app/open-check-worker.ts).
import type { Database } from 'better-sqlite3';
import type { SchemaObject } from './campaign-schema.ts';
import { GROWING_TABLES, MAX_VALUE_BYTES, NEWEST_ROWS, bytesInWords, tableLimit } from './open-limits.ts';
import { STORED_JSON, storedValueProblem } from '../state/stored-json.ts';

/** How far a check has got: steps done of all, and what it is reading. */
export interface CheckProgress {
  done: number;
  total: number;
  what: string;
}

/** What was found, in words that follow the file's name ("Crafted.lichslayer holds …"). */
export interface ContentFinding {
  problem: 'oversized' | 'damaged';
  detail: string;
}

/** 'list': what the campaign list can afford on every new version of a file; 'open': everything. */
export type CheckLevel = 'list' | 'open';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const count = (n: number) => n.toLocaleString('en-GB');

/**
 * The expressions of the CHECK rules in a table's statement (the app's own, as the schema check
 * compared it), read with quotes and parentheses balanced.
 */
export function checkExpressions(sql: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      i = skipQuoted(sql, i);
      continue;
    }
    if (!/^check\s*\(/i.test(sql.slice(i, i + 12)) || /\w/.test(sql[i - 1] ?? ' ')) continue;
    const open = sql.indexOf('(', i);
    let depth = 0;
    for (let j = open; j < sql.length; j++) {
      const d = sql[j]!;
      if (d === "'" || d === '"' || d === '`' || d === '[') j = skipQuoted(sql, j);
      else if (d === '(') depth++;
      else if (d === ')' && --depth === 0) {
        found.push(sql.slice(open + 1, j));
        i = j;
        break;
      }
    }
  }
  return found;
}

/** The index of the quote that closes the quoted text starting at `i` (a doubled quote is an escaped one). */
function skipQuoted(sql: string, i: number): number {
  const close = sql[i] === '[' ? ']' : sql[i]!;
  for (let j = i + 1; j < sql.length; j++) {
    if (sql[j] !== close) continue;
    if (close !== ']' && sql[j + 1] === close) {
      j++;
      continue;
    }
    return j;
  }
  return sql.length;
}

interface TableInfo {
  name: string;
  sql: string;
  columns: string[];
  growing: boolean;
}

/** One stage of the check over one table: a finding, or null to go on. */
type Stage = (
  db: Database,
  t: TableInfo,
  level: CheckLevel,
  columnsOf: (table: string) => ReadonlySet<string>,
) => ContentFinding | null;

/** Rows that one stage reads: a growing table's newest rows for the list (and its JSON), else all. */
const rowsOf = (t: TableInfo, newestOnly: boolean, columns: string) =>
  t.growing && newestOnly
    ? `(SELECT rowid AS rowid, ${columns} FROM ${ident(t.name)} ORDER BY rowid DESC LIMIT ${NEWEST_ROWS})`
    : ident(t.name);

const rowCount: Stage = (db, t) => {
  const { rows } = tableLimit(t.name);
  const n = (
    db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM ${ident(t.name)} LIMIT ${rows + 1})`).get() as {
      n: number;
    }
  ).n;
  return n > rows
    ? {
        problem: 'oversized',
        detail: `holds more rows in its ${t.name} table than the app ever keeps there (over ${count(rows)})`,
      }
    : null;
};

const sizes: Stage = (db, t, level) => {
  if (t.columns.length === 0) return null;
  const cols = t.columns.map(ident);
  const from = rowsOf(t, level === 'list', cols.join(', '));
  const { bytes } = tableLimit(t.name);
  if (bytes === null) {
    // No cap on the table's total (a growing table, read whole): one pass for its largest value, the
    // cheapest scan of every row; only a file with a value over the limit is read again per column.
    const largest = db
      .prepare(`SELECT max(max(${cols.map((c) => `coalesce(octet_length(${c}), 0)`).join(', ')}, 0)) AS m FROM ${from}`)
      .get() as { m: number | null };
    if ((largest.m ?? 0) <= MAX_VALUE_BYTES) return null;
  }
  // octet_length reads the size a value is stored with, not the value itself.
  const row = db
    .prepare(
      `SELECT ${cols.map((c, i) => `max(octet_length(${c})) AS m${i}`).join(', ')}, ${cols.map((c) => `coalesce(sum(octet_length(${c})), 0)`).join(' + ')} AS total FROM ${from}`,
    )
    .get() as Record<string, number | null>;
  const over = t.columns.findIndex((_, i) => (row[`m${i}`] ?? 0) > MAX_VALUE_BYTES);
  if (over >= 0) {
    const c = cols[over]!;
    const at = db
      .prepare(`SELECT rowid AS id, octet_length(${c}) AS n FROM ${ident(t.name)} WHERE octet_length(${c}) > ? LIMIT 1`)
      .get(MAX_VALUE_BYTES) as { id: number; n: number };
    return {
      problem: 'oversized',
      detail: `holds a value far larger than the app ever writes, in ${t.name}.${t.columns[over]}, row ${at.id} (${bytesInWords(at.n)})`,
    };
  }
  const total = row.total ?? 0;
  return bytes !== null && total > bytes
    ? {
        problem: 'oversized',
        detail: `holds more in its ${t.name} table than the app ever keeps there (${bytesInWords(total)}; at most ${bytesInWords(bytes)})`,
      }
    : null;
};

const checkRules: Stage = (db, t) => {
  const rules = checkExpressions(t.sql);
  if (rules.length === 0) return null;
  const row = db
    .prepare(
      `SELECT rowid AS id, ${rules.map((r, i) => `(${r}) AS c${i}`).join(', ')} FROM ${ident(t.name)} WHERE ${rules.map((r) => `NOT (${r})`).join(' OR ')} LIMIT 1`,
    )
    .get() as Record<string, number | null> | undefined;
  if (!row) return null;
  const broken = rules.find((_, i) => row[`c${i}`] === 0) ?? rules[0]!;
  return {
    problem: 'damaged',
    detail: `is damaged: its ${t.name} row ${row.id} breaks the rule CHECK (${broken.slice(0, 120)}) of the app's own table`,
  };
};

const storedJson: Stage = (db, t, level, columnsOf) => {
  if (level === 'list') return null;
  for (const column of Object.keys(STORED_JSON[t.name] ?? {})) {
    if (!t.columns.includes(column)) continue;
    const c = ident(column);
    const rows = db
      .prepare(`SELECT rowid AS id, ${c} AS v FROM ${rowsOf(t, true, c)} WHERE ${c} IS NOT NULL`)
      .iterate() as Iterable<{ id: number; v: unknown }>;
    for (const { id, v } of rows) {
      const why = typeof v === 'string' ? storedValueProblem(t.name, column, v, columnsOf) : 'is not text';
      if (why) return { problem: 'damaged', detail: `is damaged: its ${t.name} row ${id}, column ${column}, ${why}` };
    }
  }
  return null;
};

const integrity: Stage = (db, t, level) => {
  // The growing tables' pages are read whole in the background once the campaign is open.
  if (t.growing) return null;
  const pragma = level === 'open' ? 'integrity_check' : 'quick_check';
  const found = (db.pragma(`${pragma}(${ident(t.name)})`) as Record<string, string>[]).map((r) => Object.values(r)[0]);
  if (found.length === 1 && found[0] === 'ok') return null;
  const shown = found.slice(0, 2).join('; ') + (found.length > 2 ? `; and ${found.length - 2} more problems` : '');
  return { problem: 'damaged', detail: `is damaged (SQLite integrity check: ${shown})` };
};

const foreignKeys: Stage = (db, t, level) => {
  if (level === 'list') return null;
  const row = db.prepare(`SELECT "table", rowid, parent FROM pragma_foreign_key_check(?) LIMIT 1`).get(t.name) as
    { table: string; rowid: number; parent: string } | undefined;
  return row
    ? {
        problem: 'damaged',
        detail: `is damaged: its ${row.table} row ${row.rowid} belongs to a ${row.parent} row that is not there`,
      }
    : null;
};

/** In order, cheapest first: a file refused for its size is never read further. */
const STAGES: readonly { what: string; stage: Stage }[] = [
  { what: 'counting rows', stage: rowCount },
  { what: 'measuring values', stage: sizes },
  { what: 'checking rules', stage: checkRules },
  { what: 'reading stored JSON', stage: storedJson },
  { what: 'checking pages', stage: integrity },
  { what: 'checking links', stage: foreignKeys },
];

/**
 * Checks every table of `schema` (the app's own, which the file's has been found to match) in
 * `db`, a read-only connection to it; the first finding, or null when the file holds what the app
 * writes. `onProgress` hears after each step.
 */
export function checkContent(
  db: Database,
  schema: readonly SchemaObject[],
  level: CheckLevel,
  onProgress?: (progress: CheckProgress) => void,
): ContentFinding | null {
  const tables: TableInfo[] = schema
    .filter((o) => o.type === 'table')
    .map((o) => ({
      name: o.name,
      sql: o.sql,
      columns: (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(o.name) as { name: string }[]).map(
        (c) => c.name,
      ),
      growing: GROWING_TABLES.has(o.name),
    }));
  const byName = new Map(tables.map((t) => [t.name, new Set(t.columns)]));
  const columnsOf = (table: string): ReadonlySet<string> => byName.get(table) ?? new Set();
  const total = STAGES.length * tables.length;
  let done = 0;
  for (const { what, stage } of STAGES) {
    for (const t of tables) {
      const found = stage(db, t, level, columnsOf);
      if (found) return found;
      onProgress?.({ done: ++done, total, what: `${what}: ${t.name}` });
    }
  }
  return null;
}
