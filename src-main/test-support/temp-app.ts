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
