// The renderer bundle as `npm run build` leaves it in out/renderer (the bench script builds first):
// the JavaScript a Judge's screen loads on opening (the scripts index.html names and every module
// they import statically), minified, and never the validation library (zod stays in main). The
// chunks fetched only when a screen is first opened (the Odds lab and its charts, the tables, the
// ledger…) are reported apart.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from './grown-campaign.ts';
import { result, type Benchmark } from './harness.ts';

/** The scripts loaded on opening: those index.html names, and what they import statically, in turn. */
function loadedOnOpening(renderer: string): Set<string> {
  const html = fs.readFileSync(path.join(renderer, 'index.html'), 'utf8');
  const todo = [...html.matchAll(/<script[^>]*src="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(renderer, file), 'utf8');
    // Static imports only (`from"./x.js"`, `import"./x.js"`); `import("./x.js")` waits for its screen.
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) todo.push(`assets/${m[1]}`);
  }
  return seen;
}

export const bundleBenchmarks: Benchmark[] = [
  {
    name: 'renderer bundle size',
    run: async () => {
      const renderer = path.join(ROOT, 'out/renderer');
      const assets = path.join(renderer, 'assets');
      const scripts = fs.existsSync(assets) ? fs.readdirSync(assets).filter((f) => f.endsWith('.js')) : [];
      if (scripts.length === 0) throw new Error('No renderer bundle in out/renderer: run `npm run build` first.');
      const all = scripts.map((f) => fs.readFileSync(path.join(assets, f)));
      // zod's own error class and its schema marker: either means the validation library shipped.
      if (/ZodError|\$ZodType|_zod/.test(Buffer.concat(all).toString('utf8')))
        throw new Error(
          'The renderer bundle contains zod: a renderer module imports a value from a shared module that builds schemas.',
        );
      const opening = [...loadedOnOpening(renderer)].map((f) => fs.readFileSync(path.join(renderer, f)));
      const kb = (files: Buffer[]) => files.reduce((n, b) => n + b.length, 0) / 1024;
      const gzipped = (files: Buffer[]) => files.reduce((n, b) => n + zlib.gzipSync(b).length, 0) / 1024;
      // The baseline is what travels: the same scripts gzipped.
      return [
        result(
          'renderer-bundle-on-opening-minified',
          kb(opening),
          gzipped(opening),
          'KiB',
          '≤ 450 KiB minified, no zod (checked); baseline = gzipped',
          (_r, v) => v <= 450,
        ),
        result(
          'renderer-bundle-all-chunks-minified',
          kb(all),
          gzipped(all),
          'KiB',
          'every chunk, the ones fetched when a screen opens included; baseline = gzipped',
        ),
      ];
    },
  },
];
