// Facts derived from a table's rows (an index, a count), computed once per version of the rows:
// an unchanged table is one shared array, so its facts carry from one command to the next.
const derivedCache = new WeakMap<readonly object[], Map<string, unknown>>();
export function derived<R extends object, V>(rows: readonly R[], name: string, build: (rows: readonly R[]) => V): V {
  let cache = derivedCache.get(rows);
  if (!cache) derivedCache.set(rows, (cache = new Map()));
  if (cache.has(name)) return cache.get(name) as V;
  const value = build(rows);
  cache.set(name, value);
  return value;
}
