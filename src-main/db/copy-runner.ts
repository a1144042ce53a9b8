// Runs the copies of campaign files on a worker thread, so the host's event loop keeps turning while
// a large campaign's pages are copied and a new copy is opened: one worker for the process, started
// on first use, running each job as it comes (a backup steps between the others). A job that fails
// says why; a worker that stops fails every job it had.
import { Worker } from 'node:worker_threads';
import { CampaignFileError } from '../state/failures.ts';
import type { CopyJob, CopyMessage, CopyResult, CopyTask } from './copy-wire.ts';
import { workerFile } from './worker-file.ts';

export type { CopyTask } from './copy-wire.ts';

/** A copy under way. */
export interface RunningCopy {
  /** Settles once the source is fixed as copied (a backup), or the job is over; never rejects. */
  pinned: Promise<void>;
  /** The backup's file (null for other jobs); rejects with the worker's reason. */
  result: Promise<string | null>;
}

interface Job {
  pin: () => void;
  settle: (result: CopyResult) => void;
}

class CopyWorker {
  private worker: Worker | null = null;
  private readonly running = new Map<number, Job>();
  private nextId = 1;

  run(task: CopyTask, nativeBinding: string | undefined): RunningCopy {
    const id = this.nextId++;
    let pin!: () => void;
    const pinned = new Promise<void>((resolve) => (pin = resolve));
    const result = new Promise<string | null>((resolve, reject) => {
      const settle = (r: CopyResult) => {
        pin();
        if (r.ok) resolve(r.made);
        else reject(r.problem ? new CampaignFileError(r.problem, r.message) : new Error(r.message));
      };
      this.running.set(id, { pin, settle });
    });
    try {
      const worker = this.ensureWorker();
      // A job under way keeps the process alive (an import at launch awaits one); an idle worker does not.
      worker.ref();
      const job: CopyJob = { ...task, id, nativeBinding };
      worker.postMessage(job);
    } catch (error) {
      this.running.get(id)?.settle({ ok: false, problem: null, message: (error as Error).message });
      this.running.delete(id);
    }
    return { pinned, result };
  }

  /** Starts the worker ahead of a job, so a backup's read transaction is fixed at once when it comes. */
  warm(): void {
    try {
      if (!this.worker) this.ensureWorker().unref();
    } catch {
      /* the job that comes says why */
    }
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile('copy-worker'));
    this.worker = worker;
    worker.on('message', (m: CopyMessage) => {
      const job = this.running.get(m.id);
      if (!job) return;
      if (m.type === 'pinned') return job.pin();
      this.running.delete(m.id);
      if (this.running.size === 0) worker.unref();
      job.settle(m.result);
    });
    const stopped = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const jobs = [...this.running.values()];
      this.running.clear();
      for (const job of jobs) job.settle({ ok: false, problem: null, message: why });
    };
    worker.on('error', (error) => stopped(`the copy stopped: ${error.message}`));
    worker.on('exit', () => stopped('the copy stopped before it finished'));
    return worker;
  }
}

const shared = new CopyWorker();

/** Runs one copy of a campaign file on the copy worker's thread. */
export function copyOffThread(task: CopyTask, nativeBinding: string | undefined): RunningCopy {
  return shared.run(task, nativeBinding);
}

/** Starts the copy worker before a campaign opens, so its backup is fixed without a worker's start-up. */
export function warmCopyWorker(): void {
  shared.warm();
}
