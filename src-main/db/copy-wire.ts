// What main and the copy worker say to each other: the copies of campaign files (backups, restores,
// duplicates, imports) and the one opening of a new copy, each made on the worker's own connection.
import type { CampaignFileProblem } from '../state/failures.ts';

export type CopyTask =
  /**
   * A backup of a campaign as it is now: the worker's read transaction fixes it ('pinned' is said
   * once it does, so the host may write again), then its pages are copied into the backups folder.
   */
  | { kind: 'backup'; file: string; backupsDir: string; reason: string }
  /** A file read without a trace left (a backup, an import's checked copy) copied into a new file. */
  | { kind: 'copy'; source: string; destination: string }
  /** campaign.duplicate: the copy with its ledger archive, renamed, with an undo history of its own. */
  | {
      kind: 'duplicate';
      source: string;
      target: string;
      name: string;
      backupDir: string;
      /** The source is the campaign open in this app (read through a connection of its own, not a private copy). */
      open: boolean;
    }
  /** An import's copy brought to what SQLite would read: a journal rolled back, a log folded in. */
  | { kind: 'settle'; file: string }
  /** An import's new campaign opened once: migrated, and every setting read through its schema. */
  | { kind: 'verify'; file: string; backupDir: string }
  /** A backup about to be restored, read without a trace left: SQLite's quick_check, 'ok' or not. */
  | { kind: 'health'; file: string };

export type CopyJob = CopyTask & { id: number; nativeBinding: string | undefined };

export type CopyResult =
  | { ok: true; /** The backup's file, for a backup; 'healthy' or null for a health check. */ made: string | null }
  | { ok: false; problem: CampaignFileProblem | null; message: string };

export type CopyMessage = { id: number; type: 'pinned' } | { id: number; type: 'done'; result: CopyResult };
