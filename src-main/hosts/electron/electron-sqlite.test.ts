// How `npm start` gets better-sqlite3 for Electron on each platform: the prebuilt binary first
// (prebuild-install, as better-sqlite3 installs itself), a node-gyp compile only as the fallback,
// both run by Node itself from paths Node's resolution finds (no npm or node-gyp path written in,
// no shell, so no .cmd shims on Windows), and a fallback message that names the toolchain.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import {
  electronSqlitePlan,
  electronSqliteTarget,
  resolveTools,
  TOOLCHAIN_HINT,
} from '../../../scripts/electron-sqlite.mjs';
import { electronNativeBinding } from './native-binding.ts';
import { tempDir } from '../../test-support/temp-app.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe("better-sqlite3 for Electron's ABI", () => {
  it('finds its tools through module resolution: prebuild-install from better-sqlite3, node-gyp from the project', () => {
    const tools = resolveTools(root);
    expect(fs.existsSync(tools.prebuildInstall)).toBe(true);
    expect(fs.existsSync(tools.nodeGyp)).toBe(true);
    expect(tools.prebuildInstall).toMatch(/prebuild-install[/\\]bin\.js$/);
    expect(tools.nodeGyp).toMatch(/node-gyp[/\\]bin[/\\]node-gyp\.js$/);
    expect(fs.readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8')).not.toMatch(
      /lib\/node_modules\/npm|npm_config_node_gyp/,
    );
  });

  const cases = [
    {
      platform: 'win32',
      arch: 'x64',
      node: 'C:\\Program Files\\nodejs\\node.exe',
      workDir: 'C:\\Users\\judge\\lj\\.electron-native\\build-src',
      toolchain: /Visual Studio Build Tools/,
    },
    {
      platform: 'darwin',
      arch: 'arm64',
      node: '/opt/homebrew/bin/node',
      workDir: '/Users/judge/lj/.electron-native/build-src',
      toolchain: /xcode-select --install/,
    },
    {
      platform: 'linux',
      arch: 'x64',
      node: '/usr/bin/node',
      workDir: '/home/judge/lj/.electron-native/build-src',
      toolchain: /build-essential/,
    },
  ] as const;

  for (const c of cases) {
    it(`on ${c.platform}-${c.arch}: the prebuilt binary first, a compile as the fallback`, () => {
      const plan = electronSqlitePlan({
        platform: c.platform,
        arch: c.arch,
        electronVersion: '45.5.0',
        workDir: c.workDir,
        node: c.node,
        prebuildInstall: 'PREBUILD/bin.js',
        nodeGyp: 'GYP/bin/node-gyp.js',
      });
      expect(plan.map((s) => s.route)).toEqual(['prebuilt', 'compile']);
      expect(plan[0]).toEqual({
        route: 'prebuilt',
        command: c.node,
        args: [
          'PREBUILD/bin.js',
          '--runtime=electron',
          '--target=45.5.0',
          `--arch=${c.arch}`,
          `--platform=${c.platform}`,
        ],
        cwd: c.workDir,
      });
      expect(plan[1]).toMatchObject({
        route: 'compile',
        command: c.node,
        args: [
          'GYP/bin/node-gyp.js',
          'rebuild',
          '--release',
          '--runtime=electron',
          '--target=45.5.0',
          `--arch=${c.arch}`,
          '--dist-url=https://electronjs.org/headers',
        ],
        cwd: c.workDir,
      });
      expect(plan[1]!.needs).toMatch(c.toolchain);
      expect(plan[1]!.needs).toBe(TOOLCHAIN_HINT[c.platform]);
    });
  }

  it('the Electron build is kept apart, and the app loads it only once it is there', () => {
    const project = tempDir('lj-native-');
    const target = electronSqliteTarget(project, '45.5.0');
    expect(target).toBe(path.join(project, '.electron-native', '45.5.0', 'better_sqlite3.node'));
    expect(electronNativeBinding(project, '45.5.0')).toBeUndefined();
    expect(electronNativeBinding(project, undefined)).toBeUndefined();
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, '');
    expect(electronNativeBinding(project, '45.5.0')).toBe(target);
  });
});
