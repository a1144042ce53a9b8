// Campaign settings stored as validated JSON, one row per key (undoable like any row).
import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import { DEFAULT_HOUSE_RULES, houseRulesSchema, type HouseRules } from '@shared/house-rules.ts';
import type { RecordingWriter } from './history.ts';
import { describeIssues } from '@shared/contract.ts';
import { CampaignFileError } from './campaign-file-error.ts';
import { parseStoredJson } from './stored-json.ts';

/**
 * A campaign setting, validated. A missing one takes its default; a damaged one (not JSON, or
 * not what the app writes) is never silently reset: reading it refuses, naming the setting, and
 * the Judge is offered the newest good backup.
 */
export function readSetting<S extends z.ZodType>(
  db: Database,
  key: string,
  schema: S,
  fallback: z.output<S>,
): z.output<S> {
  const row = db.prepare(`SELECT value FROM setting WHERE key = ?`).get(key) as { value: string } | undefined;
  if (!row) return fallback;
  const raw = parseStoredJson(row.value);
  if (!raw.ok)
    throw damagedSetting(key, raw.why.startsWith('is not valid JSON') ? 'it is not valid JSON' : `it ${raw.why}`);
  const parsed = schema.safeParse(raw.value);
  if (!parsed.success) throw damagedSetting(key, describeIssues(parsed.error));
  return parsed.data;
}

/** A setting that is not what the app writes: which one and why, so each caller can say what it means there. */
export class DamagedSettingError extends CampaignFileError {
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(
      'damaged',
      `This campaign's setting “${key.slice(0, 60)}” is damaged (${reason.slice(0, 200)}), so it was not used and not reset to a default. Nothing was changed. Close the campaign and choose “Restore newest good backup” for it on the Campaigns screen.`,
    );
  }
}

export const damagedSetting = (key: string, reason: string) => new DamagedSettingError(key, reason);

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
