// Runs of the dive simulator on worker threads, so the app stays responsive: started by
// odds.simulate, read by odds.simulation (progress and the tally so far), stopped by
// odds.cancelSimulation. A run's dives are split into one contiguous share per worker, one worker
// per core; each dive has its own seed (diveSeed), so the merged tally is the one a single worker
// would reach. A run's label is its variant (A, B): a new run of a label replaces the one before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SimPolicies, SimRunState, SimRunView, SimTally } from '@shared/odds-sim.ts';
import type { SimWorld } from './sim-party.ts';
import { emptyTally, mergeTallies } from './sim-tally.ts';
import { summariseTally } from './sim-summary.ts';
import { worldToWire, type SimJob } from './sim-wire.ts';

interface Run {
  runId: string;
  label: string;
  seed: number;
  total: number;
  deepest: number;
  state: SimRunState;
  done: number;
  tally: SimTally | null;
  error: string | null;
  /** One per share of the dives, null once that share is done (or the run stopped). */
  workers: (Worker | null)[];
}

/** A share of a run: its workers' latest progress and tally. */
interface Share {
  done: number;
  tally: SimTally | null;
  finished: boolean;
}

/** The worker's file: built beside the main bundle (out/main), or the source under Node with tsx (tests, bench). */
function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, path.join(here, '..')]) {
    const built = path.join(dir, 'dive-sim-worker.js');
    if (fs.existsSync(built)) return built;
  }
  const source = path.join(here, 'dive-sim-worker-source.mjs');
  if (fs.existsSync(source)) return source;
  throw new Error(`The dive simulator's worker is missing beside ${here}`);
}

export class SimRunner {
  private runs = new Map<string, Run>();
  private next = 1;

  constructor(
    /** How many workers a run is split over: one per core unless told (the benchmark's baseline runs one). */
    private readonly workers = Math.max(1, os.availableParallelism()),
    /** The worker's file, when not the one beside this module (the benchmark runs the built app's). */
    private readonly file: string | null = null,
  ) {}

  start(world: SimWorld, policies: SimPolicies, seed: number, dives: number, label: string): SimRunView {
    for (const old of this.runs.values()) if (old.label === label) this.stop(old, 'cancelled');
    // Finished runs are kept for reading, a few at most.
    for (const old of [...this.runs.values()].filter((r) => r.state !== 'running').slice(0, -4))
      this.runs.delete(old.runId);
    const runId = `run-${this.next++}`;
    const run: Run = {
      runId,
      label,
      seed,
      total: dives,
      deepest: policies.floors,
      state: 'running',
      done: 0,
      tally: null,
      error: null,
      workers: [],
    };
    const file = this.file ?? workerFile();
    const wire = worldToWire(world);
    // At least a block of dives per worker: a small run is not worth a second thread.
    const count = Math.max(1, Math.min(this.workers, Math.ceil(dives / 500)));
    const shares: Share[] = [];
    const fail = (message: string) => {
      if (run.state !== 'running') return;
      this.stop(run, 'failed');
      run.error = message;
    };
    for (let k = 0; k < count; k++) {
      const from = Math.floor((dives * k) / count);
      const to = Math.floor((dives * (k + 1)) / count);
      const share: Share = { done: 0, tally: null, finished: false };
      shares.push(share);
      const job: SimJob = { world: wire, policies, seed, from, to };
      const worker = new Worker(file, { workerData: job });
      // A run never keeps the app (or a test) from exiting.
      worker.unref();
      run.workers.push(worker);
      worker.on('message', (m: { type: 'progress' | 'done'; done?: number; tally: SimTally }) => {
        if (run.state !== 'running') return;
        share.tally = m.tally;
        if (m.type === 'progress') share.done = m.done ?? share.done;
        else {
          share.done = to - from;
          share.finished = true;
          run.workers[k] = null;
        }
        run.done = shares.reduce((n, s) => n + s.done, 0);
        run.tally = shares.reduce<SimTally | null>(
          (t, s) => (s.tally ? (t ? mergeTallies(t, s.tally) : s.tally) : t),
          null,
        );
        if (shares.length === count && shares.every((s) => s.finished)) {
          run.done = run.total;
          run.tally ??= emptyTally();
          run.state = 'done';
        }
      });
      worker.on('error', (e) => fail(e.message));
      worker.on('exit', () => {
        if (!share.finished) fail('The simulation stopped before it finished.');
        run.workers[k] = null;
      });
    }
    this.runs.set(runId, run);
    return this.view(run);
  }

  read(runId: string): SimRunView | null {
    const run = this.runs.get(runId);
    return run ? this.view(run) : null;
  }

  cancel(runId: string): SimRunView | null {
    const run = this.runs.get(runId);
    if (!run) return null;
    if (run.state === 'running') this.stop(run, 'cancelled');
    return this.view(run);
  }

  /** Stops every run (the campaign closes, the app quits). */
  stopAll(): void {
    for (const run of this.runs.values()) if (run.state === 'running') this.stop(run, 'cancelled');
  }

  private stop(run: Run, state: SimRunState): void {
    run.state = state;
    for (const worker of run.workers) void worker?.terminate();
    run.workers = run.workers.map(() => null);
  }

  private view(run: Run): SimRunView {
    return {
      runId: run.runId,
      label: run.label,
      seed: run.seed,
      state: run.state,
      done: run.done,
      total: run.total,
      summary: run.tally ? summariseTally(run.tally, run.deepest) : null,
      error: run.error,
    };
  }
}
