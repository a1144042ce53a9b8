// Runs the open check of a campaign file on a worker thread, so the host keeps answering every other
// request while a large or crafted file is read: one worker for the process, one file at a time,
// each check reporting its progress and cancellable (the worker is stopped and a new one started).
// The worker only reads; what reading a WAL-mode file leaves (an empty -wal, a -shm) is removed here
// once the worker has let the file go, so a file that was only checked is left as it was found.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { liveHolder } from './campaign-lock.ts';
import { ledgerArchivePath } from './ledger-archive.ts';
import type { CheckProgress } from './open-check.ts';
import type { OpenCheckJob, OpenCheckMessage, OpenCheckResult } from './open-check-wire.ts';
import { missingSideFiles, removeLeftSideFiles } from './side-files.ts';
import { workerFile } from './worker-file.ts';

export type { OpenCheckResult } from './open-check-wire.ts';

/** A check under way. */
export interface RunningCheck {
  file: string;
  /** How far it has got (0 of 1 until the worker starts on it). */
  progress(): CheckProgress;
  result: Promise<OpenCheckResult>;
  /** Stops it: the result is then a 'cancelled' refusal, and nothing was changed. */
  cancel(): void;
}

export interface CheckOptions {
  nativeBinding?: string | undefined;
  /** The file must be writable (it is to be opened); an import's source is only read. */
  needWrite?: boolean;
  /** Every setting read through its schema (default); an import reads them after migrating its copy. */
  settings?: boolean;
  onProgress?: (progress: CheckProgress) => void;
}

interface Job extends OpenCheckJob {
  onProgress: ((progress: CheckProgress) => void) | undefined;
  progress: CheckProgress;
  settle: (result: OpenCheckResult) => void;
  cancelled: boolean;
  /** Side files that were not there when the worker started on the file. */
  missing: string[];
}

const cancelledResult = (file: string): OpenCheckResult => ({
  ok: false,
  problem: 'cancelled',
  message: `Checking ${path.basename(file)} was stopped before it finished. It was not opened, and nothing was changed.`,
});

class CheckWorker {
  private worker: Worker | null = null;
  private running: Job | null = null;
  private readonly waiting: Job[] = [];
  private nextId = 1;

  check(file: string, options: CheckOptions): RunningCheck {
    let settle!: (result: OpenCheckResult) => void;
    const result = new Promise<OpenCheckResult>((resolve) => (settle = resolve));
    const job: Job = {
      id: this.nextId++,
      file,
      nativeBinding: options.nativeBinding,
      needWrite: options.needWrite ?? true,
      settings: options.settings ?? true,
      onProgress: options.onProgress,
      progress: { done: 0, total: 1, what: 'waiting' },
      settle,
      cancelled: false,
      missing: [],
    };
    this.waiting.push(job);
    this.next();
    return { file, progress: () => job.progress, result, cancel: () => this.cancel(job) };
  }

  private next(): void {
    if (this.running || this.waiting.length === 0) {
      if (!this.running) this.worker?.unref();
      return;
    }
    const job = this.waiting.shift()!;
    this.running = job;
    const archive = ledgerArchivePath(job.file);
    job.missing = [...missingSideFiles(job.file), ...missingSideFiles(archive, ['-wal', '-shm', '-journal'])];
    const worker = this.ensureWorker();
    // A check under way keeps the process alive (an import at launch awaits it); an idle worker does not.
    worker.ref();
    const wire: OpenCheckJob = {
      id: job.id,
      file: job.file,
      nativeBinding: job.nativeBinding,
      needWrite: job.needWrite,
      settings: job.settings,
    };
    worker.postMessage(wire);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile('open-check-worker'));
    this.worker = worker;
    // The job this very worker runs: a worker that failed may still report or exit after the next one started.
    const ownJob = () => (this.worker === worker ? this.running : null);
    worker.on('message', (m: OpenCheckMessage) => {
      const job = ownJob();
      if (!job || job.id !== m.id || job.cancelled) return;
      if (m.type === 'progress') {
        job.progress = m.progress;
        job.onProgress?.(m.progress);
      } else this.finish(job, m.result);
    });
    const stopped = (why: string) => {
      const job = ownJob();
      if (this.worker === worker) this.worker = null;
      if (job)
        this.finish(job, job.cancelled ? cancelledResult(job.file) : { ok: false, problem: 'damaged', message: why });
    };
    worker.on('error', (error) => stopped(`The check of this file stopped: ${error.message}`));
    worker.on('exit', () => stopped('The check of this file stopped before it finished.'));
    return worker;
  }

  private finish(job: Job, result: OpenCheckResult): void {
    if (this.running !== job) return;
    this.running = null;
    // Another process that opened the campaign meanwhile uses those files now: they stay.
    if (liveHolder(job.file, job.nativeBinding) === null) removeLeftSideFiles(job.missing);
    job.settle(result);
    this.next();
  }

  private cancel(job: Job): void {
    const queued = this.waiting.indexOf(job);
    if (queued >= 0) {
      this.waiting.splice(queued, 1);
      job.settle(cancelledResult(job.file));
      return;
    }
    if (this.running !== job || job.cancelled) return;
    job.cancelled = true;
    // The worker may be deep in one query: it is stopped, and the next check gets a new one.
    void this.worker?.terminate();
  }
}

const shared = new CheckWorker();

/** Checks a campaign file (and its ledger archive) on the open check's worker thread. */
export function checkOffThread(file: string, options: CheckOptions = {}): RunningCheck {
  return shared.check(file, options);
}
