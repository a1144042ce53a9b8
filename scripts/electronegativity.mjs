// Runs @doyensec/electronegativity over the built Electron main and preload code (and the
// renderer's index.html for its CSP), then fails on any finding not explained in
// security/electronegativity-explained.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lj-eneg-'));
const copy = (from, to) => fs.copyFileSync(path.join(root, from), path.join(work, to));
copy('out/main/index.js', 'main.js');
copy('out/preload/index.cjs', 'preload.js');
for (const f of fs.readdirSync(path.join(root, 'out/main/chunks'))) copy(`out/main/chunks/${f}`, `chunk-${f}`);
copy('out/renderer/index.html', 'index.html');

const electron = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const csv = path.join(work, 'findings.csv');
// On a loaded machine electronegativity's CSV writer sometimes overwrites the start of the first
// row with the header (two writes racing); a row that does not begin with a check's name is run again.
const wellFormed = () =>
  fs
    .readFileSync(csv, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .every((line) => /^[A-Z_]+_CHECK,/.test(line));
let run;
for (let attempt = 0; attempt < 3; attempt++) {
  fs.rmSync(csv, { force: true });
  run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/@doyensec/electronegativity/dist/index.js'),
      '-i',
      work,
      '-e',
      electron,
      '-o',
      csv,
      '-v',
      'false',
      '-r',
    ],
    { encoding: 'utf8' },
  );
  if (!fs.existsSync(csv) || wellFormed()) break;
}
if (!fs.existsSync(csv)) {
  console.error(`electronegativity did not run:\n${run.stdout}\n${run.stderr}`);
  process.exit(1);
}

const parseLine = (line) =>
  [...line.matchAll(/("([^"]*)"|[^,]*)(,|$)/g)].map((m) => (m[2] ?? m[1]).trim()).slice(0, -1);
const findings = fs
  .readFileSync(csv, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map(parseLine)
  .map(([check, severity, confidence, file, location, sample]) => ({
    check,
    severity,
    confidence,
    file: path.basename(file ?? ''),
    location,
    sample,
  }));
const explained = JSON.parse(fs.readFileSync(path.join(root, 'security/electronegativity-explained.json'), 'utf8'));
const unexplained = findings.filter(
  (f) => !explained.some((e) => e.check === f.check && (e.sample === undefined || (f.sample ?? '').includes(e.sample))),
);
for (const f of findings) {
  const why = explained.find(
    (e) => e.check === f.check && (e.sample === undefined || (f.sample ?? '').includes(e.sample)),
  );
  console.log(
    `${why ? 'explained' : 'UNEXPLAINED'}: ${f.check} (${f.severity}) ${f.file}:${f.location}${why ? ` — ${why.why}` : ''}`,
  );
}
console.log(
  `electronegativity: ${findings.length} findings, ${findings.length - unexplained.length} explained, ${unexplained.length} unexplained`,
);
fs.rmSync(work, { recursive: true, force: true });
process.exit(unexplained.length ? 1 : 0);
