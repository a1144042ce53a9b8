// The last line of defence in both hosts: an exception nothing caught (a library that throws from
// a timer, as xstate does with an actor it cannot restore) would otherwise end the process and
// every Judge's and player's connection with it.
//
// The choice: log it in full (stderr and a log file), then keep serving, because what such an
// exception can interrupt is known to be safe to abandon: every change to a campaign is one
// synchronous SQLite transaction (a throw inside it rolls it back, so no campaign is ever left
// half-written), and the command queue is a promise chain that a lost callback cannot stall.
// An exception that keeps coming is not a one-off but a broken process: past a handful in a
// minute the host logs that and ends with a failure code, so a supervisor (or the Judge) sees
// it, rather than serving on in a state nobody understands.
import fs from 'node:fs';
import path from 'node:path';

export interface LastResortOptions {
  /** Where the full report goes besides stderr (created 0600 in a 0700 folder). */
  logFile: string;
  /** How the process ends when errors keep coming. */
  exit: (code: number) => void;
  /** How many uncaught errors within `windowMs` still count as one-offs. */
  tolerated?: number;
  windowMs?: number;
  now?: () => number;
}

/** The exit code when uncaught errors keep coming (EX_SOFTWARE). */
export const CRASH_EXIT_CODE = 70;

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  try {
    return `A non-error value was thrown: ${JSON.stringify(error)}`;
  } catch {
    return `A non-error value was thrown: ${String(error)}`;
  }
}

/**
 * What to do with one uncaught error: returns 'serve' or 'exit'. Logs it either way. Exported
 * apart from the process hook so the policy can be called directly.
 */
export function lastResortHandler(options: LastResortOptions): (error: unknown, origin: string) => 'serve' | 'exit' {
  const tolerated = options.tolerated ?? 5;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const recent: number[] = [];
  return (error, origin) => {
    const at = now();
    recent.push(at);
    while (recent.length && recent[0]! <= at - windowMs) recent.shift();
    const verdict = recent.length > tolerated ? 'exit' : 'serve';
    const report = [
      `[${new Date(at).toISOString()}] Lichslayer Judge: an error nothing caught (${origin}).`,
      describe(error),
      verdict === 'serve'
        ? 'The host keeps serving: no campaign change was half-made (each is one transaction). If this repeats, restart the app and report it with this log.'
        : `${recent.length} such errors within ${Math.round(windowMs / 1000)} s: the host stops (exit code ${CRASH_EXIT_CODE}) rather than serve on in a state nobody understands. Restart it, and report this log.`,
      '',
    ].join('\n');
    process.stderr.write(report);
    try {
      fs.mkdirSync(path.dirname(options.logFile), { recursive: true, mode: 0o700 });
      fs.appendFileSync(options.logFile, report, { mode: 0o600 });
    } catch {
      /* stderr has it; a log folder we cannot write is no reason to stop */
    }
    if (verdict === 'exit') options.exit(CRASH_EXIT_CODE);
    return verdict;
  };
}

/** Installs the handler on this process (uncaught exceptions, and unhandled rejections, which Node turns into them). */
export function installLastResort(options: LastResortOptions): void {
  const handle = lastResortHandler(options);
  process.on('uncaughtException', (error, origin) => {
    handle(error, origin);
  });
}
