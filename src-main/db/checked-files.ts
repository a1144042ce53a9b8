// The open checks of the campaign files a host has looked at, one per version of each file: a
// campaign is opened only after the check of the very bytes it holds passed, a file refused once
// is listed with its refusal until it changes, and an unchanged file is not read twice.
import fs from 'node:fs';
import type { CheckProgress } from './open-check.ts';
import { SIDE_SUFFIXES } from './side-files.ts';
import { checkOffThread, type OpenCheckResult, type RunningCheck } from './open-check-runner.ts';

/**
 * A campaign file's version as the file system sees it: the modification time and size of it, its
 * -wal (when it holds anything) and journal, and its ledger archive with the archive's own log and
 * journal (a campaign another process has open changes its -wal first), and whether anything but a
 * regular file sits at a side file's place. null when it is not there.
 */
export function fileSignature(file: string): string | null {
  try {
    const main = fs.statSync(file);
    const version = (s: fs.Stats | undefined) => (s ? `${s.ino}.${s.size}.${s.mtime.getTime()}` : '-');
    const sides = SIDE_SUFFIXES.map((suffix) => {
      const side = fs.lstatSync(file + suffix, { throwIfNoEntry: false });
      // An empty log is no change: another process's read-only look makes one and removes it again.
      if ((suffix === '-wal' || suffix === '-ledger-wal') && side?.isFile() && side.size === 0) return '-';
      // The logs and journals hold pages SQLite reads with their file (the archive's own too, on
      // attaching it). The lock and the shared memory come and go with every opening: only what they are counts.
      if (['-wal', '-journal', '-ledger', '-ledger-wal', '-ledger-journal'].includes(suffix)) return version(side);
      return side && !side.isFile() ? 'odd' : '';
    });
    return [main.mtime.getTime(), main.size, main.ino, ...sides].join(':');
  } catch {
    return null;
  }
}

const stopped = (result: OpenCheckResult | null) => result !== null && !result.ok && result.problem === 'cancelled';

interface Entry {
  signature: string | null;
  check: RunningCheck;
  /** Set once the check is done. */
  result: OpenCheckResult | null;
}

export class CheckedFiles {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly nativeBinding: string | undefined,
    private readonly onProgress: (file: string, progress: CheckProgress) => void,
  ) {}

  /** The check of this version of `file`: the one done or under way, or a new one. */
  check(file: string): RunningCheck {
    const signature = fileSignature(file);
    const known = this.entries.get(file);
    if (known && signature !== null && known.signature === signature) return known.check;
    known?.check.cancel();
    const check = checkOffThread(file, {
      nativeBinding: this.nativeBinding,
      onProgress: (progress) => this.onProgress(file, progress),
    });
    const entry: Entry = { signature, check, result: null };
    this.entries.set(file, entry);
    void check.result.then((result) => (entry.result = result));
    return check;
  }

  /** The finished check of this version of `file`; null while it runs, or when this version was never checked. */
  outcome(file: string): OpenCheckResult | null {
    const known = this.entries.get(file);
    return known?.result && known.signature !== null && known.signature === fileSignature(file) ? known.result : null;
  }

  /** What the finished check of this version of `file` refused it for; null when none did. */
  refusal(file: string): Extract<OpenCheckResult, { ok: false }> | null {
    const known = this.entries.get(file);
    if (!known?.result || known.result.ok || stopped(known.result) || known.signature !== fileSignature(file))
      return null;
    return known.result;
  }

  /**
   * A file the app has opened (and so changes), or whose check was stopped (which says nothing of
   * it) once the open waiting on that check has answered: the next look at it checks afresh.
   */
  forget(file: string): void {
    this.entries.delete(file);
  }

  /** Stops every check under way (each open waiting on one then answers that it was stopped); how many were. */
  cancelAll(): number {
    let count = 0;
    for (const entry of this.entries.values()) {
      if (entry.result) continue;
      entry.check.cancel();
      count++;
    }
    return count;
  }
}
