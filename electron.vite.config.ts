import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { resolve } from 'node:path';

const alias = { '@shared': resolve('src-shared') };

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          // The Electron shell and the plain-Node web host share every module but the host.
          index: resolve('src-main/hosts/electron/main.ts'),
          serve: resolve('src-main/hosts/web/serve.ts'),
          // The Odds lab's dive simulator runs on a worker thread of its own (src-main/odds/sim-runner.ts).
          'dive-sim-worker': resolve('src-main/odds/dive-sim-worker.ts'),
          // A campaign file is checked on a worker thread of its own before it is opened (src-main/db/open-check-runner.ts).
          'open-check-worker': resolve('src-main/app/open-check-worker.ts'),
          // Backups, restores, duplicates and imports are copied on a worker thread of their own (src-main/db/copy-runner.ts).
          'copy-worker': resolve('src-main/app/copy-worker.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be one self-contained CommonJS file (zod included).
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        input: { index: resolve('src-main/hosts/electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    resolve: { alias },
    plugins: [svelte()],
    build: {
      outDir: resolve('out/renderer'),
      // Minified; the bench reports the size. Validation (zod) stays in main: the renderer imports
      // only the zod-free vocabulary modules of src-shared.
      minify: true,
      rolldownOptions: { input: resolve('src-renderer/index.html') },
    },
  },
});
