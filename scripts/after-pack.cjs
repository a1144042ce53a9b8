// electron-builder's afterPack hook: every packaged Lichslayer Judge gets its fuses set before
// it is signed or wrapped in an installer (see scripts/fuses.mjs for which, and why).
module.exports = async function afterPack(context) {
  const { packagedBinary, setFuses } = await import('./fuses.mjs');
  await setFuses(
    packagedBinary({
      appOutDir: context.appOutDir,
      electronPlatformName: context.electronPlatformName,
      productFilename: context.packager.appInfo.productFilename,
      executableName: context.packager.executableName,
    }),
  );
};
