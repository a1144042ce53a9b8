// The dive simulator's worker thread: takes blocks of a run's dives as main hands them out, and
// answers each with its tally and the time it spent, so both cores stay busy to the end of a run
// (a worker that finishes early takes the next block) and main can stop it at once (terminate).
import { parentPort, workerData } from 'node:worker_threads';
import { simulateRange } from './dive-sim.ts';
import { worldFromWire, type SimBlock, type SimBlockDone, type SimJob } from './sim-wire.ts';

const job = workerData as SimJob;
const world = worldFromWire(job.world);
const port = parentPort!;
port.on('message', (block: SimBlock | null) => {
  if (!block) return port.close();
  const start = performance.now();
  const tally = simulateRange(world, job.policies, job.seed, block.from, block.to);
  const done: SimBlockDone = { from: block.from, to: block.to, tally, busyMs: performance.now() - start };
  port.postMessage(done);
});
port.postMessage(null);
