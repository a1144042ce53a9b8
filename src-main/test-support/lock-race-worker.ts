// Opens one campaign at an agreed moment, in a process of its own, prints whether it got it as one
// JSON line, and keeps it open until its stdin closes: many of these race for one campaign.
import { CampaignApp } from '../app/campaign-app.ts';
import { RESOURCES_DIR } from './temp-app.ts';

const [dataDir, file, startAt] = process.argv.slice(2);
if (!dataDir || !file || !startAt)
  throw new Error('usage: lock-race-worker <dataDir> <campaign file> <start at, epoch ms>');
const app = new CampaignApp({ dataDir, host: 'web', version: 'race', resourcesDir: RESOURCES_DIR });
// All racers start the same instant (a spin, so no timer granularity spreads them apart).
while (Date.now() < Number(startAt));
const reply = await app.dispatch('campaign.open', { path: file });
process.stdout.write(`${JSON.stringify({ ok: reply.ok, message: reply.ok ? null : reply.error.message })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  app.close();
  process.exit(0);
});
