// Campaign settings stored as validated JSON, one row per key (undoable like any row).
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { describeIssues } from '@shared/contract.ts';
import { damagedSetting } from '../state/failures.ts';
import { parseStoredJson } from '../state/stored-json.ts';
import { statement } from './statements.ts';

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
  const row = statement(db, `SELECT value FROM setting WHERE key = ?`).get(key) as { value: string } | undefined;
  if (!row) return fallback;
  const raw = parseStoredJson(row.value);
  if (!raw.ok)
    throw damagedSetting(key, raw.why.startsWith('is not valid JSON') ? 'it is not valid JSON' : `it ${raw.why}`);
  const parsed = schema.safeParse(raw.value);
  if (!parsed.success) throw damagedSetting(key, describeIssues(parsed.error));
  return parsed.data;
}

// Bounded: the journal lists every session, so a crafted count must not ask for a billion of them.
// Built once: a zod schema costs more to build than to check, and every undo step reads the session.
const sessionSchema = z.number().int().min(1).max(100_000);

/** The current play session, as the undo history and the ledger stamp their rows. */
export function currentSession(db: Database): number {
  return readSetting(db, 'session', sessionSchema, 1);
}
