import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dice, DIFFICULTY, showDice, type DiceLogEntry } from './dice.ts';
import { ScriptedRandom, SeededRandom } from './random-source.ts';

describe('dice (ch.1, ch.11)', () => {
  it('ch.1: an exploding d6 rolls again on a 6 and adds, keeping the first face as natural', () => {
    const dice = new Dice(new ScriptedRandom([6, 6, 3]));
    const roll = dice.explodingD6('test');
    expect(roll).toEqual({ sides: 6, faces: [6, 6, 3], natural: 6, total: 15 });
    expect(showDice([roll])).toBe('[6+6+3]');
  });

  it('ch.1: explosions have no cap', () => {
    const faces = [...Array(40).fill(6), 2];
    const roll = new Dice(new ScriptedRandom(faces)).explodingD6('test');
    expect(roll.total).toBe(242);
  });

  it('ch.11: the difficulty ladder is 6/12/18/24/30', () => {
    expect(Object.values(DIFFICULTY)).toEqual([6, 12, 18, 24, 30]);
  });

  it('logs every face with its cause and the source position', () => {
    const log: DiceLogEntry[] = [];
    const dice = new Dice(new ScriptedRandom([6, 2, 4]), (e) => log.push(e));
    dice.explodingD6('attack by Odile');
    dice.die(8, 'Retainers');
    expect(log).toEqual([
      { cause: 'attack by Odile', sides: 6, face: 6, position: 1 },
      { cause: 'attack by Odile (explosion)', sides: 6, face: 2, position: 2 },
      { cause: 'Retainers', sides: 8, face: 4, position: 3 },
    ]);
  });

  it('a seeded source replays exactly, also when resumed from a saved state', () => {
    const a = new SeededRandom(1234);
    const first = Array.from({ length: 50 }, () => a.int(100));
    const saved = a.snapshot();
    const more = Array.from({ length: 50 }, () => a.int(12));
    const b = new SeededRandom(1234);
    expect(Array.from({ length: 50 }, () => b.int(100))).toEqual(first);
    const resumed = SeededRandom.resume(saved);
    expect(Array.from({ length: 50 }, () => resumed.int(12))).toEqual(more);
  });

  it('property: every face lies within its die', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 1000 }), (seed, sides) => {
        const r = new SeededRandom(seed);
        for (let i = 0; i < 20; i++) {
          const f = r.int(sides);
          if (f < 1 || f > sides || !Number.isInteger(f)) return false;
        }
        return true;
      }),
    );
  });

  it('distribution: the exploding d6 mean over 100,000 seeded rolls is 4.2 ± 0.05', () => {
    const dice = new Dice(new SeededRandom(20261129));
    let sum = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) sum += dice.explodingD6('mean').total;
    expect(Math.abs(sum / n - 4.2)).toBeLessThan(0.05);
  });

  it('refuses impossible dice with a clear message', () => {
    const r = new SeededRandom(1);
    expect(() => r.int(0)).toThrow(/whole number of sides/);
    expect(() => r.int(2.5)).toThrow(/whole number of sides/);
    expect(() => new Dice(r).pool(-1, 6, 'x')).toThrow(/Cannot roll -1 dice/);
    expect(() => new ScriptedRandom([7]).int(6)).toThrow(/cannot come up on a d6/);
  });
});
