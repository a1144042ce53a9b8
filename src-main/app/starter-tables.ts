// The original starter tables shipped in resources/ and the campaigns that receive them.
import type { Database } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { tablePackSchema, type TablePack } from '@shared/tables.ts';
import { RecordingWriter } from '../db/history.ts';
import { insertTable, tableKeyTaken } from '../db/tables-repo.ts';
import { writePlayState } from '../db/ledger.ts';
import { readSetting } from '../db/settings.ts';
import { z } from 'zod';

const packCache = new Map<string, TablePack>();

/** The original starter tables shipped in resources/ (validated like any outside data). */
export function starterPack(resourcesDir: string): TablePack {
  const cached = packCache.get(resourcesDir);
  if (cached) return cached;
  const file = path.join(resourcesDir, 'starter', 'tables.json');
  const parsed = tablePackSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`The starter tables in ${file} are invalid`);
  packCache.set(resourcesDir, parsed.data);
  return parsed.data;
}

/** Rows compared by what they say: the ids a campaign gives its rows aside, keys in one order. */
function rowsText(rows: readonly object[]): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, sorted(x)]),
          )
        : v;
  return JSON.stringify(rows.map((row) => sorted(Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'id')))));
}

/** Whether a campaign's table says other than the app's current starter table of its key. */
export function differsFromStarter(resourcesDir: string, key: string, rows: readonly object[]): boolean {
  const starter = starterPack(resourcesDir).tables.find((t) => t.key === key);
  return !!starter && rowsText(rows) !== rowsText(starter.rows);
}

/** Tables added to the pack after it began keeping its list of keys (ch.15's spirits and Vestments). */
const ADDED_WITH_KEYS: ReadonlySet<string> = new Set(['spirits-elemental', 'spirits-wild', 'vestments']);

/** Which starter tables a campaign was given, and when: validated like every setting (a damaged one refuses by name). */
const starterRecordSchema = z
  .object({ seeded: z.string().max(100).optional(), keys: z.array(z.string().max(200)).max(10_000).optional() })
  .nullable();
export const starterRecord = (db: Database) => readSetting(db, 'starter_tables', starterRecordSchema, null);

/**
 * Gives a campaign each starter table once: new campaigns get them all, older campaigns get the
 * tables added to the pack since (the spell schools). A table the Judge deleted stays deleted.
 */
export function ensureStarterTables(db: Database, resourcesDir: string): void {
  const pack = starterPack(resourcesDir);
  const record = starterRecord(db);
  // Campaigns seeded before the list of keys was kept had every table of the first pack.
  const seeded = new Set(
    record
      ? (record.keys ??
          pack.tables.filter((t) => t.category !== 'spell' && !ADDED_WITH_KEYS.has(t.key)).map((t) => t.key))
      : [],
  );
  const missing = pack.tables.filter((t) => !seeded.has(t.key));
  if (record && missing.length === 0) return;
  db.transaction(() => {
    const writer = new RecordingWriter(db);
    for (const table of missing) {
      if (!tableKeyTaken(db, table.key)) insertTable(writer, { ...table, starter: true });
    }
    writePlayState(db, 'starter_tables', {
      seeded: record?.seeded ?? new Date().toISOString(),
      keys: pack.tables.map((t) => t.key),
    });
  })();
}
