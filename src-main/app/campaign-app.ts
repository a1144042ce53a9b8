// The application core shared by both hosts: one queue of commands over the open campaign, and the
// campaign file's lifecycle. Electron IPC and the web host only move bytes to `dispatch` and back;
// every command's handler lives in handlers/, one module per command prefix.
import type { Database } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import {
  contract,
  describeIssues,
  isCommandName,
  type CampaignSummary,
  type CampaignView,
  type CommandName,
  type ParsedArgsOf,
  type Push,
  type Reply,
  type ResultOf,
} from '@shared/contract.ts';
import type { PhaseView } from '@shared/phase.ts';
import type { StorageView } from '@shared/storage.ts';
import {
  CAMPAIGN_EXTENSION,
  campaignInFolder,
  CampaignFileError,
  makePrivateDir,
  openCampaignFile,
  openSqlite,
  PRIVATE_FILE_MODE,
  readCampaignName,
  withReadOnly,
} from '../db/campaign-file.ts';
import { LATEST_VERSION } from '../db/migrations.ts';
import { CheckedFiles, fileSignature } from '../db/checked-files.ts';
import { importCampaign } from '../db/campaign-import.ts';
import { firstTextProblem } from '@shared/text-hygiene.ts';
import { acquireCampaignLock, describeHolder, liveHolder, lockedMessage } from '../db/campaign-lock.ts';
import { pushHistory, RecordingWriter } from '../db/history.ts';
import { nextRollId, tieRollsToStep } from '../db/ledger.ts';
import { DEFAULT_RETENTION, pruneBackups, retentionSchema, takeBackup, type Retention } from '../db/backups.ts';
import { fullCheckInBackground, type BackgroundCheck } from '../db/integrity-check.ts';
import { attachArchive } from '../db/ledger-archive.ts';
import { judgeCampaignView } from '../views/judge-view.ts';
import { phaseView } from '../views/phase-view.ts';
import { playerView } from '../views/player-view.ts';
import { CommandFailure, DamagedSettingError } from '../state/failures.ts';
import { runPlayCommand } from '../db/play-command.ts';
import { stateReader } from '../db/play-store.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
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
import { storageHandlers } from './handlers/storage.ts';
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

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A file only this user may read (0600): campaigns and the app's own files hold a Judge's secrets. */
export function writePrivateFile(file: string, data: string): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
}

/** quick_check's report, made short: its first two problems and how many more. */
function shortCheck(detail: string): string {
  const found = detail
    .replace(/^\*\*\* in database main \*\*\*\s*/, '')
    .split('\n')
    .filter(Boolean);
  return found.slice(0, 2).join('; ') + (found.length > 2 ? `; and ${found.length - 2} more problems` : '');
}

/** SQLite's own word that the file is damaged (or no database at all). */
function isCorruption(error: unknown): boolean {
  const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
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
    ...storageHandlers(ctx),
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
  /** Counts published changes; every reply and push carries it, so the renderer can tell stale from fresh. */
  // Starts at the clock, so a restarted host's revisions still follow the ones a screen saw before.
  private revision = Date.now();
  /** The background integrity check of the open campaign. */
  private integrity: StorageView['check'] & { path: string | null } = {
    path: null,
    state: 'not-run',
    detail: '',
    at: null,
  };
  /** Files the background check found damaged (by inode: a restored file is a new one). */
  private readonly damaged = new Map<string, { ino: number; message: string }>();
  /** The backup taken as a campaign opens, copied while play goes on. */
  private pendingBackup: Promise<unknown> = Promise.resolve();
  /** The full integrity check running in the background. */
  private pendingCheck: Promise<unknown> = Promise.resolve();
  private runningCheck: BackgroundCheck | null = null;
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
    this.checks = new CheckedFiles(options.nativeBinding, (file, progress) => {
      for (const listener of this.listeners)
        listener({ type: 'checking', path: file, fileName: path.basename(file), ...progress });
    });
    this.handlers = allHandlers({
      require: () => this.require(),
      transact: (command, args, label, change) => this.transact(command, args, label, change),
      edit: (command, label, change) => this.edit(command, label, change),
      roll: (command, decide) => runPlayCommand(this.require().db, command, command, decide).value,
      state: () => this.state(),
      changed: () => this.publish(this.rebuildView()),
      view: () => this.view(),
      publish: (view) => this.publish(view),
      backup: (reason) => this.backup(reason),
      integrity: () => ({ state: this.integrity.state, detail: this.integrity.detail, at: this.integrity.at }),
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
    // A campaign to open is checked off the event loop before it joins the queue, so every other
    // command (on the campaign open now, or the list) is answered while a large file is read.
    const checked = name === 'campaign.open' ? this.checkBeforeOpen(rawArgs) : null;
    return checked ? checked.then(() => this.enqueue(name, rawArgs)) : this.enqueue(name, rawArgs);
  }

  private enqueue(name: unknown, rawArgs: unknown): Promise<Reply<unknown>> {
    const run = this.queue.then(() => this.run(name, rawArgs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The check of the file campaign.open names, once it is done; null when open() has nothing to check. */
  private checkBeforeOpen(rawArgs: unknown): Promise<void> | null {
    const parsed = contract['campaign.open'].args.safeParse(rawArgs);
    if (!parsed.success) return null;
    let file: string;
    try {
      file = campaignInFolder(this.campaignsDir, parsed.data.path);
    } catch {
      return null;
    }
    if (this.currentCampaign?.path === file || !fs.existsSync(file) || this.knownDamage(file)) return null;
    return this.checks.check(file).result.then(() => undefined);
  }

  /** The open checks of the files this app has looked at; their progress is pushed to the Judge's screens. */
  private readonly checks: CheckedFiles;

  /** Stops the checks of files being opened (campaign.cancelCheck). */
  cancelChecks(): number {
    return this.checks.cancelAll();
  }

  private async run(name: unknown, rawArgs: unknown): Promise<Reply<unknown>> {
    if (!isCommandName(name)) {
      return {
        ok: false,
        error: { code: 'unknown-command', message: `Unknown command: ${String(name).slice(0, 80)}` },
      };
    }
    // No arguments at all (an IPC call without any) are none; a `null` is not an empty object.
    const parsed = contract[name].args.safeParse(rawArgs === undefined ? {} : rawArgs);
    if (!parsed.success) {
      return { ok: false, error: { code: 'invalid-args', message: `${name}: ${describeIssues(parsed.error)}` } };
    }
    const text = firstTextProblem(parsed.data);
    if (text) return { ok: false, error: { code: 'invalid-args', message: `${name}: ${text}. Nothing was changed.` } };
    try {
      // Listing or restoring backups waits for the backup taken on open, so none is seen half-written.
      if (name.startsWith('backups.') || name === 'storage.compact') await this.pendingBackup;
      const handler = this.handlers[name] as (args: unknown) => unknown;
      const value = await handler(parsed.data);
      return { ok: true, value, revision: this.revision };
    } catch (error) {
      if (error instanceof CommandFailure) return { ok: false, error: { code: error.code, message: error.message } };
      if (error instanceof CampaignFileError)
        return { ok: false, error: { code: 'campaign-file', message: error.message } };
      const refusal = this.refusalOf(name, error);
      if (refusal) return { ok: false, error: { code: 'refused', message: refusal } };
      const message = error instanceof Error ? error.message : String(error);
      // SQLite met damage the checks had not reached yet: the campaign is closed before anything more is written.
      const file = this.currentCampaign?.path;
      if (file && isCorruption(error))
        return {
          ok: false,
          error: { code: 'campaign-file', message: this.refuseFile(file, `is damaged (${message})`) },
        };
      return { ok: false, error: { code: 'internal', message: `${name} failed: ${message}` } };
    }
  }

  /**
   * What to tell the Judge of a failure that is the world's, not the app's: another writer on the
   * campaign (its lock was broken while the holder still ran), or a file the system refused.
   */
  private refusalOf(name: CommandName, error: unknown): string | null {
    const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
    const file = this.currentCampaign ? path.basename(this.currentCampaign.path) : 'The campaign';
    if (code.startsWith('SQLITE_BUSY'))
      return `${name}: ${file} is being written by another Lichslayer Judge at this moment (its lock was broken while that one still had it open), so this change was not saved. Nothing was changed. Close the campaign in the other window, then open it again here.`;
    if (/^E[A-Z]+$/.test(code) && error instanceof Error && 'syscall' in error)
      return `${name}: the file system refused it (${code}: ${error.message.slice(0, 200)}).`;
    return null;
  }

  /** Typed call for tests and hosts that hold a command name statically. */
  async call<K extends CommandName>(
    name: K,
    args: ParsedArgsOf<K> | Record<string, unknown> = {},
  ): Promise<ResultOf<K>> {
    const reply = await this.dispatch(name, args);
    if (!reply.ok) throw new CommandFailure(reply.error.code, reply.error.message);
    return reply.value as ResultOf<K>;
  }

  // ---- the campaign file's lifecycle ----

  current(): OpenCampaign | null {
    return this.currentCampaign;
  }

  close(): void {
    // The background check lets the file go first: the app's connection, closing last, folds the
    // write-ahead log into the file and removes it (a copy of the file alone then holds everything).
    this.runningCheck?.waitUntilReleased();
    this.runningCheck = null;
    this.currentCampaign?.db.close();
    this.currentCampaign = null;
    this.backupProblem = null;
    this.retentionProblem = null;
    this.releaseLock?.();
    this.releaseLock = null;
    this.lastView = null;
    this.integrity = { path: null, state: 'not-run', detail: '', at: null };
  }

  /** First launch: a demo campaign from the starter pack, so the app shows something real at once. */
  async ensureFirstLaunch(): Promise<void> {
    if (fs.existsSync(this.settingsFile)) return;
    const starter = loadStarterCampaign(path.join(this.options.resourcesDir, 'starter', 'demo-campaign.json'));
    const file = this.freshPath(starter.campaign);
    const opened = await openCampaignFile(file, {
      create: true,
      backupDir: this.backupsDir,
      nativeBinding: this.options.nativeBinding,
    });
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
    writePrivateFile(
      this.recentFile,
      JSON.stringify(
        this.recent().filter((p) => p !== file),
        null,
        2,
      ),
    );
  }

  summary(file: string): CampaignSummary {
    let modifiedAt = '';
    try {
      modifiedAt = fs.statSync(file).mtime.toISOString();
    } catch {
      /* a missing recent file still gets listed with its problem */
    }
    const known = this.knownDamage(file);
    if (known)
      return {
        path: file,
        fileName: path.basename(file),
        modifiedAt,
        damaged: true,
        heldBy: null,
        name: null,
        problem: known,
      };
    if (this.currentCampaign?.path === file)
      return {
        path: file,
        fileName: path.basename(file),
        modifiedAt,
        damaged: false,
        heldBy: null,
        name: this.view().name,
        problem: null,
      };
    // Who holds it is asked on every listing (a lock comes and goes without the file changing).
    const holder = liveHolder(file, this.options.nativeBinding);
    const base = {
      path: file,
      fileName: path.basename(file),
      modifiedAt,
      damaged: false,
      heldBy: holder ? describeHolder(holder) : null,
    };
    // Checking a file reads all of it (quick_check, every column's largest value, every setting):
    // done once per version of the file, not on every listing (issue 16b, finding 11).
    // A file the open check refused is listed with that refusal until it changes.
    const refused = this.checks.refusal(file);
    if (refused) return { ...base, name: null, problem: refused.message, damaged: refused.problem === 'damaged' };
    const signature = fileSignature(file);
    const cached = this.summaries.get(file);
    if (cached && signature !== null && cached.signature === signature)
      return { ...cached.summary, heldBy: base.heldBy };
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
    const known = this.knownDamage(resolved);
    if (known) throw new CampaignFileError('damaged', known);
    // Every check that could refuse the file runs on a read-only look at it before anything is
    // written, the lock included: a file refused is left byte for byte as it was, side files too.
    const signature = fileSignature(resolved);
    if (signature === null && !create) throw new CampaignFileError('missing', `No campaign file at ${resolved}.`);
    if (signature !== null) {
      const checked = await this.checks.check(resolved).result;
      if (!checked.ok && checked.problem === 'cancelled') this.checks.forget(resolved);
      if (!checked.ok) throw new CampaignFileError(checked.problem, checked.message);
      const holder = liveHolder(resolved, this.options.nativeBinding);
      if (holder) throw new CampaignFileError('locked', lockedMessage(resolved, holder));
      if (!checked.empty && checked.version === LATEST_VERSION)
        withReadOnly(resolved, this.options.nativeBinding, (ro) => checkCampaignSettings(ro));
    }
    const release = acquireCampaignLock(resolved, this.options.host, this.options.nativeBinding);
    if (fileSignature(resolved) !== signature) {
      release();
      throw new CampaignFileError(
        'locked',
        `${path.basename(resolved)} changed while it was being checked (another program wrote to it), so it was not opened. Open it again to check it as it is now.`,
      );
    }
    this.checks.forget(resolved);
    let opened: Awaited<ReturnType<typeof openCampaignFile>>;
    try {
      opened = await openCampaignFile(resolved, {
        create,
        backupDir: this.backupsDir,
        nativeBinding: this.options.nativeBinding,
      });
      try {
        // Every setting is read through its schema before anything else is written or copied: a
        // damaged one is refused here, by name (and the Judge offered a good backup), never reset
        // to a default, never a crash in the middle of play.
        checkCampaignSettings(opened.db);
        // The archive is checked before anything is written: an archive refused leaves both files as they were.
        attachArchive(opened.db);
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
      // failed periodic one, until a backup succeeds. It is copied while the Judge plays.
      this.pendingBackup = this.backupOrReport('on-open', () => this.backupAsOpened(resolved));
      this.checkInBackground(resolved, opened.db);
    }
    return this.currentCampaign;
  }

  /**
   * The on-open backup: a second connection's read transaction fixes the campaign as it was opened, and its pages
   * are copied step by step while the Judge plays (a long campaign opens at once).
   */
  private async backupAsOpened(file: string): Promise<void> {
    // Writable though it only reads: should it close after the app's connection, it is the last one
    // and folds the write-ahead log back into the file, as the app's own would have.
    const snapshot = openSqlite(file, this.options.nativeBinding, { fileMustExist: true });
    try {
      snapshot.exec('BEGIN');
      snapshot.prepare(`SELECT count(*) FROM sqlite_master`).get();
      await this.backup('on-open', snapshot);
    } finally {
      snapshot.close();
    }
  }

  /** Resolves once the work started in the background (the on-open backup, the full check) is done. */
  async idle(): Promise<void> {
    await Promise.all([this.pendingBackup, this.pendingCheck]);
    await this.queue;
  }

  /** The damage the background check found in this very file (not a file restored in its place). */
  private knownDamage(file: string): string | null {
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
   * SQLite's full integrity check of the whole file, and the sizes of the growing tables' values,
   * in a worker thread. A problem found closes the campaign (after the command running, if any),
   * so nothing more is written to it, and says so.
   */
  private checkInBackground(file: string, db: Database): void {
    let ino: number;
    try {
      ino = fs.statSync(file).ino;
    } catch {
      return;
    }
    this.integrity = { path: file, state: 'running', detail: '', at: null };
    const check = fullCheckInBackground(db, file, this.options.nativeBinding);
    this.runningCheck = check;
    this.pendingCheck = check.finding.then((finding) => {
      if (this.runningCheck === check) this.runningCheck = null;
      // A finding speaks of the campaign as this opening of it held it, never of a file opened or restored since.
      if (this.currentCampaign?.db !== db) return;
      const detail =
        finding.kind === 'ok'
          ? ''
          : finding.kind === 'damaged'
            ? finding.detail
            : `a value far larger than the app ever writes, in ${finding.where}`;
      this.integrity = {
        path: file,
        state: finding.kind === 'ok' ? 'ok' : 'damaged',
        detail,
        at: new Date().toISOString(),
      };
      if (finding.kind === 'ok') return;
      const problem =
        finding.kind === 'damaged'
          ? `is damaged (SQLite integrity check: ${shortCheck(finding.detail)})`
          : `holds a value far larger than the app ever writes, in ${finding.where}`;
      // Closed between commands, never under one.
      const closeIt = this.queue.then(() => {
        if (this.currentCampaign?.db !== db) return;
        const message = this.refuseFile(file, problem, ino);
        for (const listener of this.listeners) listener({ type: 'problem', message });
      });
      this.queue = closeIt.catch(() => undefined);
    });
  }

  /**
   * Remembers a file as unfit to open (until a restored file takes its place) and closes it if it
   * is the open campaign, so nothing more is written to it; returns what to tell the Judge.
   */
  private refuseFile(file: string, problem: string, ino?: number): string {
    const message = `${path.basename(file)} ${problem}. It was closed so that nothing more is written to it: restore a backup (“Restore newest good backup” in the campaign list).`;
    try {
      this.damaged.set(file, { ino: ino ?? fs.statSync(file).ino, message });
    } catch {
      /* the file is gone: nothing to remember */
    }
    if (this.currentCampaign?.path === file) {
      this.close();
      this.publish(null);
    }
    return message;
  }

  /**
   * Brings in a campaign kept elsewhere (the desktop app's dialog, the web host's --import):
   * checked, copied into campaigns/, then opened once to migrate it and read every setting; a
   * copy that fails is removed again, so nothing is imported.
   */
  async importCampaign(source: string): Promise<string> {
    return importCampaign(
      source,
      (name) => this.freshPath(name),
      this.options.nativeBinding,
      async (copy) => {
        const opened = await openCampaignFile(copy, {
          backupDir: this.backupsDir,
          nativeBinding: this.options.nativeBinding,
        });
        try {
          checkCampaignSettings(opened.db);
        } catch (error) {
          if (error instanceof DamagedSettingError)
            throw new CampaignFileError(
              'damaged',
              `its setting “${error.key.slice(0, 60)}” is damaged (${error.reason.slice(0, 200)}). The file it came from was not changed.`,
            );
          throw error;
        } finally {
          opened.db.close();
        }
      },
    );
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
      return {
        problem: `the app's settings file ${this.settingsFile} could not be read (${(error as Error).message})`,
      };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { problem: `the app's settings file ${this.settingsFile} is damaged (it is not valid JSON)` };
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      return { problem: `the app's settings file ${this.settingsFile} is damaged (it is not a JSON object)` };
    return { settings: raw as Record<string, unknown> };
  }

  /** The retention, or why it cannot be read. */
  private readRetention(): { retention: Retention } | { problem: string } {
    const read = this.readSettings();
    if ('problem' in read) return read;
    if (read.settings.backupRetention === undefined) return { retention: DEFAULT_RETENTION };
    const parsed = retentionSchema.safeParse(read.settings.backupRetention);
    if (!parsed.success)
      return {
        problem: `the backup retention in ${this.settingsFile} is damaged (${describeIssues(parsed.error).slice(0, 200)})`,
      };
    return { retention: parsed.data };
  }

  retention(): Retention {
    const read = this.readRetention();
    if ('problem' in read)
      throw new CommandFailure(
        'refused',
        `${capitalise(read.problem)}. No backup is deleted until the retention is set again: set it below and save.`,
      );
    return read.retention;
  }

  setRetention(retention: Retention): Retention {
    const read = this.readSettings();
    if ('problem' in read && fs.existsSync(this.settingsFile)) {
      // The damaged file is kept beside, for whoever wants to see what went wrong.
      fs.renameSync(
        this.settingsFile,
        `${this.settingsFile}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`,
      );
    }
    const settings = 'settings' in read ? read.settings : {};
    writePrivateFile(this.settingsFile, JSON.stringify({ ...settings, backupRetention: retention }, null, 2));
    this.retentionProblem = null;
    if (this.currentCampaign) this.publish(this.rebuildView());
    return this.retention();
  }

  // ---- one change at a time ----

  private require(): OpenCampaign {
    if (!this.currentCampaign)
      throw new CommandFailure('no-campaign', 'No campaign is open. Open or create one first.');
    return this.currentCampaign;
  }

  private rebuildView(): CampaignView {
    const { db, path: file } = this.require();
    const view = judgeCampaignView(db, file, stateReader(db));
    const problem = [this.backupProblem, this.retentionProblem].filter((p) => p !== null).join(' ');
    this.lastView = problem ? { ...view, backupProblem: problem } : view;
    return this.lastView;
  }

  private view(): CampaignView {
    return this.lastView ?? this.rebuildView();
  }

  /**
   * Pushes one change to every screen: each view built once (the phase banner's and the players'
   * only when a screen is listening), with the change's revision.
   */
  private publish(view: CampaignView | null): void {
    this.revision++;
    if (this.listeners.size > 0) {
      const db = this.currentCampaign?.db;
      const push: Push = {
        type: 'campaign',
        view,
        revision: this.revision,
        phase: view && db ? this.phaseOrNothing(db) : null,
      };
      for (const listener of this.listeners) listener(push);
    }
    if (this.playerListeners.size === 0) return;
    const open = this.currentCampaign;
    const players: Push = { type: 'players', view: open ? playerView(open.db, stateReader(open.db)) : null };
    for (const listener of this.playerListeners) listener(players);
  }

  /** The phase banner's view; a screen that gets none asks for it (phase.view says what went wrong). */
  private phaseOrNothing(db: Database): PhaseView | undefined {
    try {
      return phaseView(stateReader(db));
    } catch {
      return undefined;
    }
  }

  /** Runs one play command: decided on the play state, applied in one transaction with its undo step, then published. */
  private transact<T>(command: CommandName, _args: unknown, label: string, decide: (ps: PlaySession) => T): T {
    const { value } = runPlayCommand(this.require().db, command, label, decide);
    this.publish(this.rebuildView());
    this.backupIfDue();
    return value;
  }

  /** Runs one Judge action as one transaction with its undo step, then publishes. */
  private edit<T>(_command: CommandName, label: string, change: (writer: RecordingWriter, db: Database) => T): T {
    const { db } = this.require();
    const result = db.transaction(() => {
      const writer = new RecordingWriter(db);
      const firstRoll = nextRollId(db);
      const value = change(writer, db);
      const step = pushHistory(db, label, writer.changes);
      if (step !== null) tieRollsToStep(db, step, firstRoll, writer.changes);
      return value;
    })();
    this.publish(this.rebuildView());
    this.backupIfDue();
    return result;
  }

  /** The play state as the last change left it. */
  private state(): PlayReader {
    return stateReader(this.require().db);
  }

  private backupIfDue(): void {
    if (Date.now() - this.lastBackupAt < CampaignApp.BACKUP_EVERY_MS) return;
    this.lastBackupAt = Date.now();
    void this.backupOrReport('periodic');
  }

  /** An automatic backup: a failure is logged and shown with the campaign until one succeeds, never dropped. */
  private async backupOrReport(
    reason: 'on-open' | 'periodic',
    take: () => Promise<unknown> = () => this.backup(reason),
  ): Promise<void> {
    const campaign = this.currentCampaign;
    try {
      await take();
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

  /** A db.backup() copy of the open campaign (or of `source`, a connection to it), kept in backups/ under the retention. */
  private async backup(reason: string, source?: Database): Promise<string | null> {
    if (!this.currentCampaign) return null;
    const campaign = this.currentCampaign;
    const made = await takeBackup(source ?? campaign.db, campaign.path, this.backupsDir, reason);
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
