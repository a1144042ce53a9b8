// The open check's worker thread: every check of a campaign file and its ledger archive before the
// app opens or imports it (inspectCampaignFile at level 'open', inspectLedgerArchive), one job at
// a time, reporting after each step. Read-only throughout; main removes what reading left.
import { parentPort } from 'node:worker_threads';
import { inspectLedgerArchive } from './archive-check.ts';
import { inspectCampaignFile } from './campaign-file.ts';
import { CampaignFileError } from '../state/failures.ts';
import type { CheckProgress } from './open-check.ts';
import type { OpenCheckJob, OpenCheckMessage } from './open-check-wire.ts';

const port = parentPort!;
const post = (message: OpenCheckMessage) => port.postMessage(message);

port.on('message', (job: OpenCheckJob) => {
  const progress = (p: CheckProgress) => post({ id: job.id, type: 'progress', progress: p });
  progress({ done: 0, total: 1, what: 'starting' });
  try {
    const inspected = inspectCampaignFile(job.file, job.nativeBinding, job.needWrite, 'open', progress);
    if (!inspected.empty) inspectLedgerArchive(job.file, job.nativeBinding, progress);
    post({ id: job.id, type: 'done', result: { ok: true, ...inspected } });
  } catch (error) {
    post({
      id: job.id,
      type: 'done',
      result:
        error instanceof CampaignFileError
          ? { ok: false, problem: error.problem, message: error.message }
          : { ok: false, problem: 'damaged', message: error instanceof Error ? error.message : String(error) },
    });
  }
});
