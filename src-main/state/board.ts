// The board as the play state holds it: rooms, tokens and the turn stack.
import { GRID, type Chest, type EntityStats, type TokenView, type Trap, type WorldState } from '@shared/board.ts';
import { takesAPlace } from '@shared/room-places.ts';
import { z } from 'zod';
import type { RoomRecord, TokenRecord, TurnStackRow } from './rows.ts';
import type { PlayReader, PlaySession } from './session.ts';
import { readSetting, writeSetting } from './settings.ts';
import { CommandFailure } from './failures.ts';
import { readStoredJson } from './stored-json.ts';

export type { RoomRecord, TokenRecord } from './rows.ts';

export const parseTrap = (json: string | null): Trap | null =>
  json ? readStoredJson<Trap>('room', 'trap', null, json) : null;
export const parseChest = (json: string | null): Chest | null =>
  json ? readStoredJson<Chest>('room', 'chest', null, json) : null;

const byPlace = (a: RoomRecord, b: RoomRecord) => a.y - b.y || a.x - b.x;

export function roomsOfFloor(r: PlayReader, floor: number): RoomRecord[] {
  return r
    .all('room')
    .filter((room) => room.floor === floor)
    .sort(byPlace);
}

export function roomAt(r: PlayReader, floor: number, x: number, y: number): RoomRecord | null {
  return r.all('room').find((room) => room.floor === floor && room.x === x && room.y === y) ?? null;
}

/** Rooms exist as rows once something happens in them; until then they are unrevealed and empty. */
export function ensureRoom(s: PlaySession, floor: number, x: number, y: number): RoomRecord {
  if (x < 0 || y < 0 || x >= GRID || y >= GRID) throw new RangeError(`(${x + 1},${y + 1}) is off the 5x5 grid`);
  const found = roomAt(s, floor, x, y);
  if (found) return found;
  return s.byId('room', s.insert('room', { floor, x, y }))!;
}

/** Parsed once per stored token row: the stats are JSON text. */
const tokenViews = new WeakMap<object, WeakMap<object, TokenView>>();

function tokenView(
  t: TokenRecord,
  l: { name: string; health: number; max_health: number; armor: number } | null,
): TokenView {
  const key = l ?? tokenViews;
  let byLichslayer = tokenViews.get(t);
  if (!byLichslayer) tokenViews.set(t, (byLichslayer = new WeakMap()));
  const hit = byLichslayer.get(key);
  if (hit) return hit;
  const view: TokenView = Object.freeze({
    id: t.id,
    kind: t.kind,
    name: l?.name ?? t.name,
    colour: t.colour,
    floor: t.floor,
    x: t.x,
    y: t.y,
    health: t.lichslayer_id ? (l?.health ?? null) : t.health,
    maxHealth: t.lichslayer_id ? (l?.max_health ?? null) : t.max_health,
    armor: t.lichslayer_id ? (l?.armor ?? null) : t.armor,
    hidden: t.hidden === 1,
    defeated: t.defeated === 1,
    lichslayerId: t.lichslayer_id,
    stats: Object.freeze(readStoredJson<EntityStats>('token', 'stats', t.id, t.stats)),
    intention: t.intention,
  });
  byLichslayer.set(key, view);
  return view;
}

/** Tokens with the Lichslayer's own Health and Armor read from the Gauntlet (one fact, one place). */
export function allTokens(r: PlayReader): TokenView[] {
  return [...r.all('token')]
    .sort((a, b) => a.placed_at - b.placed_at || a.id - b.id)
    .map((t) => tokenView(t, t.lichslayer_id === null ? null : r.byId('lichslayer', t.lichslayer_id)));
}

export function tokenRecord(r: PlayReader, id: number): TokenRecord | null {
  return r.byId('token', id);
}

export function nextPlacement(r: PlayReader): number {
  let max = 0;
  for (const t of r.all('token')) if (t.placed_at > max) max = t.placed_at;
  return max + 1;
}

export function turnStack(r: PlayReader): TurnStackRow[] {
  return [...r.all('turn_stack')].sort((a, b) => a.position - b.position || a.id - b.id);
}

/** New entrants join at the bottom of the stack (RULINGS). */
export function joinTurnStack(s: PlaySession, tokenId: number): void {
  const stack = s.all('turn_stack');
  if (stack.some((e) => e.token_id === tokenId)) return;
  let next = 0;
  for (const e of stack) if (e.position >= next) next = e.position + 1;
  s.insert('turn_stack', { token_id: tokenId, position: next });
}

const worldSchema = z.object({
  festival: z.boolean(),
  squareEmpty: z.boolean(),
});
export const DEFAULT_WORLD: WorldState = { festival: false, squareEmpty: false };

export function readWorld(r: PlayReader): WorldState {
  return readSetting(r, 'world', worldSchema, DEFAULT_WORLD);
}

export function writeWorld(s: PlaySession, world: WorldState): void {
  writeSetting(s, 'world', world);
}

/**
 * A board room's label in the ledger's `room` column, as the board's handlers write it
 * ("F2 (3,1)"); the players' list below depends on reading it the same way.
 */
export const roomLabel = (floor: number, x: number, y: number): string => `F${floor} (${x + 1},${y + 1})`;

/** Rooms between two tokens on one floor, counted along the grid (4-neighbour steps, RULINGS). */
export const roomSteps = (a: Pick<TokenView, 'x' | 'y'>, b: Pick<TokenView, 'x' | 'y'>): number =>
  Math.abs(a.x! - b.x!) + Math.abs(a.y! - b.y!);

/** A token standing on the board, not defeated. */
export const onBoard = (t: TokenView): boolean => t.x !== null && t.y !== null && !t.defeated;

/** The enemies standing in a room (not defeated): a room is cleared when none is left (ch.10). */
export function enemiesIn(tokens: readonly TokenView[], floor: number, x: number, y: number): TokenView[] {
  return tokens.filter((t) => t.floor === floor && t.x === x && t.y === y && t.kind === 'entity' && !t.defeated);
}

/** Everyone in a room who takes one of its places: what a room's capacity counts (ch.9). */
export function occupants(tokens: readonly TokenView[], floor: number, x: number, y: number): TokenView[] {
  return tokens.filter((t) => t.floor === floor && t.x === x && t.y === y && takesAPlace(t));
}

/** A token on the board, or a refusal that names it. */
export function tokenOf(r: PlayReader, id: number): TokenView {
  const t = allTokens(r).find((k) => k.id === id);
  if (!t) throw new CommandFailure('not-found', `No token ${id} on the board. Nothing changed.`);
  return t;
}
