// A Lichslayer's inventory: stacks of identical items, up to six in a stack (ch.4). An item put
// away keeps its state — colour, broken, notes (ch.11, ch.13) — and stacks only with items in the
// same state; a stack with no colour of its own is as its loot entry says.
import type { Database } from 'better-sqlite3';
import type { Colour } from '@shared/gauntlet.ts';
import type { RecordingWriter } from './history.ts';
import { LIMITS } from '@shared/gauntlet.ts';
import type { StoredState } from '../rules/loot-fate.ts';

export interface StackRow {
  id: number;
  lichslayer_id: number;
  position: number;
  name: string;
  count: number;
  colour: Colour | null;
  broken: number;
  notes: string;
}

const PRISTINE: StoredState = { colour: null, broken: false, notes: '' };

export function stacksOf(db: Database, lichslayerId: number): StackRow[] {
  return db.prepare(`SELECT * FROM inventory WHERE lichslayer_id = ? ORDER BY position, id`).all(lichslayerId) as StackRow[];
}

/** The state a stack's items are in, as stored. */
export const storedState = (s: Pick<StackRow, 'colour' | 'broken' | 'notes'>): StoredState => ({ colour: s.colour, broken: s.broken === 1, notes: s.notes });

const sameItem = (s: StackRow, name: string, state: StoredState) =>
  s.name.trim().toLowerCase() === name.trim().toLowerCase() && s.colour === state.colour && (s.broken === 1) === state.broken && s.notes === state.notes;

export function addToInventory(w: RecordingWriter, db: Database, lichslayerId: number, name: string, count = 1, state: StoredState = PRISTINE): void {
  const stacks = stacksOf(db, lichslayerId);
  let left = count;
  for (const s of stacks) {
    if (left === 0) break;
    if (!sameItem(s, name, state) || s.count >= LIMITS.stackMax) continue;
    const add = Math.min(left, LIMITS.stackMax - s.count);
    w.update('inventory', s.id, { count: s.count + add });
    left -= add;
  }
  for (let position = stacks.length ? Math.max(...stacks.map((s) => s.position)) + 1 : 0; left > 0; position++) {
    const add = Math.min(LIMITS.stackMax, left);
    w.insert('inventory', { lichslayer_id: lichslayerId, position, name, count: add, colour: state.colour, broken: state.broken ? 1 : 0, notes: state.notes });
    left -= add;
  }
}

/** One item leaves a stack (used, held, spent): the stack shrinks, or goes when it was the last. */
export function takeFromStack(w: RecordingWriter, stack: Pick<StackRow, 'id' | 'count'>): void {
  if (stack.count > 1) w.update('inventory', stack.id, { count: stack.count - 1 });
  else w.delete('inventory', stack.id);
}
