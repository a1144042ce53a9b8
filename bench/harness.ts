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

export interface Benchmark {
  name: string;
  run: () => BenchResult | Promise<BenchResult>;
}
