// The Electron shell with the Electron module faked (its binary cannot run on this machine):
// window isolation, sandbox, node integration, CSP, navigation/new-window denial, IPC sender check.
import { describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { RESOURCES_DIR, tempDir } from '../../test-support/temp-app.ts';

const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown;
  const state = {
    windows: [] as Record<string, unknown>[],
    appListeners: new Map<string, Listener>(),
    ipc: new Map<string, Listener>(),
    protocolHandler: null as null | ((req: Request) => Promise<Response>),
    loaded: [] as string[],
    permissionHandler: null as null | Listener,
    permissionCheck: null as null | Listener,
    singleInstance: true,
    quits: 0,
    menu: null as null | { label?: string; submenu?: { label?: string }[] }[],
    userData: '',
    instances: [] as { webContents: { id: number } }[],
  };
  let ready: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  let nextId = 1;
  class BrowserWindow {
    webContents = { send: () => undefined, id: nextId++ };
    constructor(options: Record<string, unknown>) {
      state.windows.push(options);
      state.instances.push(this);
    }
    focus() {}
    static getAllWindows() {
      return [];
    }
    on() {}
    once() {}
    isDestroyed() {
      return false;
    }
    isMinimized() {
      return false;
    }
    async loadURL(url: string) {
      state.loaded.push(url);
    }
  }
  const electron = {
    app: {
      enableSandbox: () => undefined,
      whenReady: () => whenReady,
      getPath: () => state.userData,
      on: (event: string, fn: Listener) => state.appListeners.set(event, fn),
      exit: (code: number) => {
        throw new Error(`app.exit(${code})`);
      },
      quit: () => {
        state.quits++;
      },
      requestSingleInstanceLock: () => state.singleInstance,
    },
    Menu: {
      buildFromTemplate: (template: { label?: string; submenu?: { label?: string }[] }[]) => template,
      setApplicationMenu: (menu: { label?: string; submenu?: { label?: string }[] }[]) => (state.menu = menu),
    },
    dialog: {
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      showMessageBox: async () => ({ response: 0 }),
      showSaveDialog: async () => ({ canceled: true }),
    },
    BrowserWindow,
    ipcMain: { handle: (channel: string, fn: Listener) => state.ipc.set(channel, fn) },
    net: { fetch: async () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }) },
    protocol: {
      registerSchemesAsPrivileged: () => undefined,
      handle: (_scheme: string, fn: (req: Request) => Promise<Response>) => (state.protocolHandler = fn),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: Listener) => (state.permissionHandler = fn),
        setPermissionCheckHandler: (fn: Listener) => (state.permissionCheck = fn),
      },
    },
  };
  return { state, electron, ready: () => ready() };
});

vi.mock('electron', () => ({ ...fake.electron, default: fake.electron }));
vi.mock('../../app/app-paths.ts', async (original) => {
  const real = await original<typeof import('../../app/app-paths.ts')>();
  return {
    ...real,
    builtPaths: () => ({
      rendererDir: path.resolve('out/renderer'),
      resourcesDir: RESOURCES_DIR,
      preload: path.resolve('out/preload/index.cjs'),
    }),
  };
});

async function boot() {
  fake.state.userData = tempDir('lj-electron-');
  await import('./main.ts');
  fake.ready();
  await vi.waitFor(() => expect(fake.state.loaded).toHaveLength(1));
}

describe('Electron shell', () => {
  it('opens a hardened window, serves a strict CSP, denies navigation and pop-ups, and checks IPC senders', async () => {
    await boot();
    const options = fake.state.windows[0] as { webPreferences: Record<string, unknown> };
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(options.webPreferences.preload)).toMatch(/index\.cjs$/);
    expect(fake.state.loaded[0]).toBe('app://judge/index.html');

    // CSP on every response of the app:// protocol
    const page = await fake.state.protocolHandler!(new Request('app://judge/index.html'));
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect((await fake.state.protocolHandler!(new Request('app://judge/..%2F..%2F..%2Fetc%2Fpasswd'))).status).toBe(
      404,
    );
    expect((await fake.state.protocolHandler!(new Request('app://elsewhere/index.html'))).status).toBe(404);

    // navigation and window.open denied
    const contentsListeners = new Map<string, (...args: unknown[]) => void>();
    let openHandler: (() => { action: string }) | null = null;
    const contents = {
      on: (event: string, fn: (...args: unknown[]) => void) => contentsListeners.set(event, fn),
      setWindowOpenHandler: (fn: () => { action: string }) => (openHandler = fn),
    };
    fake.state.appListeners.get('web-contents-created')!({}, contents);
    const prevented = vi.fn();
    contentsListeners.get('will-navigate')!({ preventDefault: prevented }, 'https://evil.example/');
    expect(prevented).toHaveBeenCalledOnce();
    const allowed = vi.fn();
    contentsListeners.get('will-navigate')!({ preventDefault: allowed }, 'app://judge/index.html#/home');
    expect(allowed).not.toHaveBeenCalled();
    expect(openHandler!()).toEqual({ action: 'deny' });
    const denied = vi.fn();
    fake.state.permissionHandler!({}, 'camera', denied);
    expect(denied).toHaveBeenCalledWith(false);
    // checks are answered too, not left to Electron's default of yes
    expect(fake.state.permissionCheck!({}, 'clipboard-sanitized-write', 'app://judge', {})).toBe(false);
    expect(fake.state.permissionCheck!({}, 'media', 'app://judge', {})).toBe(false);
    // a campaign from elsewhere comes in through the native dialog, never a path from the page
    expect(fake.state.menu!.find((m) => m.label === 'File')!.submenu!.map((i) => i.label)).toContain(
      'Import campaign…',
    );
    // the players' screens reach the local network only once the Judge ticks it: off at every launch
    expect(fake.state.menu!.find((m) => m.label === 'Players')!.submenu).toMatchObject([
      { label: 'Players on the local network (private links on the Gauntlet)', type: 'checkbox', checked: false },
    ]);
    expect((await fake.state.protocolHandler!(new Request('app://judge/%'))).status).toBe(404);
    expect((await fake.state.protocolHandler!(new Request('app://judge/index.html%00.png'))).status).toBe(404);

    // IPC: only our own frame may call, and calls go through the shared contract
    const invoke = fake.state.ipc.get('lichslayer:command')!;
    const foreign = await invoke(
      { senderFrame: { url: 'https://evil.example/' }, sender: { id: 99 } },
      'campaign.list',
      {},
    );
    expect(foreign).toMatchObject({ ok: false, error: { code: 'refused' } });
    const ours = (await invoke(
      { senderFrame: { url: 'app://judge/index.html' }, sender: { id: 1 } },
      'campaign.list',
      {},
    )) as { ok: boolean; value: unknown[] };
    expect(ours.ok).toBe(true);
    expect(ours.value).toHaveLength(1); // the demo campaign made on first launch
    const malformed = await invoke(
      { senderFrame: { url: 'app://judge/index.html' }, sender: { id: 1 } },
      'campaign.create',
      { name: 42 },
    );
    expect(malformed).toMatchObject({ ok: false, error: { code: 'invalid-args' } });

    // the players' screen opens as a second hardened window whose IPC reaches only the players' view
    const main = fake.state.instances[0]!;
    const demo = (ours.value[0] as { path: string }).path;
    expect(
      await invoke(
        { senderFrame: { url: 'app://judge/index.html' }, sender: { id: main.webContents.id } },
        'campaign.open',
        { path: demo },
      ),
    ).toMatchObject({ ok: true });
    const opened = (await invoke(
      { senderFrame: { url: 'app://judge/index.html' }, sender: { id: main.webContents.id } },
      'app.playersScreen',
      {},
    )) as { value: unknown };
    expect(opened.value).toEqual({ url: null, opened: true });
    expect(fake.state.loaded).toContain('app://judge/players');
    expect((fake.state.windows[1] as { webPreferences: Record<string, unknown> }).webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    const players = fake.state.instances[1]!;
    const fromPlayers = (name: string, args: unknown) =>
      invoke({ senderFrame: { url: 'app://judge/players' }, sender: { id: players.webContents.id } }, name, args);
    expect(await fromPlayers('lichslayer.create', { name: 'Spy' })).toMatchObject({
      ok: false,
      error: { code: 'refused' },
    });
    expect(await fromPlayers('campaign.list', {})).toMatchObject({ ok: false, error: { code: 'refused' } });
    expect(await fromPlayers('players.view', {})).toMatchObject({ ok: true });
  });

  it('a second launch gets no window: the first instance keeps its campaigns (single-instance lock)', async () => {
    vi.resetModules();
    const windowsBefore = fake.state.windows.length;
    const quitsBefore = fake.state.quits;
    fake.state.singleInstance = false;
    // main.ts asks for the lock while it loads, before anything waits for Electron to be ready.
    await import('./main.ts');
    expect(fake.state.quits).toBe(quitsBefore + 1);
    expect(fake.state.windows.length).toBe(windowsBefore);
    // the first instance is told, and brings its window forward
    expect(fake.state.appListeners.has('second-instance')).toBe(true);
  });
});
