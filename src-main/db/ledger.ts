// The roll ledger: every roll the app makes, with its cause, faces, modifiers, clamps and
// nested results, and the random source's state before and after, so any session replays.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { LedgerEntry } from '@shared/contract.ts';
import { SeededRandom } from '../rules/random-source.ts';
import { randomStateSchema } from '../state/sessions.ts';
import type { RowChange } from './history.ts';
import { noteTableWrite } from './table-revision.ts';
import { roomLabel } from '../state/board.ts';
import type { CheatSource, LedgerReads } from '../state/ledger-entry.ts';
import { archivedRolls, archiveReader, iterateArchivedRolls } from './ledger-archive.ts';
import { statement } from './statements.ts';
import { readStoredJson, StoredValueError } from '../state/stored-json.ts';
import { describeIssues } from '@shared/contract.ts';

/**
 * A roll's stored random state, parsed and shaped: a crafted row (one the open check's sample of
 * the newest rows did not reach) is refused by name, never an internal error.
 */
function storedRandomState(id: number, text: string): z.output<typeof randomStateSchema> {
  const checked = randomStateSchema.safeParse(readStoredJson<unknown>('roll_log', 'rng_before', id, text));
  if (!checked.success)
    throw new StoredValueError(
      `roll_log row ${id}, column rng_before,`,
      `is not what the app writes (${describeIssues(checked.error, 2)})`,
    );
  return checked.data;
}

/** Random state and the current session are play state: saved without undo steps. */
export function writePlayState(db: Database, key: string, value: unknown): void {
  statement(
    db,
    `INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  ).run(key, JSON.stringify(value));
}

export function reseed(db: Database, seed: number): void {
  writePlayState(db, 'random', new SeededRandom(seed).snapshot());
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
  const names = statement(
    db,
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
  const columns = `id, at, session, command, cause, table_key AS "table", floor, room, character, explain, faces, entered_by AS enteredBy`;
  const rows = statement(
    db,
    `SELECT ${columns} FROM main.roll_log ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY id DESC LIMIT @limit`,
  ).all({ ...params, limit }) as (Omit<LedgerRow, 'faces'> & { faces: string })[];
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

/** The id the next ledger entry will get: rolls from here on belong to the action now running. */
export const nextRollId = (db: Database): number =>
  (statement(db, `SELECT coalesce(max(id), 0) + 1 AS n FROM roll_log`).get() as { n: number }).n;

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
  let changed = statement(db, `UPDATE roll_log SET history_id = ? WHERE id >= ?`).run(step, firstRoll).changes;
  const withdraw = statement(
    db,
    `UPDATE roll_log SET withdrawn_by = ? WHERE room = ? AND id < ? AND withdrawn_by IS NULL AND history_id IS NOT 0`,
  );
  for (const c of changes) {
    if (c.table !== 'room' || c.before === null) continue;
    const before = c.before as unknown as RoomImage;
    const after = c.after as unknown as RoomImage | null;
    if (after === null || after.name !== before.name || after.room_type !== before.room_type)
      changed += withdraw.run(step, roomLabel(before.floor, before.x, before.y), firstRoll).changes;
  }
  if (changed) noteTableWrite(db, 'roll_log');
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
  const inFile = statement(
    db,
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
  /** Faces entered by hand come from the table, not the seeded source: replay skips them. */
  entered_by: string | null;
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
  const columns = 'id, faces, rng_before, rng_after, entered_by';
  const rows = (function* () {
    yield* iterateArchivedRolls<ReplayRow>(db, columns, where, params);
    yield* statement(db, `SELECT ${columns} FROM main.roll_log ${where ? `WHERE ${where}` : ''} ORDER BY id`).iterate(
      params,
    ) as Iterable<ReplayRow>;
  })();
  let entries = 0;
  let faces = 0;
  for (const row of rows) {
    entries++;
    const rng = SeededRandom.resume(storedRandomState(row.id, row.rng_before));
    const rolled = readStoredJson<{ sides: number; face: number }[]>('roll_log', 'faces', row.id, row.faces, true);
    // Faces entered by hand came from the table: the seeded source did not move for them.
    if (row.entered_by !== null) faces += rolled.length;
    for (const f of row.entered_by === null ? rolled : []) {
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
    if (
      JSON.stringify(rng.snapshot()) !==
      JSON.stringify(readStoredJson<unknown>('roll_log', 'rng_after', row.id, row.rng_after))
    ) {
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

export { roomLabel };

const facesSchema = z.array(
  z.object({ sides: z.number().int().min(1), face: z.number().int().min(1), cause: z.string() }),
);

const modifierSchema = z.object({ source: z.string(), value: z.number() });
/** The parts of a logged result Cheat's reroll keeps: a Challenge's, an attack's or a table roll's modifiers. */
const cheatedResultSchema = z.object({
  flat: z.number().optional(),
  modifiers: z
    .union([
      z.array(modifierSchema),
      z.object({
        sanity: modifierSchema.nullable(),
        survival: z.array(modifierSchema),
        other: z.array(modifierSchema),
      }),
    ])
    .optional(),
  target: z.number().optional(),
  success: z.boolean().optional(),
  miss: z.boolean().optional(),
});

function cheatedResult(id: number, json: string): Pick<CheatSource, 'modifiers' | 'target' | 'damage'> {
  const r = cheatedResultSchema.safeParse(readStoredJson<unknown>('roll_log', 'result', id, json)).data;
  if (!r) return { modifiers: [], target: null, damage: false };
  const m = r.modifiers;
  const listed = !m ? [] : Array.isArray(m) ? m : [...(m.sanity ? [m.sanity] : []), ...m.survival, ...m.other];
  const flat = r.flat ? [{ source: 'fixed damage', value: r.flat }] : [];
  const isChallenge = r.target !== undefined && r.success !== undefined;
  return { modifiers: [...flat, ...listed], target: isChallenge ? r.target! : null, damage: r.miss !== undefined };
}

/**
 * A ledger entry as Cheat rerolls it (ch.2): its dice are its own faces, or — on an entry that
 * chains on from its command's first — those its command's first entry kept, caused by it.
 */
export function cheatSource(db: Database, rollId: number): CheatSource | null {
  const e = statement(
    db,
    `SELECT id, at, command, cause, character, explain, result, faces FROM roll_log WHERE id = ?`,
  ).get(rollId) as
    | {
        id: number;
        at: string;
        command: string;
        cause: string;
        character: string | null;
        explain: string;
        result: string;
        faces: string;
      }
    | undefined;
  if (!e) return null;
  const parse = (id: number, json: string) =>
    facesSchema.safeParse(readStoredJson<unknown>('roll_log', 'faces', id, json)).data ?? [];
  let faces = parse(e.id, e.faces);
  if (!faces.length) {
    const first = statement(
      db,
      `SELECT id, faces FROM roll_log WHERE at = ? AND command = ? AND id < ? AND faces != '[]' ORDER BY id DESC LIMIT 1`,
    ).get(e.at, e.command, e.id) as { id: number; faces: string } | undefined;
    faces = first ? parse(first.id, first.faces) : [];
  }
  const mine = faces.filter((f) => f.cause === e.cause || f.cause === `${e.cause} (explosion)`);
  return {
    id: e.id,
    cause: e.cause,
    character: e.character,
    faces: mine.length ? mine : faces,
    exploding: /d6!/.test(e.explain) || faces.some((f) => f.cause.endsWith('(explosion)')),
    ...cheatedResult(e.id, e.result),
  };
}

/** The ledger as the engine may read it (a narrow, read-only port). */
export function ledgerReads(db: Database): LedgerReads {
  return {
    cheatSource: (rollId) => cheatSource(db, rollId),
    spellCauses: (session, tableKey) =>
      statement(db, `SELECT cause FROM roll_log WHERE session = ? AND command = 'phase.cast' AND table_key = ?`)
        .pluck()
        .all(session, tableKey) as string[],
    lastCounterMagic: (session, witch) => {
      const last = statement(
        db,
        `SELECT id, cause, result FROM roll_log WHERE session = ? AND cause LIKE ? AND cause NOT LIKE '%: integrity check on a natural 1' ORDER BY id DESC LIMIT 1`,
      ).get(session, `${witch}: Counter Magic against %`) as { id: number; cause: string; result: string } | undefined;
      if (!last) return null;
      const result = readStoredJson<unknown>('roll_log', 'result', last.id, last.result);
      return {
        id: last.id,
        cause: last.cause,
        success: typeof result === 'object' && result !== null && (result as { success?: unknown }).success === true,
      };
    },
  };
}
