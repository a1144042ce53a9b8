import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dice } from './dice.ts';
import { ScriptedRandom, SeededRandom } from './random-source.ts';
import { lootTier, rollLoot, rollLootOfTier, rollStartingLoot, LOOT_TIERS } from './loot-roll.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));

describe('loot roll (ch.1, ch.13)', () => {
  it('ch.1: 1d100 + (Floor − 5) × 10, explained in one line', () => {
    const r = rollLoot(scripted(67), { floor: 7, cause: 'chest' });
    expect(r.value).toBe(87);
    expect(r.tier).toBe('uncommon');
    expect(r.explain).toBe('87 = 67 on d100 + 20 (Floor 7) → Uncommon (ch.1)');
  });

  it('ch.1: influence dice held are added to the roll', () => {
    const r = rollLoot(scripted(90, 5, 3), { floor: 6, cause: 'chest', influence: [{ source: 'Lucky Coin', sides: 6 }, { source: 'Dice Bone', sides: 4 }] });
    expect(r.value).toBe(90 + 10 + 5 + 3);
    expect(r.tier).toBe('rare');
    expect(r.modifiers.map((m) => m.source)).toEqual(['Floor 6', 'influence: Lucky Coin', 'influence: Dice Bone']);
  });

  it('ch.1: below 1 counts as 1, above 121 as 121', () => {
    expect(rollLoot(scripted(3), { floor: 1, cause: 'x' })).toMatchObject({ raw: -37, value: 1, clamp: '-37 below 1 counts as 1' });
    expect(rollLoot(scripted(100), { floor: 9, cause: 'x' })).toMatchObject({ raw: 140, value: 121 });
  });

  it('ch.1: tiers are Common 1–60, Uncommon 61–100, Rare 101–121', () => {
    expect([1, 60, 61, 100, 101, 121].map(lootTier)).toEqual(['common', 'common', 'uncommon', 'uncommon', 'rare', 'rare']);
  });

  it('ch.1: a named-tier roll outside the tier takes the nearest boundary', () => {
    expect(rollLootOfTier(scripted(12), 'rare', 'x').value).toBe(101);
    expect(rollLootOfTier(scripted(99), 'common', 'x').value).toBe(60);
    expect(rollLootOfTier(scripted(75), 'uncommon', 'x').value).toBe(75);
  });

  it('ch.1: starting loot is 1d100 − 40, three times', () => {
    const rolls = rollStartingLoot(scripted(70, 20, 100));
    expect(rolls.map((r) => r.value)).toEqual([30, 1, 60]);
  });

  it('refuses a floor outside 1..10', () => {
    expect(() => rollLoot(scripted(5), { floor: 11, cause: 'x' })).toThrow(/Floor must be 1 to 10/);
  });

  it('property: a loot roll is always within 1..121 and its tier matches its number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 10 }), fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 4 }), (seed, floor, infl) => {
        const r = rollLoot(new Dice(new SeededRandom(seed)), { floor, cause: 'p', influence: infl.map((sides, i) => ({ source: `i${i}`, sides })) });
        const { low, high } = LOOT_TIERS[r.tier];
        return r.value >= 1 && r.value <= 121 && r.value >= low && r.value <= high;
      }),
    );
  });

  it('property: a named-tier roll always lands inside its tier', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom('common', 'uncommon', 'rare' as const), (seed, tier) => {
        const r = rollLootOfTier(new Dice(new SeededRandom(seed)), tier, 'p');
        return r.tier === tier;
      }),
    );
  });
});
