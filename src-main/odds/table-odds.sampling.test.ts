// Exact odds against the real roller's seeded rolls, on every starter table. `npm test` samples
// 40,000 rolls per table and context; `npm run test:odds` samples ODDS_SAMPLES (1,000,000) each.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { tablePackSchema } from '@shared/tables.ts';
import { Dice } from '../rules/dice.ts';
import { SeededRandom } from '../rules/random-source.ts';
import { rollOnTable, type RollContext } from '../tables/table-roll.ts';
import { tableOdds } from './table-odds.ts';

const SAMPLES = Number(process.env['ODDS_SAMPLES'] ?? 40_000);
const pack = tablePackSchema.parse(
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../resources/starter/tables.json'), 'utf8')),
);
const tables = new Map(pack.tables.map((t) => [t.key, t]));

/** The contexts the app rolls each kind of table with. */
function contextsFor(category: string): RollContext[] {
  if (category === 'loot')
    return [
      { floor: 7, influence: [{ source: 'Lucky Coin', sides: 6 }], extra: [{ source: 'Judge', value: 2 }] },
      { tier: 'rare' },
    ];
  if (category === 'room') return [{ floor: 5, attentionStage: 2, festival: true, lostReroll: true }];
  return [{ extra: [{ source: 'Judge', value: -1 }] }];
}

describe(`exact odds agree with ${SAMPLES.toLocaleString('en')} seeded rolls of the real roller`, () => {
  for (const table of pack.tables) {
    it(`${table.key}: every row and no entry within 3 standard errors`, () => {
      for (const ctx of contextsFor(table.category)) {
        const odds = tableOdds(tables, table.key, ctx);
        const counts = new Array<number>(table.rows.length + 1).fill(0);
        const env = {
          dice: new Dice(new SeededRandom(9000 + table.rows.length)),
          tables,
          drawn: new Map(),
          cause: 'sample',
        };
        for (let i = 0; i < SAMPLES; i++) counts[rollOnTable(env, table.key, ctx).row ?? table.rows.length]!++;
        const expected = [...odds.rows.map((r) => r.p), odds.noEntry];
        let checked = 0;
        expected.forEach((p, i) => {
          const se = Math.sqrt(Math.max(0, p * (1 - p)) / SAMPLES);
          // A row the odds call impossible must never come up; any other within 3 standard errors.
          if (p === 0) expect(counts[i]).toBe(0);
          else expect(Math.abs(counts[i]! / SAMPLES - p)).toBeLessThanOrEqual(3 * se + 1e-12);
          checked++;
        });
        expect(checked).toBe(table.rows.length + 1);
      }
    }, 600_000);
  }
});
