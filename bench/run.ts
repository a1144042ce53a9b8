// `npm run bench` prints a table; `npm run bench -- --json` prints one JSON array of
// {name, value, unit, baseline, ratio, target}.
import { rulesBenchmarks } from './rules.bench.ts';
import { tableBenchmarks } from './tables.bench.ts';
import { boardBenchmarks } from './board.bench.ts';
import { oddsBenchmarks } from './odds.bench.ts';
import type { BenchResult } from './harness.ts';

const json = process.argv.includes('--json');
const results: BenchResult[] = [];
for (const bench of [...rulesBenchmarks, ...tableBenchmarks, ...boardBenchmarks, ...oddsBenchmarks]) {
  if (!json) process.stderr.write(`running ${bench.name}…\n`);
  results.push(await bench.run());
}
if (json) {
  console.log(JSON.stringify(results.map(({ name, value, unit, baseline, ratio, target }) => ({ name, value, unit, baseline, ratio, target }))));
} else {
  for (const r of results) {
    const verdict = r.pass === null ? '' : r.pass ? '  ok' : '  MISSED';
    console.log(`${r.name.padEnd(20)} ${String(r.value).padStart(12)} ${r.unit.padEnd(8)} baseline ${String(r.baseline).padStart(12)}  ratio ${r.ratio}${r.target ? ` (target ${r.target})` : ''}${verdict}`);
  }
}
