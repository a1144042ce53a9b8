// Where things live on disk, shared by both hosts.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Default data folder for the web host: under the XDG data home, as desktop Linux expects. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME)
      ? env.XDG_DATA_HOME
      : path.join(os.homedir(), '.local', 'share');
  return path.join(base, 'lichslayer-judge');
}

/** The built app's folders, found relative to the bundled main file (out/main/*.js). */
export function builtPaths(moduleUrl: string): { rendererDir: string; resourcesDir: string; preload: string } {
  const here = path.dirname(fileURLToPath(moduleUrl));
  return {
    rendererDir: path.resolve(here, '../renderer'),
    resourcesDir: path.resolve(here, '../../resources'),
    preload: path.resolve(here, '../preload/index.cjs'),
  };
}
