// How much a campaign file may hold, stated once: what a campaign opened or imported is checked
// against before the app reads it. Each bound is far above anything play writes and far below
// what would freeze the app or run it out of memory: a file over one was made by something else.

/**
 * The largest value the app itself writes is a command's arguments (a pasted table, at most
 * about 12 MB as JSON): anything much larger was put there by something else.
 */
export const MAX_VALUE_BYTES = 32 * 1024 * 1024;

export { MAX_STORED_JSON_DEPTH } from '../state/stored-json.ts';

/** A file this large is no campaign the app made (100k rows of history and ledger are a few hundred MB). */
export const MAX_FILE_BYTES = 8 * 1024 * 1024 * 1024;

export interface TableLimit {
  /** Rows the table may hold. */
  rows: number;
  /**
   * Bytes its values may add up to, for the tables the app reads whole (a view, a setting, the
   * board); null for the tables read a page at a time, where only each value's size matters.
   */
  bytes: number | null;
}

// Decimal megabytes, as the Judge reads them in a refusal.
const MB = 1_000_000;

/** Every table of every format the app has had, SQLite's own included. */
export const TABLE_LIMITS: Readonly<Record<string, TableLimit>> = {
  meta: { rows: 1_000, bytes: 1 * MB },
  town: { rows: 1, bytes: 1 * MB },
  lichslayer: { rows: 1_000, bytes: 16 * MB },
  item: { rows: 12_000, bytes: 16 * MB },
  inventory: { rows: 200_000, bytes: 64 * MB },
  setting: { rows: 20_000, bytes: 64 * MB },
  rtable: { rows: 5_000, bytes: 16 * MB },
  rtable_row: { rows: 500_000, bytes: 256 * MB },
  room: { rows: 250, bytes: 16 * MB },
  token: { rows: 100_000, bytes: 64 * MB },
  turn_stack: { rows: 100_000, bytes: 16 * MB },
  ailment: { rows: 400_000, bytes: 16 * MB },
  medicine_refill: { rows: 1_000, bytes: 1 * MB },
  heirloom_cover: { rows: 1_000, bytes: 1 * MB },
  familiar: { rows: 100_000, bytes: 16 * MB },
  channel_buff: { rows: 100_000, bytes: 16 * MB },
  spell_inscription: { rows: 100_000, bytes: 16 * MB },
  crush_tier: { rows: 100_000, bytes: 16 * MB },
  investiture: { rows: 100_000, bytes: 16 * MB },
  doorway_hold: { rows: 100_000, bytes: 16 * MB },
  doorway_denial: { rows: 100_000, bytes: 16 * MB },
  enhanced_skill: { rows: 100_000, bytes: 16 * MB },
  skill_use: { rows: 5_000_000, bytes: null },
  day_report: { rows: 1_000_000, bytes: null },
  history: { rows: 5_000_000, bytes: null },
  roll_log: { rows: 5_000_000, bytes: null },
  action_log: { rows: 5_000_000, bytes: null },
  sqlite_sequence: { rows: 100, bytes: 1 * MB },
  sqlite_stat1: { rows: 10_000, bytes: 16 * MB },
  sqlite_stat4: { rows: 100_000, bytes: 64 * MB },
};

/** A table the app does not know holds nothing worth much (the schema check refuses it anyway). */
export const UNKNOWN_TABLE_LIMIT: TableLimit = { rows: 0, bytes: 0 };

export const tableLimit = (table: string): TableLimit => TABLE_LIMITS[table] ?? UNKNOWN_TABLE_LIMIT;

/**
 * Tables that grow with every session of play and are read a page at a time: on open their newest
 * rows are read whole (what the app shows at once), the rest in the background.
 */
export const GROWING_TABLES: ReadonlySet<string> = new Set(['history', 'roll_log', 'day_report']);

/** The newest rows of a growing table that the open check reads whole. */
export const NEWEST_ROWS = 1000;

/** A size in words: "42 MB", "3 KB". */
export function bytesInWords(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(0)} MB`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(0)} KB`;
  return `${n} bytes`;
}
