// Starts the real web host (the built app) as a child process, as `npm run serve` does.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunningHost {
  url: string;
  origin: string;
  dataDir: string;
  stop: () => Promise<void>;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'lj-e2e-'));
}

export async function startHost(dataDir: string): Promise<RunningHost> {
  const child: ChildProcess = spawn(process.execPath, ['out/main/serve.js', '--data-dir', dataDir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/127\.0\.0\.1:\d+\/\?token=\w+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`web host exited with ${code}:\n${output}`)));
  });
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
