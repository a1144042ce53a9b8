// Per-row caches for derived lists: a row's value is made again only when the row's object (kept
// by `reuse` while unchanged) or one of the inputs it was made with changes, and the list itself
// is the last one when no row changed, so Svelte stops there.

type Entry<V> = { inputs: readonly unknown[]; value: V };

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * A mapper over rows that remembers each row's value by key: call it with the rows, each row's
 * key, the inputs its value depends on (the row itself among them) and how to make the value.
 */
export function keyedMap<T, V>(): (
  rows: readonly T[],
  key: (row: T, i: number) => unknown,
  inputs: (row: T, i: number) => readonly unknown[],
  make: (row: T, i: number) => V,
) => V[] {
  let cache = new Map<unknown, Entry<V>>();
  let last: V[] = [];
  return (rows, key, inputs, make) => {
    const next = new Map<unknown, Entry<V>>();
    let same = rows.length === last.length;
    const out = rows.map((row, i) => {
      const k = key(row, i);
      const ins = inputs(row, i);
      const hit = cache.get(k);
      const entry = hit && sameInputs(hit.inputs, ins) ? hit : { inputs: ins, value: make(row, i) };
      next.set(k, entry);
      if (entry.value !== last[i]) same = false;
      return entry.value;
    });
    cache = next;
    if (same) return last;
    last = out;
    return out;
  };
}
