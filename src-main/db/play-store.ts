// The play state's one loader and one writer. `loadPlayState` reads every play table once and keeps
// the result until something else writes to the campaign; `applyDecision` writes what a command
// decided — its rows, its undo step, its rolls and draws — in the command's one transaction, and the
// state after it becomes the loaded one, so the next command reads nothing.
import type { Database, Statement } from 'better-sqlite3';
import { deepFreeze, Draft, type Decision } from '../state/draft.ts';
import { CommandFailure } from '../state/failures.ts';
import type { PlayReader } from '../state/session.ts';
import { playState, type PlayState, type Row } from '../state/play-state.ts';
import { PLAY_TABLES, type PlayTable } from '../state/rows.ts';
import { pushHistory, RecordingWriter, type RowChange } from './history.ts';
import { noteTableWrite } from './table-revision.ts';
import { ledgerReads, tieRollsToStep } from './ledger.ts';
import { keepDraws, tableCatalog } from './table-catalog.ts';
import { skillUseReads } from './skill-uses.ts';

interface Statements {
  changes: Statement;
  version: Statement;
  deferForeignKeys: Statement;
  all: Map<PlayTable, Statement>;
  defaults: { [T in PlayTable]: Row };
  insertRoll: Statement;
  nextRoll: Statement;
  untracked: Statement;
  draws: Statement;
  /** Row writes by their SQL, prepared once per connection. */
  writes: Map<string, Statement>;
}

const statements = new WeakMap<Database, Statements>();
/** The loaded state, and the connection's change count it was loaded (or applied) at. */
const loaded = new WeakMap<Database, { stamp: string; state: PlayState }>();

/** A column default as the schema writes it: a number, a quoted string, or NULL. */
function literal(sql: string | null): unknown {
  if (sql === null || /^null$/i.test(sql)) return null;
  if (/^-?\d+(\.\d+)?$/.test(sql)) return Number(sql);
  const quoted = /^'(.*)'$/s.exec(sql);
  if (quoted) return quoted[1]!.replace(/''/g, "'");
  throw new Error(`A column default the play state cannot read: ${sql}`);
}

function prepared(db: Database): Statements {
  let s = statements.get(db);
  if (s) return s;
  const columns = db.prepare(`SELECT name, dflt_value AS d FROM pragma_table_info(?)`);
  const defaults = Object.fromEntries(
    PLAY_TABLES.map((t) => [
      t,
      Object.fromEntries((columns.all(t) as { name: string; d: string | null }[]).map((c) => [c.name, literal(c.d)])),
    ]),
  ) as { [T in PlayTable]: Row };
  s = {
    changes: db.prepare(`SELECT total_changes() AS n`).pluck(),
    version: db.prepare(`PRAGMA data_version`).pluck(),
    deferForeignKeys: db.prepare(`PRAGMA defer_foreign_keys = ON`),
    all: new Map(PLAY_TABLES.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY id`)])),
    defaults,
    insertRoll: db.prepare(
      `INSERT INTO roll_log (at, session, command, cause, table_key, floor, room, character, explain, result, faces, rng_before, rng_after, public, entered_by)
       VALUES (@at, @session, @command, @cause, @table, @floor, @room, @character, @explain, @result, @faces, @before, @after, @public, @enteredBy)`,
    ),
    nextRoll: db.prepare(`SELECT coalesce(max(id), 0) + 1 FROM roll_log`).pluck(),
    untracked: db.prepare(
      `INSERT INTO setting (id, key, value) VALUES (@id, @key, @value) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    ),
    draws: db.prepare(`UPDATE rtable SET drawn = ? WHERE key = ?`),
    writes: new Map(),
  };
  statements.set(db, s);
  return s;
}

/**
 * What the loaded state is good for: this connection's change count (its own writes outside the
 * engine: undo, a table edit) and the file's data version (another connection's commit).
 */
const stampOf = (db: Database): string => {
  const s = prepared(db);
  return `${s.changes.get() as number}:${s.version.get() as number}`;
};

/** Every play table's rows, read once; again only after a write the engine did not make. */
export function loadPlayState(db: Database): PlayState {
  const s = prepared(db);
  const stamp = stampOf(db);
  const held = loaded.get(db);
  if (held && held.stamp === stamp) return held.state;
  const rows = Object.fromEntries(
    PLAY_TABLES.map((t) => [t, new Map((s.all.get(t)!.all() as Row[]).map((r) => [r.id as number, Object.freeze(r)]))]),
  ) as unknown as PlayState['rows'];
  const state = playState(rows, deepFreeze(s.defaults));
  loaded.set(db, { stamp, state });
  return state;
}

/** Forgets the loaded state (a file closed or replaced under the same connection). */
export function forgetPlayState(db: Database): void {
  loaded.delete(db);
}

const isPlayTable = (t: string): t is PlayTable => (PLAY_TABLES as readonly string[]).includes(t);

/**
 * Writes a decision inside the caller's transaction: each row once with its final image, the undo
 * step with every change in order, the untracked play state, the draws and the rolls tied to the
 * step. Returns the undo step's id (null when nothing undo could revert changed).
 */
export function applyDecision(
  db: Database,
  base: PlayState,
  decision: Decision,
  next: PlayState,
  label: string,
  now: string,
): number | null {
  const s = prepared(db);
  // Rows land in any order within the transaction; their links are checked at commit.
  s.deferForeignKeys.run();
  const changes: RowChange[] = [];
  const images = new Map<string, Row | null>();
  const firstTouch: { table: PlayTable; id: number }[] = [];
  // Tables the state does not load (a day's reports, skill uses) are written as they come.
  const appended = new RecordingWriter(db);
  for (const e of decision.effects) {
    if (!isPlayTable(e.table)) {
      if (e.op !== 'insert') throw new Error(`The engine only appends to ${e.table}`);
      appended.insert(e.table, e.row);
      changes.push(appended.changes.pop()!);
      continue;
    }
    if (e.op === 'delete' && e.table === 'lichslayer') {
      // Their skill uses go with them, and come back with them on undo.
      for (const id of write(db, `SELECT id FROM skill_use WHERE lichslayer_id = ?`).pluck().all(e.id) as number[]) {
        appended.delete('skill_use', id);
        changes.push(appended.changes.pop()!);
      }
    }
    const key = `${e.table}:${e.id}`;
    const id = e.id as number;
    if (!images.has(key)) {
      images.set(key, (base.rows[e.table] as ReadonlyMap<number, Row>).get(id) ?? null);
      firstTouch.push({ table: e.table, id });
    }
    const before = images.get(key)!;
    const after = e.op === 'delete' ? null : e.op === 'insert' ? e.row : { ...before, ...e.patch };
    images.set(key, after);
    changes.push({ table: e.table, id, before, after });
  }
  for (const { table, id } of firstTouch) writeFinal(db, table, id, base, next);
  for (const row of decision.untracked) s.untracked.run(row);
  for (const [key, drawn] of decision.draws) s.draws.run(JSON.stringify(drawn), key);
  keepDraws(db, decision.draws);
  const firstRoll = s.nextRoll.get() as number;
  const session = sessionOf(next);
  if (decision.rolls.length) noteTableWrite(db, 'roll_log');
  for (const r of decision.rolls) {
    s.insertRoll.run({
      at: now,
      session,
      command: r.command,
      cause: r.cause,
      table: r.table ?? null,
      floor: r.floor ?? null,
      room: r.room ?? null,
      character: r.character ?? null,
      explain: r.explain,
      result: JSON.stringify(r.result),
      faces: JSON.stringify(r.faces),
      before: JSON.stringify(r.before),
      after: JSON.stringify(r.after),
      public: r.public ? 1 : 0,
      enteredBy: r.enteredBy,
    });
  }
  const step = pushHistory(db, label, changes);
  if (step !== null) tieRollsToStep(db, step, firstRoll, changes);
  return step;
}

/** Records the applied state as the loaded one; call after the transaction commits. */
export function keepAppliedState(db: Database, next: PlayState): void {
  loaded.set(db, { stamp: stampOf(db), state: next });
}

/** The session the rolls belong to, as the state after the command holds it. */
function sessionOf(state: PlayState): number {
  for (const row of state.rows.setting.values()) if (row.key === 'session') return Number(JSON.parse(row.value)) || 1;
  return 1;
}

function write(db: Database, sql: string): Statement {
  const cache = prepared(db).writes;
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/** One row as the decision left it: inserted, rewritten or deleted. */
function writeFinal(db: Database, table: PlayTable, id: number, base: PlayState, next: PlayState): void {
  const before = (base.rows[table] as ReadonlyMap<number, Row>).get(id);
  const after = (next.rows[table] as ReadonlyMap<number, Row>).get(id);
  if (!after) {
    if (before) write(db, `DELETE FROM ${table} WHERE id = ?`).run(id);
    return;
  }
  const cols = Object.keys(after);
  if (!before) {
    write(db, `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => '@' + c).join(', ')})`).run(after);
    return;
  }
  const changed = cols.filter((c) => c !== 'id' && after[c] !== before[c]);
  if (changed.length)
    write(db, `UPDATE ${table} SET ${changed.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run(
      Object.fromEntries([['id', id], ...changed.map((c) => [c, after[c]])]),
    );
}

/** The play state as views and read-only questions see it: the loaded state, its tables and the ledger. */
export function stateReader(db: Database): PlayReader {
  return new Draft(loadPlayState(db), {
    command: 'campaign.current',
    now: '',
    tables: tableCatalog(db),
    freshSeed: 0,
    ledger: ledgerReads(db),
    skillUses: skillUseReads(db),
    refuse: (message) => new CommandFailure('refused', message),
  });
}
