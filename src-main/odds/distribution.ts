// Exact probability distributions over whole numbers: a dense array of chances from an offset.
// Dice sums are built by convolution; the exploding d6 is cut where the mass left is below
// TRUNCATION, and that cut mass is carried (never silently dropped) so a caller can state it.

/** Exploding dice stop being expanded once the chance of going further is below this. */
export const TRUNCATION = 1e-12;

export interface Dist {
  /** The smallest value with an entry. */
  readonly min: number;
  /** p[k] is the chance of the value min + k. */
  readonly p: Float64Array;
  /** Mass left out by truncating exploding dice: the chances in p sum to 1 − truncated. */
  readonly truncated: number;
  /** The smallest value the left-out mass could take (Infinity when nothing was left out). */
  readonly tailFrom: number;
}

export const point = (value: number): Dist => ({ min: value, p: Float64Array.of(1), truncated: 0, tailFrom: Infinity });

/** One fair die of `sides` faces, 1..sides. */
export function uniform(sides: number): Dist {
  return { min: 1, p: new Float64Array(sides).fill(1 / sides), truncated: 0, tailFrom: Infinity };
}

/** d66: tens die × 10 + units die (11-16, 21-26 … 61-66), each of the 36 equally likely. */
export function d66(): Dist {
  const p = new Float64Array(56);
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) p[a * 10 + b - 11] = 1 / 36;
  return { min: 11, p, truncated: 0, tailFrom: Infinity };
}

/**
 * One exploding d6 (ch.1): a 6 rolls again and adds. A total of 6j + r (r 1..5) has chance
 * (1/6)^(j+1); the chain is expanded until the chance of yet another six is below `tail`.
 */
export function explodingD6(tail = TRUNCATION): Dist {
  let k = 0;
  while (Math.pow(1 / 6, k + 1) >= tail) k++;
  const p = new Float64Array(6 * k + 5);
  for (let j = 0; j <= k; j++) for (let r = 1; r <= 5; r++) p[6 * j + r - 1] = Math.pow(1 / 6, j + 1);
  // What is left out is k + 1 sixes in a row: a total of at least 6(k + 1) + 1.
  return { min: 1, p, truncated: Math.pow(1 / 6, k + 1), tailFrom: 6 * (k + 1) + 1 };
}

/** The sum of n exploding d6, with the mass left out of the whole sum below TRUNCATION. */
export const explodingPool = (n: number): Dist => repeat(explodingD6(TRUNCATION / Math.max(1, n)), n);

/** The distribution of a + b for independent a and b. */
export function convolve(a: Dist, b: Dist): Dist {
  const out = new Float64Array(a.p.length + b.p.length - 1);
  for (let i = 0; i < a.p.length; i++) {
    const pa = a.p[i]!;
    if (pa === 0) continue;
    for (let j = 0; j < b.p.length; j++) out[i + j]! += pa * b.p[j]!;
  }
  // Truncated mass of either side is mass the sum cannot place either.
  return {
    min: a.min + b.min,
    p: out,
    truncated: 1 - (1 - a.truncated) * (1 - b.truncated),
    tailFrom: Math.min(a.tailFrom + b.min, b.tailFrom + a.min),
  };
}

/** The sum of n independent copies (by squaring, so 100 dice cost a handful of convolutions). */
export function repeat(d: Dist, n: number): Dist {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Cannot add ${n} copies of a distribution`);
  let result = point(0);
  let base = d;
  for (let k = n; k > 0; k >>= 1) {
    if (k & 1) result = convolve(result, base);
    if (k > 1) base = convolve(base, base);
  }
  return result;
}

export const shift = (d: Dist, by: number): Dist => ({
  min: d.min + by,
  p: d.p,
  truncated: d.truncated,
  tailFrom: d.tailFrom + by,
});

/** The distribution of −x. */
export function negate(d: Dist): Dist {
  // Only plain dice are ever subtracted (table expressions do not explode).
  if (d.truncated > 0) throw new RangeError('Cannot subtract a truncated (exploding) distribution');
  const p = new Float64Array(d.p.length);
  for (let k = 0; k < d.p.length; k++) p[d.p.length - 1 - k] = d.p[k]!;
  return { min: -(d.min + d.p.length - 1), p, truncated: 0, tailFrom: Infinity };
}

/** A mixture: with weight w_i the value follows d_i (the weights sum to 1). */
export function mix(parts: readonly { weight: number; dist: Dist }[]): Dist {
  const live = parts.filter((x) => x.weight > 0);
  if (!live.length) throw new RangeError('A mixture needs at least one part with weight');
  const min = Math.min(...live.map((x) => x.dist.min));
  const max = Math.max(...live.map((x) => x.dist.min + x.dist.p.length - 1));
  const p = new Float64Array(max - min + 1);
  let truncated = 0;
  let tailFrom = Infinity;
  for (const { weight, dist } of live) {
    const off = dist.min - min;
    for (let k = 0; k < dist.p.length; k++) p[off + k]! += weight * dist.p[k]!;
    truncated += weight * dist.truncated;
    if (dist.truncated > 0) tailFrom = Math.min(tailFrom, dist.tailFrom);
  }
  return { min, p, truncated, tailFrom };
}

export const probabilityOf = (d: Dist, value: number): number => d.p[value - d.min] ?? 0;

/**
 * Chance that the value is at least `threshold`. The truncated tail counts when it lies wholly at
 * or above the threshold; otherwise the answer is short by at most `truncated`.
 */
export function atLeast(d: Dist, threshold: number): number {
  let sum = 0;
  for (let k = Math.max(0, threshold - d.min); k < d.p.length; k++) sum += d.p[k]!;
  return sum + (threshold <= d.tailFrom ? d.truncated : 0);
}

export function mean(d: Dist): number {
  let m = 0;
  for (let k = 0; k < d.p.length; k++) m += (d.min + k) * d.p[k]!;
  return m;
}

export function total(d: Dist): number {
  let s = 0;
  for (let k = 0; k < d.p.length; k++) s += d.p[k]!;
  return s;
}

/** Every value with its chance, in order, leaving out impossible ones. */
export function entries(d: Dist): { value: number; p: number }[] {
  const out: { value: number; p: number }[] = [];
  for (let k = 0; k < d.p.length; k++) if (d.p[k]! > 0) out.push({ value: d.min + k, p: d.p[k]! });
  return out;
}

/**
 * a + one fair die of `sides` faces, by a running sum: O(length + sides) instead of a full
 * convolution, so 100d10000 (a million values) stays fast.
 */
export function addUniform(a: Dist, sides: number): Dist {
  const n = a.p.length + sides - 1;
  const out = new Float64Array(n);
  let window = 0;
  for (let i = 0; i < n; i++) {
    if (i < a.p.length) window += a.p[i]!;
    if (i - sides >= 0) window -= a.p[i - sides]!;
    out[i] = window / sides;
  }
  return { min: a.min + 1, p: out, truncated: a.truncated, tailFrom: a.tailFrom + 1 };
}
