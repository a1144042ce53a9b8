// Putting things into a Lichslayer's inventory: onto stacks of the same name first, up to six
// in a stack (ch.4), then onto new stacks.
import type { Database } from 'better-sqlite3';
import type { RecordingWriter } from './history.ts';
import { LIMITS } from '@shared/gauntlet.ts';

export function addToInventory(w: RecordingWriter, db: Database, lichslayerId: number, name: string, count = 1): void {
  const stacks = db.prepare(`SELECT id, name, count FROM inventory WHERE lichslayer_id = ? ORDER BY position, id`).all(lichslayerId) as { id: number; name: string; count: number }[];
  let left = count;
  for (const s of stacks) {
    if (left === 0) break;
    if (s.name.trim().toLowerCase() !== name.trim().toLowerCase() || s.count >= LIMITS.stackMax) continue;
    const add = Math.min(left, LIMITS.stackMax - s.count);
    w.update('inventory', s.id, { count: s.count + add });
    left -= add;
  }
  for (let position = stacks.length; left > 0; position++) {
    const add = Math.min(LIMITS.stackMax, left);
    w.insert('inventory', { lichslayer_id: lichslayerId, position, name, count: add });
    left -= add;
  }
}
