// A CampaignApp over a fresh temporary data folder: real SQLite files, no mocks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { CampaignApp } from '../app/campaign-app.ts';

export const RESOURCES_DIR = path.resolve(import.meta.dirname, '../../resources');

export function tempDir(prefix = 'lj-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function makeApp(dataDir = tempDir()): CampaignApp {
  return new CampaignApp({ dataDir, host: 'web', version: 'test', resourcesDir: RESOURCES_DIR });
}

export function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** The demo campaign opened in a fresh data folder, with the dice seeded: where most rules tests start. */
export async function openDemo(seed: number, dataDir = tempDir()) {
  const app = makeApp(dataDir);
  await app.ensureFirstLaunch();
  const [c] = await app.call('campaign.list', {});
  await app.call('campaign.open', { path: c!.path });
  await app.call('dice.setSeed', { seed });
  const roster = (await app.call('campaign.current', {}))!.roster;
  const me = async (id: number) => (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!;
  return { app, file: c!.path, dataDir, roster, me };
}
