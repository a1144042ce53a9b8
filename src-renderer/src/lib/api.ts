// The renderer's one door to main: typed by the shared contract, carried by Electron IPC
// (the preload bridge) when present, otherwise by the local web host over HTTP + WebSocket.
import type { ArgsOf, CommandName, Push, Reply, ResultOf, CommandError } from '@shared/contract.ts';
import type { Bridge } from '@shared/bridge.ts';
import { socketProtocols } from '@shared/web-socket-token.ts';

declare global {
  interface Window {
    lichslayer?: Bridge;
  }
}

export class ApiError extends Error {
  constructor(readonly error: CommandError) {
    super(error.message);
    this.name = 'ApiError';
  }
}

const TOKEN_KEY = 'lichslayer-token';

/**
 * This launch's token, kept in the page only. The link the host prints carries a one-time code,
 * never the token: the page trades it once (POST /session) for the token and drops it from the
 * address bar at once (history.replaceState), so neither the history nor a log holds a working
 * secret. The token is kept in sessionStorage so a reload still works: unlike a cookie, that store
 * belongs to this origin alone (scheme, host and port), so no other local server ever sees it.
 * A `token` in the address (the players' link, scripts) is taken the same way and dropped too.
 */
let token = '';
let codeProblem: string | null = null;

function dropFromAddress(params: URLSearchParams, ...names: string[]): void {
  for (const name of names) params.delete(name);
  const rest = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
}

async function exchange(code: string): Promise<void> {
  try {
    const response = await fetch('/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const reply = (await response.json()) as
      { ok: true; value: { token: string } } | { ok: false; error: { message: string } };
    if (reply.ok) {
      token = reply.value.token;
      sessionStorage.setItem(TOKEN_KEY, token);
    } else codeProblem = reply.error.message;
  } catch {
    codeProblem = 'The Lichslayer Judge host is not reachable. Is it still running?';
  }
}

function start(): Promise<void> {
  if (typeof window === 'undefined' || window.lichslayer) return Promise.resolve();
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const fromUrl = params.get('token');
  token = sessionStorage.getItem(TOKEN_KEY) ?? '';
  if (fromUrl) {
    token = fromUrl;
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
  }
  if (code !== null || fromUrl !== null) dropFromAddress(params, 'code', 'token');
  return code && !fromUrl ? exchange(code) : Promise.resolve();
}

// The code and token leave the address bar as soon as this module loads, before any view renders.
const ready = start();
/** Set once the token is in hand: from then on a command's request leaves in the call that sends it. */
let started = false;
void ready.then(() => (started = true));

/** True when commands can reach main: Electron's bridge, or a web page that has its token. */
export async function hasHostAccess(): Promise<boolean> {
  await ready;
  return window.lichslayer !== undefined || token !== '';
}

/** What the page says when it was opened without the link that carries the token. */
export const MISSING_TOKEN_MESSAGE =
  'This page needs the link the app printed when it started (it opens one window). Open the newest link it printed, or restart the app to get a new one.';

/**
 * Why a request got no answer of the host's own: the host is not there, or it is there but does
 * not know this page's token (a new launch, a revoked link). Tagged where the request failed, so a
 * screen whose socket closed reads one answer instead of matching messages.
 */
export type HostAbsence = 'unreachable' | 'token-unknown';
const absences = new WeakMap<CommandError, HostAbsence>();

function absent(kind: HostAbsence, message: string): { ok: false; error: CommandError } {
  const error: CommandError = { code: kind === 'unreachable' ? 'internal' : 'refused', message };
  absences.set(error, kind);
  return { ok: false, error };
}

/** The host's absence a failed request shows; null when the host answered (a refusal of its own). */
export function hostAbsence(error: unknown): HostAbsence | null {
  return error instanceof ApiError ? (absences.get(error.error) ?? null) : null;
}

function overHttp<K extends CommandName>(name: K, args: ArgsOf<K>): Promise<Reply<ResultOf<K>>> {
  // Not behind an await once started: the request goes out before the page's next render, which a
  // drop drawn at mouse-up has just scheduled.
  return started ? request(name, args) : ready.then(() => request(name, args));
}

async function request<K extends CommandName>(name: K, args: ArgsOf<K>): Promise<Reply<ResultOf<K>>> {
  let response: Response;
  try {
    response = await fetch(`/api/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Lichslayer-Token': token },
      body: JSON.stringify(args),
    });
  } catch {
    return absent('unreachable', 'The Lichslayer Judge host is not reachable. Is it still running?');
  }
  if (response.status === 401) return absent('token-unknown', codeProblem ?? MISSING_TOKEN_MESSAGE);
  const text = await response.text();
  try {
    return JSON.parse(text) as Reply<ResultOf<K>>;
  } catch {
    return { ok: false, error: { code: 'refused', message: text || `The host answered ${response.status}.` } };
  }
}

const revisions = new WeakMap<object, number>();

/**
 * The campaign revision a reply's value shows (0 when unknown): a screen holding it can tell
 * whether a later push brings anything new, instead of asking again after every change.
 */
export function revisionOf(value: unknown): number {
  return value !== null && typeof value === 'object' ? (revisions.get(value) ?? 0) : 0;
}

export async function send<K extends CommandName>(name: K, args: ArgsOf<K>): Promise<ResultOf<K>> {
  const bridge = window.lichslayer;
  const reply = bridge ? await bridge.commands[name](args) : await overHttp(name, args);
  if (!reply.ok) throw new ApiError(reply.error);
  if (reply.revision !== undefined && reply.value !== null && typeof reply.value === 'object')
    revisions.set(reply.value, reply.revision);
  return reply.value;
}

/** True on the players' screen: a read-only page that only ever asks for the players' view. */
export const isPlayersScreen = (): boolean =>
  location.pathname === '/players' || location.hash.startsWith('#/players-screen');

/** True on a player's own screen: a private link's page, showing one Lichslayer's Gauntlet. */
export const isPrivateScreen = (): boolean => location.pathname === '/me';

/** Live updates from main; reconnects the web socket if the host restarts. `onStatus` hears the
 *  socket open and close, so a page can say it lost the host and catch up when it is back. */
export function onPush(listener: (push: Push) => void, onStatus?: (open: boolean) => void): () => void {
  const bridge = window.lichslayer;
  if (bridge) return bridge.onPush(listener);
  let socket: WebSocket | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    await ready;
    if (stopped) return;
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    // A browser cannot put a header on a WebSocket: the token goes as an offered subprotocol.
    socket = new WebSocket(
      `${proto}://${location.host}${isPrivateScreen() ? '/me/ws' : isPlayersScreen() ? '/players/ws' : '/ws'}`,
      socketProtocols(token),
    );
    socket.onmessage = (event) => {
      try {
        listener(JSON.parse(String(event.data)) as Push);
      } catch {
        /* a malformed push is ignored; the next command reply carries the truth */
      }
    };
    socket.onopen = () => onStatus?.(true);
    socket.onclose = () => {
      if (stopped) return;
      onStatus?.(false);
      retry = setTimeout(() => void connect(), 1000);
    };
  };
  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}
