// A campaign file's schema checked against the app's own before any query touches its tables:
// a crafted file could hide an endless view behind a table's name, or a trigger that runs on
// the Judge's writes. Only sqlite_schema and pragmas are read here;
// none of them runs anything the file defines.
import Database, { type Database as Db } from 'better-sqlite3';
import { MIGRATIONS } from './migrations.ts';
import { NEWEST_ROWS } from './open-limits.ts';

export interface SchemaObject {
  type: string;
  name: string;
  table: string;
  sql: string;
  /** False for an object SQLite made without a statement (an automatic index). */
  stored: boolean;
}

/**
 * Whitespace and the case of keywords and names do not matter: two schemas are the same when
 * their statements are. Quoted text is compared as stored: a CHECK's string literals are data,
 * and 'WHOLE' is not 'whole'.
 */
export function normalSql(sql: string | null): string {
  const text = sql ?? '';
  let out = '';
  let plain = '';
  const flush = () => {
    out += plain
      .replace(/\s+/g, ' ')
      .replace(/\s*([(),=<>])\s*/g, '$1')
      .toLowerCase();
    plain = '';
  };
  const closing: Record<string, string> = { "'": "'", '"': '"', '`': '`', '[': ']' };
  for (let i = 0; i < text.length;) {
    const close = closing[text[i]!];
    if (close === undefined) {
      plain += text[i++];
      continue;
    }
    flush();
    // A quoted literal or name runs to its closing quote; a doubled quote inside is an escaped one.
    let j = i + 1;
    for (;;) {
      const at = text.indexOf(close, j);
      if (at === -1) {
        j = text.length;
        break;
      }
      if (close !== ']' && text[at + 1] === close) {
        j = at + 2;
        continue;
      }
      j = at + 1;
      break;
    }
    out += text.slice(i, j);
    i = j;
  }
  flush();
  return out.trim();
}

/**
 * SQLite's own tables a campaign may hold, each with the one layout SQLite gives it: the
 * AUTOINCREMENT counter and ANALYZE's statistics. Automatic indexes (sqlite_autoindex_*, with no
 * SQL) are compared like any other object. Any other name starting "sqlite_" was put there by
 * hand (with writable_schema) to slip past this check.
 */
const SQLITE_OWN_TABLES = new Map(
  [
    'CREATE TABLE sqlite_sequence(name,seq)',
    'CREATE TABLE sqlite_stat1(tbl,idx,stat)',
    'CREATE TABLE sqlite_stat2(tbl,idx,sampleno,sample)',
    'CREATE TABLE sqlite_stat3(tbl,idx,neq,nlt,ndlt,sample)',
    'CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)',
  ].map((sql) => [/sqlite_\w+/.exec(sql)![0], normalSql(sql)]),
);

/** SQLite reserves these names, whatever their case. */
const isSqliteName = (name: string) => name.slice(0, 7).toLowerCase() === 'sqlite_';

/** Every object of the file's schema, SQLite's own included (they are checked, not trusted). */
export function readSchema(db: Db): SchemaObject[] {
  const rows = db.prepare(`SELECT type, name, tbl_name AS "table", sql FROM sqlite_schema`).all() as {
    type: string;
    name: string;
    table: string;
    sql: string | null;
  }[];
  return rows.map((r) => ({
    type: r.type,
    name: r.name,
    table: r.table,
    sql: normalSql(r.sql),
    stored: r.sql !== null,
  }));
}

/** One of SQLite's own tables, exactly as SQLite makes it. */
const sqliteOwnTable = (o: SchemaObject) =>
  o.type === 'table' && o.name === o.table && SQLITE_OWN_TABLES.get(o.name) === o.sql;

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

const sameObject = (a: SchemaObject, b: SchemaObject) =>
  a.sql === b.sql && a.stored === b.stored && a.table.toLowerCase() === b.table.toLowerCase();

const quoted = (name: string) => `“${name.slice(0, 60)}”`;

/** What differs between a file's schema and the app's own at that version; empty when none. */
export function schemaProblems(actual: readonly SchemaObject[], wanted: readonly SchemaObject[]): string[] {
  const problems: string[] = [];
  const wantedByName = new Map(wanted.map((o) => [o.name, o]));
  const actualByName = new Map(actual.map((o) => [o.name, o]));
  for (const o of actual) {
    // An automatic index the app's tables make is compared below like any index; any other
    // SQLite-named object must be one of SQLite's own tables exactly.
    if (isSqliteName(o.name) && !wantedByName.has(o.name)) {
      if (!sqliteOwnTable(o))
        problems.push(
          `${/^[aeiou]/.test(o.type) ? 'an' : 'a'} ${o.type.slice(0, 20)} ${quoted(o.name)} named like SQLite's own`,
        );
    } else if (o.type === 'view') problems.push(`a view ${quoted(o.name)}`);
    else if (o.type === 'trigger') problems.push(`a trigger ${quoted(o.name)} on ${quoted(o.table)}`);
    else if (!wantedByName.has(o.name)) problems.push(`an unknown ${o.type} ${quoted(o.name)}`);
    else if (wantedByName.get(o.name)!.type !== o.type)
      problems.push(`a ${o.type} ${quoted(o.name)} where the app has a ${wantedByName.get(o.name)!.type}`);
    else if (!sameObject(wantedByName.get(o.name)!, o))
      problems.push(`a ${o.type} ${quoted(o.name)} unlike the app's own`);
  }
  for (const o of wanted) {
    if (actualByName.get(o.name)?.type === o.type) continue;
    // An automatic index follows from its table: when that table is already named above, this is not news.
    const table = actualByName.get(o.table);
    if (!o.stored && !(table && sameObject(table, wantedByName.get(o.table)!))) continue;
    problems.push(`no ${o.type} ${quoted(o.name)}`);
  }
  return problems;
}

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
export function sizeChecks(
  db: Db,
  schema: readonly SchemaObject[],
  newestOnly: ReadonlySet<string> = new Set(),
  newest = NEWEST_ROWS,
): SizeCheck[] {
  return schema
    .filter((o) => o.type === 'table')
    .flatMap((t) => {
      const table = `"${t.name.replace(/"/g, '""')}"`;
      const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(t.name) as { name: string }[]).map(
        (c) => c.name,
      );
      return columns.map((column) => {
        const c = `"${column.replace(/"/g, '""')}"`;
        // octet_length reads the size a value is stored with, not the value itself.
        const from = newestOnly.has(t.name) ? `(SELECT ${c} FROM ${table} ORDER BY rowid DESC LIMIT ${newest})` : table;
        return { where: `${t.name}.${column}`, sql: `SELECT max(octet_length(${c})) AS n FROM ${from}` };
      });
    });
}
