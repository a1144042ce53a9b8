// The day reports the Town keeps (ch.5), newest first.
import type { Database } from 'better-sqlite3';
import type { DayReport } from '@shared/contract.ts';

export function dayReports(db: Database, limit: number): DayReport[] {
  const rows = db.prepare(`SELECT report FROM day_report ORDER BY id DESC LIMIT ?`).pluck().all(limit) as string[];
  return rows.map((r) => JSON.parse(r) as DayReport);
}
