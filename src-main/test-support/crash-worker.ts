// Applies numbered Judge actions to a real campaign as fast as it can through the real
// handlers, printing "ack N" only after each action's transaction has committed. The crash
// test kills this process with SIGKILL at random moments.
import { CampaignApp } from '../app/campaign-app.ts';
import { RESOURCES_DIR } from './temp-app.ts';

const [dataDir, file, startText] = process.argv.slice(2);
if (!dataDir || !file || !startText) throw new Error('usage: crash-worker <dataDir> <campaign> <first action>');

/** Action i: even ones edit two Gauntlet fields, odd ones rewrite the inventory (several rows). */
export function actionFor(
  i: number,
  id: number,
): { command: 'lichslayer.update' | 'lichslayer.setInventory'; args: unknown } {
  if (i % 2 === 0) return { command: 'lichslayer.update', args: { id, patch: { xp: i, gold: 3 * i } } };
  const k = (i % 5) + 1;
  return {
    command: 'lichslayer.setInventory',
    args: { id, stacks: Array.from({ length: k }, (_, n) => ({ name: `a${i}-${n}`, count: (i % 6) + 1 })) },
  };
}

const app = new CampaignApp({ dataDir, host: 'web', version: 'crash', resourcesDir: RESOURCES_DIR });
const view = await app.call('campaign.open', { path: file });
const id = view.roster[0]!.id;
for (let i = Number(startText); ; i++) {
  const { command, args } = actionFor(i, id);
  const reply = await app.dispatch(command, args);
  if (!reply.ok) {
    process.stderr.write(`action ${i} refused: ${reply.error.message}\n`);
    process.exit(3);
  }
  process.stdout.write(`ack ${i}\n`);
}
