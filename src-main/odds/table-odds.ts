// Exact table odds: the chance of each row, of "no entry", of the roll being refused, and of
// every nested outcome, computed from the same decisions the roller makes (tables/table-roll.ts):
// the die's expression, the Lost re-roll of a natural 1, the context's modifiers (Influence dice
// convolved rather than rolled), the clamp, the row a value lands on, draws without replacement
// (re-rolled with the modifiers kept, at most DRAW_ATTEMPTS times) and nested "roll on" rows,
// a row whose link goes back along the roll's chain ending the roll as the roller ends it.
import type { NestedOddsView } from '@shared/odds.ts';
import { LIMITS_TABLES, formatRange, type TableDef } from '@shared/tables.ts';
import type { DiceExpression } from '../rules/dice-expression.ts';
import {
  contextModifierPlan,
  DRAW_ATTEMPTS,
  lostRerollApplies,
  nestedContext,
  openWeights,
  rowAt,
  settleRoll,
  spanOf,
  type DrawState,
  type RollContext,
} from '../tables/table-roll.ts';
import { loopsBack } from '../tables/table-loops.ts';
import { addUniform, entries, point, shift, type Dist } from './distribution.ts';
import { expressionDist, OddsLimitError } from './dice-odds.ts';

export interface RowOdds {
  index: number;
  /** The row's key as written ("61-100", "weight 3"). */
  key: string;
  label: string;
  p: number;
}

/** One nested roll: roll `ordinal` of `times` on `table`, reached through `path` (the shape the odds views show). */
export type NestedOdds = NestedOddsView;

export interface TableOdds {
  key: string;
  name: string;
  die: string | null;
  rows: RowOdds[];
  noEntry: number;
  /** The chance the roll is refused (every row drawn, a missing table, too deep). */
  refused: number;
  problems: string[];
  nested: NestedOdds[];
  explain: string;
}

/** Most distinct draw states followed through a roll before the odds refuse as too costly. */
export const MAX_STATES = 5000;
/** Most (die total × modifier total) pairs settled for one table roll. */
export const MAX_PAIRS = 4_000_000;
/** Most (possible result × row) look-ups for one table. */
export const MAX_LOOKUPS = 50_000_000;

type Tables = ReadonlyMap<string, TableDef>;

interface Explored {
  rows: Float64Array;
  noEntry: number;
  /** Draw states after the roll, with their chances; what is missing from 1 was refused. */
  next: Map<string, { state: DrawState; p: number }>;
  nested: NestedOdds[];
  problems: Map<string, number>;
}

function stateKey(state: DrawState, tables: Tables): string {
  const parts: string[] = [];
  for (const [k, set] of state)
    if (set.size && tables.get(k)?.drawWithoutReplacement)
      parts.push(`${k}:${[...set].sort((a, b) => a - b).join(',')}`);
  return parts.sort().join('|');
}

function withDrawn(state: DrawState, key: string, index: number): DrawState {
  const next = new Map(state);
  next.set(key, new Set([...(state.get(key) ?? []), index]));
  return next;
}

/** The total of a one-die expression when its die shows 1 (the face a Lost character re-rolls). */
function totalOnNaturalOne(expr: DiceExpression): number {
  return expr.terms.reduce((a, t) => a + t.sign * (t.kind === 'constant' ? t.value : 1), 0);
}

/** The distribution of the context's modifier total: fixed ones plus each Influence die. */
function modifierDist(table: TableDef, ctx: RollContext): Dist {
  let d = point(0);
  for (const part of contextModifierPlan(table, ctx))
    d = part.kind === 'fixed' ? shift(d, part.modifier.value) : addUniform(d, part.die.sides);
  return d;
}

/** One roll on a table, without its nested rolls: the chance of each row, no entry and refusal. */
export function singleRoll(
  table: TableDef,
  ctx: RollContext,
  drawn: ReadonlySet<number>,
): { rows: Float64Array; noEntry: number; refused: number; problem: string | null } {
  const rows = new Float64Array(table.rows.length);
  if (table.die === null) {
    const weights = openWeights(table, table.drawWithoutReplacement ? drawn : new Set());
    const sum = weights.reduce((a, w) => a + w, 0);
    if (sum <= 0) return { rows, noEntry: 0, refused: 1, problem: `${table.name}: every row has been drawn` };
    weights.forEach((w, i) => (rows[i] = w / sum));
    return { rows, noEntry: 0, refused: 0, problem: null };
  }
  const { span, expression, error } = spanOf(table);
  if (!expression || !span) return { rows, noEntry: 0, refused: 1, problem: `${table.name}: ${error ?? 'no die'}` };
  const draws = table.drawWithoutReplacement && drawn.size > 0;
  if (table.drawWithoutReplacement && table.rows.every((_, i) => drawn.has(i)))
    return { rows, noEntry: 0, refused: 1, problem: `${table.name}: every row has been drawn` };

  const plain = expressionDist(expression);
  // The first roll may re-roll a natural 1 for a Lost character; re-rolls of drawn rows do not.
  let first = plain;
  if (lostRerollApplies(expression, ctx)) {
    const one = totalOnNaturalOne(expression);
    const pOne = plain.p[one - plain.min]!;
    // The 1 is replaced by a second roll: its mass is spread over the whole distribution again.
    first = { ...plain, p: Float64Array.from(plain.p, (x, k) => (k === one - plain.min ? 0 : x) + x * pOne) };
  }
  const mods = modifierDist(table, ctx);
  // Each possible value is looked up once among the rows: bound that work too.
  if ((span.max - span.min + 1) * Math.max(1, table.rows.length) > MAX_LOOKUPS)
    throw new OddsLimitError(
      `${table.name}: ${span.max - span.min + 1} possible results × ${table.rows.length} rows is more than the odds look up (${MAX_LOOKUPS.toLocaleString('en')})`,
    );
  if (plain.p.length * mods.p.length > MAX_PAIRS)
    throw new OddsLimitError(
      `${table.name}: ${plain.p.length} die totals × ${mods.p.length} modifier totals is more than the ${MAX_PAIRS} the odds settle`,
    );

  const rowOf = new Map<number, number | null>();
  const land = (total: number, modifier: number): number | null => {
    const v = settleRoll(table, ctx, span, total, modifier).value;
    let r = rowOf.get(v);
    if (r === undefined) {
      r = rowAt(table, v);
      rowOf.set(v, r);
    }
    return r;
  };
  let noEntry = 0;
  let refused = 0;
  const byRowFirst = new Float64Array(table.rows.length);
  const byRowAgain = new Float64Array(table.rows.length);
  for (const m of entries(mods)) {
    byRowFirst.fill(0);
    let noneFirst = 0;
    for (let k = 0; k < first.p.length; k++) {
      const q = first.p[k]!;
      if (q === 0) continue;
      const r = land(first.min + k, m.value);
      if (r === null) noneFirst += q;
      else byRowFirst[r]! += q;
    }
    if (!draws) {
      for (let i = 0; i < rows.length; i++) rows[i]! += m.p * byRowFirst[i]!;
      noEntry += m.p * noneFirst;
      continue;
    }
    // Landing on a drawn row rolls the die again with the same modifiers (the roller keeps them).
    let drawnFirst = 0;
    for (const i of drawn) drawnFirst += byRowFirst[i] ?? 0;
    let noneAgain = 0;
    if (first === plain) {
      byRowAgain.set(byRowFirst);
      noneAgain = noneFirst;
    } else {
      byRowAgain.fill(0);
      for (let k = 0; k < plain.p.length; k++) {
        const q = plain.p[k]!;
        if (q === 0) continue;
        const r = land(plain.min + k, m.value);
        if (r === null) noneAgain += q;
        else byRowAgain[r]! += q;
      }
    }
    let drawnAgain = 0;
    for (const i of drawn) drawnAgain += byRowAgain[i] ?? 0;
    // Rolls after the first: a geometric run of drawn rows, cut after DRAW_ATTEMPTS re-rolls.
    const again = drawnAgain >= 1 ? DRAW_ATTEMPTS : (1 - Math.pow(drawnAgain, DRAW_ATTEMPTS)) / (1 - drawnAgain);
    for (let i = 0; i < rows.length; i++)
      if (!drawn.has(i)) rows[i]! += m.p * (byRowFirst[i]! + drawnFirst * again * byRowAgain[i]!);
    noEntry += m.p * (noneFirst + drawnFirst * again * noneAgain);
    refused += m.p * drawnFirst * Math.pow(drawnAgain, DRAW_ATTEMPTS);
  }
  return {
    rows,
    noEntry,
    refused,
    problem: refused > 0 ? `${table.name}: no undrawn row in ${DRAW_ATTEMPTS} re-rolls` : null,
  };
}

class Explorer {
  private readonly memo = new Map<string, Explored>();
  constructor(private readonly tables: Tables) {}

  /** `chain`: the tables rolled on above this one, which decide where a link goes back. */
  explore(key: string, ctx: RollContext, state: DrawState, chain: readonly string[]): Explored {
    const skey = stateKey(state, this.tables);
    const memoKey = `${key}\u0000${JSON.stringify(ctx)}\u0000${skey}\u0000${chain.join('\u0001')}`;
    const hit = this.memo.get(memoKey);
    if (hit) return hit;
    const result = this.compute(key, ctx, state, skey, chain);
    this.memo.set(memoKey, result);
    return result;
  }

  private compute(key: string, ctx: RollContext, state: DrawState, skey: string, chain: readonly string[]): Explored {
    const table = this.tables.get(key);
    const refusedWith = (problem: string): Explored => ({
      rows: new Float64Array(table?.rows.length ?? 0),
      noEntry: 0,
      next: new Map(),
      nested: [],
      problems: new Map([[problem, 1]]),
    });
    if (chain.length > LIMITS_TABLES.depth)
      return refusedWith(`Nested rolls went deeper than ${LIMITS_TABLES.depth} tables (at “${key}”)`);
    if (!table) return refusedWith(`There is no table “${key}” in this campaign`);
    const own = singleRoll(table, ctx, state.get(key) ?? new Set());
    const problems = new Map<string, number>();
    if (own.problem && own.refused > 0) problems.set(own.problem, own.refused);
    const next = new Map<string, { state: DrawState; p: number }>();
    const add = (
      into: Map<string, { state: DrawState; p: number }>,
      s: DrawState,
      p: number,
      k = stateKey(s, this.tables),
    ) => {
      const at = into.get(k);
      if (at) at.p += p;
      else into.set(k, { state: s, p });
      if (into.size > MAX_STATES)
        throw new OddsLimitError(`${table.name}: more than ${MAX_STATES} different draw states to follow exactly`);
    };
    if (own.noEntry > 0) add(next, state, own.noEntry, skey);
    const nested = new Map<string, NestedOdds>();
    table.rows.forEach((row, i) => {
      const p = own.rows[i]!;
      if (p === 0) return;
      const after = table.drawWithoutReplacement ? withDrawn(state, key, i) : state;
      if (!row.rollOn || loopsBack([...chain, key], row.rollOn.table)) {
        add(next, after, p);
        return;
      }
      const childCtx = nestedContext(ctx, table, row);
      const childName = this.tables.get(row.rollOn.table)?.name ?? row.rollOn.table;
      let states = new Map<string, { state: DrawState; p: number }>([
        [stateKey(after, this.tables), { state: after, p: 1 }],
      ]);
      for (let t = 0; t < row.rollOn.times; t++) {
        const after2 = new Map<string, { state: DrawState; p: number }>();
        const here = `${formatRange(row.range, row.weight)} “${row.label}” → ${childName}${row.rollOn.times > 1 ? ` (roll ${t + 1} of ${row.rollOn.times})` : ''}`;
        for (const { state: s, p: q } of states.values()) {
          const child = this.explore(row.rollOn.table, childCtx, s, [...chain, key]);
          const w = p * q;
          const entryKey = `${i}/${t}`;
          let entry = nested.get(entryKey);
          if (!entry) {
            entry = {
              path: [i, t],
              via: here,
              table: row.rollOn.table,
              tableName: childName,
              ordinal: t + 1,
              times: row.rollOn.times,
              rows: new Array<number>(child.rows.length).fill(0),
              noEntry: 0,
            };
            nested.set(entryKey, entry);
          }
          child.rows.forEach((x, j) => (entry!.rows[j]! += w * x));
          entry.noEntry += w * child.noEntry;
          for (const deeper of child.nested) {
            const k = `${i}/${t}/${deeper.path.join('/')}`;
            let e = nested.get(k);
            if (!e) {
              e = {
                ...deeper,
                path: [i, t, ...deeper.path],
                via: `${here} → ${deeper.via}`,
                rows: new Array<number>(deeper.rows.length).fill(0),
                noEntry: 0,
              };
              nested.set(k, e);
            }
            deeper.rows.forEach((x, j) => (e!.rows[j]! += w * x));
            e.noEntry += w * deeper.noEntry;
          }
          for (const [problem, pr] of child.problems) problems.set(problem, (problems.get(problem) ?? 0) + w * pr);
          for (const [k2, n] of child.next) add(after2, n.state, q * n.p, k2);
        }
        states = after2;
      }
      for (const [k2, n] of states) add(next, n.state, p * n.p, k2);
    });
    return { rows: own.rows, noEntry: own.noEntry, next, nested: [...nested.values()], problems };
  }
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

/**
 * The exact odds of one roll on `key`, as `rollOnTable` would make it with this context and the
 * campaign's current draws.
 */
export function tableOdds(tables: Tables, key: string, ctx: RollContext = {}, drawn: DrawState = new Map()): TableOdds {
  const table = tables.get(key);
  if (!table) throw new OddsLimitError(`There is no table “${key}” in this campaign`);
  const explored = new Explorer(tables).explore(key, ctx, drawn, []);
  let reached = 0;
  for (const n of explored.next.values()) reached += n.p;
  const refused = Math.max(0, 1 - reached);
  const rows = table.rows.map((r, index) => ({
    index,
    key: formatRange(r.range, r.weight),
    label: r.label,
    p: explored.rows[index]!,
  }));
  const best = rows.reduce<RowOdds | null>((a, r) => (a === null || r.p > a.p ? r : a), null);
  const ties = best ? rows.filter((r) => Math.abs(r.p - best.p) < 1e-12).length - 1 : 0;
  const possible = rows.filter((r) => r.p > 0).length;
  const problems = [...explored.problems]
    .filter(([, p]) => p > 0)
    .map(([problem, p]) => `${problem} (${pct(p)} of rolls)`);
  return {
    key,
    name: table.name,
    die: table.die,
    rows,
    noEntry: explored.noEntry,
    refused: refused < 1e-15 ? 0 : refused,
    problems,
    nested: explored.nested,
    explain: `${table.die ?? 'weights'} on ${table.name}: ${possible} rows of ${rows.length} can come up${best && best.p > 0 ? `; likeliest ${best.key} “${best.label}” at ${pct(best.p)}${ties ? ` (tied with ${ties} more)` : ''}` : ''}${explored.noEntry > 0 ? `; no entry ${pct(explored.noEntry)}` : ''}`,
  };
}
