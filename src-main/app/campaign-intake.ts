// Campaigns coming into the app: the demo made on first launch, a fresh file name for a new one,
// and a campaign kept elsewhere imported as a checked copy.
import fs from 'node:fs';
import path from 'node:path';
import { CAMPAIGN_EXTENSION, openCampaignFile, sqliteOptions } from '../db/campaign-file.ts';
import { expectedSchema } from '../db/campaign-schema.ts';
import { LATEST_VERSION } from '../db/migrations.ts';
import { importCampaign } from '../db/campaign-import.ts';
import { copyOffThread } from '../db/copy-runner.ts';
import { RecordingWriter } from '../db/history.ts';
import { safeFileName } from './file-names.ts';
import type { AppOptions } from './handler-context.ts';
import { initialiseCampaign, insertStarterLichslayer, loadStarterCampaign } from './starter-campaign.ts';
import { ensureStarterTables, starterPack } from './starter-tables.ts';

/** The first open's one-time work, done while the Judge picks: the starter pack read, the schema files are held to built. */
export function warmOpening(options: Pick<AppOptions, 'resourcesDir' | 'nativeBinding'>): void {
  try {
    starterPack(options.resourcesDir);
    expectedSchema(LATEST_VERSION, sqliteOptions(options.nativeBinding));
  } catch {
    /* the open that needs them says what is wrong */
  }
}

/** A path for a new campaign file named after the campaign, never overwriting one. */
export function freshCampaignPath(campaignsDir: string, name: string): string {
  const base = safeFileName(name);
  let file = path.join(campaignsDir, base + CAMPAIGN_EXTENSION);
  for (let n = 2; fs.existsSync(file); n++) file = path.join(campaignsDir, `${base}-${n}${CAMPAIGN_EXTENSION}`);
  return file;
}

/** The demo campaign from the starter pack, so the app shows something real at once. */
export async function createDemoCampaign(
  freshPath: (name: string) => string,
  backupDir: string,
  options: Pick<AppOptions, 'resourcesDir' | 'nativeBinding'>,
): Promise<void> {
  const starter = loadStarterCampaign(path.join(options.resourcesDir, 'starter', 'demo-campaign.json'));
  const opened = await openCampaignFile(freshPath(starter.campaign), {
    create: true,
    backupDir,
    nativeBinding: options.nativeBinding,
  });
  try {
    opened.db.transaction(() => {
      initialiseCampaign(opened.db, starter.campaign, starter.town);
      const writer = new RecordingWriter(opened.db);
      starter.lichslayers.forEach((l, i) => insertStarterLichslayer(writer, l, i));
    })();
    ensureStarterTables(opened.db, options.resourcesDir);
  } finally {
    opened.db.close();
  }
}

/**
 * A campaign kept elsewhere, copied in and opened once to migrate it and read every setting: on the
 * copy worker, so the host answers every other request meanwhile.
 */
export function importCopy(
  source: string,
  freshPath: (name: string) => string,
  backupDir: string,
  nativeBinding: string | undefined,
): Promise<string> {
  return importCampaign(source, freshPath, nativeBinding, async (copy) => {
    await copyOffThread({ kind: 'verify', file: copy, backupDir }, nativeBinding).result;
  });
}
