// Benchmark harness: each benchmark times its subject and its baseline in the same process
// and reports the ratio, so the figure means the same on a slow or a busy machine.
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  ratio: number;
  target: string | null;
  pass: boolean | null;
}

/** Median nanoseconds per call over several timed batches, after a warm-up. */
export function nsPerOp(fn: () => unknown, batch = 20_000, runs = 7): number {
  let sink: unknown;
  for (let i = 0; i < batch; i++) sink = fn();
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) sink = fn();
    samples.push(Number(process.hrtime.bigint() - start) / batch);
  }
  if (sink === Symbol.for('never')) console.log(sink); // keep the result alive
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/**
 * Times subject and baseline in alternating batches and takes the median of the per-pair
 * ratios, so a hiccup of the machine hits both sides of a pair alike.
 */
export function paired(subject: () => unknown, baseline: () => unknown, batch = 20_000, pairs = 15): { subjectNs: number; baselineNs: number; ratio: number } {
  const s: number[] = [];
  const b: number[] = [];
  const r: number[] = [];
  nsPerOp(subject, batch, 1);
  nsPerOp(baseline, batch, 1);
  for (let p = 0; p < pairs; p++) {
    const x = nsPerOp(subject, batch, 1);
    const y = nsPerOp(baseline, batch, 1);
    s.push(x);
    b.push(y);
    r.push(x / y);
  }
  const median = (xs: number[]) => [...xs].sort((m, n) => m - n)[Math.floor(xs.length / 2)]!;
  return { subjectNs: median(s), baselineNs: median(b), ratio: median(r) };
}

export interface Benchmark {
  name: string;
  run: () => BenchResult | Promise<BenchResult>;
}
