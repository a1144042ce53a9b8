// How big the campaign is and how long it keeps its past: what the Backups screen shows, and the
// two numbers of sessions the Judge sets (undo kept in the campaign; ledger kept in the campaign
// file, older sessions moved to the ledger archive beside it).
import { z } from 'zod';

export const storageKeepSchema = z.strictObject({
  /** Undo reaches back over this many sessions, the current one included. */
  undoSessions: z.number().int().min(1, { error: 'Keep undo for at least the current session' }).max(1000),
  /** The ledger of this many sessions stays in the campaign file; older sessions go to the archive. */
  ledgerSessions: z
    .number()
    .int()
    .min(1, { error: 'Keep at least the current session in the campaign file' })
    .max(1000),
});
export type StorageKeep = z.output<typeof storageKeepSchema>;

export interface StorageView {
  /** The campaign file with its write-ahead log, in bytes. */
  campaignBytes: number;
  /** The ledger archive beside it (null when no session has been archived). */
  archiveBytes: number | null;
  /** The whole backups folder (every campaign's backups, safety copies and archives), in bytes. */
  backupsBytes: number;
  backupsFiles: number;
  session: number;
  historySteps: number;
  ledgerEntries: number;
  archivedEntries: number;
  keep: StorageKeep;
  /** The full integrity check of the open campaign, run in the background after it opened. */
  check: { state: 'not-run' | 'running' | 'ok' | 'damaged'; detail: string; at: string | null };
  /** What the last compaction did, when the Judge ran one. */
  compacted?: { undoDropped: number; stepsRemoved: number; entriesArchived: number };
}
