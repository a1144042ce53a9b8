// How the table knows the entities it can see: by kind, numbered afresh among the seen ones.

/** Entity names as the players read them: "Gnawer 3" must not hint at a hidden Gnawer 2. In order. */
export function tableNames(entityNames: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return entityNames.map((name) => {
    const base = name.replace(/\s+\d+$/, '');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n > 1 ? `${base} ${n}` : base;
  });
}
