// Everything the web host reads from a request, parsed without ever throwing: a request that
// cannot be parsed is answered 4xx, never allowed to end the process.
import path from 'node:path';
import { contract } from '@shared/contract.ts';
import { SOCKET_TOKEN_PREFIX } from '@shared/web-socket-token.ts';
import { jsonShapeOver } from '@shared/json-shape.ts';

/** The request target, split; null when it is not an origin-form path a browser would send. */
export interface Target {
  pathname: string;
  query: URLSearchParams;
}

export function parseTarget(raw: string | undefined): Target | null {
  // Only origin-form ("/path?query"): absolute-form and "//host" targets are not ours to follow.
  if (raw === undefined || !raw.startsWith('/') || raw.startsWith('//')) return null;
  try {
    const url = new URL(raw, 'http://127.0.0.1');
    return { pathname: url.pathname, query: url.searchParams };
  } catch {
    return null;
  }
}

/**
 * The renderer file a static path names, or null: bad percent-encoding, a NUL byte, or a path
 * that resolves outside the renderer folder.
 */
export function staticFile(rendererDir: string, pathname: string): string | null {
  const rel = pathname === '/' || pathname === '/players' || pathname === '/me' ? '/index.html' : pathname;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, '.' + decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

export { SOCKET_PROTOCOL } from '@shared/web-socket-token.ts';

/** The tokens a request presents: the API header, or (for a WebSocket) the token subprotocol. */
export function presentedTokens(headers: {
  'x-lichslayer-token'?: string | string[] | undefined;
  'sec-websocket-protocol'?: string | undefined;
}): string[] {
  const found: string[] = [];
  const header = headers['x-lichslayer-token'];
  if (typeof header === 'string') found.push(header);
  for (const offered of (headers['sec-websocket-protocol'] ?? '').split(',')) {
    const p = offered.trim();
    if (p.startsWith(SOCKET_TOKEN_PREFIX)) found.push(p.slice(SOCKET_TOKEN_PREFIX.length));
  }
  return found;
}

/** The longest paste the contract accepts, read from the contract so the two never disagree. */
export const MAX_PASTE_CHARS = contract['tables.importPreview'].args.shape.text.maxLength ?? 2_000_000;

/**
 * The body limit: the longest paste, JSON-encoded at its worst (a control character becomes
 * "\u0001", six bytes), plus room for the other arguments.
 */
export const MAX_BODY_BYTES = MAX_PASTE_CHARS * 6 + 64 * 1024;

/**
 * The players' screen only ever asks for its view, which takes no arguments: anything longer than
 * this from its token is refused before it is read.
 */
export const PLAYERS_MAX_BODY_BYTES = 1024;

/** The body limit for a role: the Judge may paste a table; a players' screen sends nothing. */
export const bodyLimitFor = (role: 'judge' | 'players' | 'anyone'): number =>
  role === 'judge' ? MAX_BODY_BYTES : PLAYERS_MAX_BODY_BYTES;

/** No command's arguments nest deeper than a table pack (about 6 levels); this leaves room to spare. */
export const MAX_JSON_DEPTH = 32;
/**
 * No command takes more than a few thousand values (a pasted table is one string); a million keys
 * would cost seconds in JSON.parse and the schema check, whoever sent them.
 */
export const MAX_JSON_VALUES = 100_000;

/**
 * Why a JSON body is not worth parsing, read in one pass before JSON.parse: nesting deeper than
 * any command takes, or more values than any command takes. null when neither.
 */
export function jsonShapeProblem(text: string): string | null {
  const over = jsonShapeOver(text, { depth: MAX_JSON_DEPTH, values: MAX_JSON_VALUES });
  if (over === 'depth') return `nests deeper than the ${MAX_JSON_DEPTH} levels any command takes`;
  if (over === 'values')
    return `holds more than the ${MAX_JSON_VALUES.toLocaleString('en-GB')} values any command takes`;
  return null;
}

/** A declared Content-Length, or null when it is absent; NaN when it is not a number. */
export function declaredLength(value: string | undefined): number | null {
  if (value === undefined) return null;
  return /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}
