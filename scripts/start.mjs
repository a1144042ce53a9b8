// `npm start`: build the app, then launch Electron. Where Electron cannot start (no binary,
// no display) say so in one line and run the web host instead, so the app runs everywhere.
// Quiet by design: the build's own output is kept back and shown only if the build fails, so the
// lines a Judge sees are the ones that matter (where the app is, or what went wrong).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ensureElectronSqlite } from './electron-sqlite.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const extraArgs = process.argv.slice(2);

function run(cmd, args, options = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
}

console.log('Lichslayer Judge: building…');
const build = run(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}${build.error ? `${build.error.message}\n` : ''}`);
  console.error('The build failed: the messages above say where.');
  process.exit(build.status ?? 1);
}

/** Returns why Electron cannot run here, or null with the binary path and version. */
function electronProblem() {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'no display: DISPLAY and WAYLAND_DISPLAY are unset' };
  }
  // electron's index.js fetches its binary on first use; run it apart so a failure stays quiet.
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: root,
    encoding: 'utf8',
    timeout: 180_000,
  });
  const binary = probe.stdout?.trim();
  if (probe.status !== 0 || !binary || !fs.existsSync(binary)) {
    return { reason: 'its binary is missing and could not be downloaded' };
  }
  const version = require('electron/package.json').version;
  return { binary, version };
}

function startWebHost(reason) {
  console.log(`Electron cannot start here (${reason}); starting the web host instead.`);
  const child = spawn(process.execPath, [path.join(root, 'out/main/serve.js'), ...extraArgs], {
    cwd: root,
    stdio: 'inherit',
  });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code) => process.exit(code ?? 0));
}

const electron = electronProblem();
if (electron.reason) {
  startWebHost(electron.reason);
} else {
  const sqliteProblem = ensureElectronSqlite(root, electron.version);
  if (sqliteProblem) {
    startWebHost(sqliteProblem);
  } else {
    const child = spawn(electron.binary, [root], { cwd: root, stdio: 'inherit' });
    const startedAt = Date.now();
    child.on('exit', (code) => {
      // A crash at launch (missing libraries, no GPU) falls back; a normal quit just ends.
      if (code !== 0 && Date.now() - startedAt < 5000) startWebHost(`it exited at launch with code ${code}`);
      else process.exit(code ?? 0);
    });
  }
}
