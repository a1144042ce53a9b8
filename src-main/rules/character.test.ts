import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import {
  levelForXp,
  rollClass,
  rollStatPoints,
  skillsUnlocked,
  statPointsForLevels,
  totalXp,
  xpFromGold,
} from './character.ts';
import { goldMarks, inventoryDepth, magicFromGold } from './gauntlet-derived.ts';

describe('character (ch.1, ch.2, ch.4)', () => {
  it('ch.1: 1 XP per 36 gold, 1 per enemy felled, 6 per fully cleared floor', () => {
    expect(totalXp({ goldGained: 740, enemiesFelled: 3, floorsCleared: 2 }).value).toBe(20 + 3 + 12);
  });

  it('ch.4: Magic 1 per 600 gold held; gold as X-marks of 100; inventory depth 1 + max Health ÷ 6', () => {
    expect(magicFromGold(1300).value).toBe(2);
    expect(goldMarks(1250).value).toBe(12);
    expect(inventoryDepth(36).value).toBe(7);
    expect(inventoryDepth(41).value).toBe(7);
    expect(inventoryDepth(42).value).toBe(8);
  });

  it('house rule level table: level N needs 6 × N × (N − 1) XP', () => {
    expect([0, 11, 12, 35, 36, 72].map((xp) => levelForXp(xp, RULES).value)).toEqual([1, 1, 2, 2, 3, 4]);
  });

  it('ch.1: two stat points per level gained', () => {
    expect(statPointsForLevels(1, 4)).toBe(6);
  });

  it('ch.1, ch.2: the class is revealed at level 2; skills unlock at 2, 4 and 6', () => {
    expect([1, 2, 3, 4, 6].map((l) => skillsUnlocked(l))).toEqual([
      { count: 0, classRevealed: false },
      { count: 1, classRevealed: true },
      { count: 1, classRevealed: true },
      { count: 2, classRevealed: true },
      { count: 3, classRevealed: true },
    ]);
  });

  it('ch.1: the class is rolled on d8; an 8 rolls again (RULINGS)', () => {
    const r = rollClass(new Dice(new ScriptedRandom([8, 8, 3])), RULES);
    expect(r.className).toBe('The Bandit');
    expect(r.rolls).toHaveLength(3);
  });

  it('ch.4: six d6 stat points through the stat-point table', () => {
    expect(rollStatPoints(new Dice(new ScriptedRandom([1, 2, 3, 4, 5, 6])), RULES).points).toEqual([
      'power',
      'speed',
      'health',
      'armor',
      'magic',
      'choice',
    ]);
  });

  it('property: XP never decreases when gold is spent (it counts gold gained, not held)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5000, max: 5000 }), { maxLength: 40 }), (moves) => {
        let held = 0;
        let gained = 0;
        let lastXp = 0;
        for (const move of moves) {
          if (move >= 0) {
            held += move;
            gained += move;
          } else held = Math.max(0, held + move);
          const xp = xpFromGold(gained).value;
          if (xp < lastXp) return false;
          lastXp = xp;
        }
        return true;
      }),
    );
  });
});
