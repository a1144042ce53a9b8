// `npm run serve`: the web host on 127.0.0.1, and the fallback of `npm start` where Electron
// cannot run. Prints a link with a one-time code, which the page exchanges for this launch's token.
import { parseArgs } from 'node:util';
import path from 'node:path';
import pkg from '../../../package.json';
import { CampaignApp } from '../../app/campaign-app.ts';
import { restoreKeptLinks } from '../../app/handlers/private.ts';
import { builtPaths, defaultDataDir } from '../../app/app-paths.ts';
import { startWebHost, type WebHost } from './web-host.ts';
import { installLastResort } from '../last-resort.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string', default: '5178' },
      'players-on-lan': { type: 'boolean', default: false },
      // A campaign kept outside the campaigns folder comes in only this way (or the desktop app's dialog).
      import: { type: 'string', multiple: true, default: [] },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535, not "${values.port}".`);
    process.exit(2);
  }
  const dataDir = path.resolve(values['data-dir'] ?? defaultDataDir());
  // An error nothing caught is logged and the host serves on (see last-resort.ts for why that is safe).
  installLastResort({ logFile: path.join(dataDir, 'logs', 'host-errors.log'), exit: (code) => process.exit(code) });
  const paths = builtPaths(import.meta.url);
  const app = new CampaignApp({ dataDir, host: 'web', version: pkg.version, resourcesDir: paths.resourcesDir });
  await app.ensureFirstLaunch();
  app.prepareFirstOpen();
  for (const source of values.import) {
    try {
      const imported = await app.importCampaign(source);
      console.log(`Imported ${source} into the campaigns folder as ${path.basename(imported)}.`);
    } catch (error) {
      console.error(`Not imported: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // Each link opens one window (its code is used up); a fresh one is printed for the next.
  const host: WebHost = await startWebHost({
    app,
    rendererDir: paths.rendererDir,
    port,
    playersOnLan: values['players-on-lan'],
    onCodeUsed: () => console.log(`Link used. To open another window: ${host.openUrl()}`),
  });
  app.options.playersScreen = () => ({ url: host.playersUrl, opened: false });
  // A restart ends every private link but the ones the Judge kept.
  if (host.privateLinks) app.options.privateLinks = host.privateLinks;
  restoreKeptLinks(app.options, app.current()?.path);
  console.log(`Lichslayer Judge is running at ${host.url}`);
  console.log(`Players' screen (read-only): ${host.playersUrl}`);
  if (values['players-on-lan'])
    console.log(
      "The players' screen is also shared on the local network (read-only); everything else stays on this machine.",
    );
  console.log(`Campaigns live in ${app.campaignsDir}`);
  const stop = () => {
    void host.close().then(() => {
      app.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`Lichslayer Judge could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
