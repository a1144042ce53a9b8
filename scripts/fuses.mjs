// Flips Electron's fuses on a packaged Lichslayer Judge (Electron security checklist): no
// ELECTRON_RUN_AS_NODE, no NODE_OPTIONS or --inspect, cookies encrypted, the app loaded only
// from its asar with integrity checked. `npm run package` runs it on every packaged binary
// (electron-builder's afterPack hook, scripts/after-pack.cjs); by hand:
//   node scripts/fuses.mjs <path to the packaged Electron binary or .app>
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';

export const FUSES = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

/** The packaged binary electron-builder left in appOutDir, per platform. */
export function packagedBinary({ appOutDir, electronPlatformName, productFilename, executableName }) {
  const suffix = { darwin: '.app', mas: '.app', win32: '.exe' }[electronPlatformName] ?? '';
  // Linux names its binary after the executable name, the others after the product.
  const name = electronPlatformName === 'linux' ? (executableName ?? productFilename) : productFilename;
  return path.join(appOutDir, `${name}${suffix}`);
}

export async function setFuses(binary) {
  // Re-signing ad hoc keeps an arm64 macOS build launchable after its fuses change.
  await flipFuses(binary, { ...FUSES, resetAdHocDarwinSignature: binary.endsWith('.app') });
  console.log(`Fuses set on ${binary}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const binary = process.argv[2];
  if (!binary) {
    console.error('Usage: node scripts/fuses.mjs <path to the packaged Electron binary>');
    process.exit(2);
  }
  await setFuses(binary);
}
