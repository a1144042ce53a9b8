// The open check's worker thread: every check of a campaign file and its ledger archive before the
// app lists, opens or imports it (inspectCampaignFile at level 'open', inspectLedgerArchive), then
// the campaign's name and, for a file in the app's own format, every setting read through its
// schema, as opening reads them: nothing of that is left for the host's event loop. One job at a
// time, reporting after each step. Read-only throughout; main removes what reading left.
import { parentPort } from 'node:worker_threads';
import { inspectLedgerArchive } from '../db/archive-check.ts';
import { inspectCampaignFile, readNameOpened, withReadOnly } from '../db/campaign-file.ts';
import { LATEST_VERSION } from '../db/migrations.ts';
import { CampaignFileError } from '../state/failures.ts';
import type { CheckProgress } from '../db/open-check.ts';
import type { OpenCheckJob, OpenCheckMessage } from '../db/open-check-wire.ts';
import { checkCampaignSettings } from './campaign-settings.ts';

const port = parentPort!;
const post = (message: OpenCheckMessage) => port.postMessage(message);

port.on('message', (job: OpenCheckJob) => {
  const progress = (p: CheckProgress) => post({ id: job.id, type: 'progress', progress: p });
  progress({ done: 0, total: 1, what: 'starting' });
  try {
    const inspected = inspectCampaignFile(job.file, job.nativeBinding, job.needWrite, 'open', progress);
    let name: string | null = null;
    if (!inspected.empty) {
      inspectLedgerArchive(job.file, job.nativeBinding, progress);
      name = withReadOnly(job.file, job.nativeBinding, (ro) => {
        if (job.settings && inspected.version === LATEST_VERSION) checkCampaignSettings(ro);
        return readNameOpened(ro, job.file);
      });
    }
    post({ id: job.id, type: 'done', result: { ok: true, ...inspected, name } });
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
