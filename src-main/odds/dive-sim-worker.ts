// The dive simulator's worker thread: runs its share of a run's dives in blocks and reports the
// tally after each, so the Odds lab shows progress and main can stop it at once (terminate).
import { parentPort, workerData } from 'node:worker_threads';
import { simulateRange } from './dive-sim.ts';
import { emptyTally } from './sim-tally.ts';
import { worldFromWire, type SimJob } from './sim-wire.ts';

/** Dives between two reports: small enough for a lively bar, large enough not to flood the port. */
const BLOCK = 100;

const job = workerData as SimJob;
const world = worldFromWire(job.world);
let tally = emptyTally();
for (let from = job.from; from < job.to; from += BLOCK) {
  tally = simulateRange(world, job.policies, job.seed, from, Math.min(job.to, from + BLOCK), tally);
  parentPort!.postMessage({ type: 'progress', done: Math.min(job.to, from + BLOCK) - job.from, tally });
}
parentPort!.postMessage({ type: 'done', tally });
