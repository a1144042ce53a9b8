import { judgePathBenchmarks } from './judge-path.bench.ts';
for (const b of judgePathBenchmarks.slice(Number(process.argv[2] ?? 0), Number(process.argv[3] ?? 3)))
  console.log(await b.run());
