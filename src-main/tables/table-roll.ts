// Rolling on tables: the die, roll-time modifiers from the rules core, clamps, re-rolls,
// draw without replacement, and nested rolls ("roll twice on X"), as an explained tree. A link
// back to a table already on the roll's chain ends the roll there, and the explanation says so.
import { formatRange, LIMITS_TABLES, type TableDef, type TableRow } from '@shared/tables.ts';
import type { RollLoop, RollNode } from '@shared/dice.ts';
import { clamp, Dice, showModifiers, totalOf, type DieRoll, type Modifier } from '../rules/dice.ts';
import {
  influenceModifier,
  LOOT_TIERS,
  lootModifierPlan,
  lootTier,
  rollInfluence,
  settleLoot,
  type InfluenceDie,
  type LootTier,
} from '../rules/loot-roll.ts';
import { roomModifiers } from '../rules/room-roll.ts';
import type { AttentionStage } from '../rules/lich-attention.ts';
import { rollExpression, type DiceExpression } from '../rules/dice-expression.ts';
import { tableSpan } from './table-span.ts';
import { loopsBack, loopText } from './table-loops.ts';

export interface RollContext {
  /** Loot tables: adds (Floor − 5) × 10 (ch.1). */
  floor?: number;
  /** Loot tables: Influence dice held, rolled and added (ch.13). */
  influence?: InfluenceDie[];
  /** Room tables: the Lich's Attention and the Square (ch.10). */
  attentionStage?: AttentionStage;
  festival?: boolean;
  squareEmpty?: boolean;
  /** A named-tier loot roll clamps into the tier (ch.1). */
  tier?: LootTier;
  /** A Lost character re-rolls a natural 1 once (ch.10). */
  lostReroll?: boolean;
  /** The Judge's own modifiers at roll time. */
  extra?: Modifier[];
}

export type { RollNode };

/** Rows already drawn, per table, for tables drawn without replacement. */
export type DrawState = Map<string, Set<number>>;

export class TableRollError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TableRollError';
  }
}

export interface RollEnvironment {
  dice: Dice;
  tables: ReadonlyMap<string, TableDef>;
  drawn: DrawState;
  cause: string;
}

export function rowAt(table: TableDef, value: number): number | null {
  const i = table.rows.findIndex(
    (r) => r.range && value >= r.range.from && (r.range.to === null || value <= r.range.to),
  );
  return i === -1 ? null : i;
}

/** A modifier the context adds to a roll: a fixed number, or an Influence die rolled and added. */
export type ModifierPart = { kind: 'fixed'; modifier: Modifier } | { kind: 'influence'; die: InfluenceDie };

/**
 * Which modifiers a roll on this table takes from its context, in the order they are shown:
 * the loot roll's floor offset and Influence dice (ch.1, ch.13), the room roll's Attention and
 * Square (ch.10), then the Judge's own. The roll rolls the Influence dice; the odds convolve them.
 */
export function contextModifierPlan(table: TableDef, ctx: RollContext): ModifierPart[] {
  const parts: ModifierPart[] = [];
  if (table.category === 'loot') {
    const loot = lootModifierPlan(ctx);
    for (const modifier of loot.fixed) parts.push({ kind: 'fixed', modifier });
    for (const die of loot.influence) parts.push({ kind: 'influence', die });
  }
  if (table.category === 'room') {
    for (const modifier of roomModifiers({
      floor: ctx.floor ?? 1,
      attentionStage: ctx.attentionStage ?? 0,
      festival: !!ctx.festival,
      squareEmpty: !!ctx.squareEmpty,
    }))
      parts.push({ kind: 'fixed', modifier });
  }
  for (const modifier of ctx.extra ?? []) if (modifier.value !== 0) parts.push({ kind: 'fixed', modifier });
  return parts;
}

function contextModifiers(
  env: RollEnvironment,
  table: TableDef,
  ctx: RollContext,
): { modifiers: Modifier[]; dice: DieRoll[] } {
  const modifiers: Modifier[] = [];
  const dice: DieRoll[] = [];
  for (const part of contextModifierPlan(table, ctx)) {
    if (part.kind === 'fixed') modifiers.push(part.modifier);
    else {
      const [i] = rollInfluence(env.dice, [part.die], env.cause);
      dice.push(i!.roll);
      modifiers.push(influenceModifier(i!));
    }
  }
  return { modifiers, dice };
}

/** A Lost character's re-roll of a natural 1 (ch.10) applies to a table rolled on one die. */
export function lostRerollApplies(expression: DiceExpression, ctx: RollContext): boolean {
  return (
    !!ctx.lostReroll &&
    expression.terms.reduce((n, t) => n + (t.kind === 'dice' ? t.count * (t.d66 ? 2 : 1) : 0), 0) === 1
  );
}

/** Where a roll lands: a loot table by the loot rules (ch.1), any other table within its own span. */
export function settleRoll(
  table: TableDef,
  ctx: RollContext,
  span: { min: number; max: number },
  rollTotal: number,
  modifierTotal: number,
): { rawValue: number; value: number; clamps: string[] } {
  const rawValue = rollTotal + modifierTotal;
  const k = table.category === 'loot' ? settleLoot(rawValue, ctx.tier, span) : clamp(rawValue, span.min, span.max);
  return { rawValue, value: k.value, clamps: k.clamp ? [k.clamp] : [] };
}

/** A roll that lands on a drawn row is made again, at most this many times (then refused). */
export const DRAW_ATTEMPTS = 200;

/** Each row's weight for a weighted roll: drawn rows weigh nothing. */
export function openWeights(table: TableDef, drawn: ReadonlySet<number>): number[] {
  return table.rows.map((r, i) => (drawn.has(i) ? 0 : (r.weight ?? 0)));
}

/** A nested roll keeps the context but not the named tier, and takes the row's own modifier. */
export function nestedContext(ctx: RollContext, table: TableDef, row: TableRow): RollContext {
  const extra: Modifier[] = row.rollOn?.modifier
    ? [{ source: `from ${table.name}: ${row.label}`, value: row.rollOn.modifier }]
    : [];
  return { ...ctx, tier: undefined, extra };
}

function pickWeighted(env: RollEnvironment, table: TableDef, drawn: Set<number>): { index: number; roll: DieRoll } {
  const open = openWeights(table, drawn).map((w, i) => ({ i, w }));
  const total = open.reduce((a, r) => a + r.w, 0);
  if (total <= 0) throw new TableRollError(`${table.name}: every row has been drawn. Reset the draws to roll again.`);
  const roll = env.dice.die(total, `${env.cause}: ${table.name} (weighted)`);
  let acc = 0;
  for (const r of open) {
    acc += r.w;
    if (roll.natural <= acc) return { index: r.i, roll };
  }
  throw new TableRollError(`${table.name}: weights do not add up`);
}

/** A table's parsed die and span, read once per table object (a dive or a simulation rolls the same tables thousands of times). */
const spans = new WeakMap<TableDef, ReturnType<typeof tableSpan>>();
export function spanOf(table: TableDef): ReturnType<typeof tableSpan> {
  let found = spans.get(table);
  if (!found) {
    found = tableSpan(table);
    spans.set(table, found);
  }
  return found;
}

/** Rolls once on a table, and on the tables its row points to; `chain` is the tables rolled on above this one. */
export function rollOnTable(
  env: RollEnvironment,
  key: string,
  ctx: RollContext = {},
  chain: readonly string[] = [],
): RollNode {
  if (chain.length > LIMITS_TABLES.depth)
    throw new TableRollError(`Nested rolls went deeper than ${LIMITS_TABLES.depth} tables (at “${key}”)`);
  const table = env.tables.get(key);
  if (!table) throw new TableRollError(`There is no table “${key}” in this campaign`);
  const drawn = env.drawn.get(key) ?? new Set<number>();
  const clamps: string[] = [];
  const rerolls: string[] = [];
  let dice: DieRoll[] = [];
  let natural: number;
  let modifiers: Modifier[] = [];
  let raw: number;
  let value: number;
  let index: number | null;

  if (table.die === null) {
    if (!table.drawWithoutReplacement) drawn.clear();
    const pick = pickWeighted(env, table, drawn);
    dice = [pick.roll];
    natural = pick.roll.natural;
    raw = value = natural;
    index = pick.index;
  } else {
    const { span, expression, error } = spanOf(table);
    if (!expression || !span) throw new TableRollError(`${table.name}: ${error ?? 'no die'}`);
    const rollOnce = () => rollExpression(env.dice, expression, `${env.cause}: ${table.name}`);
    let roll = rollOnce();
    if (lostRerollApplies(expression, ctx) && roll.dice[0]!.natural === 1) {
      rerolls.push('natural 1 re-rolled by a Lost character (ch.10)');
      roll = rollOnce();
    }
    // The table's die first, then influence dice: the same order as the rules core's loot roll.
    const context = contextModifiers(env, table, ctx);
    modifiers = context.modifiers;
    const settle = (r: typeof roll) => {
      const k = settleRoll(table, ctx, span, r.total, totalOf(modifiers));
      return { rawValue: k.rawValue, v: k.value, c: k.clamps };
    };
    let settled = settle(roll);
    index = rowAt(table, settled.v);
    // Drawn rows are re-rolled, so every remaining row keeps its own chance.
    if (table.drawWithoutReplacement) {
      const remaining = table.rows.filter((_, i) => !drawn.has(i)).length;
      if (remaining === 0)
        throw new TableRollError(`${table.name}: every row has been drawn. Reset the draws to roll again.`);
      let attempts = 0;
      while (index !== null && drawn.has(index) && attempts < DRAW_ATTEMPTS) {
        rerolls.push(`${settled.v} already drawn, rolled again`);
        dice.push(...roll.dice);
        roll = rollOnce();
        settled = settle(roll);
        index = rowAt(table, settled.v);
        attempts++;
      }
      if (index !== null && drawn.has(index))
        throw new TableRollError(`${table.name}: could not find an undrawn row in ${DRAW_ATTEMPTS} rolls`);
    }
    dice.push(...roll.dice, ...context.dice);
    natural = roll.total;
    raw = settled.rawValue;
    value = settled.v;
    clamps.push(...settled.c);
  }
  if (table.drawWithoutReplacement && index !== null) {
    drawn.add(index);
    env.drawn.set(key, drawn);
  }

  const row: TableRow | null = index === null ? null : table.rows[index]!;
  const tier = table.category === 'loot' ? (row?.loot?.tier ?? lootTier(value)) : null;
  const children: RollNode[] = [];
  const here = [...chain, key];
  let loop: RollLoop | null = null;
  // "Roll twice" on the table's own rows rolls the table again, each result nested; a row of the
  // same kind met inside those rolls comes round to the table and ends there.
  const rollsItself = row?.rollOn?.table === key && !chain.includes(key);
  if (row?.rollOn && !rollsItself && loopsBack(here, row.rollOn.table)) {
    const from = here.indexOf(row.rollOn.table);
    const names = [...here.slice(from), row.rollOn.table].map((k) => env.tables.get(k)?.name ?? k);
    loop = { table: row.rollOn.table, tableName: names[0]!, text: loopText(names) };
  } else if (row?.rollOn) {
    for (let t = 0; t < row.rollOn.times; t++)
      children.push(rollOnTable(env, row.rollOn.table, nestedContext(ctx, table, row), here));
  }
  const label = row?.label ?? 'no entry';
  const tierText = tier ? `${LOOT_TIERS[tier].label}: ` : '';
  const dieText = table.die === null ? `${natural} on the weights` : `${natural} on ${table.die}`;
  const clampText = clamps.length ? ` (${clamps.join('; ')})` : '';
  const rerollText = rerolls.length ? ` [${rerolls.join('; ')}]` : '';
  const childText = loop
    ? ` ⟶ ${loop.text}`
    : children.length
      ? ` ⟶ ${children.map((c) => c.explain).join(' | ')}`
      : '';
  return {
    table: key,
    tableName: table.name,
    die: table.die,
    dice,
    natural,
    modifiers,
    raw,
    value,
    clamps,
    rerolls,
    row: index,
    key: row ? formatRange(row.range, row.weight) : '',
    label,
    details: row?.details ?? '',
    tier,
    children,
    ...(loop ? { loop } : {}),
    explain: `${value} = ${dieText}${showModifiers(modifiers)}${clampText}${rerollText} → ${tierText}${label} (${table.name})${childText}`,
  };
}
