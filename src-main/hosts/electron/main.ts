// The Electron shell: the only module tree that imports 'electron'. It hosts the same
// CampaignApp as the web host, behind a hardened window and a sender-checked IPC channel.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  type MenuItem,
  net,
  protocol,
  session,
  type MenuItemConstructorOptions,
} from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pkg from '../../../package.json';
import { CampaignApp } from '../../app/campaign-app.ts';
import { PLAYER_COMMANDS } from '@shared/contract.ts';
import { builtPaths } from '../../app/app-paths.ts';
import {
  APP_ORIGIN,
  ELECTRON_CSP,
  isTrustedSender,
  mainWindowOptions,
  playersWindowOptions,
} from './window-options.ts';
import { INVOKE_CHANNEL, PUSH_CHANNEL } from './ipc-channels.ts';
import { electronNativeBinding } from './native-binding.ts';
import { staticFile } from '../web/http-input.ts';
import { CAMPAIGN_EXTENSION } from '../../db/campaign-file.ts';
import { installLastResort } from '../last-resort.ts';
import { lanSharing, type LanSharing } from './lan-sharing.ts';

const paths = builtPaths(import.meta.url);
const projectRoot = path.resolve(paths.rendererDir, '../..');

app.enableSandbox();
protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

let campaignApp: CampaignApp | null = null;
let playersWindow: BrowserWindow | null = null;
let lan: LanSharing | null = null;

function serveRenderer(): void {
  protocol.handle('app', async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return new Response('Bad request', { status: 400 });
    }
    // The same guarded path rules as the web host: bad encoding, NUL bytes and escapes are a 404.
    const file = url.host === 'judge' ? staticFile(paths.rendererDir, url.pathname) : null;
    if (file === null) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', ELECTRON_CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}

function harden(): void {
  // The app asks for no permission: every request is refused, and every check answers no, so
  // features that only check (not request) a permission stay off too.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!url.startsWith(APP_ORIGIN + '/')) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!url.startsWith(APP_ORIGIN + '/')) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}

/** The players' screen: a second window, fed only the players' view, allowed only players' commands. */
function openPlayersWindow(core: CampaignApp): void {
  if (playersWindow && !playersWindow.isDestroyed()) {
    playersWindow.focus();
    return;
  }
  const win = new BrowserWindow(playersWindowOptions(paths.preload));
  playersWindow = win;
  const unsubscribe = core.subscribePlayers((push) => {
    if (!win.isDestroyed()) win.webContents.send(PUSH_CHANNEL, push);
  });
  win.on('closed', () => {
    unsubscribe();
    playersWindow = null;
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}/players`);
}

async function createWindow(core: CampaignApp): Promise<void> {
  const win = new BrowserWindow(mainWindowOptions(paths.preload));
  const unsubscribe = core.subscribe((push) => {
    if (!win.isDestroyed()) win.webContents.send(PUSH_CHANNEL, push);
  });
  win.on('closed', unsubscribe);
  win.once('ready-to-show', () => win.show());
  await win.loadURL(`${APP_ORIGIN}/index.html`);
}

/** Campaign files named on the command line (a double-click, "Open with"). */
const campaignArgs = (argv: readonly string[]) =>
  argv.filter((a) => a.endsWith(CAMPAIGN_EXTENSION) && fs.existsSync(a));

/**
 * The explicit way in for a campaign kept outside the campaigns folder: checked, copied in under
 * a fresh name, then opened. File commands from the window only ever name campaigns already there.
 */
async function importAndOpen(core: CampaignApp, source: string): Promise<void> {
  try {
    const target = await core.importCampaign(source);
    await core.dispatch('campaign.open', { path: target });
  } catch (error) {
    await dialog.showMessageBox({
      type: 'error',
      title: 'Not imported',
      message: `Not imported: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

async function importWithDialog(core: CampaignApp): Promise<void> {
  const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const options = {
    title: 'Import a campaign',
    properties: ['openFile' as const],
    filters: [{ name: 'Lichslayer campaign', extensions: [CAMPAIGN_EXTENSION.slice(1)] }],
  };
  const choice = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  if (choice.canceled) return;
  for (const file of choice.filePaths) await importAndOpen(core, file);
}

/** The menu's checkbox: phones on the local network get the players' screens while it is ticked. */
async function shareOnLan(item: MenuItem, sharing: LanSharing): Promise<void> {
  try {
    if (item.checked) await sharing.on();
    else await sharing.off();
  } catch (error) {
    item.checked = sharing.sharing;
    await dialog.showMessageBox({
      type: 'error',
      title: 'Not shared',
      message: `The players' screens could not be shared on the local network: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

function appMenu(core: CampaignApp, sharing: LanSharing): Menu {
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Import campaign…', accelerator: 'CmdOrCtrl+Shift+I', click: () => void importWithDialog(core) },
        { type: 'separator' },
        process.platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Players',
      submenu: [
        {
          // Off at every launch: a link handed out before a restart opens nothing.
          label: 'Players on the local network (private links on the Gauntlet)',
          type: 'checkbox',
          checked: false,
          click: (item) => void shareOnLan(item, sharing),
        },
      ],
    },
    { role: 'windowMenu' },
  ];
  return Menu.buildFromTemplate(template);
}

// One desktop app at a time: a second launch hands its files to the first and ends.
const firstInstance = app.requestSingleInstanceLock();
if (!firstInstance) {
  console.log('Lichslayer Judge is already running; its window is brought forward.');
  app.quit();
}
app.on('second-instance', (_event, argv) => {
  const win = BrowserWindow.getAllWindows()[0];
  if (win) {
    if (win.isMinimized()) win.restore();
    win.focus();
  }
  if (campaignApp) for (const file of campaignArgs(argv)) void importAndOpen(campaignApp, file);
});

// An error nothing caught is logged and the app carries on (see last-resort.ts for why that is safe).
if (firstInstance)
  installLastResort({
    logFile: path.join(app.getPath('userData'), 'logs', 'errors.log'),
    exit: (code) => app.exit(code),
  });

if (firstInstance)
  app
    .whenReady()
    .then(async () => {
      const nativeBinding = electronNativeBinding(projectRoot, process.versions.electron);
      campaignApp = new CampaignApp({
        dataDir: app.getPath('userData'),
        host: 'electron',
        version: pkg.version,
        resourcesDir: paths.resourcesDir,
        nativeBinding,
      });
      const created = campaignApp;
      created.options.playersScreen = () => {
        openPlayersWindow(created);
        return { url: null, opened: true };
      };
      created.options.savePdf = async (request) => {
        const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
        if (!win) return { saved: false, path: null, message: 'No window to print.' };
        const choice = await dialog.showSaveDialog(win, {
          defaultPath: `${request.suggestedName}.pdf`,
          filters: [{ name: 'PDF', extensions: ['pdf'] }],
        });
        if (choice.canceled || !choice.filePath) return { saved: false, path: null, message: 'Not saved.' };
        const pdf = await win.webContents.printToPDF({
          pageSize: request.pageSize,
          landscape: request.landscape,
          printBackground: true,
        });
        await fs.promises.writeFile(choice.filePath, pdf);
        return { saved: true, path: choice.filePath, message: `Saved ${choice.filePath}` };
      };
      await campaignApp.ensureFirstLaunch();
      campaignApp.prepareFirstOpen();
      serveRenderer();
      harden();
      const core = campaignApp;
      ipcMain.handle(INVOKE_CHANNEL, (event, name: unknown, args: unknown) => {
        if (!isTrustedSender(event.senderFrame?.url)) {
          return {
            ok: false,
            error: { code: 'refused', message: 'Refused: the request did not come from the app window.' },
          };
        }
        // The players' window may only read the players' view, whatever it asks.
        if (
          playersWindow &&
          event.sender.id === playersWindow.webContents.id &&
          !(PLAYER_COMMANDS as readonly unknown[]).includes(name)
        ) {
          return { ok: false, error: { code: 'refused', message: "Refused: the players' screen is read-only." } };
        }
        return core.dispatch(name, args);
      });
      lan = lanSharing(core, paths.rendererDir);
      Menu.setApplicationMenu(appMenu(core, lan));
      await createWindow(core);
      for (const file of campaignArgs(process.argv.slice(1))) await importAndOpen(core, file);
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) void createWindow(core);
      });
    })
    .catch((error: unknown) => {
      console.error(`Lichslayer Judge could not start: ${error instanceof Error ? error.message : String(error)}`);
      app.exit(1);
    });

app.on('window-all-closed', () => {
  void lan?.off();
  campaignApp?.close();
  app.quit();
});
