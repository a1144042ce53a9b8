import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { tablePackSchema } from '@shared/tables.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom, SeededRandom } from './random-source.ts';
import { lootModifierPlan, lootTier, rollStartingLoot, settleLoot, LOOT_TIERS } from './loot-roll.ts';
import { rollOnTable } from '../tables/table-roll.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));
// The starter pack's loot table: the rolls below go through the table engine the app runs.
const pack = tablePackSchema.parse(
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../resources/starter/tables.json'), 'utf8')),
);
const tables = new Map(pack.tables.map((t) => [t.key, t]));
const rollLoot = (dice: Dice, ctx: Parameters<typeof rollOnTable>[2]) =>
  rollOnTable({ dice, tables, drawn: new Map(), cause: 'chest' }, 'loot', ctx);

describe('loot roll (ch.1, ch.13)', () => {
  it('ch.1: 1d100 + (Floor − 5) × 10, explained in one line', () => {
    const r = rollLoot(scripted(67), { floor: 7 });
    expect(r.value).toBe(87);
    expect(r.tier).toBe('uncommon');
    expect(r.explain).toMatch(/^87 = 67 on d100 \+ 20 \(Floor 7\) → Uncommon: .+ \(Tomb Loot Table\)$/);
  });

  it('ch.1: influence dice held are added to the roll', () => {
    expect(
      lootModifierPlan({
        floor: 6,
        influence: [
          { source: 'Lucky Coin', sides: 6 },
          { source: 'Dice Bone', sides: 4 },
        ],
      }),
    ).toEqual({
      fixed: [{ source: 'Floor 6', value: 10 }],
      influence: [
        { source: 'Lucky Coin', sides: 6 },
        { source: 'Dice Bone', sides: 4 },
      ],
    });
    expect(
      rollLoot(scripted(90, 5, 3), {
        floor: 6,
        influence: [
          { source: 'Lucky Coin', sides: 6 },
          { source: 'Dice Bone', sides: 4 },
        ],
      }).value,
    ).toBe(90 + 10 + 5 + 3);
  });

  it('ch.1: below 1 counts as 1, above 121 as 121', () => {
    expect(settleLoot(-37, undefined)).toEqual({ value: 1, clamp: '-37 below 1 counts as 1' });
    expect(rollLoot(scripted(3), { floor: 1 })).toMatchObject({ raw: -37, value: 1 });
    expect(rollLoot(scripted(100), { floor: 9 })).toMatchObject({ raw: 140, value: 121 });
  });

  it('ch.1: tiers are Common 1–60, Uncommon 61–100, Rare 101–121', () => {
    expect([1, 60, 61, 100, 101, 121].map(lootTier)).toEqual([
      'common',
      'common',
      'uncommon',
      'uncommon',
      'rare',
      'rare',
    ]);
  });

  it('ch.1: a named-tier 1d100 outside the tier takes the nearest boundary, with no floor offset', () => {
    expect(rollLoot(scripted(12), { tier: 'rare', floor: 9 }).value).toBe(101);
    expect(rollLoot(scripted(99), { tier: 'common' }).value).toBe(60);
    expect(rollLoot(scripted(75), { tier: 'uncommon' }).value).toBe(75);
  });

  it('ch.1, ch.13: influence counts on a named-tier roll too, and the tier still bounds it', () => {
    const r = rollLoot(scripted(90, 6), { tier: 'uncommon', influence: [{ source: 'Lucky Coin', sides: 6 }] });
    expect(r.value).toBe(96);
    expect(rollLoot(scripted(98, 6), { tier: 'uncommon', influence: [{ source: 'Lucky Coin', sides: 6 }] }).value).toBe(
      100,
    );
  });

  it('ch.1: starting loot is 1d100 − 40, three times', () => {
    const rolls = rollStartingLoot(scripted(70, 20, 100));
    expect(rolls.map((r) => r.value)).toEqual([30, 1, 60]);
  });

  it('refuses a floor outside 1..10', () => {
    expect(() => rollLoot(scripted(5), { floor: 11 })).toThrow(/Floor must be 1 to 10/);
  });

  it('property: a loot roll is always within 1..121 and its tier matches its number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.integer({ min: 2, max: 20 }), { maxLength: 4 }),
        (seed, floor, infl) => {
          const r = rollLoot(new Dice(new SeededRandom(seed)), {
            floor,
            influence: infl.map((sides, i) => ({ source: `i${i}`, sides })),
          });
          const { low, high } = LOOT_TIERS[lootTier(r.value)];
          return r.value >= 1 && r.value <= 121 && r.value >= low && r.value <= high;
        },
      ),
    );
  });

  it('property: a named-tier roll always lands inside its tier', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom('common', 'uncommon', 'rare' as const),
        (seed, tier) => {
          const r = rollLoot(new Dice(new SeededRandom(seed)), { tier });
          return lootTier(r.value) === tier;
        },
      ),
    );
  });
});
