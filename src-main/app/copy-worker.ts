// The copy worker's thread: every copy of a campaign file the app makes (its backups, a restore, a
// duplicate, an import's copy) and the one opening of a new copy that migrates it and reads every
// setting, each on a connection of the worker's own, so none of it is left for the host's event
// loop. Jobs run as they come; a backup says when its source is fixed, then copies step by step.
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { isHealthy, pinRead, takeBackup } from '../db/backups.ts';
import { renameCampaign } from '../db/campaign-meta.ts';
import { backupCampaignFile, backupTo, openCampaignFile, openSqlite, withReadOnlyAsync } from '../db/campaign-file.ts';
import type { CopyJob, CopyMessage } from '../db/copy-wire.ts';
import { forgetAllSteps } from '../db/history.ts';
import { attachArchive, copyArchive, ledgerArchivePath } from '../db/ledger-archive.ts';
import { CampaignFileError, DamagedSettingError } from '../state/failures.ts';
import { checkCampaignSettings } from './campaign-settings.ts';

const port = parentPort!;
const post = (message: CopyMessage) => port.postMessage(message);

/**
 * A backup of the campaign as it is when the worker reaches it: a read transaction fixes it, the
 * host is told, and its pages are copied while the host goes on writing.
 */
async function backup(job: Extract<CopyJob, { kind: 'backup' }>): Promise<string> {
  // Writable though it only reads: should it close after the app's connection, it is the last one
  // and folds the write-ahead log back into the file, as the app's own would have.
  const snapshot = openSqlite(job.file, job.nativeBinding, { fileMustExist: true });
  try {
    pinRead(snapshot);
    post({ id: job.id, type: 'pinned' });
    return await takeBackup(snapshot, job.file, job.backupsDir, job.reason);
  } finally {
    snapshot.close();
  }
}

async function duplicate(job: Extract<CopyJob, { kind: 'duplicate' }>): Promise<void> {
  if (job.open) {
    const source = openSqlite(job.source, job.nativeBinding, { fileMustExist: true });
    try {
      await backupTo(source, job.target);
      // The ledger archive goes with it: the copy's earlier sessions replay too.
      if (attachArchive(source)) await copyArchive(source, ledgerArchivePath(job.target));
    } finally {
      source.close();
    }
  } else {
    await backupCampaignFile(job.source, job.target, job.nativeBinding);
    if (fs.existsSync(ledgerArchivePath(job.source)))
      fs.copyFileSync(ledgerArchivePath(job.source), ledgerArchivePath(job.target));
  }
  const copy = await openCampaignFile(job.target, { backupDir: job.backupDir, nativeBinding: job.nativeBinding });
  try {
    copy.db.transaction(() => {
      renameCampaign(copy.db, job.name);
      // The copy starts its own undo history: undoing in it must not reach into the original's past.
      forgetAllSteps(copy.db);
    })();
  } finally {
    copy.db.close();
  }
}

/** An import's copy, brought to what SQLite would read. Only the copy is written; nothing stored in it runs. */
function settle(file: string, nativeBinding: string | undefined): void {
  const db = openSqlite(file, nativeBinding, { fileMustExist: true });
  try {
    db.pragma('user_version', { simple: true });
  } finally {
    db.close();
  }
}

/** An import's new campaign opened once, as the app opens it: migrated, every setting read. */
async function verify(job: Extract<CopyJob, { kind: 'verify' }>): Promise<void> {
  const opened = await openCampaignFile(job.file, { backupDir: job.backupDir, nativeBinding: job.nativeBinding });
  try {
    checkCampaignSettings(opened.db);
  } catch (error) {
    if (error instanceof DamagedSettingError)
      throw new CampaignFileError(
        'damaged',
        `its setting “${error.key.slice(0, 60)}” is damaged (${error.reason.slice(0, 200)}). The file it came from was not changed.`,
      );
    throw error;
  } finally {
    opened.db.close();
  }
}

async function perform(job: CopyJob): Promise<string | null> {
  switch (job.kind) {
    case 'backup':
      return backup(job);
    case 'copy':
      // Read through the opener that removes the -wal/-shm files reading leaves beside the source.
      await withReadOnlyAsync(job.source, job.nativeBinding, (source) => backupTo(source, job.destination));
      return null;
    case 'duplicate':
      await duplicate(job);
      return null;
    case 'settle':
      settle(job.file, job.nativeBinding);
      return null;
    case 'verify':
      await verify(job);
      return null;
    case 'health':
      return isHealthy(job.file, job.nativeBinding) ? 'healthy' : null;
  }
}

port.on('message', (job: CopyJob) => {
  perform(job).then(
    (made) => post({ id: job.id, type: 'done', result: { ok: true, made } }),
    (error: unknown) =>
      post({
        id: job.id,
        type: 'done',
        result: {
          ok: false,
          problem: error instanceof CampaignFileError ? error.problem : null,
          message: error instanceof Error ? error.message : String(error),
        },
      }),
  );
});
