// Tables (issue: random tables): rolls per second on the 121-row loot table with modifiers,
// against the same expression rolled by @dice-roller/rpg-dice-roller in the same run; and the
// time to validate and save one edit in a 2,000-row table (target under 16 ms).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { tablePackSchema } from '../src-shared/tables.ts';
import { Dice } from '../src-main/rules/dice.ts';
import { SeededRandom } from '../src-main/rules/random-source.ts';
import { rollOnTable } from '../src-main/tables/table-roll.ts';
import { CampaignApp } from '../src-main/app/campaign-app.ts';
import { paired, type Benchmark } from './harness.ts';

const RESOURCES = path.resolve(import.meta.dirname, '../resources');

export const tableBenchmarks: Benchmark[] = [
  {
    name: 'loot table roll vs rpg-dice-roller',
    run: () => {
      const pack = tablePackSchema.parse(JSON.parse(fs.readFileSync(path.join(RESOURCES, 'starter/tables.json'), 'utf8')));
      const tables = new Map(pack.tables.map((t) => [t.key, t]));
      const env = { dice: new Dice(new SeededRandom(3)), tables, drawn: new Map(), cause: 'bench' };
      const ctx = { floor: 7, influence: [{ source: 'coin', sides: 6 }], extra: [{ source: 'Judge', value: 2 }] };
      const { subjectNs, baselineNs, ratio } = paired(() => rollOnTable(env, 'loot', ctx), () => new DiceRoll('1d100+20+1d6+2').total, 2_000);
      return { name: 'loot-table-roll', value: Math.round(1e9 / subjectNs), unit: 'rolls/s', baseline: Math.round(1e9 / baselineNs), ratio: Number(ratio.toFixed(2)), target: 'ratio = our time ÷ rpg-dice-roller time (lower is faster)', pass: null };
    },
  },
  {
    name: 'validate and save one edit in a 2,000-row table',
    run: async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lj-bench-'));
      const app = new CampaignApp({ dataDir, host: 'web', version: 'bench', resourcesDir: RESOURCES });
      await app.call('campaign.create', { name: 'Bench' });
      const text = Array.from({ length: 2000 }, (_, i) => `${i + 1} = Entry number ${i + 1}`).join('\n');
      await app.call('tables.importSave', { text, name: 'Big', die: 'd2000' });
      const row = (await app.call('tables.get', { key: 'big' })).table.rows[1000]!;
      const samples: number[] = [];
      for (let i = 0; i < 40; i++) {
        const start = process.hrtime.bigint();
        await app.call('tables.setRow', { key: 'big', index: 1000, row: { ...row, label: `Edited ${i}` } });
        samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      // Baseline: the bare SQLite write of that one row in the same file.
      const current = app.current()!.db;
      const base: number[] = [];
      for (let i = 0; i < 40; i++) {
        const start = process.hrtime.bigint();
        current.prepare(`UPDATE rtable_row SET data = data WHERE position = 1000`).run();
        base.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const value = median(samples);
      const baseline = median(base);
      return { name: 'table-edit-2000-rows', value: Number(value.toFixed(2)), unit: 'ms', baseline: Number(baseline.toFixed(3)), ratio: Number((value / baseline).toFixed(1)), target: '< 16 ms', pass: value < 16 };
    },
  },
];
