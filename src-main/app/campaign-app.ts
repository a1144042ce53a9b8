// The application core shared by both hosts: one queue of commands over the open campaign, and the
// campaign file's lifecycle. Electron IPC and the web host only move bytes to `dispatch` and back;
// every command's handler lives in handlers/, one module per command prefix.
import type { Database } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { contract, describeIssues, isCommandName, type CampaignSummary, type CampaignView, type CommandName, type ParsedArgsOf, type Push, type Reply, type ResultOf } from '@shared/contract.ts';
import { CAMPAIGN_EXTENSION, CampaignFileError, openCampaignFile, readCampaignName } from '../db/campaign-file.ts';
import { acquireCampaignLock } from '../db/campaign-lock.ts';
import { pushHistory, RecordingWriter } from '../db/history.ts';
import { DEFAULT_RETENTION, pruneBackups, retentionSchema, takeBackup, type Retention } from '../db/backups.ts';
import { judgeCampaignView } from '../views/judge-view.ts';
import { playerView } from '../views/player-view.ts';
import { CommandFailure } from './command-failure.ts';
import type { AppOptions, CampaignFiles, HandlerContext, Handlers, OpenCampaign } from './handler-context.ts';
import { initialiseCampaign, insertStarterLichslayer, loadStarterCampaign } from './starter-campaign.ts';
import { ensureStarterTables } from './starter-tables.ts';
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
import { smithHandlers } from './handlers/smith.ts';
import { squareHandlers } from './handlers/square.ts';
import { tableHandlers } from './handlers/tables.ts';
import { townHandlers } from './handlers/town.ts';
import { turningHandlers } from './handlers/turning.ts';

export type { AppOptions, OpenCampaign } from './handler-context.ts';

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
    fs.mkdirSync(this.campaignsDir, { recursive: true });
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
    fs.writeFileSync(this.settingsFile, JSON.stringify({ demoCreated: new Date().toISOString() }, null, 2));
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
    fs.writeFileSync(this.recentFile, JSON.stringify(recent, null, 2));
  }

  forget(file: string): void {
    fs.writeFileSync(this.recentFile, JSON.stringify(this.recent().filter((p) => p !== file), null, 2));
  }

  summary(file: string): CampaignSummary {
    let modifiedAt = '';
    try {
      modifiedAt = fs.statSync(file).mtime.toISOString();
    } catch {
      /* a missing recent file still gets listed with its problem */
    }
    const base = { path: file, fileName: path.basename(file), modifiedAt, damaged: false };
    if (this.currentCampaign?.path === file) return { ...base, name: this.view().name, problem: null };
    try {
      return { ...base, name: readCampaignName(file, this.options.nativeBinding), problem: null };
    } catch (error) {
      const damaged = error instanceof CampaignFileError && error.problem === 'damaged';
      return { ...base, name: null, problem: error instanceof Error ? error.message : String(error), damaged };
    }
  }

  async open(file: string, create: boolean): Promise<OpenCampaign> {
    const resolved = path.resolve(file);
    if (this.currentCampaign?.path === resolved) return this.currentCampaign;
    // Taken before the file is touched: a second opener is refused, naming who holds it.
    const release = acquireCampaignLock(resolved, this.options.host);
    let opened: Awaited<ReturnType<typeof openCampaignFile>>;
    try {
      opened = await openCampaignFile(resolved, { create, backupDir: this.backupsDir, nativeBinding: this.options.nativeBinding });
      try {
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
    if (!create) {
      // Its settings are read before anything is copied: a damaged one is refused here (and
      // the Judge offered a good backup), never reset to a default or copied into a new backup.
      try {
        this.rebuildView();
      } catch (error) {
        this.close();
        throw error;
      }
    }
    this.remember(resolved);
    if (!create) {
      this.lastBackupAt = Date.now();
      await this.backup('on-open');
    }
    return this.currentCampaign;
  }

  private readSettings(): Record<string, unknown> {
    try {
      return JSON.parse(fs.readFileSync(this.settingsFile, 'utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  retention(): Retention {
    const parsed = retentionSchema.safeParse(this.readSettings().backupRetention);
    return parsed.success ? parsed.data : DEFAULT_RETENTION;
  }

  setRetention(retention: Retention): Retention {
    fs.writeFileSync(this.settingsFile, JSON.stringify({ ...this.readSettings(), backupRetention: retention }, null, 2));
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
    this.lastView = this.backupProblem ? { ...view, backupProblem: this.backupProblem } : view;
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
      const value = change(writer, db);
      pushHistory(db, label, writer.changes);
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
    const campaign = this.currentCampaign;
    void this.backup('periodic').then(
      () => this.setBackupProblem(campaign, null),
      (error: unknown) => {
        // Closing the campaign stops a backup under way: that is not a failure to report.
        if (campaign !== this.currentCampaign) return;
        const reason = error instanceof Error ? error.message : String(error);
        const message = `The automatic backup of this campaign failed (${reason}). Your play is saved in the campaign itself; make a backup by hand on the Backups screen, and check the disk and the backups folder (${this.backupsDir}).`;
        console.error(`Lichslayer Judge: ${message}`);
        this.setBackupProblem(campaign, message);
      },
    );
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
    const { db, path: file } = this.currentCampaign;
    const made = await takeBackup(db, file, this.backupsDir, reason);
    pruneBackups(this.backupsDir, file, this.retention());
    return made;
  }
}
