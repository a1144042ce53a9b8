// A command's working copy of the play state: reads see the command's own writes, every write is
// kept as an effect, and every roll as a ledger record. Nothing here touches a database; the apply
// step writes what a draft decided, and `next()` is the state after it.
import type { CommandName } from '@shared/contract.ts';
import { Dice, type DiceLogEntry } from '../rules/dice.ts';
import {
  EnteredFaces,
  NeutralFaces,
  SeededRandom,
  type RandomSource,
  type RandomState,
} from '../rules/random-source.ts';
import type { DrawState } from '../tables/table-roll.ts';
import { withChanges, type Effect, type PlayState, type Row } from './play-state.ts';
import { CASCADES, SET_NULLS, type AppendTable, type PlayRows, type PlayTable } from './rows.ts';
import type { PlaySession, RollRecord, TableCatalog, TableRollKit } from './session.ts';
import { savedRandom } from './sessions.ts';
import type { LedgerReads } from './ledger-entry.ts';
import type { SkillUse } from '../rules/skills.ts';
import { countsFor, inWindow, keyValue, skillUseRow, type SkillUseReads } from './skill-uses.ts';

/** A ledger entry as decided: the apply step gives it its id, time and session. */
export interface DecidedRoll extends RollRecord {
  command: string;
  faces: { sides: number; face: number; cause: string }[];
  before: RandomState;
  after: RandomState;
  /** Who entered the faces by hand (the Judge, or a Lichslayer's player); null when the app rolled them. */
  enteredBy: string | null;
}

/** Faces rolled at the table for one command, and who rolled them. */
export interface EnteredDice {
  faces: readonly number[];
  by: string;
}

/** What a decision comes to: the writes, the untracked play state, the rolls and draws. */
export interface Decision {
  effects: Effect[];
  /** Settings kept without an undo step (the random source, the session), with their row ids. */
  untracked: { id: number; key: string; value: string }[];
  rolls: DecidedRoll[];
  /** Draw-without-replacement state of each table whose draws changed, by table key. */
  draws: Map<string, number[]>;
}

const ROLL_FAILURES = new Set(['TableRollError', 'RangeError', 'DiceEntryError']);

/** Freezes a value and everything in it: the state is shared by every reader. */
export function deepFreeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The rows of an unchanged table are one array shared by every draft, so what is derived from them keeps. */
const baseLists = new WeakMap<ReadonlyMap<number, Row>, readonly Row[]>();
function baseList(base: ReadonlyMap<number, Row>): readonly Row[] {
  let list = baseLists.get(base);
  if (!list) baseLists.set(base, (list = Object.freeze([...base.values()])));
  return list;
}

/**
 * Each setting row's parsed values, by parser: a row is one frozen object for as long as it is
 * unchanged, so a setting no command rewrote is parsed once for every draft and reader after it.
 */
const parsedSettings = new WeakMap<object, Map<unknown, unknown>>();

export interface DraftInputs {
  command: CommandName;
  now: string;
  tables: TableCatalog;
  /** The random source to roll with when the campaign has none saved yet (a fresh seed, handed in). */
  freshSeed: number;
  /** The rolls made before this command, read-only. */
  ledger: LedgerReads;
  /** The campaign's skill uses as they stood before this command. */
  skillUses: SkillUseReads;
  /** Turns a roll that cannot be made (a missing or exhausted table) into the Judge's refusal. */
  refuse: (message: string) => Error;
  /** Faces rolled at the table: the command's dice, in the order its rules ask for them. */
  entered?: EnteredDice | undefined;
  /** A preview, thrown away: it rolls on neutral faces, so it shows nothing of the seeded source. */
  preview?: boolean;
}

/** A die a roll asked of the table: which roll of the command it belongs to, and whose roll that is. */
export interface TableFace {
  sides: number;
  cause: string;
  roll: number;
  character: string | null;
}

export class Draft implements PlaySession {
  readonly command: CommandName;
  readonly now: string;
  readonly tables: TableCatalog;
  readonly ledger: LedgerReads;
  readonly skillUses: SkillUseReads;
  /** Skill uses this command recorded: counted with the stored ones by every question after. */
  private readonly newUses: SkillUse[] = [];
  private readonly overlay = new Map<PlayTable, Map<number, Row | null>>();
  private readonly lists = new Map<PlayTable, readonly Row[]>();
  private readonly nextIds = new Map<PlayTable, number>();
  private settingIds: Map<string, number> | null = null;
  private rng: RandomSource | null = null;
  /** The faces entered by hand, while the command has some left to draw. */
  private readonly hand: EnteredFaces | null;
  /** Inside appDice: the entered faces wait for the rolls after. */
  private appOnly = 0;
  /** The app rolled inside appDice: a refusal for unused faces must not say nothing was rolled. */
  private appRolled = false;
  private drawState: DrawState | null = null;
  readonly effects: Effect[] = [];
  private readonly untracked = new Map<string, { id: number; key: string; value: string }>();
  readonly rolls: DecidedRoll[] = [];
  /** Every die the command rolled that faces entered at the table stand in for (none inside appDice), in order. */
  readonly tableFaces: TableFace[] = [];
  private rollCount = 0;

  constructor(
    private readonly base: PlayState,
    private readonly inputs: DraftInputs,
  ) {
    this.command = inputs.command;
    this.now = inputs.now;
    this.tables = inputs.tables;
    this.ledger = inputs.ledger;
    this.skillUses = withNewUses(inputs.skillUses, this.newUses);
    this.hand = inputs.entered ? new EnteredFaces(inputs.entered.faces) : null;
  }

  // ---- reads ----

  all<T extends PlayTable>(table: T): readonly Readonly<PlayRows[T]>[] {
    let list = this.lists.get(table);
    if (!list) {
      const changes = this.overlay.get(table);
      const base = this.base.rows[table] as ReadonlyMap<number, Row>;
      if (!changes) list = baseList(base);
      else {
        const merged = new Map(base);
        for (const [id, row] of changes) {
          if (row === null) merged.delete(id);
          else merged.set(id, row);
        }
        list = [...merged.values()];
      }
      this.lists.set(table, list);
    }
    return list as readonly Readonly<PlayRows[T]>[];
  }

  byId<T extends PlayTable>(table: T, id: number): Readonly<PlayRows[T]> | null {
    const changed = this.overlay.get(table);
    if (changed?.has(id)) return (changed.get(id) ?? null) as Readonly<PlayRows[T]> | null;
    return ((this.base.rows[table] as ReadonlyMap<number, Row>).get(id) ?? null) as Readonly<PlayRows[T]> | null;
  }

  settingText(key: string): string | null {
    const id = this.settingIndex().get(key);
    return id === undefined ? null : (this.byId('setting', id)?.value ?? null);
  }

  parsed<V>(key: string, parse: (text: string) => V): V | undefined {
    const id = this.settingIndex().get(key);
    const row = id === undefined ? null : this.byId('setting', id);
    if (!row) return undefined;
    let cache = parsedSettings.get(row);
    if (!cache) parsedSettings.set(row, (cache = new Map()));
    if (cache.has(parse)) return cache.get(parse) as V;
    const value = deepFreeze(parse(row.value));
    cache.set(parse, value);
    return value;
  }

  private settingIndex(): Map<string, number> {
    if (!this.settingIds) this.settingIds = new Map(this.all('setting').map((s) => [s.key, s.id]));
    return this.settingIds;
  }

  // ---- writes ----

  private changed(table: PlayTable, id: number, row: Row | null): void {
    let changes = this.overlay.get(table);
    if (!changes) this.overlay.set(table, (changes = new Map()));
    changes.set(id, row === null ? null : Object.freeze(row));
    this.lists.delete(table);
    if (table === 'setting') this.settingIds = null;
  }

  private nextId(table: PlayTable): number {
    let next = this.nextIds.get(table);
    if (next === undefined) {
      next = 1;
      for (const id of (this.base.rows[table] as ReadonlyMap<number, Row>).keys()) if (id >= next) next = id + 1;
    }
    this.nextIds.set(table, next + 1);
    return next;
  }

  /**
   * An item or stack written without its loot row (a new one, or one renamed) is tied to the row
   * its name finds: the link then holds through renames of the row (ch.13). A move passes it on.
   */
  private withLootRef(table: PlayTable, row: Row, before: Row | null): Row {
    if ((table !== 'item' && table !== 'inventory') || row.loot_ref !== undefined || typeof row.name !== 'string')
      return row;
    if (before && before.name === row.name) return row;
    return { ...row, loot_ref: this.tables.loot.refOf(row.name) };
  }

  insert<T extends PlayTable>(table: T, row: Partial<PlayRows[T]>): number {
    const id = typeof (row as Row).id === 'number' ? ((row as Row).id as number) : this.nextId(table);
    if ((row as Row).id !== undefined && this.byId(table, id)) throw new Error(`${table} row ${id} exists already`);
    const full: Row = { ...this.base.defaults[table], ...this.withLootRef(table, row as Row, null), id };
    this.changed(table, id, full);
    this.effects.push({ op: 'insert', table, id, row: full });
    return id;
  }

  update<T extends PlayTable>(table: T, id: number, patch: Partial<PlayRows[T]>): void {
    const before = this.byId(table, id);
    if (!before) throw new Error(`No ${table} row ${id}`);
    if (Object.keys(patch).length === 0) return;
    const full = this.withLootRef(table, patch as Row, before as unknown as Row);
    this.changed(table, id, { ...before, ...full, id });
    this.effects.push({ op: 'update', table, id, patch: { ...full } });
  }

  delete(table: PlayTable, id: number): void {
    if (!this.byId(table, id)) return;
    // What SQLite would remove by ON DELETE CASCADE goes first, so undo brings it back too.
    for (const [child, column] of CASCADES[table] ?? []) {
      for (const r of this.all(child)) if ((r as unknown as Row)[column] === id) this.delete(child, r.id);
    }
    for (const [child, column] of SET_NULLS[table] ?? []) {
      for (const r of this.all(child))
        if ((r as unknown as Row)[column] === id) this.update(child, r.id, { [column]: null });
    }
    this.changed(table, id, null);
    this.effects.push({ op: 'delete', table, id });
  }

  append(table: AppendTable, row: Row): void {
    this.effects.push({ op: 'insert', table, id: null, row: { ...row } });
  }

  recordSkillUse(use: SkillUse): void {
    this.newUses.push(use);
    this.append('skill_use', skillUseRow(use));
  }

  setUntracked(key: string, value: unknown): void {
    const id = this.settingIndex().get(key) ?? this.nextId('setting');
    const row = { id, key, value: JSON.stringify(value) };
    this.changed('setting', id, row);
    this.untracked.set(key, row);
  }

  // ---- rolls ----

  private random(): RandomSource {
    if (!this.rng && this.inputs.preview) this.rng = new NeutralFaces();
    if (!this.rng) {
      const saved = savedRandom(this);
      this.rng = saved ? SeededRandom.resume(saved) : new SeededRandom(this.inputs.freshSeed);
    }
    return this.rng;
  }

  private draws(): DrawState {
    if (!this.drawState) this.drawState = new Map([...this.tables.drawn].map(([k, d]) => [k, new Set(d)]));
    return this.drawState;
  }

  roll<T>(command: string, run: (kit: TableRollKit) => { value: T; records: RollRecord[] }): T {
    const rng = this.random();
    const before = rng.snapshot();
    const faces: DiceLogEntry[] = [];
    // Faces entered by hand stand in for the seeded source until they are used up; the seeded
    // source does not move for them, so the rolls it makes later still replay.
    const hand =
      this.hand && !this.appOnly && this.hand.position < this.inputs.entered!.faces.length ? this.hand : null;
    const dice = new Dice(hand ?? rng, (entry) => faces.push(entry));
    let outcome: { value: T; records: RollRecord[] };
    try {
      outcome = run({ dice, tables: this.tables.defs, drawn: this.draws() });
    } catch (error) {
      if (error instanceof Error && ROLL_FAILURES.has(error.name)) throw this.inputs.refuse(error.message);
      throw error;
    }
    const after = rng.snapshot();
    if (this.appOnly && faces.length) this.appRolled = true;
    const roll = this.rollCount++;
    const character = outcome.records[0]?.character ?? null;
    if (!this.appOnly) for (const f of faces) this.tableFaces.push({ sides: f.sides, cause: f.cause, roll, character });
    const enteredBy = hand && faces.length > 0 ? this.inputs.entered!.by : null;
    outcome.records.forEach((r, i) =>
      this.rolls.push({
        ...r,
        command,
        // One roll's faces are kept on its first entry; the others chain on from it.
        faces: i === 0 ? faces.map((f) => ({ sides: f.sides, face: f.face, cause: f.cause })) : [],
        before: i === 0 ? before : after,
        after,
        enteredBy,
      }),
    );
    return outcome.value;
  }

  appDice<T>(run: () => T): T {
    this.appOnly++;
    try {
      return run();
    } finally {
      this.appOnly--;
    }
  }

  // ---- the outcome ----

  /** What was decided; call once, when the command's work is done. */
  decision(): Decision {
    if (this.inputs.preview) throw new Error('A preview decides nothing to apply.');
    if (this.hand) {
      if (this.hand.position === 0)
        throw this.inputs.refuse(
          this.appRolled
            ? "Only the Judge's dice were rolled here, so the faces entered were not used. Nothing changed."
            : 'This command rolled no dice, so the faces entered were not used. Nothing changed.',
        );
      try {
        this.hand.finish();
      } catch (error) {
        throw this.inputs.refuse((error as Error).message);
      }
    }
    // The random source is saved once, as the command's last roll left it.
    if (this.rng) this.setUntracked('random', this.rng.snapshot());
    const untracked = [...this.untracked.values()];
    const draws = new Map<string, number[]>();
    for (const [key, now] of this.drawState ?? []) {
      const was = this.tables.drawn.get(key) ?? [];
      if (now.size !== was.length && this.tables.defs.get(key)?.drawWithoutReplacement)
        draws.set(
          key,
          [...now].sort((a, b) => a - b),
        );
    }
    return { effects: this.effects, untracked, rolls: this.rolls, draws };
  }

  /** The play state once the decision is applied (call after `decision()`). */
  next(): PlayState {
    return withChanges(this.base, this.overlay);
  }
}

/** NOCASE, as the capstone index compares names: ASCII letters without regard to case. */
const nocase = (v: string) => v.replace(/[A-Z]/g, (c) => c.toLowerCase());
const byIndex = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : nocase(String(a)) < nocase(String(b)) ? -1 : 1;

/** The stored uses' answers with a command's own new uses counted in. */
function withNewUses(stored: SkillUseReads, added: readonly SkillUse[]): SkillUseReads {
  return {
    inWindow: (id, skill, now) => [
      ...stored.inWindow(id, skill, now),
      ...added.filter((u) => u.lichslayerId === id && u.skill === skill && inWindow(u, now)),
    ],
    distinct: (id, skill, key, limit) => {
      const values = stored.distinct(id, skill, key, limit);
      const mine = added.filter((u) => u.lichslayerId === id && u.skill === skill && countsFor(u, key));
      if (!mine.length) return values;
      const seen = new Set(values.map((v) => (typeof v === 'number' ? v : nocase(v))));
      const out = [...values];
      for (const u of mine) {
        const v = keyValue(u, key);
        if (v === null || seen.has(typeof v === 'number' ? v : nocase(v))) continue;
        seen.add(typeof v === 'number' ? v : nocase(v));
        out.push(v);
      }
      return out.sort(byIndex).slice(0, limit);
    },
    firstBurgle: (tokenId) =>
      stored.firstBurgle(tokenId) ?? added.find((u) => u.skill === 'Burgle' && u.tokenId === tokenId) ?? null,
  };
}
