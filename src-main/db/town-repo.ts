// The Town's row: its name and the campaign day.
import type { Database } from 'better-sqlite3';

export function today(db: Database): number {
  return (db.prepare(`SELECT day FROM town WHERE id = 1`).get() as { day: number } | undefined)?.day ?? 1;
}
