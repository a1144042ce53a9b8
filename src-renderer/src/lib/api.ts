// The renderer's one door to main: typed by the shared contract, carried by Electron IPC
// (the preload bridge) when present, otherwise by the local web host over HTTP + WebSocket.
import type { ArgsOf, CommandName, Push, Reply, ResultOf, CommandError } from '@shared/contract.ts';
import type { Bridge } from '@shared/bridge.ts';

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

function webToken(): string {
  const fromUrl = new URLSearchParams(location.search).get('token');
  if (fromUrl) sessionStorage.setItem('lichslayer-token', fromUrl);
  return fromUrl ?? sessionStorage.getItem('lichslayer-token') ?? '';
}

async function overHttp<K extends CommandName>(name: K, args: ArgsOf<K>): Promise<Reply<ResultOf<K>>> {
  let response: Response;
  try {
    response = await fetch(`/api/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Lichslayer-Token': webToken() },
      body: JSON.stringify(args),
    });
  } catch {
    return { ok: false, error: { code: 'internal', message: 'The Lichslayer Judge host is not reachable. Is it still running?' } };
  }
  const text = await response.text();
  try {
    return JSON.parse(text) as Reply<ResultOf<K>>;
  } catch {
    return { ok: false, error: { code: 'refused', message: text || `The host answered ${response.status}.` } };
  }
}

export async function send<K extends CommandName>(name: K, args: ArgsOf<K>): Promise<ResultOf<K>> {
  const bridge = window.lichslayer;
  const reply = bridge ? await bridge.commands[name](args) : await overHttp(name, args);
  if (!reply.ok) throw new ApiError(reply.error);
  return reply.value;
}

/** True on the players' screen: a read-only page that only ever asks for the players' view. */
export const isPlayersScreen = (): boolean => location.pathname === '/players' || location.hash.startsWith('#/players-screen');

/** Live updates from main; reconnects the web socket if the host restarts. */
export function onPush(listener: (push: Push) => void): () => void {
  const bridge = window.lichslayer;
  if (bridge) return bridge.onPush(listener);
  let socket: WebSocket | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${proto}://${location.host}${isPlayersScreen() ? '/players/ws' : '/ws'}?token=${encodeURIComponent(webToken())}`);
    socket.onmessage = (event) => {
      try {
        listener(JSON.parse(String(event.data)) as Push);
      } catch {
        /* a malformed push is ignored; the next command reply carries the truth */
      }
    };
    socket.onclose = () => {
      if (!stopped) retry = setTimeout(connect, 1000);
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}
