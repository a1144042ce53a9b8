// The packaging step sets Electron's fuses: electron-builder's config names the afterPack hook,
// and the hook, given what electron-builder gives it, flips every fuse on the packaged binary.
// The real binary cannot be built here, so the hook runs on a stand-in that carries the fuse wire.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { tempDir } from '../../test-support/temp-app.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

describe('packaging', () => {
  it("electron-builder's config runs the fuses script on the packaged binary", async () => {
    const config = fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8');
    expect(config).toMatch(/^afterPack: scripts\/after-pack\.cjs$/m);
    expect(config).toMatch(/^asar: true$/m);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.scripts.package).toBe('electron-vite build && electron-builder --config electron-builder.yml');
    expect(pkg.devDependencies['electron-builder']).toMatch(/^\d+\.\d+\.\d+$/);

    // A stand-in Linux build: a binary with an all-defaults fuse wire where Electron keeps it.
    const appOutDir = tempDir('lj-pack-');
    const binary = path.join(appOutDir, 'lichslayer-judge');
    const wire = Buffer.from('11101001', 'latin1');
    fs.writeFileSync(
      binary,
      Buffer.concat([
        Buffer.alloc(4096, 7),
        Buffer.from(SENTINEL, 'latin1'),
        Buffer.from([1, wire.length]),
        wire,
        Buffer.alloc(4096, 7),
      ]),
    );
    const afterPack = createRequire(import.meta.url)(path.join(root, 'scripts/after-pack.cjs')) as (
      context: unknown,
    ) => Promise<void>;
    await afterPack({
      appOutDir,
      electronPlatformName: 'linux',
      packager: { appInfo: { productFilename: 'Lichslayer Judge' }, executableName: 'lichslayer-judge' },
    });

    const fuses = await getCurrentFuseWire(binary);
    expect(fuses[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(fuses[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
    expect(fuses[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(fuses[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(fuses[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(fuses[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(fuses[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
  });

  it('names the packaged binary as electron-builder lays it out on each platform', async () => {
    const { packagedBinary } = await import('../../../scripts/fuses.mjs');
    expect(
      packagedBinary({ appOutDir: '/o', electronPlatformName: 'darwin', productFilename: 'Lichslayer Judge' }),
    ).toBe(path.join('/o', 'Lichslayer Judge.app'));
    expect(
      packagedBinary({ appOutDir: '/o', electronPlatformName: 'win32', productFilename: 'Lichslayer Judge' }),
    ).toBe(path.join('/o', 'Lichslayer Judge.exe'));
    expect(
      packagedBinary({
        appOutDir: '/o',
        electronPlatformName: 'linux',
        productFilename: 'Lichslayer Judge',
        executableName: 'lichslayer-judge',
      }),
    ).toBe(path.join('/o', 'lichslayer-judge'));
  });
});
