// What the engine's functions are handed: a reader of the play state, and for a command a session
// that also takes its writes and its rolls. Neither is a database: a command decides on plain data.
import type { CommandName } from '@shared/contract.ts';
import type { TableDef } from '@shared/tables.ts';
import type { Dice } from '../rules/dice.ts';
import type { LootLookup } from '../rules/loot-entry.ts';
import type { DrawState } from '../tables/table-roll.ts';
import type { SkillUse } from '../rules/skills.ts';
import type { LedgerReads } from './ledger-entry.ts';
import type { Row } from './play-state.ts';
import type { AppendTable, PlayRows, PlayTable } from './rows.ts';

/** The campaign's tables as a command rolls on them (cached until a table changes). */
export interface TableCatalog {
  readonly defs: ReadonlyMap<string, TableDef>;
  /** Rows already drawn from each draw-without-replacement table. */
  readonly drawn: ReadonlyMap<string, readonly number[]>;
  /** Each table's row id in the campaign file, for saving its draws. */
  readonly ids: ReadonlyMap<string, number>;
  /** Loot entries by item name (every loot table and the Flora table). */
  readonly loot: LootLookup;
  /** The tables of one category (only those are read). */
  ofCategory(category: TableDef['category']): TableDef[];
}

export interface TableRollKit {
  dice: Dice;
  tables: ReadonlyMap<string, TableDef>;
  drawn: DrawState;
}

/** One ledger entry as a command records it (the apply step adds its id, time and session). */
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

export interface PlayReader {
  /** Every row of a play table, in id order. */
  all<T extends PlayTable>(table: T): readonly Readonly<PlayRows[T]>[];
  byId<T extends PlayTable>(table: T, id: number): Readonly<PlayRows[T]> | null;
  /** A setting's stored JSON text, or null when it was never written. */
  settingText(key: string): string | null;
  /**
   * A setting parsed once per stored value and parser (settings are read many times a command);
   * the value is frozen, since every reader of the state shares it. undefined when never written.
   */
  parsed<V>(key: string, parse: (text: string) => V): V | undefined;
  readonly tables: TableCatalog;
  /** The campaign's skill uses, through their indexes (they grow with the campaign). */
  readonly skillUses: SkillUseReads;
}

export interface PlaySession extends PlayReader {
  /** The command being decided, for the rolls it records. */
  readonly command: CommandName;
  /** The command's moment, handed in so that the same inputs always decide the same way. */
  readonly now: string;
  /** The rolls made before this command, for the few rules that act on a past roll. */
  readonly ledger: LedgerReads;
  insert<T extends PlayTable>(table: T, row: Partial<PlayRows[T]>): number;
  update<T extends PlayTable>(table: T, id: number, patch: Partial<PlayRows[T]>): void;
  delete(table: PlayTable, id: number): void;
  /** A row of a table the engine writes but never reads back (a day's report). */
  append(table: AppendTable, row: Row): void;
  /**
   * Rolls with the campaign's dice and tables: the records become ledger entries carrying the faces
   * drawn and the random source's state before and after; draws without replacement are kept.
   */
  roll<T>(command: string, run: (kit: TableRollKit) => { value: T; records: RollRecord[] }): T;
  /**
   * Rolls made inside are the app's, even when faces were entered for this command: the Judge's
   * rolls a command makes before the player's (a room revealed on the way into it, ch.10).
   */
  appDice<T>(run: () => T): T;
  /** Play state kept without an undo step (the current session). */
  setUntracked(key: string, value: unknown): void;
  /** A skill used (ch.2): one new row, counted by every question asked of the uses after it. */
  recordSkillUse(use: SkillUse): void;
}

/** Now, as a usage limit reads it: the session, day, fight and floor visit that bind. */
export interface LimitWindow {
  session: number;
  day: number;
  fight: number | null;
  visit: number | null;
}

/** What a capstone counts: distinct values of one column of one skill's uses (ch.2). */
export interface CapstoneKey {
  column: 'target' | 'faction' | 'token_id';
  /** Which uses count: successful ones, successful ones kept by name (no token), or every one. */
  counts: 'success' | 'success-by-name' | 'all';
}

/** The questions the engine asks of the campaign's skill uses (answered through its indexes). */
export interface SkillUseReads {
  /** Uses of one skill by one Lichslayer inside the window (any of its session, day, fight, visit). */
  inWindow(lichslayerId: number, skill: string, now: LimitWindow): readonly SkillUse[];
  /** Distinct values of a capstone key, in index order, at most `limit`. */
  distinct(lichslayerId: number, skill: string, key: CapstoneKey, limit: number): readonly (string | number)[];
  /** The first Burgle ever tried on a token, if any. */
  firstBurgle(tokenId: number): SkillUse | null;
}
