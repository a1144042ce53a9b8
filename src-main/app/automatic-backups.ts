// The open campaign's automatic backups: one as it opens (copied on the copy worker while the Judge
// plays) and one every fifteen minutes of activity, pruned under the retention. A failure does not
// stop play: it is shown with the campaign until a backup succeeds, never dropped.
import { pruneBackups, takeBackup } from '../db/backups.ts';
import { copyOffThread } from '../db/copy-runner.ts';
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

  /**
   * A campaign opened: its backup is copied on the copy worker while the Judge plays. Settles once
   * the worker's read transaction has fixed the campaign as it was opened (or the backup failed),
   * so nothing written after the opening is in it.
   */
  opened(file: string): Promise<void> {
    this.lastAt = Date.now();
    const copy = this.start('on-open', file);
    this.pending = this.orReport('on-open', () => this.kept(copy.result, file));
    return copy.pinned;
  }

  ifDue(): void {
    if (Date.now() - this.lastAt < AutomaticBackups.EVERY_MS) return;
    this.lastAt = Date.now();
    void this.orReport('periodic', () => this.takeOnHost('periodic'));
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
      // Closing the campaign stops a periodic backup under way: that is not a failure to report.
      if (campaign !== this.current()) return;
      const why = error instanceof Error ? error.message : String(error);
      const message = `The automatic backup of this campaign ${reason === 'on-open' ? 'on opening it ' : ''}failed (${why}). Your play is saved in the campaign itself; make a backup by hand on the Backups screen, and check the disk and the backups folder (${this.backupsDir}).`;
      console.error(`Lichslayer Judge: ${message}`);
      this.setBackupProblem(campaign, message);
    }
  }

  /**
   * A db.backup() copy of the open campaign, made on the copy worker and kept under the retention;
   * the command that asks for it (by hand, before a restore) waits for it, so it ends before any close.
   */
  async take(reason: string): Promise<string | null> {
    const campaign = this.current();
    if (!campaign) return null;
    return this.kept(this.start(reason, campaign.path).result, campaign.path);
  }

  /**
   * A periodic backup, copied from the app's own connection: closing the campaign stops it, so the
   * app's connection is the last to let the file go and folds its write-ahead log back in.
   */
  private async takeOnHost(reason: string): Promise<string | null> {
    const campaign = this.current();
    if (!campaign) return null;
    return this.kept(takeBackup(campaign.db, campaign.path, this.backupsDir, reason), campaign.path);
  }

  private start(reason: string, file: string) {
    return copyOffThread({ kind: 'backup', file, backupsDir: this.backupsDir, reason }, this.nativeBinding);
  }

  /** The backup once made, then the retention applied to the campaign's backups. */
  private async kept(made: Promise<string | null>, file: string): Promise<string | null> {
    const campaign = this.current();
    const backup = await made;
    const read = this.settings.readRetention();
    if ('retention' in read) {
      pruneBackups(this.backupsDir, file, read.retention);
      if (campaign) this.setRetentionProblem(campaign, null);
    } else {
      // Nothing is pruned on a guess: the Judge is told, and sets the retention again.
      const message = `${capitalise(read.problem)}, so no old backup was deleted. Set the retention again on the Backups screen.`;
      console.error(`Lichslayer Judge: ${message}`);
      if (campaign) this.setRetentionProblem(campaign, message);
    }
    return backup;
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
