// Rolling on tables: the die, roll-time modifiers from the rules core, clamps, re-rolls,
// draw without replacement, and nested rolls ("roll twice on X"), as an explained tree.
import { formatRange, LIMITS_TABLES, type TableDef, type TableRow } from '@shared/tables.ts';
import type { RollNode } from '@shared/dice.ts';
import { clamp, Dice, showModifiers, totalOf, type DieRoll, type Modifier } from '../rules/dice.ts';
import { LOOT_TIERS, lootModifiers, lootTier, settleLoot, type InfluenceDie, type LootTier } from '../rules/loot-roll.ts';
import { roomModifiers } from '../rules/room-roll.ts';
import type { AttentionStage } from '../rules/lich-attention.ts';
import { rollExpression } from '../rules/dice-expression.ts';
import { tableSpan } from './table-validate.ts';

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
  const i = table.rows.findIndex((r) => r.range && value >= r.range.from && (r.range.to === null || value <= r.range.to));
  return i === -1 ? null : i;
}

function contextModifiers(env: RollEnvironment, table: TableDef, ctx: RollContext): { modifiers: Modifier[]; dice: DieRoll[] } {
  const modifiers: Modifier[] = [];
  const dice: DieRoll[] = [];
  if (table.category === 'loot') {
    const loot = lootModifiers(env.dice, ctx, env.cause);
    modifiers.push(...loot.modifiers);
    dice.push(...loot.dice);
  }
  if (table.category === 'room') {
    modifiers.push(...roomModifiers({ floor: ctx.floor ?? 1, attentionStage: ctx.attentionStage ?? 0, festival: !!ctx.festival, squareEmpty: !!ctx.squareEmpty }));
  }
  modifiers.push(...(ctx.extra ?? []).filter((m) => m.value !== 0));
  return { modifiers, dice };
}

function pickWeighted(env: RollEnvironment, table: TableDef, drawn: Set<number>): { index: number; roll: DieRoll } {
  const open = table.rows.map((r, i) => ({ i, w: drawn.has(i) ? 0 : (r.weight ?? 0) }));
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

/** Rolls once on a table (and on any tables its row points to). */
export function rollOnTable(env: RollEnvironment, key: string, ctx: RollContext = {}, depth = 0): RollNode {
  if (depth > LIMITS_TABLES.depth) throw new TableRollError(`Nested rolls went deeper than ${LIMITS_TABLES.depth} tables (at “${key}”)`);
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
    const { span, expression, error } = tableSpan(table);
    if (!expression || !span) throw new TableRollError(`${table.name}: ${error ?? 'no die'}`);
    const rollOnce = () => rollExpression(env.dice, expression, `${env.cause}: ${table.name}`);
    let roll = rollOnce();
    if (ctx.lostReroll && roll.dice.length === 1 && roll.dice[0]!.natural === 1) {
      rerolls.push('natural 1 re-rolled by a Lost character (ch.10)');
      roll = rollOnce();
    }
    // The table's die first, then influence dice: the same order as the rules core's loot roll.
    const context = contextModifiers(env, table, ctx);
    modifiers = context.modifiers;
    const settle = (r: typeof roll) => {
      const rawValue = r.total + totalOf(modifiers);
      // A loot table lands by the loot rules (ch.1); any other table within its own span.
      const k = table.category === 'loot' ? settleLoot(rawValue, ctx.tier, span) : clamp(rawValue, span.min, span.max);
      return { rawValue, v: k.value, c: k.clamp ? [k.clamp] : [] };
    };
    let settled = settle(roll);
    index = rowAt(table, settled.v);
    // Drawn rows are re-rolled, so every remaining row keeps its own chance.
    if (table.drawWithoutReplacement) {
      const remaining = table.rows.filter((_, i) => !drawn.has(i)).length;
      if (remaining === 0) throw new TableRollError(`${table.name}: every row has been drawn. Reset the draws to roll again.`);
      let attempts = 0;
      while (index !== null && drawn.has(index) && attempts < 200) {
        rerolls.push(`${settled.v} already drawn, rolled again`);
        dice.push(...roll.dice);
        roll = rollOnce();
        settled = settle(roll);
        index = rowAt(table, settled.v);
        attempts++;
      }
      if (index !== null && drawn.has(index)) throw new TableRollError(`${table.name}: could not find an undrawn row in 200 rolls`);
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
  if (row?.rollOn) {
    for (let t = 0; t < row.rollOn.times; t++) {
      const extra: Modifier[] = row.rollOn.modifier ? [{ source: `from ${table.name}: ${row.label}`, value: row.rollOn.modifier }] : [];
      children.push(rollOnTable(env, row.rollOn.table, { ...ctx, tier: undefined, extra }, depth + 1));
    }
  }
  const label = row?.label ?? 'no entry';
  const tierText = tier ? `${LOOT_TIERS[tier].label}: ` : '';
  const dieText = table.die === null ? `${natural} on the weights` : `${natural} on ${table.die}`;
  const clampText = clamps.length ? ` (${clamps.join('; ')})` : '';
  const rerollText = rerolls.length ? ` [${rerolls.join('; ')}]` : '';
  const childText = children.length ? ` ⟶ ${children.map((c) => c.explain).join(' | ')}` : '';
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
    explain: `${value} = ${dieText}${showModifiers(modifiers)}${clampText}${rerollText} → ${tierText}${label} (${table.name})${childText}`,
  };
}
