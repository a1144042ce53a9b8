// A campaign file's schema checked against the app's own before any query touches its tables:
// a crafted file could hide an endless view behind a table's name, or a trigger that runs on
// the Judge's writes (issue 16, findings 6 and 7). Only sqlite_schema and pragmas are read here;
// none of them runs anything the file defines.
import Database, { type Database as Db } from 'better-sqlite3';
import { MIGRATIONS } from './migrations.ts';

export interface SchemaObject {
  type: string;
  name: string;
  table: string;
  sql: string;
}

/** Whitespace and case do not matter: two schemas are the same when their statements are. */
const normalSql = (sql: string | null): string =>
  (sql ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),=<>])\s*/g, '$1')
    .trim()
    .toLowerCase();

/** The file's own objects; SQLite's internal tables and automatic indexes follow from the rest. */
export function readSchema(db: Db): SchemaObject[] {
  const rows = db.prepare(`SELECT type, name, tbl_name AS "table", sql FROM sqlite_schema`).all() as { type: string; name: string; table: string; sql: string | null }[];
  return rows
    .filter((r) => r.type === 'view' || r.type === 'trigger' || !r.name.startsWith('sqlite_'))
    .map((r) => ({ type: r.type, name: r.name, table: r.table, sql: normalSql(r.sql) }));
}

const expected = new Map<number, SchemaObject[]>();

/** The schema the app's own migrations make at `version`, built once in memory. */
export function expectedSchema(version: number, options: Database.Options = {}): SchemaObject[] {
  const known = expected.get(version);
  if (known) return known;
  const db = new Database(':memory:', options);
  try {
    for (const m of MIGRATIONS) if (m.version <= version) m.up(db);
    const schema = readSchema(db);
    expected.set(version, schema);
    return schema;
  } finally {
    db.close();
  }
}

const quoted = (name: string) => `“${name.slice(0, 60)}”`;

/** What differs between a file's schema and the app's own at that version; empty when none. */
export function schemaProblems(actual: readonly SchemaObject[], wanted: readonly SchemaObject[]): string[] {
  const problems: string[] = [];
  const wantedByName = new Map(wanted.map((o) => [o.name, o]));
  const actualByName = new Map(actual.map((o) => [o.name, o]));
  for (const o of actual) {
    if (o.type === 'view') problems.push(`a view ${quoted(o.name)}`);
    else if (o.type === 'trigger') problems.push(`a trigger ${quoted(o.name)} on ${quoted(o.table)}`);
    else if (!wantedByName.has(o.name)) problems.push(`an unknown ${o.type} ${quoted(o.name)}`);
    else if (wantedByName.get(o.name)!.type !== o.type) problems.push(`a ${o.type} ${quoted(o.name)} where the app has a ${wantedByName.get(o.name)!.type}`);
    else if (wantedByName.get(o.name)!.sql !== o.sql) problems.push(`a ${o.type} ${quoted(o.name)} unlike the app's own`);
  }
  for (const o of wanted) if (actualByName.get(o.name)?.type !== o.type) problems.push(`no ${o.type} ${quoted(o.name)}`);
  return problems;
}

/**
 * The largest value the app itself writes is a command's arguments (a pasted table, at most
 * about 12 MB as JSON): anything much larger was put there by something else.
 */
export const MAX_VALUE_BYTES = 32 * 1024 * 1024;

/** One size check: the largest value stored in a column (of a table, or of its newest rows). */
export interface SizeCheck {
  /** "table.column", as the Judge is told. */
  where: string;
  sql: string;
}

/**
 * The size checks of every column of the schema's tables. Tables in `newestOnly` are checked on
 * their newest `newest` rows only (the rows the app reads at once; the rest in the background).
 */
export function sizeChecks(db: Db, schema: readonly SchemaObject[], newestOnly: ReadonlySet<string> = new Set(), newest = 1000): SizeCheck[] {
  return schema
    .filter((o) => o.type === 'table')
    .flatMap((t) => {
      const table = `"${t.name.replace(/"/g, '""')}"`;
      const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(t.name) as { name: string }[]).map((c) => c.name);
      return columns.map((column) => {
        const c = `"${column.replace(/"/g, '""')}"`;
        // octet_length reads the size a value is stored with, not the value itself.
        const from = newestOnly.has(t.name) ? `(SELECT ${c} FROM ${table} ORDER BY rowid DESC LIMIT ${newest})` : table;
        return { where: `${t.name}.${column}`, sql: `SELECT max(octet_length(${c})) AS n FROM ${from}` };
      });
    });
}

/** The first check that finds a value larger than MAX_VALUE_BYTES, as "table.column (N MB)"; null when none. */
export function firstOversized(db: Db, checks: readonly SizeCheck[]): string | null {
  for (const check of checks) {
    const row = db.prepare(check.sql).get() as { n: number | null };
    if ((row.n ?? 0) > MAX_VALUE_BYTES) return `${check.where} (${((row.n ?? 0) / 1_000_000).toFixed(0)} MB)`;
  }
  return null;
}

/** The first value larger than MAX_VALUE_BYTES, as "table.column (N MB)"; null when none. */
export function oversizedValue(db: Db, schema: readonly SchemaObject[], newestOnly: ReadonlySet<string> = new Set()): string | null {
  return firstOversized(db, sizeChecks(db, schema, newestOnly));
}
