// The explicit way in for a campaign kept elsewhere (the desktop app's open dialog, the web host's
// --import). The source is never opened by SQLite where it lies, so nothing is ever written beside
// it (or beside the target of a link to it): its bytes, with the write-ahead log or rollback journal
// SQLite would read with them, are copied into a private folder inside the campaigns folder; an
// unfinished change is finished there, in the copy; the copy gets every check of opening (off the
// event loop) and only then becomes a campaign under a fresh name.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CAMPAIGN_EXTENSION } from './campaign-file.ts';
import { copyOffThread } from './copy-runner.ts';
import { CampaignFileError } from '../state/failures.ts';
import { checkOffThread } from './open-check-runner.ts';
import { bytesInWords, MAX_FILE_BYTES } from './open-limits.ts';
import { PRIVATE_FILE_MODE } from './private-files.ts';
import { kindInWords } from './side-files.ts';

/**
 * Copies `source` to `dest` (a new private file); false when `optional` and there is nothing to
 * copy. Opened without blocking, so a named pipe in the file's place is refused, not waited on.
 */
async function copyIn(source: string, dest: string, shown: string, optional: boolean): Promise<boolean> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(source, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new CampaignFileError(
      'missing',
      `${shown} could not be read (${(error as Error).message.slice(0, 200)}). Nothing was imported.`,
    );
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile())
      throw new CampaignFileError(
        'not-sqlite',
        `${shown} is not a campaign file: it is ${kindInWords(stat)}. Nothing was imported.`,
      );
    if (stat.size > MAX_FILE_BYTES)
      throw new CampaignFileError(
        'oversized',
        `${shown} is ${bytesInWords(stat.size)}, far larger than any campaign the app makes. Nothing was imported.`,
      );
    await pipeline(
      handle.createReadStream({ start: 0, autoClose: false }),
      fs.createWriteStream(dest, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
    );
    return true;
  } finally {
    await handle.close();
  }
}

/**
 * Checks `source` and copies it into the campaigns folder under a fresh name made from the
 * campaign's own (`freshPath`); `verify` then opens the new file once (migrating it, reading every
 * setting), and a copy that fails goes again. Returns the new file's path; the source is only read.
 */
export async function importCampaign(
  source: string,
  freshPath: (name: string) => string,
  nativeBinding?: string,
  verify?: (copy: string) => Promise<void>,
): Promise<string> {
  const resolved = path.resolve(source);
  const shown = path.basename(resolved);
  if (!resolved.endsWith(CAMPAIGN_EXTENSION)) {
    throw new CampaignFileError(
      'not-campaign',
      `${shown} is not a campaign file (a campaign ends in ${CAMPAIGN_EXTENSION}). Nothing was imported.`,
    );
  }
  const staging = fs.mkdtempSync(path.join(path.dirname(freshPath('campaign')), '.importing-'));
  try {
    const copy = path.join(staging, shown);
    await copyIn(resolved, copy, shown, false);
    // SQLite reads the journals beside the file a link leads to, so they are looked for there.
    let real = resolved;
    try {
      real = fs.realpathSync(resolved);
    } catch {
      /* read as named */
    }
    let journals = false;
    for (const suffix of ['-wal', '-journal'])
      if (await copyIn(real + suffix, copy + suffix, shown + suffix, true)) journals = true;
    // An unfinished change is finished in the copy, on the copy worker.
    if (journals) await copyOffThread({ kind: 'settle', file: copy }, nativeBinding).result;
    const checked = await checkOffThread(copy, { nativeBinding, needWrite: false, settings: false }).result;
    if (!checked.ok) throw new CampaignFileError(checked.problem, checked.message);
    if (checked.empty)
      throw new CampaignFileError(
        'not-campaign',
        `${shown} is empty: there is no campaign in it to import. Nothing was imported.`,
      );
    const target = freshPath(checked.name ?? path.basename(copy, CAMPAIGN_EXTENSION));
    if (fs.existsSync(target))
      throw new CampaignFileError('locked', `${path.basename(target)} already exists; nothing was imported.`);
    await copyOffThread({ kind: 'copy', source: copy, destination: target }, nativeBinding).result;
    try {
      await verify?.(target);
    } catch (error) {
      // The copy goes again: a campaign that fails its checks is not imported at all.
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
      if (error instanceof CampaignFileError)
        throw new CampaignFileError(error.problem, `${shown} was not imported: ${error.message}`);
      throw error;
    }
    return target;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
