// Campaign settings stored as validated JSON, one row per key (undoable like any row).
import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import { DEFAULT_HOUSE_RULES, houseRulesSchema, type HouseRules } from '@shared/house-rules.ts';
import type { RecordingWriter } from './history.ts';

export function readSetting<S extends z.ZodType>(db: Database, key: string, schema: S, fallback: z.output<S>): z.output<S> {
  const row = db.prepare(`SELECT value FROM setting WHERE key = ?`).get(key) as { value: string } | undefined;
  if (!row) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function writeSetting(writer: RecordingWriter, db: Database, key: string, value: unknown): void {
  const json = JSON.stringify(value);
  const row = db.prepare(`SELECT id FROM setting WHERE key = ?`).get(key) as { id: number } | undefined;
  if (row) writer.update('setting', row.id, { value: json });
  else writer.insert('setting', { key, value: json });
}

/** The campaign's house rules; missing settings take RULINGS defaults (also for older campaigns). */
export function readHouseRules(db: Database): HouseRules {
  return readSetting(db, 'house_rules', houseRulesSchema, DEFAULT_HOUSE_RULES);
}
