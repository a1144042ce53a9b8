// The open campaign's automatic backups: one as it opens (copied while the Judge plays) and one every
// fifteen minutes of activity, pruned under the retention. A failure does not stop play: it is shown
// with the campaign until a backup succeeds, never dropped.
import type { Database } from 'better-sqlite3';
import { pruneBackups, takeBackup } from '../db/backups.ts';
import { openSqlite } from '../db/campaign-file.ts';
import type { AppSettings } from './app-settings.ts';
import { capitalise } from './file-names.ts';
import type { OpenCampaign } from './handler-context.ts';

export class AutomaticBackups {
  /** Every 15 minutes of activity; a test may shorten it. */
  static EVERY_MS = 15 * 60 * 1000;
  private lastAt = 0;
  /** Why the last automatic backup failed, shown with the campaign until one succeeds. */
  private backupProblem: string | null = null;
  /** Why old backups are not pruned (settings.json is damaged), shown with the campaign until repaired. */
  private retentionProblem: string | null = null;
  /** The backup taken as a campaign opens, copied while play goes on. */
  pending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly current: () => OpenCampaign | null,
    private readonly backupsDir: string,
    private readonly settings: AppSettings,
    private readonly nativeBinding: string | undefined,
    /** A problem appeared or went: the screens show it. */
    private readonly changed: () => void,
  ) {}

  /** What the Judge is to be told with the campaign (empty when all is well). */
  problems(): string {
    return [this.backupProblem, this.retentionProblem].filter((p) => p !== null).join(' ');
  }

  /** The campaign was closed: its problems are not another's. */
  forget(): void {
    this.backupProblem = null;
    this.retentionProblem = null;
  }

  retentionRepaired(): void {
    this.retentionProblem = null;
  }

  /** A campaign opened: its backup is copied while the Judge plays. */
  opened(file: string): void {
    this.lastAt = Date.now();
    this.pending = this.orReport('on-open', () => this.asOpened(file));
  }

  ifDue(): void {
    if (Date.now() - this.lastAt < AutomaticBackups.EVERY_MS) return;
    this.lastAt = Date.now();
    void this.orReport('periodic');
  }

  /**
   * The on-open backup: a second connection's read transaction fixes the campaign as it was opened,
   * and its pages are copied step by step while the Judge plays (a long campaign opens at once).
   */
  private async asOpened(file: string): Promise<void> {
    // Writable though it only reads: should it close after the app's connection, it is the last one
    // and folds the write-ahead log back into the file, as the app's own would have.
    const snapshot = openSqlite(file, this.nativeBinding, { fileMustExist: true });
    try {
      snapshot.exec('BEGIN');
      snapshot.prepare(`SELECT count(*) FROM sqlite_master`).get();
      await this.take('on-open', snapshot);
    } finally {
      snapshot.close();
    }
  }

  private async orReport(
    reason: 'on-open' | 'periodic',
    take: () => Promise<unknown> = () => this.take(reason),
  ): Promise<void> {
    const campaign = this.current();
    try {
      await take();
      this.setBackupProblem(campaign, null);
    } catch (error) {
      // Closing the campaign stops a backup under way: that is not a failure to report.
      if (campaign !== this.current()) return;
      const why = error instanceof Error ? error.message : String(error);
      const message = `The automatic backup of this campaign ${reason === 'on-open' ? 'on opening it ' : ''}failed (${why}). Your play is saved in the campaign itself; make a backup by hand on the Backups screen, and check the disk and the backups folder (${this.backupsDir}).`;
      console.error(`Lichslayer Judge: ${message}`);
      this.setBackupProblem(campaign, message);
    }
  }

  /** A db.backup() copy of the open campaign (or of `source`, a connection to it), kept under the retention. */
  async take(reason: string, source?: Database): Promise<string | null> {
    const campaign = this.current();
    if (!campaign) return null;
    const made = await takeBackup(source ?? campaign.db, campaign.path, this.backupsDir, reason);
    const read = this.settings.readRetention();
    if ('retention' in read) {
      pruneBackups(this.backupsDir, campaign.path, read.retention);
      this.setRetentionProblem(campaign, null);
    } else {
      // Nothing is pruned on a guess: the Judge is told, and sets the retention again.
      const message = `${capitalise(read.problem)}, so no old backup was deleted. Set the retention again on the Backups screen.`;
      console.error(`Lichslayer Judge: ${message}`);
      this.setRetentionProblem(campaign, message);
    }
    return made;
  }

  private setBackupProblem(campaign: OpenCampaign | null, problem: string | null): void {
    // A campaign closed meanwhile is not shown another's problem.
    if (campaign !== this.current() || problem === this.backupProblem) return;
    this.backupProblem = problem;
    this.changed();
  }

  private setRetentionProblem(campaign: OpenCampaign, problem: string | null): void {
    if (campaign !== this.current() || problem === this.retentionProblem) return;
    this.retentionProblem = problem;
    this.changed();
  }
}
