// The application core shared by both hosts: one queue of commands over the open campaign, and the
// campaign file's lifecycle. Electron IPC and the web host only move bytes to `dispatch` and back;
// every command's handler lives in handlers/, one module per command prefix.
import type { Database } from 'better-sqlite3';
import path from 'node:path';
import type { CampaignSummary, CommandName, ParsedArgsOf, Push, Reply, ResultOf } from '@shared/contract.ts';
import { CampaignFileError, makePrivateDir, openCampaignFile, type InspectedFile } from '../db/campaign-file.ts';
import { LATEST_VERSION } from '../db/migrations.ts';
import { CheckedFiles, fileSignature } from '../db/checked-files.ts';
import { acquireCampaignLock, liveHolder, lockedMessage } from '../db/campaign-lock.ts';
import type { RecordingWriter } from '../db/history.ts';
import { type Retention } from '../db/backups.ts';
import { attachArchive } from '../db/ledger-archive.ts';
import { CommandFailure } from '../state/failures.ts';
import { answer } from './command-answer.ts';
import { createDemoCampaign, freshCampaignPath, importCopy, warmOpening } from './campaign-intake.ts';
import { Screens } from './screens.ts';
import { IntegrityWatch } from './integrity-watch.ts';
import { AppSettings } from './app-settings.ts';
import { AutomaticBackups } from './automatic-backups.ts';
import { CampaignListing } from './campaign-listing.ts';
import { DuplicateCopies, type StagedCopy } from './duplicate-copies.ts';
import { RecentCampaigns } from './recent-campaigns.ts';
import { runEdit, runPlayCommand } from '../db/play-command.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { AppOptions, CampaignFiles, Handlers, OpenCampaign } from './handler-context.ts';
import { ensureStarterTables } from './starter-tables.ts';
import { checkCampaignSettings } from './campaign-settings.ts';
import { allHandlers } from './all-handlers.ts';
import { endGoneLinks, restoreKeptLinks } from './handlers/private.ts';
export type { AppOptions, OpenCampaign } from './handler-context.ts';

export class CampaignApp implements CampaignFiles {
  readonly campaignsDir: string;
  readonly backupsDir: string;
  private readonly recents: RecentCampaigns;
  private readonly settings: AppSettings;
  private readonly backups: AutomaticBackups;
  private readonly listing: CampaignListing;
  private readonly copies: DuplicateCopies;
  private currentCampaign: OpenCampaign | null = null;
  /** Gives back the open campaign's lock (one process owns a campaign at a time). */
  private releaseLock: (() => void) | null = null;
  /** What the screens are shown, built once per change and pushed after each reply. */
  private readonly screens = new Screens(
    () => this.currentCampaign,
    () => this.backups.problems(),
  );
  /** The open campaign's full integrity check, and the files it found damaged. */
  private readonly integrity: IntegrityWatch;
  /** One command at a time: every Judge action is one transaction, acknowledged after commit. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly handlers: Handlers;

  constructor(readonly options: AppOptions) {
    this.campaignsDir = path.join(options.dataDir, 'campaigns');
    this.backupsDir = path.join(options.dataDir, 'backups');
    this.recents = new RecentCampaigns(path.join(options.dataDir, 'recent.json'));
    this.settings = new AppSettings(path.join(options.dataDir, 'settings.json'));
    this.backups = new AutomaticBackups(
      () => this.currentCampaign,
      this.backupsDir,
      this.settings,
      options.nativeBinding,
      () => {
        this.screens.changed();
        this.screens.flush();
      },
    );
    this.integrity = new IntegrityWatch(
      options.nativeBinding,
      (db) => this.currentCampaign?.db === db,
      (file, problem, ino) => {
        // Closed between commands, never under one.
        const closeIt = this.queue.then(() => {
          if (this.currentCampaign?.path !== file) return;
          this.screens.tell({ type: 'problem', message: this.refuseFile(file, problem, ino) });
        });
        this.queue = closeIt.catch(() => undefined);
      },
      (check) => this.screens.tell({ type: 'integrity', check }),
    );
    // The data folder and its campaigns are the Judge's alone.
    makePrivateDir(this.campaignsDir);
    this.checks = new CheckedFiles(options.nativeBinding, (file, progress) => {
      this.screens.tell({ type: 'checking', path: file, fileName: path.basename(file), ...progress });
    });
    this.listing = new CampaignListing({
      nativeBinding: options.nativeBinding,
      campaignsDir: this.campaignsDir,
      checks: this.checks,
      recent: () => this.recents.list(),
      knownDamage: (file) => this.integrity.knownDamage(file),
      open: () =>
        this.currentCampaign ? { path: this.currentCampaign.path, name: this.screens.view()?.name ?? null } : null,
    });
    this.copies = new DuplicateCopies({
      campaignsDir: this.campaignsDir,
      backupsDir: this.backupsDir,
      nativeBinding: options.nativeBinding,
      open: () => this.currentCampaign?.path ?? null,
      settled: () => this.queue,
    });
    this.handlers = allHandlers({
      require: () => this.require(),
      transact: (command, args, label, change) => this.transact(command, args, label, change),
      edit: (command, label, change) => this.edit(command, label, change),
      roll: (command, decide) => runPlayCommand(this.require().db, command, command, decide).value,
      state: () => this.state(),
      changed: () => this.screens.changed(),
      view: () => {
        this.require();
        return this.screens.view()!;
      },
      backup: (reason) => this.backups.take(reason),
      integrity: () => this.integrity.view(),
      files: this,
      options,
    });
  }

  /** Sharing on the local network began or ended: the Judge's screens ask for their links again. */
  sharingChanged(on: boolean): void {
    this.screens.tell({ type: 'sharing', on });
  }

  subscribe(listener: (push: Push) => void): () => void {
    return this.screens.subscribe(listener);
  }

  /** Players' screens get only the players' view, computed apart from the Judge's. */
  subscribePlayers(listener: (push: Push) => void): () => void {
    return this.screens.subscribePlayers(listener);
  }

  /** One Lichslayer's private screens get only that Lichslayer's own view. */
  subscribePrivate(lichslayerId: number, listener: (push: Push) => void): () => void {
    return this.screens.subscribePrivate(lichslayerId, listener);
  }

  /** Validates the command name and arguments, then runs the handler. Never throws. */
  dispatch(name: unknown, rawArgs: unknown): Promise<Reply<unknown>> {
    // A campaign to open or list is checked, and a duplicate copied, off the event loop before it
    // joins the queue: every other command is answered while a large file is read.
    const checked = this.listing.beforeQueue(name, rawArgs) ?? this.copies.beforeQueue(name, rawArgs);
    return checked ? checked.then(() => this.enqueue(name, rawArgs)) : this.enqueue(name, rawArgs);
  }

  private enqueue(name: unknown, rawArgs: unknown): Promise<Reply<unknown>> {
    const run = this.queue.then(() => this.run(name, rawArgs));
    // The reply goes first; the change's pushes follow, before the next command runs.
    this.queue = run.catch(() => undefined).then(() => this.pushAfterReply());
    return run;
  }

  /** Pushes the last change once the reply that carried it has been handed back. */
  private pushAfterReply(): Promise<void> {
    return new Promise((done) =>
      setImmediate(() => {
        try {
          this.screens.onceSinceChange(() =>
            endGoneLinks(this.options, this.currentCampaign?.path, () => this.screens.view()?.roster ?? []),
          );
          this.screens.flush();
        } catch (error) {
          console.error(`Lichslayer Judge: a screen's view could not be built: ${(error as Error).message}`);
        }
        done();
      }),
    );
  }

  /** The open checks of the files this app has looked at; their progress is pushed to the Judge's screens. */
  private readonly checks: CheckedFiles;

  /** Stops the checks of files being opened (campaign.cancelCheck). */
  cancelChecks(): number {
    return this.checks.cancelAll();
  }

  private run(name: unknown, rawArgs: unknown): Promise<Reply<unknown>> {
    return answer(this.handlers, name, rawArgs, {
      revision: () => this.screens.revision,
      // Listing or restoring backups waits for the backup taken on open, so none is seen half-written.
      before: (command) =>
        command.startsWith('backups.') || command === 'storage.compact' ? this.backups.pending : undefined,
      openFile: () => this.currentCampaign?.path ?? null,
      // SQLite met damage the checks had not reached yet: the campaign is closed before anything more is written.
      damaged: (file, message) => this.refuseFile(file, `is damaged (${message})`),
    });
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
    this.integrity.stop();
    this.currentCampaign?.db.close();
    this.currentCampaign = null;
    this.backups.forget();
    // A link names a row of this campaign: in another, the same number is someone else.
    this.options.privateLinks?.revokeAll();
    this.releaseLock?.();
    this.releaseLock = null;
    this.screens.changed();
  }

  /** First launch: a demo campaign from the starter pack, so the app shows something real at once. */
  async ensureFirstLaunch(): Promise<void> {
    if (this.settings.exists()) return;
    await createDemoCampaign(this.freshPath.bind(this), this.backupsDir, this.options);
    this.settings.markFirstLaunch();
  }

  /** Starts with the host what the picker's first list and the first open would wait on. */
  prepareFirstOpen(): void {
    this.listing.checkAhead(() => warmOpening(this.options));
  }

  /** A path for a new campaign file named after the campaign, never overwriting one. */
  freshPath(name: string): string {
    return freshCampaignPath(this.campaignsDir, name);
  }

  /**
   * Brings in a campaign kept elsewhere (the desktop app's dialog, the web host's --import):
   * checked, copied into campaigns/, then opened once to migrate it and read every setting; a
   * copy that fails is removed again, so nothing is imported.
   */
  importCampaign(source: string): Promise<string> {
    return importCopy(source, this.freshPath.bind(this), this.backupsDir, this.options.nativeBinding);
  }

  recent(): string[] {
    return this.recents.list();
  }

  forget(file: string): void {
    this.recents.forget(file);
  }

  summary(file: string): CampaignSummary {
    return this.listing.summary(file);
  }

  checkedSummary(file: string): Promise<CampaignSummary> {
    return this.listing.checkedSummary(file);
  }

  duplicateCopy(source: string, name: string): Promise<StagedCopy> {
    return this.copies.take(source, name);
  }

  async open(file: string, create: boolean): Promise<OpenCampaign> {
    const resolved = path.resolve(file);
    if (this.currentCampaign?.path === resolved) return this.currentCampaign;
    const known = this.integrity.knownDamage(resolved);
    if (known) throw new CampaignFileError('damaged', known);
    // Every check that could refuse the file runs on a read-only look at it before anything is
    // written, the lock included: a file refused is left byte for byte as it was, side files too.
    const signature = fileSignature(resolved);
    if (signature === null && !create) throw new CampaignFileError('missing', `No campaign file at ${resolved}.`);
    // The worker's check of this version, its settings included; not run again on this thread.
    let inspected: InspectedFile | undefined;
    if (signature !== null) {
      const checked = await this.checks.check(resolved).result;
      if (!checked.ok && checked.problem === 'cancelled') this.checks.forget(resolved);
      if (!checked.ok) throw new CampaignFileError(checked.problem, checked.message);
      const holder = liveHolder(resolved, this.options.nativeBinding);
      if (holder) throw new CampaignFileError('locked', lockedMessage(resolved, holder));
      inspected = { version: checked.version, empty: checked.empty };
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
      // The bytes are the ones checked: their signature was the same once the lock was taken.
      opened = await openCampaignFile(resolved, {
        create,
        backupDir: this.backupsDir,
        nativeBinding: this.options.nativeBinding,
        checked: inspected,
      });
      try {
        // Every setting is read through its schema before anything else is written or copied: a
        // damaged one is refused, by name (and the Judge offered a good backup), never reset to a
        // default, never a crash in the middle of play. The worker read them in a file of this
        // format; a migrated one is read again as migrated.
        if (!inspected || inspected.version !== LATEST_VERSION) checkCampaignSettings(opened.db);
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
    restoreKeptLinks(this.options, resolved);
    // Whatever fails from here on, the campaign is not left open (and locked) behind an error.
    try {
      // Every view is built once now, so a campaign that cannot be shown is refused here.
      this.screens.changed();
      if (!create) this.screens.view();
      this.recents.remember(resolved);
    } catch (error) {
      this.close();
      throw error;
    }
    if (!create) {
      this.integrity.start(resolved, opened.db);
      // Answered once the backup's worker holds the campaign as opened: nothing written after is in it.
      await this.backups.opened(resolved);
    }
    return this.currentCampaign;
  }

  /** Resolves once the work started in the background (the on-open backup, the full check) is done. */
  async idle(): Promise<void> {
    await Promise.all([this.backups.pending, this.integrity.pending]);
    await this.queue;
  }

  /** Remembers a file as unfit to open and closes it if it is the open one; returns what to tell the Judge. */
  private refuseFile(file: string, problem: string, ino?: number): string {
    const message = this.integrity.remember(file, problem, ino);
    if (this.currentCampaign?.path === file) {
      this.close();
      this.screens.flush();
    }
    return message;
  }

  retention(): Retention {
    return this.settings.retention();
  }

  setRetention(retention: Retention): Retention {
    const set = this.settings.setRetention(retention);
    this.backups.retentionRepaired();
    if (this.currentCampaign) this.screens.changed();
    return set;
  }

  // ---- one change at a time ----

  private require(): OpenCampaign {
    if (!this.currentCampaign)
      throw new CommandFailure('no-campaign', 'No campaign is open. Open or create one first.');
    return this.currentCampaign;
  }

  /** Runs one play command: decided on the play state, applied in one transaction with its undo step, then published. */
  private transact<T>(command: CommandName, _args: unknown, label: string, decide: (ps: PlaySession) => T): T {
    const { value } = runPlayCommand(this.require().db, command, label, decide);
    this.screens.changed();
    this.backups.ifDue();
    return value;
  }

  /** Runs one Judge action as one transaction with its undo step, then publishes. */
  private edit<T>(_command: CommandName, label: string, change: (writer: RecordingWriter, db: Database) => T): T {
    const result = runEdit(this.require().db, label, change);
    this.screens.changed();
    this.backups.ifDue();
    return result;
  }

  /** The play state as the last change left it. */
  private state(): PlayReader {
    return this.screens.reader(this.require().db);
  }
}
