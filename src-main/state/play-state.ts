// The play state: every row a play command may read, loaded once and held as plain immutable data.
// A command decides on it and returns effects; the apply step writes them and the next state is
// this one with the effects folded in, so an unchanged campaign is never read twice.
import { PLAY_TABLES, type PlayRows, type PlayTable } from './rows.ts';

export type Row = Record<string, unknown>;

/** One table's rows by id, in id order. */
export type TableRows<T extends PlayTable> = ReadonlyMap<number, Readonly<PlayRows[T]>>;

export interface PlayState {
  readonly rows: { readonly [T in PlayTable]: TableRows<T> };
  /** Each column's default as the schema gives it, for rows inserted without it. */
  readonly defaults: { readonly [T in PlayTable]: Readonly<Row> };
}

/** A write a command asks for. Ids are the ones the draft handed out; the apply step keeps them. */
export type Effect =
  | { op: 'insert'; table: string; id: number | null; row: Row }
  | { op: 'update'; table: string; id: number; patch: Row }
  | { op: 'delete'; table: string; id: number };

export function emptyRows(): { [T in PlayTable]: Map<number, PlayRows[T]> } {
  return Object.fromEntries(PLAY_TABLES.map((t) => [t, new Map()])) as { [T in PlayTable]: Map<number, PlayRows[T]> };
}

/** A state from rows and defaults (the loader's, a test's or the simulator's). */
export function playState(
  rows: { readonly [T in PlayTable]: TableRows<T> },
  defaults: { readonly [T in PlayTable]: Readonly<Row> },
): PlayState {
  return { rows, defaults };
}

/** The state after a command: only the tables it changed are new maps; the rest are shared. */
export function withChanges(
  state: PlayState,
  changed: ReadonlyMap<PlayTable, ReadonlyMap<number, Row | null>>,
): PlayState {
  if (changed.size === 0) return state;
  const rows = { ...state.rows } as { [T in PlayTable]: TableRows<T> };
  for (const [table, overlay] of changed) {
    const next = new Map(state.rows[table] as ReadonlyMap<number, Row>);
    for (const [id, row] of overlay) {
      if (row === null) next.delete(id);
      else next.set(id, row);
    }
    // Id order, as the loader gives it: a new row's id is always the largest.
    (rows as Record<PlayTable, ReadonlyMap<number, Row>>)[table] = next;
  }
  return { rows, defaults: state.defaults };
}
