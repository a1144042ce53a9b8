// The Odds lab: exact odds of the 121-row loot table with modifiers and an unsaved edit,
// through the tables.odds command as the table editor asks for it (target ≤ 50 ms), beside
// tables.get of the same table in the same campaign as the baseline.
import { stateReader } from '../src-main/db/play-store.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CampaignApp } from '../src-main/app/campaign-app.ts';
import { simulateRange } from '../src-main/odds/dive-sim.ts';
import { loadSimWorld, rosterMembers } from '../src-main/odds/sim-world.ts';
import { DEFAULT_SIM_POLICIES } from '../src-shared/odds-sim.ts';
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
      const context = {
        floor: 7,
        influence: [
          { source: 'Lucky Coin', sides: 6 },
          { source: 'Dice Bone', sides: 4 },
        ],
        extra: [{ source: 'Judge', value: 2 }],
      };
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
      return [
        {
          name: 'odds-exact-loot',
          value: Number(value.toFixed(2)),
          unit: 'ms',
          baseline: Number(baseline.toFixed(2)),
          ratio: Number((value / baseline).toFixed(2)),
          target: '≤ 50 ms (baseline: tables.get of the same table)',
          pass: value <= 50,
        },
      ];
    },
  },
  {
    name: '10,000 dives of the demo party, Floors 1 to 10',
    run: async () => {
      // The demo campaign's roster and tables, as the Odds lab runs them.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lj-bench-'));
      const app = new CampaignApp({ dataDir, host: 'web', version: 'bench', resourcesDir: RESOURCES });
      await app.ensureFirstLaunch();
      const [demo] = await app.call('campaign.list', {});
      await app.call('campaign.open', { path: demo!.path });
      const db = app.current()!.db;
      const world = loadSimWorld(stateReader(db), rosterMembers(stateReader(db)), undefined);
      const policies = { ...DEFAULT_SIM_POLICIES, floors: 10 };
      // The figure: CPU time of the 10,000 dives on one thread (what "on one core" means on a busy machine).
      simulateRange(world, policies, 1, 0, 200);
      const cpu = process.cpuUsage();
      simulateRange(world, policies, 7, 0, 10_000);
      const used = process.cpuUsage(cpu);
      const value = (used.user + used.system) / 1e6;
      // The baseline: wall time of the same run through odds.simulate on its worker thread, as the Odds lab starts it.
      const start = process.hrtime.bigint();
      const run = await app.call('odds.simulate', { party: { roster: true }, policies, dives: 10_000, seed: 7 });
      let state = run.state;
      while (state === 'running') {
        await new Promise((r) => setTimeout(r, 50));
        state = (await app.call('odds.simulation', { runId: run.runId })).state;
      }
      const wall = Number(process.hrtime.bigint() - start) / 1e9;
      app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return [
        {
          name: 'odds-simulate-10k',
          value: Number(value.toFixed(2)),
          unit: 's CPU',
          baseline: Number(wall.toFixed(2)),
          ratio: Number((value / wall).toFixed(2)),
          target: '< 10 s on one core (baseline: wall time through odds.simulate on its worker)',
          pass: value < 10 && state === 'done',
        },
      ];
    },
  },
];
