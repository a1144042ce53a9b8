// `npm start` is quiet: in a copy of the project (its own out/, so the tests
// that use the shared build are left alone), with no display, it prints a handful of lines a
// Judge needs — building, why Electron is skipped, where the app runs — and no build output.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function projectCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lj-start-'));
  for (const entry of [
    'package.json',
    'electron.vite.config.ts',
    'tsconfig.json',
    'src-main',
    'src-shared',
    'src-renderer',
    'resources',
    'scripts',
  ]) {
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

describe('npm start', () => {
  it('prints only what a user needs: no build output, the one URL', async () => {
    const dir = projectCopy();
    const env = { ...process.env };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const child = spawn(process.execPath, ['scripts/start.mjs', '--data-dir', path.join(dir, 'data'), '--port', '0'], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.on('exit', (code) => reject(new Error(`start ended (${code}) before the host ran:\n${out}`)));
        const poll = setInterval(() => {
          if (/Campaigns live in .+\n/.test(out)) {
            clearInterval(poll);
            resolve();
          }
        }, 100);
      });
    } finally {
      child.kill('SIGTERM');
    }
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('Lichslayer Judge: building…');
    expect(lines[1]).toBe(
      'Electron cannot start here (no display: DISPLAY and WAYLAND_DISPLAY are unset); starting the web host instead.',
    );
    expect(lines.filter((l) => /running at http:\/\/127\.0\.0\.1:\d+\/\?code=\w+$/.test(l))).toHaveLength(1);
    expect(lines.some((l) => /vite|rolldown|modules transformed|built in|out\/|\.js\s+\d/i.test(l))).toBe(false);
    expect(lines.length).toBeLessThanOrEqual(6);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 300_000);
});

describe('the Node version the project asks for', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
  const engines = (name: string) =>
    (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
        engines: { node: string };
      }
    ).engines.node;

  it('engines is what the build and test tools need (vite, electron-vite), and the running Node meets it', () => {
    expect(pkg.engines.node).toBe(engines('vite'));
    expect(pkg.engines.node).toBe(engines('electron-vite'));
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    expect(major > 22 || (major === 22 && minor >= 12) || (major === 20 && minor >= 19)).toBe(true);
  });

  it('.nvmrc names a Node the desktop tools accept (electron, @electron/fuses: >= 22.12), and the README says both', () => {
    const nvm = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
    expect(engines('electron')).toBe('>= 22.12.0');
    expect(engines('@electron/fuses')).toBe('>=22.12.0');
    const [major, minor = 99] = nvm.replace(/^v/, '').split('.').map(Number) as [number, number?];
    expect(major > 22 || (major === 22 && minor >= 12)).toBe(true);
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('Node.js 22.12');
    expect(readme).toContain('Node.js 20.19');
    expect(readme).toMatch(/C\+\+ toolchain/);
  });
});
