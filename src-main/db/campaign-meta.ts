// The campaign's own name, as the file keeps it beside the play state.
import type { Database } from 'better-sqlite3';
import { statement } from './statements.ts';

export function campaignName(db: Database): string {
  const row = statement(db, `SELECT value FROM meta WHERE key = 'name'`).get() as { value: string } | undefined;
  return row?.value ?? 'Untitled campaign';
}
