// The screens the host pushes to over WebSockets: the Judge's windows, the players' screens and
// each Lichslayer's private screens. Each token holds a few sockets at most, a socket that stops
// answering pings or reading its pushes is dropped, and nothing a client sends over one is acted on.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { CampaignApp } from '../../app/campaign-app.ts';
import { parseTarget, SOCKET_PROTOCOL } from './http-input.ts';
import type { Admitted } from './web-admission.ts';
import { sendQuietly } from './web-replies.ts';

/**
 * Open sockets each token may hold: a Judge has a window or two; the players' token may be on a
 * TV and a few phones. More is someone holding connections open to exhaust the host.
 */
export const MAX_SOCKETS: Readonly<Record<'judge' | 'players', number>> = { judge: 8, players: 32 };
export const HEARTBEAT_MS = 30_000;
/** Several full campaign views: a screen that falls this far behind is not reading at all. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** The close code a private screen gets when its link is revoked or re-issued. */
export const REVOKED_CLOSE_CODE = 4403;

export interface ScreenSockets {
  /** Open sockets per token. */
  connections(): { judge: number; players: number };
  /** Closes a Lichslayer's private screens at once, before one more push. */
  closePrivate(lichslayerId: number): void;
  /** Stops listening to the app and drops every socket. */
  close(): void;
}

export function screenSockets(options: {
  app: CampaignApp;
  server: http.Server;
  admit: (req: http.IncomingMessage, publicAsset: boolean) => Admitted | { status: number; message: string };
  heartbeatMs: number | undefined;
  maxBufferedBytes: number | undefined;
}): ScreenSockets {
  const { app, server, admit } = options;
  const sockets = new Set<WebSocket>();
  const playerSockets = new Set<WebSocket>();
  /** Private screens' sockets, each with the Lichslayer it shows and its way to stop listening. */
  const privateSockets = new Map<WebSocket, { lichslayerId: number; stop: () => void }>();
  /** Which token opened each socket, for the per-token cap. */
  const owners = new Map<WebSocket, 'judge' | 'players'>();
  const held = (owner: 'judge' | 'players') => [...owners.values()].filter((o) => o === owner).length;
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  /** Sockets that answered the last ping; the rest are dead (a sleeping laptop, a cut cable). */
  const alive = new WeakSet<WebSocket>();
  const heartbeat = setInterval(() => {
    for (const ws of owners.keys()) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024,
    // The token came as a second offered subprotocol; the answer names only the plain one.
    handleProtocols: (protocols) => (protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
  });
  wss.on('error', () => undefined);
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refuse = (status: string) => {
      if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
    };
    try {
      const target = parseTarget(req.url);
      if (target === null) return refuse('400 Bad Request');
      if (!['/ws', '/players/ws', '/me/ws'].includes(target.pathname)) return refuse('404 Not Found');
      const who = admit(req, false);
      if ('status' in who) return refuse('401 Unauthorized');
      const owner = who.role === 'judge' ? 'judge' : 'players';
      if (held(owner) >= MAX_SOCKETS[owner]) return refuse('429 Too Many Requests');
      // A players' socket hears only the players' view, whatever token it showed.
      const pool = who.role !== 'judge' || target.pathname === '/players/ws' ? playerSockets : sockets;
      wss.handleUpgrade(req, socket, head, (ws) => {
        // An oversized or unmasked frame, or a bad close code, is an 'error' on this socket:
        // that client is dropped and nobody else notices.
        ws.on('error', () => ws.terminate());
        // Handshakes that raced past the count above: the cap still holds.
        if (held(owner) >= MAX_SOCKETS[owner]) return ws.close(1013, 'Too many connections for this token.');
        const scope = who.lichslayerId;
        // A private link's socket hears only its own Lichslayer's screen, whatever path it asked for.
        if (scope !== undefined) {
          const stop = app.subscribePrivate(scope, (push) => sendQuietly(ws, JSON.stringify(push), maxBuffered));
          privateSockets.set(ws, { lichslayerId: scope, stop });
        } else pool.add(ws);
        owners.set(ws, owner);
        alive.add(ws);
        ws.on('pong', () => alive.add(ws));
        ws.on('close', () => {
          pool.delete(ws);
          privateSockets.get(ws)?.stop();
          privateSockets.delete(ws);
          owners.delete(ws);
        });
        // The socket only pushes; nothing a client sends over it is acted upon.
        ws.on('message', () => undefined);
      });
    } catch {
      refuse('400 Bad Request');
    }
  });
  const unsubscribe = app.subscribe((push) => {
    const data = JSON.stringify(push);
    for (const ws of sockets) sendQuietly(ws, data, maxBuffered);
  });
  const unsubscribePlayers = app.subscribePlayers((push) => {
    const data = JSON.stringify(push);
    for (const ws of playerSockets) sendQuietly(ws, data, maxBuffered);
  });

  return {
    connections: () => ({ judge: held('judge'), players: held('players') }),
    closePrivate: (lichslayerId) => {
      for (const [ws, s] of privateSockets) {
        if (s.lichslayerId !== lichslayerId) continue;
        // Not one more push, even while the close handshake is under way.
        s.stop();
        privateSockets.delete(ws);
        ws.close(REVOKED_CLOSE_CODE, 'This link was revoked.');
      }
    },
    close: () => {
      clearInterval(heartbeat);
      unsubscribe();
      unsubscribePlayers();
      for (const ws of [...sockets, ...playerSockets, ...privateSockets.keys()]) ws.terminate();
      wss.close();
    },
  };
}
