// The application core shared by both hosts: one queue of commands over the open campaign, and the
// campaign file's lifecycle. Electron IPC and the web host only move bytes to `dispatch` and back;
// every command's handler lives in handlers/, one module per command prefix.
import type { Database } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { contract, describeIssues, isCommandName, type CampaignSummary, type CampaignView, type CommandName, type ParsedArgsOf, type Push, type Reply, type ResultOf } from '@shared/contract.ts';
import { CAMPAIGN_EXTENSION, CampaignFileError, importCampaign, makePrivateDir, openCampaignFile, PRIVATE_FILE_MODE, readCampaignName, withReadOnly } from '../db/campaign-file.ts';
import { LATEST_VERSION } from '../db/migrations.ts';
import { acquireCampaignLock, describeHolder, liveHolder } from '../db/campaign-lock.ts';
import { pushHistory, RecordingWriter } from '../db/history.ts';
import { nextRollId, tieRollsToStep } from '../db/ledger.ts';
import { DamagedSettingError } from '../db/settings.ts';
import { DEFAULT_RETENTION, pruneBackups, retentionSchema, takeBackup, type Retention } from '../db/backups.ts';
import { judgeCampaignView } from '../views/judge-view.ts';
import { playerView } from '../views/player-view.ts';
import { CommandFailure } from './command-failure.ts';
import type { AppOptions, CampaignFiles, HandlerContext, Handlers, OpenCampaign } from './handler-context.ts';
import { initialiseCampaign, insertStarterLichslayer, loadStarterCampaign } from './starter-campaign.ts';
import { ensureStarterTables } from './starter-tables.ts';
import { checkCampaignSettings } from './campaign-settings.ts';
import { appHandlers } from './handlers/app.ts';
import { backupsHandlers } from './handlers/backups.ts';
import { boardHandlers, playersHandlers } from './handlers/board.ts';
import { campaignHandlers } from './handlers/campaign.ts';
import { challengeHandlers } from './handlers/challenge.ts';
import { fightHandlers } from './handlers/fight.ts';
import { forestHandlers } from './handlers/forest.ts';
import { historyHandlers } from './handlers/history.ts';
import { houseRulesHandlers } from './handlers/house-rules.ts';
import { idolHandlers } from './handlers/idol.ts';
import { journalHandlers } from './handlers/journal.ts';
import { diceHandlers, ledgerHandlers } from './handlers/ledger.ts';
import { lichslayerHandlers } from './handlers/lichslayer.ts';
import { lootHandlers } from './handlers/loot.ts';
import { oddsHandlers } from './handlers/odds.ts';
import { phaseHandlers } from './handlers/phase.ts';
import { printHandlers } from './handlers/print.ts';
import { retainerHandlers } from './handlers/retainer.ts';
import { skillHandlers } from './handlers/skill.ts';
import { ailmentHandlers } from './handlers/ailment.ts';
import { smithHandlers } from './handlers/smith.ts';
import { squareHandlers } from './handlers/square.ts';
import { tableHandlers } from './handlers/tables.ts';
import { townHandlers } from './handlers/town.ts';
import { turningHandlers } from './handlers/turning.ts';

export type { AppOptions, OpenCampaign } from './handler-context.ts';

/**
 * A campaign file's version as the file system sees it: its and its -wal's modification time and
 * size (a campaign another process has open changes its -wal first). null when it is not there.
 */
function fileSignature(file: string): string | null {
  try {
    const main = fs.statSync(file);
    const wal = fs.statSync(file + '-wal', { throwIfNoEntry: false });
    return [main.mtime.getTime(), main.size, main.ino, wal?.mtime.getTime() ?? '-', wal?.size ?? '-'].join(':');
  } catch {
    return null;
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A file only this user may read (0600): campaigns and the app's own files hold a Judge's secrets. */
export function writePrivateFile(file: string, data: string): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
}

export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w\- ]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 48);
  return cleaned || 'campaign';
}

/** Every command's handler, assembled from the modules of each command prefix. */
function allHandlers(ctx: HandlerContext): Handlers {
  return {
    ...appHandlers(ctx),
    ...campaignHandlers(ctx),
    ...lichslayerHandlers(ctx),
    ...townHandlers(ctx),
    ...smithHandlers(ctx),
    ...retainerHandlers(ctx),
    ...squareHandlers(ctx),
    ...idolHandlers(ctx),
    ...forestHandlers(ctx),
    ...lootHandlers(ctx),
    ...skillHandlers(ctx),
    ...ailmentHandlers(ctx),
    ...journalHandlers(ctx),
    ...houseRulesHandlers(ctx),
    ...tableHandlers(ctx),
    ...ledgerHandlers(ctx),
    ...diceHandlers(ctx),
    ...boardHandlers(ctx),
    ...playersHandlers(ctx),
    ...phaseHandlers(ctx),
    ...turningHandlers(ctx),
    ...fightHandlers(ctx),
    ...challengeHandlers(ctx),
    ...printHandlers(ctx),
    ...backupsHandlers(ctx),
    ...historyHandlers(ctx),
    ...oddsHandlers(ctx),
  };
}

export class CampaignApp implements CampaignFiles {
  readonly campaignsDir: string;
  readonly backupsDir: string;
  private readonly recentFile: string;
  private readonly settingsFile: string;
  private currentCampaign: OpenCampaign | null = null;
  /** Gives back the open campaign's lock (one process owns a campaign at a time). */
  private releaseLock: (() => void) | null = null;
  /** The Judge's view as the last change left it: built once per change, read by every reply. */
  private lastView: CampaignView | null = null;
  private readonly listeners = new Set<(push: Push) => void>();
  private readonly playerListeners = new Set<(push: Push) => void>();
  /** When the open campaign was last backed up (every 15 minutes of activity). */
  private lastBackupAt = 0;
  /** Every 15 minutes of activity; a test may shorten it. */
  static BACKUP_EVERY_MS = 15 * 60 * 1000;
  /** One command at a time: every Judge action is one transaction, acknowledged after commit. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly handlers: Handlers;

  constructor(readonly options: AppOptions) {
    this.campaignsDir = path.join(options.dataDir, 'campaigns');
    this.backupsDir = path.join(options.dataDir, 'backups');
    this.recentFile = path.join(options.dataDir, 'recent.json');
    this.settingsFile = path.join(options.dataDir, 'settings.json');
    // The data folder and its campaigns are the Judge's alone (issue 16b, finding 12).
    makePrivateDir(this.campaignsDir);
    this.handlers = allHandlers({
      require: () => this.require(),
      transact: (command, args, label, change) => this.transact(command, args, label, change),
      changed: () => this.publish(this.rebuildView()),
      view: () => this.view(),
      publish: (view) => this.publish(view),
      backup: (reason) => this.backup(reason),
      files: this,
      options,
    });
  }

  subscribe(listener: (push: Push) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Players' screens get only the players' view, computed apart from the Judge's. */
  subscribePlayers(listener: (push: Push) => void): () => void {
    this.playerListeners.add(listener);
    return () => this.playerListeners.delete(listener);
  }

  /** Validates the command name and arguments, then runs the handler. Never throws. */
  dispatch(name: unknown, rawArgs: unknown): Promise<Reply<unknown>> {
    const run = this.queue.then(() => this.run(name, rawArgs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(name: unknown, rawArgs: unknown): Promise<Reply<unknown>> {
    if (!isCommandName(name)) {
      return { ok: false, error: { code: 'unknown-command', message: `Unknown command: ${String(name).slice(0, 80)}` } };
    }
    const parsed = contract[name].args.safeParse(rawArgs ?? {});
    if (!parsed.success) {
      return { ok: false, error: { code: 'invalid-args', message: `${name}: ${describeIssues(parsed.error)}` } };
    }
    try {
      const handler = this.handlers[name] as (args: unknown) => unknown;
      const value = await handler(parsed.data);
      return { ok: true, value };
    } catch (error) {
      if (error instanceof CommandFailure) return { ok: false, error: { code: error.code, message: error.message } };
      if (error instanceof CampaignFileError) return { ok: false, error: { code: 'campaign-file', message: error.message } };
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { code: 'internal', message: `${name} failed: ${message}` } };
    }
  }

  /** Typed call for tests and hosts that hold a command name statically. */
  async call<K extends CommandName>(name: K, args: ParsedArgsOf<K> | Record<string, unknown> = {}): Promise<ResultOf<K>> {
    const reply = await this.dispatch(name, args);
    if (!reply.ok) throw new CommandFailure(reply.error.code, reply.error.message);
    return reply.value as ResultOf<K>;
  }

  // ---- the campaign file's lifecycle ----

  current(): OpenCampaign | null {
    return this.currentCampaign;
  }

  close(): void {
    this.currentCampaign?.db.close();
    this.currentCampaign = null;
    this.backupProblem = null;
    this.retentionProblem = null;
    this.releaseLock?.();
    this.releaseLock = null;
    this.lastView = null;
  }

  /** First launch: a demo campaign from the starter pack, so the app shows something real at once. */
  async ensureFirstLaunch(): Promise<void> {
    if (fs.existsSync(this.settingsFile)) return;
    const starter = loadStarterCampaign(path.join(this.options.resourcesDir, 'starter', 'demo-campaign.json'));
    const file = this.freshPath(starter.campaign);
    const opened = await openCampaignFile(file, { create: true, backupDir: this.backupsDir, nativeBinding: this.options.nativeBinding });
    try {
      opened.db.transaction(() => {
        initialiseCampaign(opened.db, starter.campaign, starter.town);
        const writer = new RecordingWriter(opened.db);
        starter.lichslayers.forEach((l, i) => insertStarterLichslayer(writer, l, i));
      })();
      ensureStarterTables(opened.db, this.options.resourcesDir);
    } finally {
      opened.db.close();
    }
    writePrivateFile(this.settingsFile, JSON.stringify({ demoCreated: new Date().toISOString() }, null, 2));
  }

  freshPath(name: string): string {
    const base = safeFileName(name);
    let file = path.join(this.campaignsDir, base + CAMPAIGN_EXTENSION);
    for (let n = 2; fs.existsSync(file); n++) file = path.join(this.campaignsDir, `${base}-${n}${CAMPAIGN_EXTENSION}`);
    return file;
  }

  recent(): string[] {
    try {
      const raw: unknown = JSON.parse(fs.readFileSync(this.recentFile, 'utf8'));
      return Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : [];
    } catch {
      return [];
    }
  }

  private remember(file: string): void {
    const recent = [file, ...this.recent().filter((p) => p !== file)].slice(0, 20);
    writePrivateFile(this.recentFile, JSON.stringify(recent, null, 2));
  }

  forget(file: string): void {
    writePrivateFile(this.recentFile, JSON.stringify(this.recent().filter((p) => p !== file), null, 2));
  }

  summary(file: string): CampaignSummary {
    let modifiedAt = '';
    try {
      modifiedAt = fs.statSync(file).mtime.toISOString();
    } catch {
      /* a missing recent file still gets listed with its problem */
    }
    if (this.currentCampaign?.path === file) return { path: file, fileName: path.basename(file), modifiedAt, damaged: false, heldBy: null, name: this.view().name, problem: null };
    // Who holds it is asked on every listing (a lock comes and goes without the file changing).
    const holder = liveHolder(file, this.options.nativeBinding);
    const base = { path: file, fileName: path.basename(file), modifiedAt, damaged: false, heldBy: holder ? describeHolder(holder) : null };
    // Checking a file reads all of it (quick_check, every column's largest value, every setting):
    // done once per version of the file, not on every listing (issue 16b, finding 11).
    const signature = fileSignature(file);
    const cached = this.summaries.get(file);
    if (cached && signature !== null && cached.signature === signature) return { ...cached.summary, heldBy: base.heldBy };
    const summary = this.checkedSummary(file, base);
    if (signature !== null) this.summaries.set(file, { signature, summary });
    return summary;
  }

  /** What the campaign list says of a closed campaign, after every check opening it would make. */
  private checkedSummary(file: string, base: Omit<CampaignSummary, 'name' | 'problem'>): CampaignSummary {
    try {
      const name = readCampaignName(file, this.options.nativeBinding);
      // Its settings too, so a damaged one is listed with the repair offer before it is opened.
      withReadOnly(file, this.options.nativeBinding, (ro) => {
        if (ro.pragma('user_version', { simple: true }) === LATEST_VERSION) checkCampaignSettings(ro);
      });
      return { ...base, name, problem: null };
    } catch (error) {
      const damaged = error instanceof CampaignFileError && error.problem === 'damaged';
      return { ...base, name: null, problem: error instanceof Error ? error.message : String(error), damaged };
    }
  }

  /** Summaries of closed campaigns, each with the file signature it was checked at. */
  private readonly summaries = new Map<string, { signature: string; summary: CampaignSummary }>();

  async open(file: string, create: boolean): Promise<OpenCampaign> {
    const resolved = path.resolve(file);
    if (this.currentCampaign?.path === resolved) return this.currentCampaign;
    // Taken before the file is touched: a second opener is refused, naming who holds it.
    const release = acquireCampaignLock(resolved, this.options.host, this.options.nativeBinding);
    let opened: Awaited<ReturnType<typeof openCampaignFile>>;
    try {
      opened = await openCampaignFile(resolved, { create, backupDir: this.backupsDir, nativeBinding: this.options.nativeBinding });
      try {
        // Every setting is read through its schema before anything else is written or copied: a
        // damaged one is refused here, by name (and the Judge offered a good backup), never reset
        // to a default, never a crash in the middle of play.
        checkCampaignSettings(opened.db);
        ensureStarterTables(opened.db, this.options.resourcesDir);
      } catch (error) {
        opened.db.close();
        throw error;
      }
    } catch (error) {
      release();
      throw error;
    }
    this.close();
    this.currentCampaign = { path: resolved, db: opened.db };
    this.releaseLock = release;
    // Whatever fails from here on, the campaign is not left open (and locked) behind an error.
    try {
      if (!create) this.rebuildView();
      this.remember(resolved);
    } catch (error) {
      this.close();
      throw error;
    }
    if (!create) {
      this.lastBackupAt = Date.now();
      // A backup that fails on opening does not stop play: it is shown with the campaign, like a
      // failed periodic one, until a backup succeeds.
      await this.backupOrReport('on-open');
    }
    return this.currentCampaign;
  }

  /**
   * Brings in a campaign kept elsewhere (the desktop app's dialog, the web host's --import):
   * checked, copied into campaigns/, then opened once to migrate it and read every setting; a
   * copy that fails is removed again, so nothing is imported.
   */
  async importCampaign(source: string): Promise<string> {
    return importCampaign(source, (name) => this.freshPath(name), this.options.nativeBinding, async (copy) => {
      const opened = await openCampaignFile(copy, { backupDir: this.backupsDir, nativeBinding: this.options.nativeBinding });
      try {
        checkCampaignSettings(opened.db);
      } catch (error) {
        if (error instanceof DamagedSettingError) throw new CampaignFileError('damaged', `its setting “${error.key.slice(0, 60)}” is damaged (${error.reason.slice(0, 200)}). The file it came from was not changed.`);
        throw error;
      } finally {
        opened.db.close();
      }
    });
  }

  /**
   * settings.json, the app's own preferences (the backup retention). Missing is empty; damaged is
   * a problem reported by name, never silently replaced by defaults: a default retention could
   * delete backups the Judge chose to keep (issue 16b, finding 6).
   */
  private readSettings(): { settings: Record<string, unknown> } | { problem: string } {
    let text: string;
    try {
      text = fs.readFileSync(this.settingsFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: {} };
      return { problem: `the app's settings file ${this.settingsFile} could not be read (${(error as Error).message})` };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { problem: `the app's settings file ${this.settingsFile} is damaged (it is not valid JSON)` };
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { problem: `the app's settings file ${this.settingsFile} is damaged (it is not a JSON object)` };
    return { settings: raw as Record<string, unknown> };
  }

  /** The retention, or why it cannot be read. */
  private readRetention(): { retention: Retention } | { problem: string } {
    const read = this.readSettings();
    if ('problem' in read) return read;
    if (read.settings.backupRetention === undefined) return { retention: DEFAULT_RETENTION };
    const parsed = retentionSchema.safeParse(read.settings.backupRetention);
    if (!parsed.success) return { problem: `the backup retention in ${this.settingsFile} is damaged (${describeIssues(parsed.error).slice(0, 200)})` };
    return { retention: parsed.data };
  }

  retention(): Retention {
    const read = this.readRetention();
    if ('problem' in read) throw new CommandFailure('refused', `${capitalise(read.problem)}. No backup is deleted until the retention is set again: set it below and save.`);
    return read.retention;
  }

  setRetention(retention: Retention): Retention {
    const read = this.readSettings();
    if ('problem' in read && fs.existsSync(this.settingsFile)) {
      // The damaged file is kept beside, for whoever wants to see what went wrong.
      fs.renameSync(this.settingsFile, `${this.settingsFile}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    }
    const settings = 'settings' in read ? read.settings : {};
    writePrivateFile(this.settingsFile, JSON.stringify({ ...settings, backupRetention: retention }, null, 2));
    this.retentionProblem = null;
    if (this.currentCampaign) this.publish(this.rebuildView());
    return this.retention();
  }

  // ---- one change at a time ----

  private require(): OpenCampaign {
    if (!this.currentCampaign) throw new CommandFailure('no-campaign', 'No campaign is open. Open or create one first.');
    return this.currentCampaign;
  }

  private rebuildView(): CampaignView {
    const { db, path: file } = this.require();
    const view = judgeCampaignView(db, file);
    const problem = [this.backupProblem, this.retentionProblem].filter((p) => p !== null).join(' ');
    this.lastView = problem ? { ...view, backupProblem: problem } : view;
    return this.lastView;
  }

  private view(): CampaignView {
    return this.lastView ?? this.rebuildView();
  }

  private publish(view: CampaignView | null): void {
    for (const listener of this.listeners) listener({ type: 'campaign', view });
    if (this.playerListeners.size === 0) return;
    const players: Push = { type: 'players', view: this.currentCampaign ? playerView(this.currentCampaign.db) : null };
    for (const listener of this.playerListeners) listener(players);
  }

  /** Runs one Judge action as one transaction with its undo step and action-log row, then publishes. */
  private transact<T>(command: CommandName, args: unknown, label: string, change: (writer: RecordingWriter, db: Database) => T): T {
    const { db } = this.require();
    const result = db.transaction(() => {
      const writer = new RecordingWriter(db);
      const firstRoll = nextRollId(db);
      const value = change(writer, db);
      const step = pushHistory(db, label, writer.changes);
      if (step !== null) tieRollsToStep(db, step, firstRoll, writer.changes);
      db.prepare(`INSERT INTO action_log (at, command, args) VALUES (?, ?, ?)`).run(new Date().toISOString(), command, JSON.stringify(args));
      return value;
    })();
    this.publish(this.rebuildView());
    this.backupIfDue();
    return result;
  }

  private backupIfDue(): void {
    if (Date.now() - this.lastBackupAt < CampaignApp.BACKUP_EVERY_MS) return;
    this.lastBackupAt = Date.now();
    void this.backupOrReport('periodic');
  }

  /** An automatic backup: a failure is logged and shown with the campaign until one succeeds, never dropped. */
  private async backupOrReport(reason: 'on-open' | 'periodic'): Promise<void> {
    const campaign = this.currentCampaign;
    try {
      await this.backup(reason);
      this.setBackupProblem(campaign, null);
    } catch (error) {
      // Closing the campaign stops a backup under way: that is not a failure to report.
      if (campaign !== this.currentCampaign) return;
      const why = error instanceof Error ? error.message : String(error);
      const message = `The automatic backup of this campaign ${reason === 'on-open' ? 'on opening it ' : ''}failed (${why}). Your play is saved in the campaign itself; make a backup by hand on the Backups screen, and check the disk and the backups folder (${this.backupsDir}).`;
      console.error(`Lichslayer Judge: ${message}`);
      this.setBackupProblem(campaign, message);
    }
  }

  /** Why the last automatic backup failed, shown with the campaign until one succeeds. */
  private backupProblem: string | null = null;

  private setBackupProblem(campaign: OpenCampaign | null, problem: string | null): void {
    // A campaign closed meanwhile is not shown another's problem.
    if (campaign !== this.currentCampaign || problem === this.backupProblem) return;
    this.backupProblem = problem;
    this.publish(this.rebuildView());
  }

  /** A db.backup() copy of the open campaign, kept in backups/ under the retention. */
  private async backup(reason: string): Promise<string | null> {
    if (!this.currentCampaign) return null;
    const campaign = this.currentCampaign;
    const made = await takeBackup(campaign.db, campaign.path, this.backupsDir, reason);
    const read = this.readRetention();
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

  /** Why old backups are not pruned (settings.json is damaged), shown with the campaign until repaired. */
  private retentionProblem: string | null = null;

  private setRetentionProblem(campaign: OpenCampaign, problem: string | null): void {
    if (campaign !== this.currentCampaign || problem === this.retentionProblem) return;
    this.retentionProblem = problem;
    this.publish(this.rebuildView());
  }
}
