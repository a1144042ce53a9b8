// Runs of the dive simulator on worker threads, so the app stays responsive: started by
// odds.simulate, read by odds.simulation (progress and the tally so far), stopped by
// odds.cancelSimulation. A run's dives are handed out in blocks to one worker per core, each taking
// the next block when free; each dive has its own seed (diveSeed) and a tally is sums, so the merged
// tally is the one a single worker would reach. A run's label is its variant (A, B): a new run of a label replaces the one before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SimPolicies, SimRunState, SimRunView, SimTally } from '@shared/odds-sim.ts';
import type { SimWorld } from './sim-party.ts';
import { emptyTally, mergeTallies } from './sim-tally.ts';
import { summariseTally } from './sim-summary.ts';
import { worldToWire, type SimBlock, type SimBlockDone, type SimJob } from './sim-wire.ts';

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
  /** The run's workers, null once one closed (or the run stopped). */
  workers: (Worker | null)[];
  started: number;
  ended: number | null;
  busyMs: number;
}

/** Dives in a block handed to a worker: enough to be worth a message, few enough that neither core idles long at the end. */
export const BLOCK = 25;

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
      started: performance.now(),
      ended: null,
      busyMs: 0,
    };
    const file = this.file ?? workerFile();
    const job: SimJob = { world: worldToWire(world), policies, seed };
    // No more workers than blocks: a small run is not worth a second thread.
    const count = Math.max(1, Math.min(this.workers, Math.ceil(dives / BLOCK)));
    let handedOut = 0;
    const fail = (message: string) => {
      if (run.state !== 'running') return;
      this.stop(run, 'failed');
      run.error = message;
    };
    for (let k = 0; k < count; k++) {
      const worker = new Worker(file, { workerData: job });
      // A run never keeps the app (or a test) from exiting.
      worker.unref();
      run.workers.push(worker);
      // Each worker takes the next block as soon as it is free, so the cores finish together.
      let released = false;
      const handOut = () => {
        const from = handedOut;
        handedOut = Math.min(dives, from + BLOCK);
        const block: SimBlock | null = from < dives ? { from, to: handedOut } : null;
        if (!block) released = true;
        worker.postMessage(block);
      };
      worker.on('message', (m: SimBlockDone | null) => {
        if (run.state !== 'running') return;
        if (m) {
          run.done += m.to - m.from;
          run.busyMs += m.busyMs;
          run.tally = run.tally ? mergeTallies(run.tally, m.tally) : m.tally;
          if (run.done === run.total) {
            run.tally ??= emptyTally();
            run.state = 'done';
            run.ended = performance.now();
          }
        }
        handOut();
      });
      worker.on('error', (e) => fail(e.message));
      worker.on('exit', () => {
        if (run.state === 'running' && !released) fail('The simulation stopped before it finished.');
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
    run.ended = performance.now();
    for (const worker of run.workers) void worker?.terminate();
    run.workers = run.workers.map(() => null);
  }

  private view(run: Run): SimRunView {
    const wallMs = (run.ended ?? performance.now()) - run.started;
    return {
      runId: run.runId,
      label: run.label,
      seed: run.seed,
      state: run.state,
      done: run.done,
      total: run.total,
      summary: run.tally ? summariseTally(run.tally, run.deepest) : null,
      error: run.error,
      workers: run.workers.length,
      wallMs: Math.round(wallMs),
      coresUsed: wallMs > 0 ? Math.round((run.busyMs / wallMs) * 100) / 100 : 0,
    };
  }
}
