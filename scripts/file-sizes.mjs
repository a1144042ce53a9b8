// `npm run lint` fails when a source file passes 400 lines: a file that long holds more than one
// idea, and is split by domain instead. Tests, fixtures and generated content are not counted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const LIMIT = 400;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /^(src-main|src-shared|src-renderer|scripts|bench)\/.*\.(ts|mts|mjs|svelte)$/.test(f))
  .filter((f) => !/\.(test|spec)\.ts$|\/fixtures\/|\/test-support\//.test(f))
  .filter((f) => fs.existsSync(f));
const over = files
  .map((f) => ({ f, lines: fs.readFileSync(f, 'utf8').split('\n').length - 1 }))
  .filter((x) => x.lines > LIMIT)
  .sort((a, b) => b.lines - a.lines);
for (const { f, lines } of over) console.error(`${f}: ${lines} lines (at most ${LIMIT})`);
if (over.length) {
  console.error(`${over.length} source file${over.length === 1 ? '' : 's'} over ${LIMIT} lines: split by domain.`);
  process.exit(1);
}
console.log(`✔ every source file is at most ${LIMIT} lines (${files.length} files)`);
