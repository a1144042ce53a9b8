// Runs of the dive simulator, each on its own worker thread (one core), so the app stays
// responsive: started by odds.simulate, read by odds.simulation (progress and the tally so far),
// stopped by odds.cancelSimulation. A run's label is its variant (A, B): a new run of a label
// replaces the one before, so at most one worker per variant ever runs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SimPolicies, SimRunState, SimRunView, SimTally } from '@shared/odds-sim.ts';
import type { SimWorld } from './dive-sim.ts';
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
  worker: Worker | null;
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
      worker: null,
    };
    const file = workerFile();
    const job: SimJob = { world: worldToWire(world), policies, seed, from: 0, to: dives };
    const worker = new Worker(file, { workerData: job });
    // A run never keeps the app (or a test) from exiting.
    worker.unref();
    run.worker = worker;
    worker.on('message', (m: { type: 'progress' | 'done'; done?: number; tally: SimTally }) => {
      if (run.state !== 'running') return;
      run.tally = m.tally;
      if (m.type === 'progress') run.done = m.done ?? run.done;
      else {
        run.done = run.total;
        run.state = 'done';
        run.worker = null;
      }
    });
    worker.on('error', (e) => {
      if (run.state !== 'running') return;
      run.state = 'failed';
      run.error = e.message;
      run.worker = null;
    });
    worker.on('exit', () => {
      if (run.state === 'running') {
        run.state = 'failed';
        run.error = 'The simulation stopped before it finished.';
      }
      run.worker = null;
    });
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
    void run.worker?.terminate();
    run.worker = null;
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
