// `npm run bench` prints a table; `npm run bench -- --json` prints one JSON array of
// {name, value, unit, baseline, ratio, target, met}; either way the missed targets are listed last,
// on stderr. `-- --only <words>` runs the benchmarks whose name contains them.
import { boardBenchmarks } from './board.bench.ts';
import { bundleBenchmarks } from './bundle.bench.ts';
import { commandBenchmarks } from './commands.bench.ts';
import { diceBenchmarks } from './dice.bench.ts';
import { judgePathBenchmarks } from './judge-path.bench.ts';
import { oddsBenchmarks } from './odds.bench.ts';
import { responsivenessBenchmarks } from './responsiveness.bench.ts';
import type { BenchResult } from './harness.ts';

const json = process.argv.includes('--json');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const results: BenchResult[] = [];
for (const bench of [
  ...bundleBenchmarks,
  ...judgePathBenchmarks,
  ...diceBenchmarks,
  ...commandBenchmarks,
  ...boardBenchmarks,
  ...oddsBenchmarks,
  ...responsivenessBenchmarks,
]) {
  if (only && !bench.name.includes(only)) continue;
  process.stderr.write(`running ${bench.name}…\n`);
  results.push(...(await bench.run()));
}
const missed = results.filter((r) => r.pass === false);
if (json) {
  // Each measure with `met`: true or false against its target, null where it has none.
  console.log(
    JSON.stringify(
      results.map(({ name, value, unit, baseline, ratio, target, pass }) => ({
        name,
        value,
        unit,
        baseline,
        ratio,
        target,
        met: pass,
      })),
    ),
  );
} else {
  for (const r of results) {
    const verdict = r.pass === null ? '' : r.pass ? '  ok' : '  MISSED';
    const base = r.baseline === null ? '' : `baseline ${String(r.baseline).padStart(10)}  ratio ${r.ratio}`;
    console.log(
      `${r.name.padEnd(34)} ${String(r.value).padStart(10)} ${r.unit.padEnd(8)} ${base}${r.target ? ` (target ${r.target})` : ''}${verdict}`,
    );
  }
}
if (missed.length) process.stderr.write(`${missed.length} target(s) missed: ${missed.map((r) => r.name).join(', ')}\n`);
