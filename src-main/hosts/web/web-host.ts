// The local web host: the same renderer and the same handlers as Electron, over HTTP and a
// WebSocket on 127.0.0.1. A per-launch secret token guards every request, and Host/Origin
// checks stop other web pages (DNS rebinding, cross-site requests) from reaching it.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { CampaignApp } from '../../app/campaign-app.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
const COOKIE = 'lichslayer_token';

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
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

export interface WebHostOptions {
  app: CampaignApp;
  rendererDir: string;
  port?: number;
  token?: string;
}

export interface WebHost {
  url: string;
  port: number;
  token: string;
  close: () => Promise<void>;
}

function tokenOf(req: http.IncomingMessage, url: URL): string | null {
  const header = req.headers['x-lichslayer-token'];
  if (typeof header === 'string') return header;
  const query = url.searchParams.get('token');
  if (query) return query;
  const cookie = req.headers.cookie ?? '';
  for (const part of cookie.split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === COOKIE && v) return decodeURIComponent(v);
  }
  return null;
}

function sameSecret(a: string | null, b: string): boolean {
  if (a === null) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? crypto.randomBytes(24).toString('hex');
  const rendererDir = path.resolve(options.rendererDir);
  let port = options.port ?? 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  /** Why a request is refused, or null when it may go on. */
  function refusal(req: http.IncomingMessage, url: URL): { status: number; message: string } | null {
    if (!allowedHosts().has(req.headers.host ?? '')) return { status: 421, message: 'Refused: foreign Host header.' };
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) return { status: 403, message: 'Refused: foreign Origin.' };
    if (!sameSecret(tokenOf(req, url), token)) return { status: 401, message: 'Refused: missing or wrong token. Use the URL the app printed.' };
    return null;
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

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, command: string): Promise<void> {
    if (req.method !== 'POST') return send(res, 405, 'Use POST for commands.');
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

  function serveStatic(res: http.ServerResponse, url: URL): void {
    const rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
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
        'Set-Cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
        'Cache-Control': 'no-store',
      });
      res.end(data);
    });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refused = refusal(req, url);
    if (refused) return send(res, refused.status, refused.message);
    if (url.pathname.startsWith('/api/')) {
      handleApi(req, res, url.pathname.slice('/api/'.length)).catch((error: unknown) => {
        send(res, 500, JSON.stringify({ ok: false, error: { code: 'internal', message: String(error) } }), 'application/json');
      });
      return;
    }
    if (req.method !== 'GET') return send(res, 405, 'Method not allowed.');
    serveStatic(res, url);
  });

  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/ws' || refusal(req, url)) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      // The socket only pushes; nothing a client sends over it is acted upon.
      ws.on('message', () => undefined);
    });
  });
  const unsubscribe = options.app.subscribe((push) => {
    const data = JSON.stringify(push);
    for (const ws of sockets) ws.send(data);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: async () => {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
