import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom, SeededRandom } from './random-source.ts';
import { placeEntityTier, scaledEntityHealth, turnsPerRound } from './entities.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));

describe('entities (ch.12)', () => {
  it('ch.12: floors 1–3 always use their own tier, without a roll', () => {
    expect(placeEntityTier(scripted(), 2, RULES, 'x')).toMatchObject({ roll: null, tier: 'upper' });
  });

  it('ch.12: on floor 7, 1–2 lowest, 3–4 middle, 5–6 own tier', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => placeEntityTier(scripted(f), 7, RULES, 'x').tier)).toEqual([
      'upper',
      'upper',
      'middle',
      'middle',
      'lower',
      'lower',
    ]);
  });

  it('distribution: the tier placement split is 1/3 each on floor 7 over 100,000 seeded rolls', () => {
    const dice = new Dice(new SeededRandom(7));
    const counts = { upper: 0, middle: 0, lower: 0 };
    const n = 100_000;
    for (let i = 0; i < n; i++) counts[placeEntityTier(dice, 7, RULES, 'd').tier]++;
    for (const c of Object.values(counts)) expect(Math.abs(c / n - 1 / 3)).toBeLessThan(0.01);
  });

  it('ch.12: Health grows by the entity level per player beyond four', () => {
    expect(scaledEntityHealth(30, 3, 6).value).toBe(36);
    expect(scaledEntityHealth(30, 3, 3).value).toBe(30);
  });

  it('ch.4, ch.11: turns per round are 1 + one per full 6 Speed above 6, at least 1', () => {
    expect([0, 6, 11, 12, 17, 18, 24].map((s) => turnsPerRound(s, RULES).value)).toEqual([1, 1, 1, 2, 2, 3, 4]);
  });

  it("ch.12: a stat block's own turn count wins over the formula", () => {
    expect(turnsPerRound(6, RULES, 2).value).toBe(2);
  });
});
