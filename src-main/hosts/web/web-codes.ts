// The one-time codes an opening link carries: each is exchanged once for the Judge's token (POST
// /session), from this machine only, and never lives long or in numbers, so what sits in a
// browser's history or a terminal's scrollback opens nothing once used or old.
import type http from 'node:http';
import crypto from 'node:crypto';
import type { BodyReader } from './web-bodies.ts';
import { isLoopback, sameSecret, type Admitted } from './web-admission.ts';
import { send, sendError } from './web-replies.ts';

/**
 * An opening link's code is good for ten minutes, and only the newest few are: each use prints a
 * fresh link, so codes nobody used would otherwise pile up, each one a way in.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODES = 4;

export interface OpeningCodes {
  /** A fresh code (the oldest dropped past MAX_CODES). */
  issue(): string;
  /** POST /session {code}: answers with the token for a good code, which is then used up. */
  exchange(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
}

export function openingCodes(options: {
  token: string;
  now: () => number;
  ttlMs: number;
  bodies: BodyReader;
  admit: (req: http.IncomingMessage, publicAsset: boolean) => Admitted | { status: number; message: string };
  onCodeUsed: (() => void) | undefined;
}): OpeningCodes {
  const { token, now, ttlMs, bodies, admit } = options;
  /** Codes not yet exchanged for the token, oldest first, with when each was issued. */
  const codes = new Map<string, number>();
  const dropStaleCodes = () => {
    for (const [code, at] of codes) if (now() - at >= ttlMs) codes.delete(code);
  };
  const issue = () => {
    dropStaleCodes();
    while (codes.size >= MAX_CODES) codes.delete(codes.keys().next().value!);
    const code = crypto.randomBytes(16).toString('hex');
    codes.set(code, now());
    return code;
  };

  /**
   * POST /session {code}: a one-time code from an opening link, exchanged once for the token,
   * which the page keeps in sessionStorage. Only from this machine, with this host's Host/Origin.
   */
  async function exchange(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const who = admit(req, true);
    if ('status' in who) return sendError(res, who.status, 'refused', who.message);
    if (!isLoopback(req.socket.remoteAddress))
      return sendError(res, 403, 'refused', 'Refused: the Judge opens this app on this machine only.');
    if (req.method !== 'POST') return sendError(res, 405, 'refused', 'Use POST to exchange a code.');
    const body = await bodies.read(req, res, 'session', 'players', 'anyone');
    if (body === null) return;
    let code: unknown;
    try {
      code = (JSON.parse(body) as { code?: unknown }).code;
    } catch {
      return sendError(res, 400, 'invalid-args', 'session: the request body is not valid JSON.');
    }
    dropStaleCodes();
    const match = typeof code === 'string' ? [...codes.keys()].find((c) => sameSecret(code as string, c)) : undefined;
    if (match === undefined) {
      return sendError(
        res,
        401,
        'refused',
        'This link has already been used, is older than ten minutes, or is not from this launch: each link opens one window. Use the newest link the app printed, or restart it.',
      );
    }
    codes.delete(match);
    options.onCodeUsed?.();
    send(res, 200, JSON.stringify({ ok: true, value: { token } }), 'application/json');
  }

  return { issue, exchange };
}
