// Rules throughput (issue: rules core): loot and challenge rolls per second, and the cost of a
// loot roll as a multiple of one call of the raw random source in the same run (target < 5×).
import { DEFAULT_HOUSE_RULES } from '../src-shared/house-rules.ts';
import { Dice } from '../src-main/rules/dice.ts';
import { SeededRandom } from '../src-main/rules/random-source.ts';
import { rollLoot } from '../src-main/rules/loot-roll.ts';
import { rollChallenge } from '../src-main/rules/challenge.ts';
import { paired, type Benchmark } from './harness.ts';

export const rulesBenchmarks: Benchmark[] = [
  {
    name: 'loot roll vs raw random source',
    run: () => {
      const raw = new SeededRandom(1);
      const dice = new Dice(new SeededRandom(1));
      const { subjectNs, baselineNs, ratio } = paired(() => rollLoot(dice, { floor: 7, cause: 'bench' }), () => raw.int(100));
      return { name: 'loot-roll', value: Math.round(1e9 / subjectNs), unit: 'rolls/s', baseline: Math.round(1e9 / baselineNs), ratio: Number(ratio.toFixed(2)), target: '< 5×', pass: ratio < 5 };
    },
  },
  {
    name: 'challenge roll (level 3) vs three raw d6',
    run: () => {
      const raw = new SeededRandom(2);
      const dice = new Dice(new SeededRandom(2));
      const { subjectNs, baselineNs, ratio } = paired(
        () => rollChallenge(dice, { level: 3, target: 12, cause: 'bench', sanity: 'strange' }, DEFAULT_HOUSE_RULES),
        () => raw.int(6) + raw.int(6) + raw.int(6),
      );
      return { name: 'challenge-roll', value: Math.round(1e9 / subjectNs), unit: 'rolls/s', baseline: Math.round(1e9 / baselineNs), ratio: Number(ratio.toFixed(2)), target: null, pass: null };
    },
  },
];
