// The open campaign's full integrity check, run in a worker while the Judge plays, and the files it
// found damaged (remembered by inode: a backup restored in a file's place is a new file). A finding
// closes the campaign between commands, so nothing more is written to it, and the Judge is told.
import type { Database } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { StorageView } from '@shared/storage.ts';
import { fullCheckInBackground, type BackgroundCheck } from '../db/integrity-check.ts';
import { shortCheck } from './command-errors.ts';

export class IntegrityWatch {
  private state: StorageView['check'] & { path: string | null } = {
    path: null,
    state: 'not-run',
    detail: '',
    at: null,
  };
  private readonly damaged = new Map<string, { ino: number; message: string }>();
  private running: BackgroundCheck | null = null;
  /** The full check under way, for whoever waits until the app is idle. */
  pending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly nativeBinding: string | undefined,
    /** Whether this connection is still the open campaign's (a finding speaks of no other). */
    private readonly stillOpen: (db: Database) => boolean,
    /** Closes the damaged campaign once the command running (if any) is done, and tells the Judge. */
    private readonly refuse: (file: string, problem: string, ino: number) => void,
    /** The check came to its end: the screens showing it are told, so none stays on “checking”. */
    private readonly settled: (check: StorageView['check']) => void,
  ) {}

  /** How far the check of the open campaign has got. */
  view(): StorageView['check'] {
    return { state: this.state.state, detail: this.state.detail, at: this.state.at };
  }

  /** The damage found in this very file, if any. */
  knownDamage(file: string): string | null {
    const known = this.damaged.get(file);
    if (!known) return null;
    try {
      if (fs.statSync(file).ino === known.ino) return known.message;
    } catch {
      /* gone: nothing to refuse */
    }
    this.damaged.delete(file);
    return null;
  }

  /**
   * Remembers a file as unfit to open until a restored file takes its place; returns what to tell
   * the Judge.
   */
  remember(file: string, problem: string, ino?: number): string {
    const message = `${path.basename(file)} ${problem}. It was closed so that nothing more is written to it: restore a backup (“Restore newest good backup” in the campaign list).`;
    try {
      this.damaged.set(file, { ino: ino ?? fs.statSync(file).ino, message });
    } catch {
      /* the file is gone: nothing to remember */
    }
    return message;
  }

  /** SQLite's full integrity check of the whole file, and the sizes of the growing tables' values. */
  start(file: string, db: Database): void {
    let ino: number;
    try {
      ino = fs.statSync(file).ino;
    } catch {
      return;
    }
    this.state = { path: file, state: 'running', detail: '', at: null };
    const check = fullCheckInBackground(db, file, this.nativeBinding);
    this.running = check;
    this.pending = check.finding.then((finding) => {
      if (this.running === check) this.running = null;
      // A finding speaks of the campaign as this opening of it held it, never of a file opened or restored since.
      if (!this.stillOpen(db)) return;
      const detail =
        finding.kind === 'ok'
          ? ''
          : finding.kind === 'damaged'
            ? finding.detail
            : `a value far larger than the app ever writes, in ${finding.where}`;
      this.state = {
        path: file,
        state: finding.kind === 'ok' ? 'ok' : 'damaged',
        detail,
        at: new Date().toISOString(),
      };
      this.settled(this.view());
      if (finding.kind === 'ok') return;
      this.refuse(
        file,
        finding.kind === 'damaged'
          ? `is damaged (SQLite integrity check: ${shortCheck(finding.detail)})`
          : `holds a value far larger than the app ever writes, in ${finding.where}`,
        ino,
      );
    });
  }

  /** The campaign is closing: the check lets the file go first (the app's connection closes last). */
  stop(): void {
    this.running?.waitUntilReleased();
    this.running = null;
    this.state = { path: null, state: 'not-run', detail: '', at: null };
  }
}
