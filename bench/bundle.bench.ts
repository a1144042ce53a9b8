// The renderer bundle as `npm run build` leaves it in out/renderer (the bench script builds first):
// its JavaScript, minified, and never the validation library (zod stays in main).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from './grown-campaign.ts';
import { result, type Benchmark } from './harness.ts';

export const bundleBenchmarks: Benchmark[] = [
  {
    name: 'renderer bundle size',
    run: async () => {
      const assets = path.join(ROOT, 'out/renderer/assets');
      const scripts = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
      if (scripts.length === 0) throw new Error('No renderer bundle in out/renderer: run `npm run build` first.');
      const code = scripts.map((f) => fs.readFileSync(path.join(assets, f)));
      const text = Buffer.concat(code).toString('utf8');
      // zod's own error class and its schema marker: either means the validation library shipped.
      if (/ZodError|\$ZodType|_zod/.test(text))
        throw new Error(
          'The renderer bundle contains zod: a renderer module imports a value from a shared module that builds schemas.',
        );
      const bytes = code.reduce((n, b) => n + b.length, 0);
      const gzipped = code.reduce((n, b) => n + zlib.gzipSync(b).length, 0);
      // The baseline is what travels: the same bundle gzipped.
      return [
        result(
          'renderer-bundle-minified-no-zod',
          bytes / 1024,
          gzipped / 1024,
          'kB',
          'minified, no zod (checked); baseline = gzipped',
        ),
      ];
    },
  },
];
