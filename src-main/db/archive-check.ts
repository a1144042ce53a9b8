// The ledger archive beside a campaign, checked before the campaign is opened, the way the campaign
// is: a file someone sends with a campaign is as hostile as the campaign. Read-only; never through
// a link (the side-file check refuses one first).
import fs from 'node:fs';
import path from 'node:path';
import { sqliteOptions, withReadOnly } from './campaign-file.ts';
import { expectedSchema } from './campaign-schema.ts';
import { archiveIdentityProblem, ledgerArchivePath, LedgerArchiveError } from './ledger-archive.ts';
import { LATEST_VERSION } from './migrations.ts';
import { checkContent, type CheckProgress } from './open-check.ts';
import { bytesInWords, MAX_FILE_BYTES } from './open-limits.ts';
import { sideFileKind } from './side-files.ts';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Throws LedgerArchiveError when the campaign's archive is not one the app would attach. */
export function inspectLedgerArchive(
  campaignFile: string,
  nativeBinding?: string,
  onProgress?: (progress: CheckProgress) => void,
): void {
  const file = ledgerArchivePath(campaignFile);
  const shown = path.basename(file);
  const refuse = (why: string) =>
    new LedgerArchiveError(
      `${shown} beside the campaign ${why}; move it aside and open the campaign again. Nothing was changed.`,
    );
  const kind = sideFileKind(file);
  if (kind === null) return;
  if (kind !== 'file') throw refuse(`is ${kind}, not a ledger archive`);
  const { size } = fs.statSync(file);
  if (size === 0) return;
  if (size > MAX_FILE_BYTES) throw refuse(`is ${bytesInWords(size)}, far larger than any ledger archive`);
  const header = Buffer.alloc(16);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (!header.equals(SQLITE_HEADER)) throw refuse('is not a ledger archive (not an SQLite database)');
  let problem: string | null;
  try {
    problem = withReadOnly(file, nativeBinding, (ro) => {
      const identity = archiveIdentityProblem(ro, 'main', file);
      if (identity === 'new') return null;
      if (identity !== null) return identity;
      // Its one table, sized and read as the campaign's own roll_log (whose rules are the app's).
      const ledger = expectedSchema(LATEST_VERSION, sqliteOptions(nativeBinding)).filter(
        (o) => o.type === 'table' && o.name === 'roll_log',
      );
      const found = checkContent(ro, ledger, 'open', onProgress);
      return found ? `${shown} beside the campaign ${found.detail}; move it aside and open the campaign again.` : null;
    });
  } catch (error) {
    throw refuse(`could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
  if (problem) throw new LedgerArchiveError(`${problem} Nothing was changed.`);
}
