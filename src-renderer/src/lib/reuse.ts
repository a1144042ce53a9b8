// A view from main arrives whole (a reply, a push), though a move changes a token or two. Handing
// the screen the parts it already holds, wherever they are equal, lets Svelte and the keyed caches
// below skip every unchanged room and token: their objects are the very ones drawn last time.

type Plain = Record<string, unknown>;

/** The id an array's rows are matched by when they carry one (tokens, rooms by place, entries). */
function idOf(row: unknown): string | null {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return null;
  const r = row as Plain;
  if (typeof r.id === 'number' || typeof r.id === 'string') return `id:${r.id}`;
  if (typeof r.key === 'string') return `key:${r.key}`;
  if (typeof r.tokenId === 'number') return `token:${r.tokenId}`;
  return null;
}

function reuseArray(prev: readonly unknown[], next: readonly unknown[]): readonly unknown[] {
  let byId: Map<string, unknown> | null = null;
  if (next.length && idOf(next[0]) !== null) {
    byId = new Map();
    for (const row of prev) {
      const id = idOf(row);
      if (id !== null) byId.set(id, row);
    }
  }
  let same = prev.length === next.length;
  const out = next.map((row, i) => {
    const id = byId && idOf(row);
    const kept = reuse(id ? byId!.get(id) : prev[i], row);
    if (kept !== prev[i]) same = false;
    return kept;
  });
  return same ? prev : out;
}

/**
 * `next`, with every part deep-equal to the same part of `prev` replaced by `prev`'s own object;
 * `prev` itself when nothing differs. Rows with an id are matched by id, others by place.
 */
export function reuse<T>(prev: unknown, next: T): T {
  if (prev === next || prev === null || next === null || typeof prev !== 'object' || typeof next !== 'object')
    return next;
  if (Array.isArray(next) || Array.isArray(prev)) {
    return (Array.isArray(next) && Array.isArray(prev) ? reuseArray(prev, next) : next) as T;
  }
  const p = prev as Plain;
  const n = next as Plain;
  const keys = Object.keys(n);
  let same = keys.length === Object.keys(p).length;
  const out: Plain = {};
  for (const k of keys) {
    const kept = reuse(p[k], n[k]);
    out[k] = kept;
    if (kept !== p[k] || !(k in p)) same = false;
  }
  return (same ? prev : out) as T;
}
