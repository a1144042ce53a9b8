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

export interface LootRollResult {
  d100: DieRoll;
  influence: { source: string; roll: DieRoll }[];
  modifiers: Modifier[];
  raw: number;
  value: number;
  tier: LootTier;
  clamp: string | null;
  explain: string;
  chapter: string;
}

function finish(d100: DieRoll, influence: LootRollResult['influence'], modifiers: Modifier[], low: number, high: number, chapter: string, what: string): LootRollResult {
  const raw = d100.total + totalOf(modifiers);
  const clamped = clamp(raw, low, high);
  const tier = lootTier(clamped.value);
  const infl = influence.length ? ` ${showDice(influence.map((i) => i.roll))}` : '';
  return {
    d100,
    influence,
    modifiers,
    raw,
    value: clamped.value,
    tier,
    clamp: clamped.clamp,
    explain: `${clamped.value} = ${d100.total} on d100${showModifiers(modifiers)}${infl}${clamped.clamp ? ` (${clamped.clamp})` : ''} → ${LOOT_TIERS[tier].label}${what} (${chapter})`,
    chapter,
  };
}

/** The floor's offset on a loot roll: (Floor − 5) × 10 (ch.1). */
export function lootFloorModifier(floor: number): Modifier {
  if (!Number.isInteger(floor) || floor < 1 || floor > 10) throw new RangeError(`Floor must be 1 to 10, not ${floor}`);
  return { source: `Floor ${floor}`, value: (floor - 5) * 10 };
}

export function rollInfluence(dice: Dice, influence: readonly InfluenceDie[], cause: string) {
  return influence.map((i) => ({ source: i.source, roll: dice.die(i.sides, `${cause}: influence from ${i.source}`) }));
}

/** A loot roll on a Tomb floor (ch.1): floor offset and influence dice, clamped to the table. */
export function rollLoot(dice: Dice, input: { floor: number; influence?: readonly InfluenceDie[]; cause: string; extra?: Modifier[] }): LootRollResult {
  const floor = lootFloorModifier(input.floor);
  const d100 = dice.die(100, input.cause);
  const influence = rollInfluence(dice, input.influence ?? [], input.cause);
  const modifiers: Modifier[] = [
    floor,
    ...influence.map((i) => ({ source: `influence: ${i.source}`, value: i.roll.total })),
    ...(input.extra ?? []),
  ];
  return finish(d100, influence, modifiers, LOOT_MIN, LOOT_MAX, 'ch.1', '');
}

/** Loot of a named tier (ch.1): 1d100, a result outside the tier taken as its nearest boundary. */
export function rollLootOfTier(dice: Dice, tier: LootTier, cause: string): LootRollResult {
  const d100 = dice.die(100, cause);
  const { low, high, label } = LOOT_TIERS[tier];
  return finish(d100, [], [], low, high, 'ch.1', ` (named tier ${label})`);
}

/** Starting loot (ch.1 step 3): 1d100 − 40, three times, influence allowed on any roll. */
export function rollStartingLoot(dice: Dice, influence: readonly (readonly InfluenceDie[])[] = [], cause = 'starting loot'): LootRollResult[] {
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

