// The roll ledger: every roll the app makes, with its cause, faces, modifiers, clamps and
// nested results, and the random source's state before and after, so any session replays.
import type { Database } from 'better-sqlite3';
import crypto from 'node:crypto';
import { z } from 'zod';
import type { LedgerEntry } from '@shared/contract.ts';
import type { DiceLogEntry } from '../rules/dice.ts';
import { Dice } from '../rules/dice.ts';
import { SeededRandom } from '../rules/random-source.ts';
import { readSetting } from './settings.ts';
import type { RowChange } from './history.ts';
import { archivedRolls, archiveReader, iterateArchivedRolls } from './ledger-archive.ts';
import { readStoredJson } from './stored-json.ts';

const randomStateSchema = z.strictObject({
  seed: z.number().int(),
  position: z.number().int().min(0),
  s: z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]),
});

/** Random state and the current session are play state: saved without undo steps. */
export function writePlayState(db: Database, key: string, value: unknown): void {
  db.prepare(
    `INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  ).run(key, JSON.stringify(value));
}

/** The random source's saved state, validated; null before the first roll. */
export const savedRandom = (db: Database) => readSetting(db, 'random', randomStateSchema.nullable(), null);

export function loadRandom(db: Database): SeededRandom {
  const state = savedRandom(db);
  if (state) return SeededRandom.resume(state);
  const fresh = new SeededRandom(crypto.randomInt(0, 2 ** 31));
  writePlayState(db, 'random', fresh.snapshot());
  return fresh;
}

export function reseed(db: Database, seed: number): void {
  writePlayState(db, 'random', new SeededRandom(seed).snapshot());
}

export function currentSession(db: Database): number {
  // Bounded: the journal lists every session, so a crafted count must not ask for a billion of them.
  return readSetting(db, 'session', z.number().int().min(1).max(100_000), 1);
}

export function startSession(db: Database): number {
  const next = currentSession(db) + 1;
  writePlayState(db, 'session', next);
  // When each session began, so the journal can sort the campaign's history into sessions.
  writePlayState(db, 'session-starts', { ...sessionStarts(db), [String(next)]: new Date().toISOString() });
  return next;
}

export function sessionStarts(db: Database): Record<string, string> {
  return readSetting(db, 'session-starts', z.record(z.string(), z.string()), {});
}

export interface RollRecord {
  cause: string;
  table?: string | null;
  floor?: number | null;
  room?: string | null;
  character?: string | null;
  explain: string;
  result: unknown;
  /** Shown on the players' screen (a revealed room's roll); everything else stays with the Judge. */
  public?: boolean;
}

/**
 * Runs `roll` with the campaign's random source and writes one ledger entry per recorded
 * result, with the faces drawn and the source's state before and after. Call inside a transaction.
 */
export function rollWithLedger<T>(
  db: Database,
  command: string,
  roll: (dice: Dice) => { value: T; records: RollRecord[] },
): { value: T; ids: number[] } {
  const rng = loadRandom(db);
  const before = rng.snapshot();
  const faces: DiceLogEntry[] = [];
  const dice = new Dice(rng, (entry) => faces.push(entry));
  const { value, records } = roll(dice);
  const after = rng.snapshot();
  writePlayState(db, 'random', after);
  const session = currentSession(db);
  const insert = db.prepare(
    `INSERT INTO roll_log (at, session, command, cause, table_key, floor, room, character, explain, result, faces, rng_before, rng_after, public)
     VALUES (@at, @session, @command, @cause, @table, @floor, @room, @character, @explain, @result, @faces, @before, @after, @public)`,
  );
  const at = new Date().toISOString();
  const ids = records.map((r, i) =>
    Number(
      insert.run({
        at,
        session,
        command,
        cause: r.cause,
        table: r.table ?? null,
        floor: r.floor ?? null,
        room: r.room ?? null,
        character: r.character ?? null,
        explain: r.explain,
        result: JSON.stringify(r.result),
        // One command's faces are kept on its first entry; the others chain on from it.
        faces: JSON.stringify(i === 0 ? faces.map((f) => ({ sides: f.sides, face: f.face, cause: f.cause })) : []),
        before: JSON.stringify(i === 0 ? before : after),
        after: JSON.stringify(after),
        public: r.public ? 1 : 0,
      }).lastInsertRowid,
    ),
  );
  return { value, ids };
}

export interface LedgerFilter {
  session?: number | undefined;
  table?: string | undefined;
  floor?: number | undefined;
  character?: string | undefined;
  limit?: number | undefined;
}

/** One ledger entry as the contract shows it. */
export type LedgerRow = LedgerEntry;

/**
 * The stored character names that contain `part`, ignoring case. The distinct names are read by
 * jumping through the character index from one to the next, so the cost follows how many
 * characters there are, never how many rolls.
 */
export function matchingCharacters(db: Database, part: string): string[] {
  const wanted = part.trim().toLocaleLowerCase();
  const names = db
    .prepare(
      `WITH RECURSIVE seen(name) AS (
         SELECT (SELECT character FROM main.roll_log WHERE character IS NOT NULL ORDER BY character LIMIT 1)
         UNION ALL
         SELECT (SELECT character FROM main.roll_log WHERE character > seen.name ORDER BY character LIMIT 1) FROM seen WHERE seen.name IS NOT NULL
       )
       SELECT name FROM seen WHERE name IS NOT NULL`,
    )
    .pluck()
    .all() as string[];
  return wanted ? names.filter((n) => n.toLocaleLowerCase().includes(wanted)) : names;
}

/**
 * The newest entries matching the filter (each filter column has its index), reading on into the
 * archive when the campaign file holds fewer than the limit.
 */
export function listLedger(db: Database, filter: LedgerFilter): LedgerRow[] {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  if (filter.session !== undefined) {
    where.push('session = @session');
    params.session = filter.session;
  }
  if (filter.table !== undefined) {
    where.push('table_key = @table');
    params.table = filter.table;
  }
  if (filter.floor !== undefined) {
    where.push('floor = @floor');
    params.floor = filter.floor;
  }
  if (filter.character !== undefined) {
    // "tobin" finds "Tobin Ashgrove": the part typed is matched against the few distinct names
    // first, then the rows are picked by exact name, so the search stays on the character index.
    where.push('character IN (SELECT value FROM json_each(@characters))');
    params.characters = JSON.stringify(matchingCharacters(db, filter.character));
  }
  const limit = filter.limit ?? 500;
  const columns = `id, at, session, command, cause, table_key AS "table", floor, room, character, explain, faces`;
  const rows = db
    .prepare(
      `SELECT ${columns} FROM main.roll_log ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY id DESC LIMIT @limit`,
    )
    .all({ ...params, limit }) as (Omit<LedgerRow, 'faces'> & { faces: string })[];
  if (rows.length < limit)
    rows.push(
      ...archivedRolls<Omit<LedgerRow, 'faces'> & { faces: string }>(
        db,
        columns,
        where.join(' AND ') || null,
        params,
        'DESC',
        limit - rows.length,
      ),
    );
  return rows.map((r) => ({
    ...r,
    faces: readStoredJson<LedgerRow['faces']>('roll_log', 'faces', r.id, r.faces, true),
  }));
}

/**
 * A board room's label in the ledger's `room` column, as the board's handlers write it
 * ("F2 (3,1)"); the players' list below depends on reading it the same way.
 */
export const roomLabel = (floor: number, x: number, y: number): string => `F${floor} (${x + 1},${y + 1})`;

const GRID_LABELS = JSON.stringify(
  Array.from({ length: 10 * 25 }, (_, i) => roomLabel(Math.floor(i / 25) + 1, i % 5, Math.floor((i % 25) / 5))),
);

/** The id the next ledger entry will get: rolls from here on belong to the action now running. */
export const nextRollId = (db: Database): number =>
  (db.prepare(`SELECT coalesce(max(id), 0) + 1 AS n FROM roll_log`).get() as { n: number }).n;

interface RoomImage {
  floor: number;
  x: number;
  y: number;
  name: unknown;
  room_type: unknown;
}

/**
 * Ties the rolls an action made to its undo step, and withdraws the earlier rolls of every room
 * the action cleared or rewrote (its name or type): what they decided is gone from the board, so
 * players must not read it when the room is revealed again. Undoing the step brings them back.
 */
export function tieRollsToStep(db: Database, step: number, firstRoll: number, changes: readonly RowChange[]): void {
  db.prepare(`UPDATE roll_log SET history_id = ? WHERE id >= ?`).run(step, firstRoll);
  const withdraw = db.prepare(
    `UPDATE roll_log SET withdrawn_by = ? WHERE room = ? AND id < ? AND withdrawn_by IS NULL AND history_id IS NOT 0`,
  );
  for (const c of changes) {
    if (c.table !== 'room' || c.before === null) continue;
    const before = c.before as unknown as RoomImage;
    const after = c.after as unknown as RoomImage | null;
    if (after === null || after.name !== before.name || after.room_type !== before.room_type)
      withdraw.run(step, roomLabel(before.floor, before.x, before.y), firstRoll);
  }
}

/**
 * The rolls players may see, newest first: public rolls whose action still stands (not undone),
 * and, for a roll tied to a room of the board (its contents, its chest), only while that room is
 * revealed on the party's floor and still holds what the roll decided. A pre-rolled floor, a room
 * revealed ahead on another floor, a reset or rewritten room and an undone action tell them nothing.
 */
export function publicRolls(db: Database, floor: number | null, limit = 8): { explain: string; at: string }[] {
  const revealed =
    floor === null
      ? []
      : (
          db.prepare(`SELECT x, y FROM room WHERE revealed = 1 AND floor = ?`).all(floor) as { x: number; y: number }[]
        ).map((r) => roomLabel(floor, r.x, r.y));
  return db
    .prepare(
      `SELECT explain, at FROM roll_log
       WHERE public = 1
         AND (history_id IS NULL OR (history_id <> 0 AND history_id NOT IN (SELECT id FROM history WHERE undone = 1)))
         AND (withdrawn_by IS NULL OR withdrawn_by IN (SELECT id FROM history WHERE undone = 1))
         AND (room IS NULL OR room NOT IN (SELECT value FROM json_each(@grid)) OR room IN (SELECT value FROM json_each(@revealed)))
       ORDER BY id DESC LIMIT @limit`,
    )
    .all({ grid: GRID_LABELS, revealed: JSON.stringify(revealed), limit }) as { explain: string; at: string }[];
}

/**
 * Reads sessions' notable rolls for the journal, the newest `limit` of each in the order rolled:
 * what players saw, spells, creations and the Lich's doings (the `notable` column says which).
 */
export function notableRollsReader(
  db: Database,
  limit: number,
): (session: number) => { cause: string; explain: string }[] {
  const columns = 'cause, explain';
  const inFile = db.prepare(
    `SELECT ${columns} FROM main.roll_log WHERE session = ? AND notable = 1 ORDER BY id DESC LIMIT ?`,
  );
  const archived = archiveReader<{ cause: string; explain: string }>(
    db,
    columns,
    'session = @session AND notable = 1',
    'DESC',
  );
  return (session) => {
    const rows = inFile.all(session, limit) as { cause: string; explain: string }[];
    if (rows.length < limit) rows.push(...archived({ session }, limit - rows.length));
    return rows.reverse();
  };
}

export interface ReplayReport {
  entries: number;
  faces: number;
  ok: boolean;
  problem: string | null;
}

interface ReplayRow {
  id: number;
  faces: string;
  rng_before: string;
  rng_after: string;
}

/**
 * Replays a session (or the whole campaign, archive included) from its stored random states: every
 * face must come out again, in order. Rows are read one at a time, so a long campaign replays in
 * constant memory.
 */
export function verifyLedger(db: Database, session?: number): ReplayReport {
  const where = session !== undefined ? 'session = @session' : null;
  const params = session !== undefined ? { session } : {};
  const columns = 'id, faces, rng_before, rng_after';
  const rows = (function* () {
    yield* iterateArchivedRolls<ReplayRow>(db, columns, where, params);
    yield* db
      .prepare(`SELECT ${columns} FROM main.roll_log ${where ? `WHERE ${where}` : ''} ORDER BY id`)
      .iterate(params) as Iterable<ReplayRow>;
  })();
  let entries = 0;
  let faces = 0;
  for (const row of rows) {
    entries++;
    const rng = SeededRandom.resume(randomStateSchema.parse(JSON.parse(row.rng_before)));
    for (const f of JSON.parse(row.faces) as { sides: number; face: number }[]) {
      const again = rng.int(f.sides);
      faces++;
      if (again !== f.face)
        return {
          entries,
          faces,
          ok: false,
          problem: `Entry ${row.id}: a d${f.sides} showed ${f.face} but replays as ${again}`,
        };
    }
    if (JSON.stringify(rng.snapshot()) !== JSON.stringify(JSON.parse(row.rng_after))) {
      return {
        entries,
        faces,
        ok: false,
        problem: `Entry ${row.id}: the random source does not end where the ledger says`,
      };
    }
  }
  return { entries, faces, ok: true, problem: null };
}
