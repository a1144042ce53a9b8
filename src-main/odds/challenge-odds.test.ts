import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_HOUSE_RULES as RULES, type HouseRules } from '@shared/house-rules.ts';
import { Dice } from '../rules/dice.ts';
import { SeededRandom } from '../rules/random-source.ts';
import { rollChallenge } from '../rules/challenge.ts';
import { challengeGrid, challengeOdds } from './challenge-odds.ts';
import { enumerateOutcomes } from './enumerate.ts';
import { atLeast, explodingD6, explodingPool, TRUNCATION, total } from './distribution.ts';

const SINGLE: HouseRules = { ...RULES, challengeDice: 'single-die' };

describe('exploding dice, exactly', () => {
  it('ch.1: a d6 that explodes leaves out less than 1e-12 of its mass, and what it keeps sums to the rest', () => {
    const d = explodingD6();
    expect(d.truncated).toBeLessThan(TRUNCATION);
    expect(total(d) + d.truncated).toBeCloseTo(1, 15);
    // A total of 6 cannot happen: a 6 always rolls again.
    expect(d.p[5]).toBe(0);
    expect(d.p[6]).toBeCloseTo(1 / 36, 15);
  });

  it('a pool of 30 exploding dice still leaves out less than 1e-12 in all', () => {
    expect(explodingPool(30).truncated).toBeLessThan(TRUNCATION);
    expect(total(explodingPool(30)) + explodingPool(30).truncated).toBeCloseTo(1, 12);
  });
});

describe('Challenge odds (ch.1, ch.11)', () => {
  it('fixed figures: one die against 6 is a six (1/6); against 1 it is anything but the natural 1 (5/6)', () => {
    expect(challengeOdds({ level: 1, target: 6 }, RULES).p).toBeCloseTo(1 / 6, 14);
    expect(challengeOdds({ level: 1, target: 1 }, RULES).p).toBeCloseTo(5 / 6, 14);
    // Two dice against 12: 6+6 explodes past it, and 6 + anything above 6 (an explosion) too.
    expect(challengeOdds({ level: 2, target: 2 }, RULES).p).toBeCloseTo(1 - 1 / 36, 14);
  });

  it('all natural 1s fail whatever the modifiers: +20 against 6 at level 2 fails only on 1, 1', () => {
    const o = challengeOdds({ level: 2, target: 6, other: [{ source: 'assist', value: 20 }] }, RULES);
    expect(o.p).toBeCloseTo(35 / 36, 14);
    expect(o.allNaturalOnes).toBeCloseTo(1 / 36, 15);
  });

  it('house rule: a single die (ch.11) makes the level irrelevant', () => {
    expect(challengeOdds({ level: 5, target: 12 }, SINGLE).p).toBeCloseTo(
      challengeOdds({ level: 1, target: 12 }, RULES).p,
      14,
    );
    expect(challengeOdds({ level: 5, target: 12 }, SINGLE).chapter).toBe('ch.11');
  });

  it('Sanity and survival penalties and the Attention shift move the figure as the roll moves the total', () => {
    const plain = challengeOdds({ level: 3, target: 12 }, RULES).p;
    const edge = challengeOdds({ level: 3, target: 12, sanity: 'edge' }, RULES);
    expect(edge.modifier).toBe(-2);
    expect(edge.p).toBeCloseTo(challengeOdds({ level: 3, target: 14 }, RULES).p, 14);
    expect(edge.p).toBeLessThan(plain);
    const shifted = challengeOdds(
      { level: 3, target: 12, sanityChallenge: { attentionStage: 2, where: 'tombs' } },
      RULES,
    );
    expect(shifted.target).toBe(16);
  });

  it('agrees with the real roller run on every sequence of faces (levels 1-3, both house rules, targets 1-30)', () => {
    for (const rules of [RULES, SINGLE, { ...RULES, explosionsCountAsNatural: true }]) {
      for (const level of [1, 2, 3]) {
        for (const modifier of [-3, 0, 4]) {
          const other = modifier ? [{ source: 'm', value: modifier }] : [];
          const { outcomes, unexplored } = enumerateOutcomes(
            (source) => rollChallenge(new Dice(source), { level, target: 1, cause: 'check', other }, rules),
            6,
          );
          for (let target = 1; target <= 30; target++) {
            const brute = outcomes.reduce(
              (a, o) => a + (!o.value.allNaturalOnes && o.value.total >= target ? o.p : 0),
              0,
            );
            const exact = challengeOdds({ level, target, other }, rules).p;
            // Enumeration follows at most 6 faces: what it left unexplored bounds the difference.
            expect(Math.abs(exact - brute)).toBeLessThanOrEqual(unexplored + 1e-12);
          }
        }
      }
    }
  });

  it('agrees with 200,000 seeded rolls of the real roller within 3 standard errors', () => {
    const dice = new Dice(new SeededRandom(1919));
    const cases = [
      { level: 1, target: 6 },
      { level: 3, target: 12 },
      { level: 4, target: 18 },
      { level: 6, target: 30 },
    ];
    for (const c of cases) {
      const n = 50_000;
      let hits = 0;
      for (let i = 0; i < n; i++) if (rollChallenge(dice, { ...c, cause: 'sample' }, RULES).success) hits++;
      const p = challengeOdds(c, RULES).p;
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(hits / n - p)).toBeLessThanOrEqual(3 * se);
    }
  });

  it('the grid is the single figure, cell by cell, and rises with the level and falls with the target', () => {
    const grid = challengeGrid([1, 2, 3, 4], [6, 12, 18], { sanity: 'strange' }, RULES);
    expect(grid[2]![1]).toBe(challengeOdds({ level: 3, target: 12, sanity: 'strange' }, RULES).p);
    for (const row of grid) for (let j = 1; j < row.length; j++) expect(row[j]!).toBeLessThan(row[j - 1]!);
    for (let i = 1; i < grid.length; i++) expect(grid[i]![1]!).toBeGreaterThan(grid[i - 1]![1]!);
  });

  it('property: chances lie in [0, 1] and fall as the target rises', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: -10, max: 10 }),
        (level, target, m) => {
          const other = [{ source: 'm', value: m }];
          const a = challengeOdds({ level, target, other }, RULES).p;
          const b = challengeOdds({ level, target: target + 1, other }, RULES).p;
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(1);
          expect(b).toBeLessThanOrEqual(a + 1e-15);
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  });

  it('the truncated tail counts only where it lies wholly above the target', () => {
    const d = explodingD6(1e-3);
    expect(atLeast(d, 1)).toBeCloseTo(1, 15);
  });
});
