// Per-Lichslayer records kept as campaign settings (undoable like any edit): where XP came from
// (ch.1) and skill points with the skills they enhanced (ch.2).
import type { PlayReader, PlaySession } from './session.ts';
import { z } from 'zod';
import { readSetting, writeSetting } from './settings.ts';

const recordSchema = z.strictObject({
  enemiesFelled: z.number().int().min(0).default(0),
  floorsCleared: z.number().int().min(0).default(0),
  skillPoints: z.number().int().min(0).default(0),
  enhanced: z.array(z.string()).default([]),
});
export type LifeRecord = z.output<typeof recordSchema>;
const allSchema = z.record(z.string(), recordSchema);

export const readLifeRecords = (s: PlayReader): Record<string, LifeRecord> =>
  readSetting(s, 'life-records', allSchema, {});
export const lifeRecord = (s: PlayReader, id: number): LifeRecord =>
  readLifeRecords(s)[String(id)] ?? recordSchema.parse({});
export function writeLifeRecord(s: PlaySession, id: number, record: LifeRecord): void {
  writeSetting(s, 'life-records', { ...readLifeRecords(s), [String(id)]: record });
}
