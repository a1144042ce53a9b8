// A campaign deleted from the list: a safety copy (with its ledger archive) kept in backups/deleted
// first, then the file and its side files removed. A Judge's months of play are never one click from gone.
import fs from 'node:fs';
import path from 'node:path';
import { CampaignFileError, CommandFailure } from '../state/failures.ts';
import { backupCampaignFile, CAMPAIGN_EXTENSION } from './campaign-file.ts';
import { ledgerArchivePath } from './ledger-archive.ts';
import { makePrivateDir } from './private-files.ts';

export async function moveToTrash(
  target: string,
  backupsDir: string,
  nativeBinding: string | undefined,
): Promise<void> {
  // Deleting keeps a safety copy in backups/deleted: a Judge's months of play are never one click from gone.
  const trash = path.join(backupsDir, 'deleted');
  makePrivateDir(trash);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  try {
    await backupCampaignFile(
      target,
      path.join(trash, `${path.basename(target, CAMPAIGN_EXTENSION)}-${stamp}${CAMPAIGN_EXTENSION}`),
      nativeBinding,
    );
  } catch (error) {
    if (!(error instanceof CampaignFileError)) throw error;
    // Not a campaign we can read: refuse rather than delete something that is not ours.
    throw new CommandFailure('refused', `Not deleted: ${error.message}`);
  }
  // The ledger archive is kept with the safety copy, under the same name.
  if (fs.existsSync(ledgerArchivePath(target)))
    fs.renameSync(
      ledgerArchivePath(target),
      ledgerArchivePath(path.join(trash, `${path.basename(target, CAMPAIGN_EXTENSION)}-${stamp}${CAMPAIGN_EXTENSION}`)),
    );
  for (const suffix of ['', '-wal', '-shm', '-lock', '-lock-journal', '.lock'])
    fs.rmSync(target + suffix, { force: true });
}
