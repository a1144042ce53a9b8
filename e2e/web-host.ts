// Starts the real web host (the built app) as a child process, as `npm run serve` does.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunningHost {
  /** Opens the Judge's page with the token (for specs that open many pages). */
  url: string;
  /** The one-time link the host printed, unused. */
  printedUrl: string;
  /** The players' screen link this launch printed. */
  playersUrl: string;
  origin: string;
  dataDir: string;
  stop: () => Promise<void>;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'lj-e2e-'));
}

/** Starts the host; a port of 0 takes any free one (a restart may ask for the port it had); extraArgs such as --players-on-lan. */
export async function startHost(dataDir: string, port = 0, extraArgs: string[] = []): Promise<RunningHost> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['out/main/serve.js', '--data-dir', dataDir, '--port', String(port), ...extraArgs],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/127\.0\.0\.1:\d+\/\?code=\w+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`web host exited with ${code}:\n${output}`)));
  });
  const players =
    /Players' screen \(read-only\): (\S+)/.exec(output)?.[1] ??
    (await new Promise<string>((resolve) => {
      child.stdout?.on('data', () => {
        const m = /Players' screen \(read-only\): (\S+)/.exec(output);
        if (m?.[1]) resolve(m[1]);
      });
    }));
  // The printed link opens one window; the specs open many, so they trade its code for the token
  // once, as the page would, and open the app with the token (which the page drops from the address).
  const origin = new URL(url).origin;
  const code = new URL(url).searchParams.get('code');
  const exchanged = (await (
    await fetch(`${origin}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    })
  ).json()) as { value: { token: string } };
  // The host then prints a fresh link for another window: kept, unused, for the specs of the link itself.
  const printedUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host printed no fresh link:\n${output}`)), 20_000);
    const look = () => {
      const fresh = /another window: (http:\/\/127\.0\.0\.1:\d+\/\?code=\w+)/.exec(output);
      if (!fresh?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', look);
      resolve(fresh[1]);
    };
    child.stdout?.on('data', look);
    look();
  });
  return {
    url: `${origin}/?token=${exchanged.value.token}`,
    printedUrl,
    playersUrl: players,
    origin,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
