// The short label drawn inside a token: at most four characters, and never the same for two
// tokens on one board ("Bloated Mourner" and "Bloated Mourner 2" are BM and BM2, not BM twice).

function words(name: string): { words: string[]; number: string } {
  const number = /\s(\d+)$/.exec(name.trim())?.[1] ?? '';
  const rest = number ? name.trim().slice(0, -number.length) : name;
  return { words: rest.split(/[^\p{L}\p{N}]+/u).filter(Boolean), number };
}

/** Labels to try for one name, best first. */
function candidates(name: string): string[] {
  const { words: w, number } = words(name);
  const first = w[0] ?? '?';
  const second = w[1] ?? '';
  const initials = (first[0]! + (second[0] ?? first[1] ?? '')).toUpperCase();
  const out = [
    initials + number,
    (
      w
        .slice(0, 3)
        .map((x) => x[0])
        .join('') || '?'
    ).toUpperCase() + number,
    first.slice(0, 1).toUpperCase() + first.slice(1, 3).toLowerCase() + number,
    first[0]!.toUpperCase() + first.slice(1, 2).toLowerCase() + (second[0]?.toUpperCase() ?? '') + number,
  ];
  return [...new Set(out.map((c) => c.slice(0, 4)))];
}

/** One label per name, unique across the list (names repeated exactly get a running number). */
export function shortLabels(names: readonly string[]): string[] {
  const options = names.map(candidates);
  const chosen = options.map((o) => o[0]!);
  // Where two different names share a label, each moves on to its next option until they part.
  for (let round = 1; round < 4; round++) {
    const clashing = new Set(
      chosen.filter((c, i) => chosen.some((d, j) => j !== i && d === c && names[j] !== names[i])),
    );
    if (!clashing.size) break;
    chosen.forEach((c, i) => {
      if (clashing.has(c)) chosen[i] = options[i]![Math.min(round, options[i]!.length - 1)]!;
    });
  }
  // Whatever still repeats (the same name twice, or names alike to four letters) is numbered.
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const c of chosen) total.set(c, (total.get(c) ?? 0) + 1);
  return chosen.map((c) => {
    if ((total.get(c) ?? 0) < 2) return c;
    const n = (seen.get(c) ?? 0) + 1;
    seen.set(c, n);
    return `${c.slice(0, 3)}${n}`;
  });
}
