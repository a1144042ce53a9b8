// The local web host: the same renderer and the same handlers as Electron, over HTTP and a
// WebSocket on 127.0.0.1. A per-launch secret token guards every request, and Host/Origin
// checks stop other web pages (DNS rebinding, cross-site requests) from reaching it.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { CampaignApp } from '../../app/campaign-app.ts';
import { PLAYER_COMMANDS } from '@shared/contract.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
const COOKIE = 'lichslayer_token';
const PLAYERS_COOKIE = 'lichslayer_players';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The same policy the Electron window gets (see hosts/electron/window-options.ts). */
export const WEB_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

export interface WebHostOptions {
  app: CampaignApp;
  rendererDir: string;
  port?: number;
  token?: string;
  playersToken?: string;
  /**
   * The Judge's explicit choice to show the players' screen on the local network: the host then
   * listens on every interface, but anything not from this machine gets only the players' screen.
   */
  playersOnLan?: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const isLoopback = (address: string | undefined): boolean => address !== undefined && LOOPBACK.has(address);

export interface WebHost {
  url: string;
  /** The players' screen: read-only, its own token, never a Judge command. */
  playersUrl: string;
  port: number;
  token: string;
  playersToken: string;
  close: () => Promise<void>;
}

function tokensOf(req: http.IncomingMessage, url: URL): string[] {
  const found: string[] = [];
  const header = req.headers['x-lichslayer-token'];
  if (typeof header === 'string') found.push(header);
  const query = url.searchParams.get('token');
  if (query) found.push(query);
  const cookie = req.headers.cookie ?? '';
  for (const part of cookie.split(';')) {
    const [k, v] = part.trim().split('=');
    if ((k === COOKIE || k === PLAYERS_COOKIE) && v) found.push(decodeURIComponent(v));
  }
  return found;
}

function sameSecret(a: string | null, b: string): boolean {
  if (a === null) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface AdmissionInput {
  remote: string | undefined;
  host: string | undefined;
  origin: string | undefined;
  presented: readonly string[];
  playersPage: boolean;
  port: number;
  token: string;
  playersToken: string;
  playersOnLan: boolean;
}

/** Who may come in: the Judge (this machine, right Host/Origin, Judge token) or a players' screen. */
export function admission(a: AdmissionInput): { role: 'judge' | 'players' } | { status: number; message: string } {
  if (!isLoopback(a.remote)) {
    // From another machine: only the players' screen, and only when the Judge switched it on.
    if (!a.playersOnLan) return { status: 403, message: 'Refused: this host serves this machine only.' };
    const lanOrigin = `http://${(a.host ?? '').split(':')[0]}:${a.port}`;
    if (a.origin !== undefined && a.origin !== lanOrigin) return { status: 403, message: 'Refused: foreign Origin.' };
    return a.presented.some((t) => sameSecret(t, a.playersToken)) ? { role: 'players' } : { status: 401, message: "Refused: only the players' screen is shared on the network." };
  }
  const hosts = new Set([`127.0.0.1:${a.port}`, `localhost:${a.port}`]);
  if (!hosts.has(a.host ?? '')) return { status: 421, message: 'Refused: foreign Host header.' };
  if (a.origin !== undefined && !new Set([`http://127.0.0.1:${a.port}`, `http://localhost:${a.port}`]).has(a.origin)) return { status: 403, message: 'Refused: foreign Origin.' };
  if (!a.playersPage && a.presented.some((t) => sameSecret(t, a.token))) return { role: 'judge' };
  if (a.presented.some((t) => sameSecret(t, a.playersToken))) return { role: 'players' };
  return { status: 401, message: 'Refused: missing or wrong token. Use the URL the app printed.' };
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? crypto.randomBytes(24).toString('hex');
  const playersToken = options.playersToken ?? crypto.randomBytes(24).toString('hex');
  const rendererDir = path.resolve(options.rendererDir);
  let port = options.port ?? 0;

  type Role = 'judge' | 'players';
  /** Who is asking (the Judge, or a players' screen), or why the request is refused. */
  function admit(req: http.IncomingMessage, url: URL): { role: Role } | { status: number; message: string } {
    return admission({
      remote: req.socket.remoteAddress,
      host: req.headers.host,
      origin: req.headers.origin,
      presented: tokensOf(req, url),
      // A players' page must stay a players' page even if a Judge cookie sits in the same browser.
      playersPage: url.pathname === '/players' || url.searchParams.get('token') === playersToken || req.headers['x-lichslayer-token'] === playersToken,
      port,
      token,
      playersToken,
      playersOnLan: !!options.playersOnLan,
    });
  }

  function send(res: http.ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Security-Policy': WEB_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    res.end(body);
  }

  async function readBody(req: http.IncomingMessage): Promise<string | null> {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > MAX_BODY_BYTES) return null;
      chunks.push(buf);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, command: string, role: Role): Promise<void> {
    if (req.method !== 'POST') return send(res, 405, 'Use POST for commands.');
    if (role === 'players' && !(PLAYER_COMMANDS as readonly string[]).includes(command)) {
      return send(res, 403, JSON.stringify({ ok: false, error: { code: 'refused', message: `Refused: the players' screen is read-only (${command.slice(0, 60)}).` } }), 'application/json');
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return send(res, 415, 'Commands take a JSON body (Content-Type: application/json).');
    }
    const body = await readBody(req);
    if (body === null) return send(res, 413, `Refused: the request is larger than ${MAX_BODY_BYTES} bytes.`);
    let args: unknown;
    try {
      args = body.length ? JSON.parse(body) : {};
    } catch {
      const reply = { ok: false, error: { code: 'invalid-args', message: `${command}: the request body is not valid JSON.` } };
      return send(res, 400, JSON.stringify(reply), 'application/json');
    }
    const reply = await options.app.dispatch(command, args);
    send(res, reply.ok ? 200 : reply.error.code === 'internal' ? 500 : 400, JSON.stringify(reply), 'application/json');
  }

  function serveStatic(res: http.ServerResponse, url: URL, role: Role): void {
    const rel = decodeURIComponent(url.pathname === '/' || url.pathname === '/players' ? '/index.html' : url.pathname);
    const file = path.resolve(rendererDir, '.' + rel);
    if (!file.startsWith(rendererDir + path.sep)) return send(res, 404, 'Not found.');
    fs.readFile(file, (error, data) => {
      if (error) return send(res, 404, 'Not found.');
      res.writeHead(200, {
        'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': WEB_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        // The token travels in a cookie so module scripts and assets load without it in their URLs.
        'Set-Cookie': role === 'judge' ? `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/` : `${PLAYERS_COOKIE}=${playersToken}; HttpOnly; SameSite=Strict; Path=/`,
        'Cache-Control': 'no-store',
      });
      res.end(data);
    });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const who = admit(req, url);
    if ('status' in who) return send(res, who.status, who.message);
    if (url.pathname.startsWith('/api/')) {
      handleApi(req, res, url.pathname.slice('/api/'.length), who.role).catch((error: unknown) => {
        send(res, 500, JSON.stringify({ ok: false, error: { code: 'internal', message: String(error) } }), 'application/json');
      });
      return;
    }
    if (req.method !== 'GET') return send(res, 405, 'Method not allowed.');
    serveStatic(res, url, who.role);
  });

  const sockets = new Set<WebSocket>();
  const playerSockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const who = admit(req, url);
    if ((url.pathname !== '/ws' && url.pathname !== '/players/ws') || 'status' in who) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    // A players' socket hears only the players' view, whatever path it asked for.
    const pool = who.role === 'players' || url.pathname === '/players/ws' ? playerSockets : sockets;
    wss.handleUpgrade(req, socket, head, (ws) => {
      pool.add(ws);
      ws.on('close', () => pool.delete(ws));
      // The socket only pushes; nothing a client sends over it is acted upon.
      ws.on('message', () => undefined);
    });
  });
  const unsubscribe = options.app.subscribe((push) => {
    const data = JSON.stringify(push);
    for (const ws of sockets) ws.send(data);
  });
  const unsubscribePlayers = options.app.subscribePlayers((push) => {
    const data = JSON.stringify(push);
    for (const ws of playerSockets) ws.send(data);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, options.playersOnLan ? '0.0.0.0' : '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    playersUrl: `http://127.0.0.1:${port}/players?token=${playersToken}`,
    port,
    token,
    playersToken,
    close: async () => {
      unsubscribe();
      unsubscribePlayers();
      for (const ws of [...sockets, ...playerSockets]) ws.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
