// Undo and redo for every Judge action, kept in the campaign so they survive a restart.
// A mutation records the before and after image of each row it touches; undo writes the
// before images back, redo the after images. One mechanism serves every table.
import type { Database } from 'better-sqlite3';
import { currentSession } from './settings.ts';
import { noteTableWrite } from './table-revision.ts';
import { TRACKED_TABLES } from '../state/tracked-tables.ts';
import { COMPACTED_STEP, readStoredJson } from '../state/stored-json.ts';
import { statement } from './statements.ts';
import { CASCADES as PLAY_CASCADES, SET_NULLS, type PlayTable } from '../state/rows.ts';

type Row = Record<string, unknown>;
export interface RowChange {
  table: string;
  id: number;
  before: Row | null;
  after: Row | null;
}

/** The schema's ON DELETE CASCADE links between tracked tables: the play tables' and the rest. */
const CASCADES: Record<string, readonly (readonly [string, string])[]> = {
  ...PLAY_CASCADES,
  lichslayer: [...(PLAY_CASCADES.lichslayer ?? []), ['skill_use', 'lichslayer_id']],
  rtable: [['rtable_row', 'table_id']],
};

function assertTracked(table: string): void {
  if (!TRACKED_TABLES.has(table)) throw new Error(`History does not track table ${table}`);
}

/** The write surface a mutation gets: every change goes through here and is recorded. */
export class RecordingWriter {
  readonly changes: RowChange[] = [];
  constructor(private readonly db: Database) {}

  get(table: string, id: number): Row | null {
    assertTracked(table);
    return (statement(this.db, `SELECT * FROM ${table} WHERE id = ?`).get(id) as Row | undefined) ?? null;
  }

  insert(table: string, row: Row): number {
    assertTracked(table);
    noteTableWrite(this.db, table);
    const cols = Object.keys(row);
    const info = statement(
      this.db,
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => '@' + c).join(', ')})`,
    ).run(row);
    const id = Number(info.lastInsertRowid);
    this.changes.push({ table, id, before: null, after: this.get(table, id) });
    return id;
  }

  update(table: string, id: number, patch: Row): void {
    const before = this.get(table, id);
    if (!before) throw new Error(`No ${table} row ${id}`);
    const cols = Object.keys(patch);
    if (cols.length === 0) return;
    noteTableWrite(this.db, table);
    statement(this.db, `UPDATE ${table} SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({
      ...patch,
      id,
    });
    this.changes.push({ table, id, before, after: this.get(table, id) });
  }

  delete(table: string, id: number): void {
    const before = this.get(table, id);
    if (!before) return;
    // Rows that SQLite would remove by ON DELETE CASCADE are removed here first, so undo brings them back too.
    for (const [child, column] of CASCADES[table] ?? []) {
      for (const { id: childId } of statement(this.db, `SELECT id FROM ${child} WHERE ${column} = ?`).all(id) as {
        id: number;
      }[])
        this.delete(child, childId);
    }
    for (const [child, column] of SET_NULLS[table as PlayTable] ?? [])
      for (const { id: childId } of statement(this.db, `SELECT id FROM ${child} WHERE ${column} = ?`).all(id) as {
        id: number;
      }[])
        this.update(child, childId, { [column]: null });
    noteTableWrite(this.db, table);
    statement(this.db, `DELETE FROM ${table} WHERE id = ?`).run(id);
    this.changes.push({ table, id, before, after: null });
  }
}

function writeImage(db: Database, table: string, id: number, image: Row | null): void {
  assertTracked(table);
  noteTableWrite(db, table);
  if (!image) {
    statement(db, `DELETE FROM ${table} WHERE id = ?`).run(id);
    return;
  }
  const cols = Object.keys(image);
  const exists = statement(db, `SELECT 1 FROM ${table} WHERE id = ?`).get(id);
  // Update in place rather than delete-and-insert, which would cascade to child rows.
  if (exists)
    statement(db, `UPDATE ${table} SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run(image);
  else
    statement(db, `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => '@' + c).join(', ')})`).run(
      image,
    );
}

/**
 * A step whose before and after images were dropped by compaction: the journal still lists it, but
 * undo stops there (the undo horizon).
 */
const COMPACTED = COMPACTED_STEP;

/** The changes the journal lists for a session: its newest steps (compaction keeps these and every dive step). */
export const JOURNAL_CHANGES = 60;

/** Stores a finished mutation as the newest undo step; a new step clears the redo stack. */
/** Records one step; returns its id, or null when the action changed nothing undo could revert. */
export function pushHistory(db: Database, label: string, changes: RowChange[]): number | null {
  if (changes.length === 0) return null;
  // A new step stands, as the rolls it is tied to do: which rolls stand changes only with what follows.
  forgetUndoneSteps(db);
  return Number(
    statement(db, `INSERT INTO history (label, changes, at, session) VALUES (?, ?, ?, ?)`).run(
      label,
      JSON.stringify(changes),
      new Date().toISOString(),
      currentSession(db),
    ).lastInsertRowid,
  );
}

/**
 * Drops the redo steps. Rolls their actions made stay withdrawn for good (history_id 0), and
 * rolls they had withdrawn come back, since what withdrew them is gone.
 */
export function forgetUndoneSteps(db: Database): void {
  // Every push comes here: with nothing undone (the usual case) it costs one index probe.
  if (!statement(db, `SELECT 1 FROM history WHERE undone = 1 LIMIT 1`).get()) return;
  noteTableWrite(db, 'history');
  retireRollLinks(db, `SELECT id FROM history WHERE undone = 1`);
  statement(db, `DELETE FROM history WHERE undone = 1`).run();
}

/**
 * Before undone steps are deleted: the rolls their actions made stay withdrawn for good
 * (history_id 0), and rolls they had withdrawn come back. Both columns are indexed, so this reads
 * only the rolls of those steps; a deleted step's id may be handed out again.
 */
function retireRollLinks(db: Database, steps: string, ...params: unknown[]): void {
  noteTableWrite(db, 'roll_log');
  statement(db, `UPDATE roll_log SET history_id = 0 WHERE history_id IN (${steps})`).run(...params);
  statement(db, `UPDATE roll_log SET withdrawn_by = NULL WHERE withdrawn_by IN (${steps})`).run(...params);
}

/**
 * Starts the history afresh (a duplicated campaign): every roll keeps what it shows now, tied to no
 * step, since the ids of the steps it was tied to will be handed out again.
 */
export function forgetAllSteps(db: Database): void {
  forgetUndoneSteps(db);
  noteTableWrite(db, 'roll_log');
  statement(db, `UPDATE roll_log SET history_id = 0 WHERE withdrawn_by IS NOT NULL`).run();
  statement(db, `UPDATE roll_log SET history_id = NULL, withdrawn_by = NULL WHERE history_id IS NOT 0`).run();
  statement(db, `UPDATE roll_log SET withdrawn_by = NULL`).run();
  statement(db, `DELETE FROM history`).run();
}

interface HistoryRow {
  id: number;
  label: string;
  changes: string;
}

export function nextUndo(db: Database): HistoryRow | null {
  const step = statement(
    db,
    `SELECT id, label, changes FROM history WHERE undone = 0 ORDER BY id DESC LIMIT 1`,
  ).get() as HistoryRow | undefined;
  return step && step.changes !== COMPACTED ? step : null;
}

export function nextRedo(db: Database): HistoryRow | null {
  return (
    (statement(db, `SELECT id, label, changes FROM history WHERE undone = 1 ORDER BY id ASC LIMIT 1`).get() as
      HistoryRow | undefined) ?? null
  );
}

/** Reverts the newest step; returns its label, or null when there is nothing to undo. */
export function undo(db: Database): string | null {
  const step = nextUndo(db);
  if (!step) return null;
  const changes = readStoredJson<RowChange[]>('history', 'changes', step.id, step.changes, true);
  // Deferred so that rows come back in any order without tripping foreign keys mid-way.
  db.pragma('defer_foreign_keys = ON');
  for (const change of [...changes].reverse()) writeImage(db, change.table, change.id, change.before);
  noteTableWrite(db, 'history');
  statement(db, `UPDATE history SET undone = 1 WHERE id = ?`).run(step.id);
  return step.label;
}

export function redo(db: Database): string | null {
  const step = nextRedo(db);
  if (!step) return null;
  const changes = readStoredJson<RowChange[]>('history', 'changes', step.id, step.changes, true);
  db.pragma('defer_foreign_keys = ON');
  for (const change of changes) writeImage(db, change.table, change.id, change.after);
  noteTableWrite(db, 'history');
  statement(db, `UPDATE history SET undone = 0 WHERE id = ?`).run(step.id);
  return step.label;
}

export interface HistoryCompaction {
  /** Steps that can no longer be undone. */
  compacted: number;
  /** Steps removed altogether (the journal does not list them). */
  removed: number;
}

/**
 * Keeps undo for the sessions from `firstKept` on. Older steps lose their row images (the bulk of
 * the history), and of those only what the journal lists stays: each session's newest steps and
 * its dive steps. Call inside a transaction.
 */
export function compactHistory(db: Database, firstKept: number): HistoryCompaction {
  // Undone steps there could never be redone once their images are gone.
  noteTableWrite(db, 'history');
  retireRollLinks(db, `SELECT id FROM history WHERE session < ? AND undone = 1`, firstKept);
  const dropped = statement(db, `DELETE FROM history WHERE session < ? AND undone = 1`).run(firstKept).changes;
  const compacted = statement(
    db,
    `UPDATE history SET changes = '${COMPACTED}' WHERE session < ? AND changes != '${COMPACTED}'`,
  ).run(firstKept).changes;
  const removed = statement(
    db,
    `DELETE FROM history WHERE session < @first AND NOT (label GLOB 'Phase: *')
         AND id < (SELECT h.id FROM history AS h WHERE h.session = history.session ORDER BY h.id DESC LIMIT 1 OFFSET ${JOURNAL_CHANGES - 1})`,
  ).run({ first: firstKept }).changes;
  return { compacted, removed: removed + dropped };
}
