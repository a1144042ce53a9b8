// The Town as the campaign keeps it: its row (name, campaign day) and its state (the Smith,
// Retainers, the Square, Idols, the Forest, Towns left behind).
import type { Database } from 'better-sqlite3';
import { townStateSchema, type TownState } from '@shared/town.ts';
import type { RecordingWriter } from './history.ts';
import { readSetting, writeSetting } from './settings.ts';

export function today(db: Database): number {
  return (db.prepare(`SELECT day FROM town WHERE id = 1`).get() as { day: number } | undefined)?.day ?? 1;
}

export const readTown = (db: Database): TownState =>
  readSetting(db, 'town-state', townStateSchema, townStateSchema.parse({}));
export const writeTown = (w: RecordingWriter, db: Database, state: TownState) =>
  writeSetting(w, db, 'town-state', state);
