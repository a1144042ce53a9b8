// Per-Lichslayer records kept as campaign settings (undoable like any edit): where XP came from
// (ch.1) and skill points with the skills they enhanced (ch.2).
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { RecordingWriter } from './history.ts';
import { readSetting, writeSetting } from './settings.ts';

const recordSchema = z.strictObject({
  enemiesFelled: z.number().int().min(0).default(0),
  floorsCleared: z.number().int().min(0).default(0),
  skillPoints: z.number().int().min(0).default(0),
  enhanced: z.array(z.string()).default([]),
});
export type LifeRecord = z.output<typeof recordSchema>;
const allSchema = z.record(z.string(), recordSchema);

export const readLifeRecords = (db: Database): Record<string, LifeRecord> =>
  readSetting(db, 'life-records', allSchema, {});
export const lifeRecord = (db: Database, id: number): LifeRecord =>
  readLifeRecords(db)[String(id)] ?? recordSchema.parse({});
export function writeLifeRecord(w: RecordingWriter, db: Database, id: number, record: LifeRecord): void {
  writeSetting(w, db, 'life-records', { ...readLifeRecords(db), [String(id)]: record });
}
