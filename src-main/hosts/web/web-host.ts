// The local web host: the same renderer and the same handlers as Electron, over HTTP and a
// WebSocket on 127.0.0.1. A per-launch secret token guards every request, and Host/Origin
// checks stop other web pages (DNS rebinding, cross-site requests) from reaching it.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import os from 'node:os';
import type { Duplex } from 'node:stream';
import type { CampaignApp } from '../../app/campaign-app.ts';
import { PLAYER_COMMANDS, PRIVATE_COMMANDS } from '@shared/contract.ts';
import { jsonShapeProblem, parseTarget, presentedTokens, staticFile } from './http-input.ts';

import { BodyReader } from './web-bodies.ts';
import { admission, type Admitted, type Role } from './web-admission.ts';
import { CODE_TTL_MS, openingCodes } from './web-codes.ts';
import { MIME, send, sendError } from './web-replies.ts';
import { screenSockets } from './web-sockets.ts';

export { MAX_BODY_BYTES } from './http-input.ts';
export { admission, isLoopback, type AdmissionInput, type Admitted, type Role } from './web-admission.ts';
export { WEB_CSP } from './web-replies.ts';
export { MAX_PENDING_BODIES, MAX_PENDING_BODIES_TOTAL } from './web-bodies.ts';
export { CODE_TTL_MS, MAX_CODES } from './web-codes.ts';
export { HEARTBEAT_MS, MAX_BUFFERED_BYTES, MAX_SOCKETS, REVOKED_CLOSE_CODE } from './web-sockets.ts';

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
  /** How often each socket is pinged; one that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
  /** Unsent bytes a socket may hold before it is dropped as a reader too slow to keep up. */
  maxBufferedBytes?: number;
  /** Called when an opening link's code has been used (serve.ts then prints a fresh link). */
  onCodeUsed?: () => void;
  /** How long an opening link's code stays good. */
  codeTtlMs?: number;
  /** Milliseconds since the epoch (a test's own clock). */
  clock?: () => number;
  /** How long a request may take to arrive whole, headers and body; then it is answered 408 and closed. */
  requestTimeoutMs?: number;
  /** The address phones reach this machine at, for private links (default: its first LAN IPv4 address). */
  lanAddress?: string;
}

/**
 * Private links, one per Lichslayer, kept in memory only: a restart issues new ones. Present only
 * while the players' screens are shared on the local network.
 */
export interface PrivateLinks {
  /** A fresh link for the Lichslayer; any earlier one stops working and its screens are closed. */
  issue(lichslayerId: number): string;
  /** The link stops working at once; its open screens are closed. */
  revoke(lichslayerId: number): void;
  /** Every link stops working (the campaign they were given in is closed). */
  revokeAll(): void;
  /** A kept link opens again (after a restart, or its campaign opened again); any other for the Lichslayer ends. */
  restore(lichslayerId: number, secret: string): void;
  list(): { lichslayerId: number; url: string }[];
}

/** This machine's first non-internal IPv4 address: what a phone on the same network dials. */
function firstLanAddress(): string {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return '127.0.0.1';
}

/** A request arrives whole within this (a 12 MB paste takes well under a second on this machine's loopback). */
export const REQUEST_TIMEOUT_MS = 30_000;
export interface WebHost {
  /**
   * The link that opens the Judge's page: it carries a one-time code, never the token, so what
   * sits in the browser's history or a terminal's scrollback opens nothing once used.
   */
  url: string;
  /** Another one-time link (another window, or after the first was used). */
  openUrl: () => string;
  /** The players' screen: read-only, its own token, never a Judge command. */
  playersUrl: string;
  port: number;
  token: string;
  playersToken: string;
  /** Open sockets per token, for the status line and for tests. */
  connections: () => { judge: number; players: number };
  /** Null unless the players' screens are shared on the local network. */
  privateLinks: PrivateLinks | null;
  /** Request bodies being read now, by who sends them. */
  pendingBodies: () => Readonly<Record<Role, number>>;
  close: () => Promise<void>;
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? crypto.randomBytes(24).toString('hex');
  const now = options.clock ?? Date.now;
  const playersToken = options.playersToken ?? crypto.randomBytes(24).toString('hex');
  const rendererDir = path.resolve(options.rendererDir);
  let port = options.port ?? 0;
  /** Private links' tokens and the Lichslayer each is for (at most one per Lichslayer). */
  const privateTokens = new Map<string, number>();

  /** Who is asking (the Judge, a players' screen, anyone for public files), or why the request is refused. */
  function admit(req: http.IncomingMessage, publicAsset: boolean): Admitted | { status: number; message: string } {
    return admission({
      remote: req.socket.remoteAddress,
      host: req.headers.host,
      origin: req.headers.origin,
      presented: presentedTokens(req.headers),
      publicAsset,
      port,
      token,
      playersToken,
      playersOnLan: !!options.playersOnLan,
      privateTokens,
    });
  }

  const bodies = new BodyReader();
  const codes = openingCodes({
    token,
    now,
    ttlMs: options.codeTtlMs ?? CODE_TTL_MS,
    bodies,
    admit,
    onCodeUsed: options.onCodeUsed,
  });

  async function handleApi(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    command: string,
    who: Admitted,
  ): Promise<void> {
    const role = who.role;
    const scope = who.lichslayerId;
    if (req.method !== 'POST') return sendError(res, 405, 'refused', 'Use POST for commands.');
    if (scope !== undefined && !(PRIVATE_COMMANDS as readonly string[]).includes(command)) {
      return sendError(
        res,
        403,
        'refused',
        `Refused: a private screen only shows its own Gauntlet (${command.slice(0, 60)}).`,
      );
    }
    if (scope === undefined && role !== 'judge' && !(PLAYER_COMMANDS as readonly string[]).includes(command)) {
      return sendError(res, 403, 'refused', `Refused: the players' screen is read-only (${command.slice(0, 60)}).`);
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return sendError(res, 415, 'invalid-args', 'Commands take a JSON body (Content-Type: application/json).');
    }
    const body = await bodies.read(req, res, command, role);
    if (body === null) return;
    const shape = jsonShapeProblem(body);
    if (shape !== null)
      return sendError(
        res,
        400,
        'invalid-args',
        `${command.slice(0, 60)}: the request body ${shape}. Nothing was changed.`,
      );
    let args: unknown;
    try {
      args = body.length ? JSON.parse(body) : {};
    } catch {
      return sendError(res, 400, 'invalid-args', `${command.slice(0, 60)}: the request body is not valid JSON.`);
    }
    if (scope !== undefined) {
      // A private link asks for its own Lichslayer only, whatever it names.
      const named =
        args !== null && typeof args === 'object' ? (args as { lichslayerId?: unknown }).lichslayerId : undefined;
      if (named !== undefined && named !== scope)
        return sendError(res, 403, 'refused', "Refused: a private screen cannot show another Lichslayer's Gauntlet.");
      // Its own Lichslayer only; a roll sent keeps its faces, nothing else.
      const faces = args !== null && typeof args === 'object' ? (args as { faces?: unknown }).faces : undefined;
      args = command === 'private.sendDice' ? { lichslayerId: scope, faces } : { lichslayerId: scope };
    }
    const reply = await options.app.dispatch(command, args);
    send(res, reply.ok ? 200 : reply.error.code === 'internal' ? 500 : 400, JSON.stringify(reply), 'application/json');
  }

  function serveStatic(res: http.ServerResponse, pathname: string): void {
    const file = staticFile(rendererDir, pathname);
    if (file === null) return send(res, 404, 'Not found.');
    fs.readFile(file, (error, data) => {
      if (error) return send(res, 404, 'Not found.');
      // No cookie, no token: the renderer's files are public; the token lives in the page only.
      send(res, 200, data, MIME[path.extname(file)] ?? 'application/octet-stream');
    });
  }

  function onRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    const target = parseTarget(req.url);
    if (target === null) return send(res, 400, 'Bad request target.');
    if (target.pathname === '/session') {
      codes.exchange(req, res).catch((error: unknown) => {
        sendError(
          res,
          500,
          'internal',
          `The host could not answer: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      return;
    }
    const api = target.pathname.startsWith('/api/');
    const who = admit(req, !api);
    if ('status' in who)
      return api ? sendError(res, who.status, 'refused', who.message) : send(res, who.status, who.message);
    if (api) {
      handleApi(req, res, target.pathname.slice('/api/'.length), who).catch((error: unknown) => {
        sendError(
          res,
          500,
          'internal',
          `The host could not answer: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed.');
    serveStatic(res, target.pathname);
  }

  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = http.createServer(
    // Node looks for requests past their time on this beat: a tenth of the time, at most every 5 s.
    { requestTimeout, connectionsCheckingInterval: Math.max(50, Math.min(5_000, requestTimeout / 10)) },
    (req, res) => {
      // A broken pipe while answering is the client's business, not a reason to stop the host.
      res.on('error', () => undefined);
      req.on('error', () => undefined);
      try {
        onRequest(req, res);
      } catch (error) {
        sendError(
          res,
          500,
          'internal',
          `The host could not answer: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  );
  // Malformed HTTP (llhttp's parse errors, header overflows, timeouts): a 400 and the socket closed.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  });

  const screens = screenSockets({
    app: options.app,
    server,
    admit,
    heartbeatMs: options.heartbeatMs,
    maxBufferedBytes: options.maxBufferedBytes,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, options.playersOnLan ? '0.0.0.0' : '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : port;

  const openUrl = () => `http://127.0.0.1:${port}/?code=${codes.issue()}`;
  const lanAddress = options.lanAddress ?? firstLanAddress();
  const linkOf = (secret: string) => `http://${lanAddress}:${port}/me?token=${secret}`;
  /** Ends a Lichslayer's link: its token is forgotten and its open screens closed at once. */
  const revoke = (lichslayerId: number) => {
    for (const [secret, id] of privateTokens) if (id === lichslayerId) privateTokens.delete(secret);
    screens.closePrivate(lichslayerId);
  };
  const privateLinks: PrivateLinks | null = options.playersOnLan
    ? {
        issue: (lichslayerId) => {
          revoke(lichslayerId);
          const secret = crypto.randomBytes(24).toString('hex');
          privateTokens.set(secret, lichslayerId);
          return linkOf(secret);
        },
        revoke,
        restore: (lichslayerId, secret) => {
          revoke(lichslayerId);
          privateTokens.set(secret, lichslayerId);
        },
        revokeAll: () => {
          for (const id of new Set(privateTokens.values())) revoke(id);
        },
        list: () => [...privateTokens].map(([secret, lichslayerId]) => ({ lichslayerId, url: linkOf(secret) })),
      }
    : null;
  return {
    url: openUrl(),
    openUrl,
    playersUrl: `http://127.0.0.1:${port}/players?token=${playersToken}`,
    port,
    token,
    playersToken,
    connections: screens.connections,
    privateLinks,
    pendingBodies: () => ({ ...bodies.pending }),
    close: async () => {
      screens.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
