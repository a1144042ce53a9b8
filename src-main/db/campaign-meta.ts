// The campaign's own name, as the file keeps it beside the play state.
import type { Database } from 'better-sqlite3';
import { statement } from './statements.ts';

export function campaignName(db: Database): string {
  const row = statement(db, `SELECT value FROM meta WHERE key = 'name'`).get() as { value: string } | undefined;
  return row?.value ?? 'Untitled campaign';
}

/** Whether the file holds a campaign's basics: a file that was empty when opened does not. */
export function hasCampaignBasics(db: Database): boolean {
  return statement(db, `SELECT 1 FROM meta WHERE key = 'name'`).get() !== undefined;
}

/** A new campaign's basics: its name, when it began, and its Town. */
export function writeCampaignBasics(db: Database, name: string, town: { name: string; day: number }): void {
  statement(db, `INSERT INTO meta (key, value) VALUES ('name', ?), ('created_at', ?)`).run(
    name,
    new Date().toISOString(),
  );
  statement(db, `INSERT OR IGNORE INTO town (id, name, day) VALUES (1, ?, ?)`).run(town.name, town.day);
}

/** A copy's own name, written over the one it was copied with. */
export function renameCampaign(db: Database, name: string): void {
  statement(db, `INSERT OR REPLACE INTO meta (key, value) VALUES ('name', ?)`).run(name);
}
