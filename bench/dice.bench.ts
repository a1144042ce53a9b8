// The dice engine against @dice-roller/rpg-dice-roller, engine to engine: each expression parsed
// once by both, then rolled again and again with every face kept and the total summed. Ours rolls
// on the app's seeded source with no log attached (theirs keeps none either); 4d6! is our pool of
// exploding d6 (the only exploding die in this game), the others go through the table expressions.
import { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { Dice } from '../src-main/rules/dice.ts';
import { parseDice, rollExpression } from '../src-main/rules/dice-expression.ts';
import { SeededRandom } from '../src-main/rules/random-source.ts';
import { median, msPerCall, result, type Benchmark, type BenchResult } from './harness.ts';

const EXPRESSIONS = ['3d6', '4d6!', '1d100+20', '2d6+1d4-1'] as const;

function ours(source: string): () => number {
  const dice = new Dice(new SeededRandom(9));
  if (source === '4d6!') return () => dice.pool(4, 6, 'bench', true).reduce((a, d) => a + d.total, 0);
  const expr = parseDice(source);
  return () => rollExpression(dice, expr, 'bench').total;
}

export const diceBenchmarks: Benchmark[] = [
  {
    name: 'dice engine vs rpg-dice-roller, engine to engine (parse hoisted)',
    run: async () => {
      const out: BenchResult[] = [];
      for (const source of EXPRESSIONS) {
        const mine = ours(source);
        const theirs = new DiceRoll(source);
        const roll = () => (theirs.roll(), theirs.total);
        // Batches alternate between the two engines so the machine's other load falls on both alike.
        const a: number[] = [];
        const b: number[] = [];
        msPerCall(mine, 20_000, 3);
        msPerCall(roll, 2_000, 3);
        for (let r = 0; r < 15; r++) {
          a.push(...msPerCall(mine, 20_000, 1));
          b.push(...msPerCall(roll, 2_000, 1));
        }
        out.push(
          result(
            `dice:${source}`,
            median(a) * 1e6,
            median(b) * 1e6,
            'ns/roll',
            'ratio ≤ 0.5 (at least 2× faster than rpg-dice-roller)',
            (ratio) => ratio !== null && ratio <= 0.5,
          ),
        );
      }
      return out;
    },
  },
];
