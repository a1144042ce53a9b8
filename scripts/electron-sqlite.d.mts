// Types for scripts/electron-sqlite.mjs (plain JavaScript so `npm start` runs it before any build).
export declare const TOOLCHAIN_HINT: Record<'win32' | 'darwin' | 'linux', string>;
export declare function electronSqliteTarget(root: string, electronVersion: string): string;
export interface PlanStep {
  route: 'prebuilt' | 'compile';
  command: string;
  args: string[];
  cwd: string;
  needs?: string;
}
export declare function electronSqlitePlan(o: {
  platform: string;
  arch: string;
  electronVersion: string;
  workDir: string;
  prebuildInstall: string;
  nodeGyp: string;
  node: string;
}): PlanStep[];
export declare function resolveTools(root: string): { sqliteDir: string; prebuildInstall: string; nodeGyp: string };
export declare function ensureElectronSqlite(
  root: string,
  electronVersion: string,
  say?: (line: string) => void,
): string | null;
