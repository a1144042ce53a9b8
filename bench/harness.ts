// Benchmark harness. Each benchmark times the app's own path (a command through its handler, a
// drop in Chromium, the web host starting) beside a baseline timed in the same run, and reports
// value and baseline as medians (or the percentile named) with ratio = value / baseline, so the
// three figures always agree with each other.
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline: number | null;
  ratio: number | null;
  target: string | null;
  /** Whether the target was met (null when the benchmark has no target). */
  pass: boolean | null;
}

export interface Benchmark {
  name: string;
  run: () => Promise<BenchResult[]>;
}

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) throw new Error('No samples');
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const median = (xs: readonly number[]): number => percentile(xs, 50);

/** Rounds a figure for the report: three significant digits. */
export function round(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(x))));
  return Number(x.toFixed(digits));
}

/** A result whose ratio is computed from the very value and baseline it reports. */
export function result(
  name: string,
  value: number,
  baseline: number | null,
  unit: string,
  target: string | null,
  pass: (ratio: number | null, value: number) => boolean | null = () => null,
): BenchResult {
  const v = round(value);
  const b = baseline === null ? null : round(baseline);
  const ratio = b === null || b === 0 ? null : round(v / b);
  return { name, value: v, unit, baseline: b, ratio, target, pass: pass(ratio, v) };
}

/** Milliseconds one call takes, awaited. */
export async function timeOnce(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Times subject and baseline alternately, `samples` calls each after `warmup` calls of each, so
 * whatever else the machine is doing falls on both alike. Returns every sample in milliseconds.
 */
export async function interleaved(
  subject: () => unknown,
  baseline: () => unknown,
  samples: number,
  warmup = 5,
): Promise<{ subject: number[]; baseline: number[] }> {
  for (let i = 0; i < warmup; i++) {
    await subject();
    await baseline();
  }
  const s: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < samples; i++) {
    // Alternate which goes first, so neither always follows the other's cache misses.
    if (i % 2 === 0) {
      s.push(await timeOnce(subject));
      b.push(await timeOnce(baseline));
    } else {
      b.push(await timeOnce(baseline));
      s.push(await timeOnce(subject));
    }
  }
  return { subject: s, baseline: b };
}

/**
 * A tail percentile robust to a shared machine: the median, over rounds, of each round's
 * percentile, so one burst of someone else's load does not decide it.
 */
export function roundsPercentile(rounds: readonly (readonly number[])[], p: number): number {
  return median(rounds.map((r) => percentile(r, p)));
}

/** Milliseconds per call of a fast synchronous function: the median of batches. */
export function msPerCall(fn: () => unknown, batch: number, batches: number): number[] {
  let sink: unknown;
  const out: number[] = [];
  for (let r = 0; r < batches; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) sink = fn();
    out.push(Number(process.hrtime.bigint() - start) / 1e6 / batch);
  }
  if (sink === Symbol.for('never')) console.log(sink); // keeps the result alive
  return out;
}
