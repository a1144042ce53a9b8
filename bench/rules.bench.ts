// Rules throughput: Challenge rolls per second against the raw random source in the same run.
// (Loot rolls are timed through the tables.roll command, as the app makes them.)
import { DEFAULT_HOUSE_RULES } from '../src-shared/house-rules.ts';
import { Dice } from '../src-main/rules/dice.ts';
import { SeededRandom } from '../src-main/rules/random-source.ts';
import { rollChallenge } from '../src-main/rules/challenge.ts';
import { paired, type Benchmark } from './harness.ts';

export const rulesBenchmarks: Benchmark[] = [
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
