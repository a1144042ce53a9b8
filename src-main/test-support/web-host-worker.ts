// The web host in a process of its own, over a fresh data folder with one campaign open, so a
// test can send it hostile bytes and then check that the process is still alive.
// Prints one JSON line: { port, token, playersToken, file }.
import fs from 'node:fs';
import path from 'node:path';
import { CampaignApp } from '../app/campaign-app.ts';
import { startWebHost } from '../hosts/web/web-host.ts';
import { RESOURCES_DIR } from './temp-app.ts';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: web-host-worker <dataDir>');
const rendererDir = path.join(dataDir, 'renderer');
fs.mkdirSync(rendererDir, { recursive: true });
fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
const app = new CampaignApp({ dataDir, host: 'web', version: 'hostile', resourcesDir: RESOURCES_DIR });
const view = await app.call('campaign.create', { name: 'Under attack' });
await app.call('lichslayer.create', { name: 'Steadfast' });
const host = await startWebHost({ app, rendererDir, port: 0 });
process.stdout.write(
  `${JSON.stringify({ port: host.port, token: host.token, playersToken: host.playersToken, file: view.path })}\n`,
);
