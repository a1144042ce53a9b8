// The Odds lab: exact odds of the 121-row loot table with modifiers and an unsaved edit,
// through the tables.odds command as the table editor asks for it (target ≤ 50 ms), beside
// tables.get of the same table in the same campaign as the baseline. The dive simulator: 10,000
// dives of the demo party on every core, against one worker in the same run, with the wall time and
// the cores the run reports it kept busy.
import { stateReader } from '../src-main/db/play-store.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CampaignApp } from '../src-main/app/campaign-app.ts';
import { SimRunner } from '../src-main/odds/sim-runner.ts';
import { loadSimWorld, rosterMembers } from '../src-main/odds/sim-world.ts';
import { DEFAULT_SIM_POLICIES } from '../src-shared/odds-sim.ts';
import { result, type Benchmark } from './harness.ts';

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
    name: '10,000 dives of the demo party, Floors 1 to 10, on every core vs one worker',
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
      const cores = os.availableParallelism();
      const dives = 10_000;
      /** A run to its end: its wall time and the cores its workers kept busy, as the run reports them. */
      async function runOn(runner: SimRunner): Promise<{ wall: number; cores: number; workers: number }> {
        const run = runner.start(world, policies, 7, dives, 'A');
        let view = runner.read(run.runId)!;
        while (view.state === 'running') {
          await new Promise((r) => setTimeout(r, 20));
          view = runner.read(run.runId)!;
        }
        if (view.state !== 'done') throw new Error(`The simulation ${view.state}: ${view.error}`);
        return { wall: view.wallMs / 1000, cores: view.coresUsed, workers: view.workers };
      }
      // The built app's worker (the bench builds first), not the TypeScript source each worker would compile as it starts.
      const built = path.resolve(import.meta.dirname, '../out/main/dive-sim-worker.js');
      if (!fs.existsSync(built)) throw new Error(`The built dive worker is missing: ${built}`);
      const all = new SimRunner(cores, built);
      const one = new SimRunner(1, built);
      const walls: number[] = [];
      const baseWalls: number[] = [];
      const used: number[] = [];
      let workers = 0;
      // Alternating, so the machine's other load falls on both alike (ODDS_BENCH_RUNS pairs, 3 unless told).
      const pairs = Number(process.env.ODDS_BENCH_RUNS ?? 3);
      for (let r = 0; r < pairs; r++) {
        const a = await runOn(all);
        walls.push(a.wall);
        used.push(a.cores);
        workers = a.workers;
        baseWalls.push((await runOn(one)).wall);
      }
      app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      return [
        result(
          'odds-simulate-10k-wall',
          median(walls),
          median(baseWalls),
          's',
          `ratio ≤ 0.5 (baseline: one worker, same run; ${cores} cores, ${workers} workers)`,
          (ratio) => ratio !== null && ratio <= 0.5,
        ),
        result('odds-simulate-10k-cores-used', median(used), null, 'cores', `${cores} available`),
        result('odds-simulate-ms-per-dive', (median(baseWalls) * 1000) / dives, null, 'ms', 'one worker, per dive'),
      ];
    },
  },
];
