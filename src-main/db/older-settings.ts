// Migration 8: what campaigns before it kept outside its one home is moved there once, in the file,
// so play reads one shape. The party's floor and the Attention stage lived beside the dive and
// Attention machines (the machines own them now); the Giver's feeding was one "fed this week" flag
// (feedings are now kept by week). Plain SQL on the tables as format 7 has them: a migration must
// not read through play code written for later formats.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { DEFAULT_HOUSE_RULES } from '@shared/house-rules.ts';
import { weekOf } from '../rules/calendar.ts';
import { attentionSavedAt } from '../machines/attention-machine.ts';
import { diveSavedOnFloor } from '../machines/dive-machine.ts';
import { readSetting } from './settings.ts';

const boardSchema = z.object({ partyFloor: z.number().int().min(1).max(10).nullable().optional() });
const worldSchema = z.object({
  attentionStage: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
});
const feedingSchema = z.object({ forest: z.object({ fedThisWeek: z.boolean().optional() }).optional() });
const weekStartSchema = z.object({ weekStartDay: z.number().int().min(1).optional() });

/** The floor an older campaign kept for the party (null: none kept). */
export const olderPartyFloor = (db: Database) => readSetting(db, 'board', boardSchema, {}).partyFloor ?? null;
/** The Attention stage an older campaign kept beside the Square's state (0: none kept). */
export const olderAttentionStage = (db: Database) => readSetting(db, 'world', worldSchema, {}).attentionStage ?? 0;

export function moveOlderSettings(db: Database): void {
  const raw = (key: string) => {
    const row = db.prepare(`SELECT value FROM setting WHERE key = ?`).get(key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as Record<string, unknown>) : null;
  };
  const put = (key: string, value: unknown) =>
    db
      .prepare(`INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
      .run(key, JSON.stringify(value));

  const floor = olderPartyFloor(db);
  const stage = olderAttentionStage(db);
  const fed = readSetting(db, 'town-state', feedingSchema, {}).forest?.fedThisWeek ?? false;
  // A saved machine always wins: the kept value was read only when the machine had never been saved.
  if (floor !== null && raw('machine:dive') === null) {
    const party = (db.prepare(`SELECT id FROM lichslayer ORDER BY position, id`).all() as { id: number }[]).map(
      (r) => r.id,
    );
    put('machine:dive', diveSavedOnFloor(party, floor));
  }
  if (stage > 0 && raw('machine:attention') === null) put('machine:attention', attentionSavedAt(stage));
  const board = raw('board');
  if (board && 'partyFloor' in board) put('board', { ...board, partyFloor: undefined });
  const world = raw('world');
  if (world && 'attentionStage' in world) put('world', { ...world, attentionStage: undefined });
  const town = raw('town-state') as { forest?: { fedThisWeek?: boolean; fedWeeks?: number[] } } | null;
  if (town?.forest && 'fedThisWeek' in town.forest) {
    const { fedThisWeek: _, ...forest } = town.forest;
    const day = (db.prepare(`SELECT day FROM town WHERE id = 1`).get() as { day: number } | undefined)?.day ?? 1;
    const start = readSetting(db, 'house_rules', weekStartSchema, {}).weekStartDay;
    const week = Math.max(1, weekOf(day, { ...DEFAULT_HOUSE_RULES, ...(start ? { weekStartDay: start } : {}) }));
    const fedWeeks = fed ? [...new Set([...(forest.fedWeeks ?? []), week])] : forest.fedWeeks;
    put('town-state', { ...town, forest: { ...forest, ...(fedWeeks ? { fedWeeks } : {}) } });
  }
}
