// Loot rolls (rulebook ch.1, ch.13): 1d100 + (Floor − 5) × 10 + influence held, clamped to
// 1..121; tiers Common 1–60, Uncommon 61–100, Rare 101–121.
import { clamp, Dice, showDice, showModifiers, totalOf, type DieRoll, type Modifier } from './dice.ts';

export const LOOT_MIN = 1;
export const LOOT_MAX = 121;
export const LOOT_TIERS = {
  common: { low: 1, high: 60, label: 'Common' },
  uncommon: { low: 61, high: 100, label: 'Uncommon' },
  rare: { low: 101, high: 121, label: 'Rare' },
} as const;
export type LootTier = keyof typeof LOOT_TIERS;

export function lootTier(value: number): LootTier {
  if (value <= LOOT_TIERS.common.high) return 'common';
  if (value <= LOOT_TIERS.uncommon.high) return 'uncommon';
  return 'rare';
}

/** An Influence item held: its roll is added to the loot roll (ch.13 closed action list). */
export interface InfluenceDie {
  source: string;
  sides: number;
}

/** A loot roll's numbers; its one-line working is built when read (a roll is made far more often than shown). */
export class LootRollResult {
  readonly value: number;
  readonly tier: LootTier;
  readonly clamp: string | null;
  readonly raw: number;

  constructor(
    readonly d100: DieRoll,
    readonly influence: { source: string; roll: DieRoll }[],
    readonly modifiers: Modifier[],
    low: number,
    high: number,
    readonly chapter: string,
    private readonly what: string,
  ) {
    this.raw = d100.total + totalOf(modifiers);
    const clamped = clamp(this.raw, low, high);
    this.value = clamped.value;
    this.clamp = clamped.clamp;
    this.tier = lootTier(clamped.value);
  }

  get explain(): string {
    const infl = this.influence.length ? ` ${showDice(this.influence.map((i) => i.roll))}` : '';
    return `${this.value} = ${this.d100.total} on d100${showModifiers(this.modifiers)}${infl}${this.clamp ? ` (${this.clamp})` : ''} → ${LOOT_TIERS[this.tier].label}${this.what} (${this.chapter})`;
  }

  toJSON() {
    const { d100, influence, modifiers, raw, value, tier, clamp, explain, chapter } = this;
    return { d100, influence, modifiers, raw, value, tier, clamp, explain, chapter };
  }
}

function finish(
  d100: DieRoll,
  influence: LootRollResult['influence'],
  modifiers: Modifier[],
  low: number,
  high: number,
  chapter: string,
  what: string,
): LootRollResult {
  return new LootRollResult(d100, influence, modifiers, low, high, chapter, what);
}

const FLOOR_MODIFIERS: readonly Modifier[] = Array.from({ length: 10 }, (_, i) =>
  Object.freeze({ source: `Floor ${i + 1}`, value: (i + 1 - 5) * 10 }),
);

/** The floor's offset on a loot roll: (Floor − 5) × 10 (ch.1). */
export function lootFloorModifier(floor: number): Modifier {
  const modifier = FLOOR_MODIFIERS[floor - 1];
  if (!modifier || !Number.isInteger(floor)) throw new RangeError(`Floor must be 1 to 10, not ${floor}`);
  return modifier;
}

export function rollInfluence(dice: Dice, influence: readonly InfluenceDie[], cause: string) {
  return influence.map((i) => ({ source: i.source, roll: dice.die(i.sides, `${cause}: influence from ${i.source}`) }));
}

export type LootContext = {
  floor?: number | undefined;
  influence?: readonly InfluenceDie[] | undefined;
  tier?: LootTier | undefined;
};

/**
 * Which modifiers a loot roll takes (ch.1, ch.13), before any die is rolled: the floor's offset,
 * (Floor − 5) × 10, unless the roll is for a named tier; the Influence dice held, which the table
 * engine rolls and the odds convolve.
 */
export function lootModifierPlan(ctx: LootContext): { fixed: Modifier[]; influence: readonly InfluenceDie[] } {
  return {
    fixed: ctx.floor !== undefined && !ctx.tier ? [lootFloorModifier(ctx.floor)] : [],
    influence: ctx.influence ?? [],
  };
}

export const influenceModifier = (i: { source: string; roll: DieRoll }): Modifier => ({
  source: `influence: ${i.source}`,
  value: i.roll.total,
});

/** Influence dice rolled for an attack or a Challenge (ch.13: "any roll"), each a modifier naming its item. */
export const rollInfluenceModifiers = (dice: Dice, influence: readonly InfluenceDie[], cause: string): Modifier[] =>
  rollInfluence(dice, influence, cause).map(influenceModifier);

/**
 * Where a loot roll lands (ch.1): a roll for a named tier takes the nearest boundary of that tier;
 * any other roll counts below 1 as 1 and above 121 as 121 — the loot table's own first and last
 * numbers, when the Judge's table is longer or shorter than the book's 121 entries.
 */
export function settleLoot(
  raw: number,
  tier: LootTier | undefined,
  span: { min: number; max: number } = { min: LOOT_MIN, max: LOOT_MAX },
): { value: number; clamp: string | null } {
  if (tier) {
    const t = LOOT_TIERS[tier];
    const k = clamp(raw, t.low, t.high);
    return { value: k.value, clamp: k.clamp ? `${k.clamp} (named tier ${t.label}, ch.1)` : null };
  }
  return clamp(raw, span.min, span.max);
}

/** Starting loot (ch.1 step 3): 1d100 − 40, three times, influence allowed on any roll. */
export function rollStartingLoot(
  dice: Dice,
  influence: readonly (readonly InfluenceDie[])[] = [],
  cause = 'starting loot',
): LootRollResult[] {
  return [0, 1, 2].map((i) => {
    const d100 = dice.die(100, `${cause} ${i + 1}`);
    const infl = rollInfluence(dice, influence[i] ?? [], `${cause} ${i + 1}`);
    const modifiers: Modifier[] = [
      { source: 'starting loot', value: -40 },
      ...infl.map((x) => ({ source: `influence: ${x.source}`, value: x.roll.total })),
    ];
    return finish(d100, infl, modifiers, LOOT_MIN, LOOT_MAX, 'ch.1', '');
  });
}
