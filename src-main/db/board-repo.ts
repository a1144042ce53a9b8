// Reading and writing the board: rooms, tokens and the turn stack.
import type { Database } from 'better-sqlite3';
import {
  GRID,
  type Chest,
  type EntityStats,
  type TokenKind,
  type TokenView,
  type Trap,
  type WorldState,
} from '@shared/board.ts';
import type { Colour } from '@shared/gauntlet.ts';
import type { RoomType } from '@shared/tables.ts';
import { z } from 'zod';
import type { RecordingWriter } from './history.ts';
import { readSetting, writeSetting } from './settings.ts';
import { readStoredJson } from './stored-json.ts';

export interface RoomRecord {
  id: number;
  floor: number;
  x: number;
  y: number;
  revealed: number;
  prepared: number;
  entered: number;
  room_type: RoomType | null;
  name: string;
  details: string;
  trap: string | null;
  chest: string | null;
  sanity_test: number;
  stair: number;
  phylactery: number;
  gold: number;
  notes: string;
}

export interface TokenRecord {
  id: number;
  kind: TokenKind;
  lichslayer_id: number | null;
  name: string;
  colour: Colour;
  floor: number | null;
  x: number | null;
  y: number | null;
  health: number | null;
  max_health: number | null;
  armor: number | null;
  stats: string;
  intention: string;
  hidden: number;
  defeated: number;
  placed_at: number;
}

export const parseTrap = (json: string | null): Trap | null =>
  json ? readStoredJson<Trap>('room', 'trap', null, json) : null;
export const parseChest = (json: string | null): Chest | null =>
  json ? readStoredJson<Chest>('room', 'chest', null, json) : null;

export function roomsOfFloor(db: Database, floor: number): RoomRecord[] {
  return db.prepare(`SELECT * FROM room WHERE floor = ? ORDER BY y, x`).all(floor) as RoomRecord[];
}

export function roomAt(db: Database, floor: number, x: number, y: number): RoomRecord | null {
  return (
    (db.prepare(`SELECT * FROM room WHERE floor = ? AND x = ? AND y = ?`).get(floor, x, y) as RoomRecord | undefined) ??
    null
  );
}

/** Rooms exist as rows once something happens in them; until then they are unrevealed and empty. */
export function ensureRoom(w: RecordingWriter, db: Database, floor: number, x: number, y: number): RoomRecord {
  if (x < 0 || y < 0 || x >= GRID || y >= GRID) throw new RangeError(`(${x + 1},${y + 1}) is off the 5x5 grid`);
  const found = roomAt(db, floor, x, y);
  if (found) return found;
  w.insert('room', { floor, x, y });
  return roomAt(db, floor, x, y)!;
}

/** Tokens with the Lichslayer's own Health and Armor read from the Gauntlet (one fact, one place). */
export function allTokens(db: Database): TokenView[] {
  const rows = db
    .prepare(
      `SELECT t.*, l.health AS l_health, l.max_health AS l_max_health, l.armor AS l_armor, l.name AS l_name
       FROM token t LEFT JOIN lichslayer l ON l.id = t.lichslayer_id ORDER BY t.placed_at, t.id`,
    )
    .all() as (TokenRecord & {
    l_health: number | null;
    l_max_health: number | null;
    l_armor: number | null;
    l_name: string | null;
  })[];
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.l_name ?? r.name,
    colour: r.colour,
    floor: r.floor,
    x: r.x,
    y: r.y,
    health: r.lichslayer_id ? r.l_health : r.health,
    maxHealth: r.lichslayer_id ? r.l_max_health : r.max_health,
    armor: r.lichslayer_id ? r.l_armor : r.armor,
    hidden: r.hidden === 1,
    defeated: r.defeated === 1,
    lichslayerId: r.lichslayer_id,
    stats: readStoredJson<EntityStats>('token', 'stats', r.id, r.stats),
    intention: r.intention,
  }));
}

export function tokenRecord(db: Database, id: number): TokenRecord | null {
  return (db.prepare(`SELECT * FROM token WHERE id = ?`).get(id) as TokenRecord | undefined) ?? null;
}

export function nextPlacement(db: Database): number {
  return (db.prepare(`SELECT coalesce(max(placed_at), 0) + 1 AS n FROM token`).get() as { n: number }).n;
}

export function turnStack(db: Database): { id: number; token_id: number; position: number }[] {
  return db.prepare(`SELECT * FROM turn_stack ORDER BY position, id`).all() as {
    id: number;
    token_id: number;
    position: number;
  }[];
}

/** New entrants join at the bottom of the stack (RULINGS). */
export function joinTurnStack(w: RecordingWriter, db: Database, tokenId: number): void {
  if (db.prepare(`SELECT 1 FROM turn_stack WHERE token_id = ?`).get(tokenId)) return;
  const next = (db.prepare(`SELECT coalesce(max(position), -1) + 1 AS n FROM turn_stack`).get() as { n: number }).n;
  w.insert('turn_stack', { token_id: tokenId, position: next });
}

// Campaigns before format 6 also kept a copy of the Attention stage here; it is ignored (the
// Attention machine is its one home) and read only to seed a machine that was never saved.
const worldSchema = z.object({
  festival: z.boolean(),
  squareEmpty: z.boolean(),
});
export const DEFAULT_WORLD: WorldState = { festival: false, squareEmpty: false };

export function readWorld(db: Database): WorldState {
  return readSetting(db, 'world', worldSchema, DEFAULT_WORLD);
}

/** The Attention stage an older campaign kept beside the Square's state, if it has no saved machine. */
export function legacyWorldAttention(db: Database): 0 | 1 | 2 | 3 | 4 {
  return (
    readSetting(
      db,
      'world',
      z.object({
        attentionStage: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
      }),
      {},
    ).attentionStage ?? 0
  );
}

export function writeWorld(w: RecordingWriter, db: Database, world: WorldState): void {
  writeSetting(w, db, 'world', world);
}

/**
 * The floor an older campaign (before format 6) kept for the party beside the dive machine; read
 * only to place a dive machine that was never saved. The dive machine is the party's one home.
 */
export function legacyPartyFloor(db: Database): number | null {
  return (
    readSetting(db, 'board', z.object({ partyFloor: z.number().int().min(1).max(10).nullable().optional() }), {})
      .partyFloor ?? null
  );
}
