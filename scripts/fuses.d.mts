// Types for scripts/fuses.mjs.
export declare const FUSES: Record<string | number, unknown>;
export declare function packagedBinary(o: {
  appOutDir: string;
  electronPlatformName: string;
  productFilename: string;
  executableName?: string;
}): string;
export declare function setFuses(binary: string): Promise<void>;
