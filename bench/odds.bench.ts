// The Odds lab (issue 19): exact odds of the 121-row loot table with modifiers and an unsaved edit,
// through the tables.odds command as the table editor asks for it (target ≤ 50 ms), beside
// tables.get of the same table in the same campaign as the baseline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CampaignApp } from '../src-main/app/campaign-app.ts';
import type { Benchmark } from './harness.ts';

const RESOURCES = path.resolve(import.meta.dirname, '../resources');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export const oddsBenchmarks: Benchmark[] = [
  {
    name: 'exact odds of the loot table while an edit is typed',
    run: async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lj-bench-'));
      const app = new CampaignApp({ dataDir, host: 'web', version: 'bench', resourcesDir: RESOURCES });
      await app.call('campaign.create', { name: 'Bench' });
      const { table } = await app.call('tables.get', { key: 'loot' });
      const context = { floor: 7, influence: [{ source: 'Lucky Coin', sides: 6 }, { source: 'Dice Bone', sides: 4 }], extra: [{ source: 'Judge', value: 2 }] };
      const samples: number[] = [];
      const base: number[] = [];
      for (let i = 0; i < 45; i++) {
        // Each keystroke widens row 60 downwards over its neighbours, as a homebrewer types a range.
        const rows = table.rows.map((r, k) => (k === 59 ? { ...r, range: { from: 60 - (i % 10), to: 60 } } : r));
        const draft = { die: table.die, span: table.span, rows };
        const s = await timed(() => app.call('tables.odds', { key: 'loot', context, draft }));
        const b = await timed(() => app.call('tables.get', { key: 'loot' }));
        if (i >= 5) {
          samples.push(s);
          base.push(b);
        }
      }
      app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const value = median(samples);
      const baseline = median(base);
      return { name: 'odds-exact-loot', value: Number(value.toFixed(2)), unit: 'ms', baseline: Number(baseline.toFixed(2)), ratio: Number((value / baseline).toFixed(2)), target: '≤ 50 ms (baseline: tables.get of the same table)', pass: value <= 50 };
    },
  },
];
