// Runs one command of a CampaignApp over a data folder in a process of its own and prints its
// reply as one JSON line: a crafted file that made a query endless would hang this process,
// and the test that started it can say so instead of hanging itself.
import { CampaignApp } from '../app/campaign-app.ts';
import { RESOURCES_DIR } from './temp-app.ts';

const [dataDir, command, argsJson] = process.argv.slice(2);
if (!dataDir || !command) throw new Error('usage: crafted-worker <dataDir> <command> [args as JSON]');
const app = new CampaignApp({ dataDir, host: 'web', version: 'crafted', resourcesDir: RESOURCES_DIR });
const reply = await app.dispatch(command, argsJson ? JSON.parse(argsJson) : {});
app.close();
process.stdout.write(`${JSON.stringify(reply)}\n`);
