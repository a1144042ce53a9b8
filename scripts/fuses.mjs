// Flips Electron's fuses on a packaged Lichslayer Judge (Electron security checklist): no
// ELECTRON_RUN_AS_NODE, no NODE_OPTIONS or --inspect, cookies encrypted, the app loaded only
// from its asar with integrity checked. Usage: node scripts/fuses.mjs <path to the packaged electron binary>
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';

const binary = process.argv[2];
if (!binary) {
  console.error('Usage: node scripts/fuses.mjs <path to the packaged Electron binary>');
  process.exit(2);
}
await flipFuses(binary, {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
});
console.log(`Fuses set on ${binary}`);
