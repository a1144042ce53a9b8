// How the web host answers: one set of headers on every reply, the contract's error shape, and
// pushes that never let a client that stopped reading grow the host's memory.
import type http from 'node:http';
import type { WebSocket } from 'ws';
import { MAX_BODY_BYTES, MAX_PASTE_CHARS } from './http-input.ts';

export const MIME: Record<string, string> = {
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

/** Headers every answer carries. */
const BASE_HEADERS = {
  'Content-Security-Policy': WEB_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

export function send(
  res: http.ServerResponse,
  status: number,
  body: string | Buffer,
  type = 'text/plain; charset=utf-8',
  extra: Record<string, string> = {},
): void {
  // The client may be gone already (an aborted upload): there is no one left to answer.
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...BASE_HEADERS, 'Content-Type': type, ...extra });
  res.end(body);
}

/** Every answer to a command is the contract's reply shape, so the app can show it as it is. */
export function sendError(
  res: http.ServerResponse,
  status: number,
  code: 'refused' | 'invalid-args' | 'unknown-command' | 'internal',
  message: string,
  extra: Record<string, string> = {},
): void {
  send(res, status, JSON.stringify({ ok: false, error: { code, message } }), 'application/json', extra);
}

/**
 * A push to a socket that is closing is simply not delivered. A socket whose client stopped
 * reading (its unsent bytes past the limit) is dropped rather than left to grow the host's memory
 * without bound; a live page reconnects and gets the next push.
 */
export function sendQuietly(ws: WebSocket, data: string, maxBuffered: number): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount + Buffer.byteLength(data) > maxBuffered) {
    ws.terminate();
    return;
  }
  ws.send(data, () => undefined);
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * Refuses a body over the role's limit with a JSON reply; the rest of the upload is dropped, not
 * stored, and a client that keeps sending past twice the limit is cut off.
 */
export function refuseTooLarge(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  command: string,
  size: number | null,
  limit: number,
): void {
  const said = size === null ? '' : ` (${megabytes(size)})`;
  const why =
    limit === MAX_BODY_BYTES
      ? `is larger than the ${megabytes(MAX_BODY_BYTES)} the app accepts (a pasted table may hold up to ${MAX_PASTE_CHARS.toLocaleString('en-GB')} characters)`
      : `is larger than the ${limit.toLocaleString('en-GB')} bytes a players' screen ever sends`;
  sendError(res, 413, 'invalid-args', `${command.slice(0, 60)}: the request${said} ${why}. Nothing was changed.`, {
    Connection: 'close',
  });
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit * 2) req.socket.destroy();
  });
  req.resume();
}
