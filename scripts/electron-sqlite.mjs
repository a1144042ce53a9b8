// better-sqlite3 for Electron's ABI, got the way the ecosystem gets native modules: its prebuilt
// binary first (prebuild-install, which better-sqlite3 itself installs with), and a compile with
// node-gyp only when no prebuilt binary fits. Both tools are found through Node's module
// resolution and run by this Node, never through a hard-coded npm or node-gyp path or a shell,
// so the same steps work on Windows, macOS and Linux. The result lives in .electron-native/,
// apart from the Node build the tests use.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What a compile needs on each platform, said when neither route worked. */
export const TOOLCHAIN_HINT = {
  win32: 'Visual Studio Build Tools with "Desktop development with C++", and Python 3',
  darwin: 'the Xcode command line tools (xcode-select --install) and Python 3',
  linux: 'a C++ compiler, make and Python 3 (Debian/Ubuntu: apt install build-essential python3)',
};

/** Where the Electron build of the driver is kept for one Electron version. */
export function electronSqliteTarget(root, electronVersion) {
  return path.join(root, '.electron-native', electronVersion, 'better_sqlite3.node');
}

/**
 * The steps that get the driver for Electron, in order: the first that leaves
 * build/Release/better_sqlite3.node in `workDir` wins.
 * @param {{ platform: string, arch: string, electronVersion: string, workDir: string, prebuildInstall: string, nodeGyp: string, node: string }} o
 */
export function electronSqlitePlan(o) {
  const target = `--target=${o.electronVersion}`;
  const arch = `--arch=${o.arch}`;
  return [
    {
      route: 'prebuilt',
      command: o.node,
      args: [o.prebuildInstall, '--runtime=electron', target, arch, `--platform=${o.platform}`],
      cwd: o.workDir,
    },
    {
      route: 'compile',
      command: o.node,
      args: [
        o.nodeGyp,
        'rebuild',
        '--release',
        '--runtime=electron',
        target,
        arch,
        '--dist-url=https://electronjs.org/headers',
      ],
      cwd: o.workDir,
      needs: TOOLCHAIN_HINT[o.platform] ?? TOOLCHAIN_HINT.linux,
    },
  ];
}

/** The tools, resolved as Node resolves them: prebuild-install from better-sqlite3's own dependencies. */
export function resolveTools(root) {
  const fromRoot = createRequire(path.join(root, 'package.json'));
  const sqliteDir = path.dirname(fromRoot.resolve('better-sqlite3/package.json'));
  const fromSqlite = createRequire(path.join(sqliteDir, 'package.json'));
  return {
    sqliteDir,
    prebuildInstall: fromSqlite.resolve('prebuild-install/bin.js'),
    nodeGyp: fromRoot.resolve('node-gyp/bin/node-gyp.js'),
  };
}

/**
 * Ensures the Electron build exists; returns null when it does, or why it could not be had.
 * @param {string} root @param {string} electronVersion @param {(line: string) => void} say
 */
export function ensureElectronSqlite(root, electronVersion, say = console.log) {
  const target = electronSqliteTarget(root, electronVersion);
  if (fs.existsSync(target)) return null;
  const tools = resolveTools(root);
  const workDir = path.join(root, '.electron-native', 'build-src');
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.cpSync(tools.sqliteDir, workDir, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}build${path.sep}`),
  });
  const built = path.join(workDir, 'build', 'Release', 'better_sqlite3.node');
  const plan = electronSqlitePlan({
    platform: process.platform,
    arch: process.arch,
    electronVersion,
    workDir,
    node: process.execPath,
    ...tools,
  });
  for (const step of plan) {
    say(
      step.route === 'prebuilt'
        ? `Fetching the database driver's prebuilt binary for Electron ${electronVersion}…`
        : 'No prebuilt binary fits: compiling the database driver for Electron…',
    );
    const result = spawnSync(step.command, step.args, { cwd: step.cwd, stdio: 'ignore' });
    if (result.status === 0 && fs.existsSync(built)) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(built, target);
      fs.rmSync(workDir, { recursive: true, force: true });
      return null;
    }
  }
  fs.rmSync(workDir, { recursive: true, force: true });
  return `the database driver could not be had for Electron: no prebuilt binary could be downloaded, and compiling it needs ${plan[1].needs}`;
}
