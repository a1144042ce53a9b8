// The rolls the players' screen shows, read without walking the ledger. Nearly every public roll
// is tied to a room, and only rooms revealed on the party's floor show theirs, so a scan of public
// rolls newest first can pass over a whole campaign's rooms before it finds eight (a floor just
// entered has none). Instead: the revealed rooms' rolls through the room index, and the
// few public rolls tied to no room of the board, whose ids are learnt once per open campaign and
// then only from the rolls added since (a roll's room and publicity never change once written).
import type { Database } from 'better-sqlite3';
import { roomLabel } from '../state/board.ts';
import { statement } from './statements.ts';
import { ledgerRevision } from './table-revision.ts';

const GRID_LABELS = JSON.stringify(
  Array.from({ length: 10 * 25 }, (_, i) => roomLabel(Math.floor(i / 25) + 1, i % 5, Math.floor((i % 25) / 5))),
);

/** A roll whose action still stands: not undone, and not withdrawn by a step that still stands. */
const STANDING = `(history_id IS NULL OR (history_id <> 0 AND history_id NOT IN (SELECT id FROM history WHERE undone = 1)))
  AND (withdrawn_by IS NULL OR withdrawn_by IN (SELECT id FROM history WHERE undone = 1))`;

/** How many of the newest roomless public rolls are weighed; more are read only when these fall short. */
const CANDIDATES = 64;

type Shown = { explain: string; at: string };

/** The revealed rooms of the party's floor, by the label the ledger ties a roll to. */
function revealedLabels(db: Database, floor: number | null): string[] {
  if (floor === null) return [];
  const rooms = statement(db, `SELECT x, y FROM room WHERE revealed = 1 AND floor = ?`).all(floor) as {
    x: number;
    y: number;
  }[];
  return rooms.map((r) => roomLabel(floor, r.x, r.y));
}

/**
 * The rolls players may see, newest first: public rolls whose action still stands (not undone),
 * and, for a roll tied to a room of the board (its contents, its chest), only while that room is
 * revealed on the party's floor and still holds what the roll decided. A pre-rolled floor, a room
 * revealed ahead on another floor, a reset or rewritten room and an undone action tell them nothing.
 * This is the one query that says so; `publicRolls` gives the same answer faster.
 */
export function publicRollsByScan(db: Database, floor: number | null, limit = 8): Shown[] {
  return statement(
    db,
    `SELECT explain, at FROM roll_log
       WHERE public = 1 AND ${STANDING}
         AND (room IS NULL OR room NOT IN (SELECT value FROM json_each(@grid)) OR room IN (SELECT value FROM json_each(@revealed)))
       ORDER BY id DESC LIMIT @limit`,
  ).all({ grid: GRID_LABELS, revealed: JSON.stringify(revealedLabels(db, floor)), limit }) as Shown[];
}

/** The ids, ascending, of the public rolls tied to no room of the board, up to the ledger's newest. */
const roomless = new WeakMap<Database, { upTo: number; ids: number[] }>();

function roomlessIds(db: Database): number[] {
  const newest = statement(db, `SELECT coalesce(max(id), 0) FROM roll_log`).pluck().get() as number;
  let known = roomless.get(db);
  // The newest rolls gone (none are, short of a file replaced): learn them all again.
  if (!known || newest < known.upTo) roomless.set(db, (known = { upTo: 0, ids: [] }));
  if (newest > known.upTo) {
    const added = statement(
      db,
      `SELECT id FROM roll_log WHERE id > ? AND id <= ? AND public = 1
         AND (room IS NULL OR room NOT IN (SELECT value FROM json_each(?))) ORDER BY id`,
    )
      .pluck()
      .all(known.upTo, newest, GRID_LABELS) as number[];
    for (const id of added) known.ids.push(id);
    known.upTo = newest;
  }
  return known.ids;
}

/** The last answer, kept while the ledger and the revealed rooms are as they were: most changes touch neither. */
const lastShown = new WeakMap<Database, { key: string; shown: readonly Shown[] }>();

/** The rolls players may see (as `publicRollsByScan` says), each read through an index. */
export function publicRolls(db: Database, floor: number | null, limit = 8): readonly Shown[] {
  const labels = revealedLabels(db, floor);
  const key = JSON.stringify([ledgerRevision(db), labels, limit]);
  const held = lastShown.get(db);
  if (held?.key === key) return held.shown;
  const shown = Object.freeze(readPublicRolls(db, floor, labels, limit).map((r) => Object.freeze(r)));
  lastShown.set(db, { key, shown });
  return shown;
}

function readPublicRolls(db: Database, floor: number | null, labels: string[], limit: number): Shown[] {
  const all = roomlessIds(db);
  const weighed = all.slice(-CANDIDATES);
  // The revealed rooms' rolls through the room index: as many as this floor's rooms were ever rolled for.
  const placed = labels.length
    ? (statement(
        db,
        `SELECT id FROM roll_log WHERE room IN (SELECT value FROM json_each(@labels)) AND public = 1 AND ${STANDING}
           ORDER BY id DESC LIMIT @limit`,
      )
        .pluck()
        .all({ labels: JSON.stringify(labels), limit }) as number[])
    : [];
  const rows = statement(
    db,
    `SELECT id, explain, at FROM roll_log WHERE id IN (SELECT value FROM json_each(@ids)) AND ${STANDING}
       ORDER BY id DESC LIMIT @limit`,
  ).all({ ids: JSON.stringify([...placed, ...weighed]), limit }) as (Shown & { id: number })[];
  // Exact when every roomless roll newer than the last one shown was weighed; otherwise ask the ledger.
  const complete = all.length <= CANDIDATES || (rows.length === limit && rows[rows.length - 1]!.id >= weighed[0]!);
  if (!complete) return publicRollsByScan(db, floor, limit);
  return rows.map(({ explain, at }) => ({ explain, at }));
}
