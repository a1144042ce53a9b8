// The application core shared by both hosts: one set of handlers over the campaign
// database. Electron IPC and the web host only move bytes to `dispatch` and back.
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
import { ITEM_SLOTS, type LichslayerPatch } from '@shared/gauntlet.ts';
import {
  backupCampaignFile,
  CAMPAIGN_EXTENSION,
  CampaignFileError,
  openCampaignFile,
  readCampaignName,
} from '../db/campaign-file.ts';
import { pushHistory, RecordingWriter, redo, undo } from '../db/history.ts';
import { DEFAULT_RETENTION, isHealthy, listBackups, pruneBackups, restoreInto, retentionSchema, takeBackup, type BackupInfo, type Retention } from '../db/backups.ts';
import { judgeCampaignView } from '../views/judge-view.ts';
import { playerView } from '../views/player-view.ts';
import { floorHandout, lootCards, printGauntlets } from '../views/print-view.ts';
import { startingGauntlet } from '../rules/starting-stats.ts';
import { DEFAULT_HOUSE_RULES, houseRulesSchema } from '@shared/house-rules.ts';
import { readHouseRules, writeSetting } from '../db/settings.ts';
import { inventoryDepth } from '../rules/gauntlet-derived.ts';
import { CommandFailure } from './command-failure.ts';
import { loadStarterCampaign, type StarterLichslayer } from './starter-campaign.ts';
import { ensureStarterTables, tableHandlers } from './table-handlers.ts';
import { boardHandlers, type BoardOperations } from './board-handlers.ts';
import { phaseHandlers } from './phase-handlers.ts';
import { lifeHandlers } from './life-handlers.ts';
import { requireLichslayer } from './lichslayer-row.ts';
import { journalHandlers } from './journal.ts';
import { skillHandlers } from './skill-handlers.ts';
import { townHandlers } from './town-handlers.ts';
import { lootHandlers, type PhaseOperations } from './loot-handlers.ts';

export interface AppOptions {
  dataDir: string;
  host: 'electron' | 'web';
  version: string;
  resourcesDir: string;
  nativeBinding?: string | undefined;
  /** The host opens a players' screen (Electron: a second window; web: a URL with the players token). */
  playersScreen?: () => { url: string | null; opened: boolean };
  /** Electron prints the current print view to a PDF the Judge places; the web host uses the browser's print. */
  savePdf?: (request: { suggestedName: string; pageSize: 'A4' | 'Letter'; landscape: boolean }) => Promise<{ saved: boolean; path: string | null; message: string }>;
}

export interface OpenCampaign {
  path: string;
  db: Database;
}

type Handler<K extends CommandName> = (args: ParsedArgsOf<K>) => ResultOf<K> | Promise<ResultOf<K>>;
export type Handlers = { [K in CommandName]: Handler<K> };

/** What a handler module may use: the open campaign, and one-transaction Judge actions. */
export interface HandlerContext {
  require(): OpenCampaign;
  /** Runs one Judge action as one transaction with its undo step and action-log row, then publishes. */
  transact<T>(command: CommandName, args: unknown, label: string, change: (writer: RecordingWriter, db: Database) => T): T;
  /** Publishes the campaign view after a change that is not an undoable edit (rolls, play state). */
  changed(): void;
  backup(reason: string): Promise<string | null>;
  options: AppOptions;
}

const PATCH_COLUMNS: Record<keyof LichslayerPatch, string> = {
  name: 'name',
  level: 'level',
  health: 'health',
  maxHealth: 'max_health',
  armor: 'armor',
  maxArmor: 'max_armor',
  power: 'power',
  speed: 'speed',
  sanity: 'sanity',
  gold: 'gold',
  xp: 'xp',
  hiddenClass: 'hidden_class',
  skill1: 'skill1',
  skill2: 'skill2',
  skill3: 'skill3',
  capstone: 'capstone',
  notes: 'notes',
};

export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w\- ]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 48);
  return cleaned || 'campaign';
}

export class CampaignApp {
  readonly campaignsDir: string;
  readonly backupsDir: string;
  private readonly recentFile: string;
  private readonly settingsFile: string;
  private current: OpenCampaign | null = null;
  private readonly listeners = new Set<(push: Push) => void>();
  private readonly playerListeners = new Set<(push: Push) => void>();
  /** When the open campaign was last backed up (every 15 minutes of activity). */
  private lastBackupAt = 0;
  /** Every 15 minutes of activity; a test may shorten it. */
  static BACKUP_EVERY_MS = 15 * 60 * 1000;
  /** One command at a time: every Judge action is one transaction, acknowledged after commit. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly options: AppOptions) {
    this.campaignsDir = path.join(options.dataDir, 'campaigns');
    this.backupsDir = path.join(options.dataDir, 'backups');
    this.recentFile = path.join(options.dataDir, 'recent.json');
    this.settingsFile = path.join(options.dataDir, 'settings.json');
    fs.mkdirSync(this.campaignsDir, { recursive: true });
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

  close(): void {
    this.current?.db.close();
    this.current = null;
  }

  /** First launch: a demo campaign from the starter pack, so the app shows something real at once. */
  async ensureFirstLaunch(): Promise<void> {
    if (fs.existsSync(this.settingsFile)) return;
    const starter = loadStarterCampaign(path.join(this.options.resourcesDir, 'starter', 'demo-campaign.json'));
    const file = this.freshCampaignPath(starter.campaign);
    const opened = await openCampaignFile(file, { create: true, backupDir: this.backupsDir, nativeBinding: this.options.nativeBinding });
    try {
      opened.db.transaction(() => {
        initialiseCampaign(opened.db, starter.campaign, starter.town);
        const writer = new RecordingWriter(opened.db);
        starter.lichslayers.forEach((l, i) => insertLichslayer(writer, l, i));
      })();
      ensureStarterTables(opened.db, this.options.resourcesDir);
    } finally {
      opened.db.close();
    }
    fs.writeFileSync(this.settingsFile, JSON.stringify({ demoCreated: new Date().toISOString() }, null, 2));
  }

  private freshCampaignPath(name: string): string {
    const base = safeFileName(name);
    let file = path.join(this.campaignsDir, base + CAMPAIGN_EXTENSION);
    for (let n = 2; fs.existsSync(file); n++) file = path.join(this.campaignsDir, `${base}-${n}${CAMPAIGN_EXTENSION}`);
    return file;
  }

  private readRecent(): string[] {
    try {
      const raw: unknown = JSON.parse(fs.readFileSync(this.recentFile, 'utf8'));
      return Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : [];
    } catch {
      return [];
    }
  }

  private remember(file: string): void {
    const recent = [file, ...this.readRecent().filter((p) => p !== file)].slice(0, 20);
    fs.writeFileSync(this.recentFile, JSON.stringify(recent, null, 2));
  }

  private forget(file: string): void {
    fs.writeFileSync(this.recentFile, JSON.stringify(this.readRecent().filter((p) => p !== file), null, 2));
  }

  private summary(file: string): CampaignSummary {
    let modifiedAt = '';
    try {
      modifiedAt = fs.statSync(file).mtime.toISOString();
    } catch {
      /* a missing recent file still gets listed with its problem */
    }
    const base = { path: file, fileName: path.basename(file), modifiedAt, damaged: false };
    if (this.current?.path === file) return { ...base, name: judgeCampaignView(this.current.db, file).name, problem: null };
    try {
      return { ...base, name: readCampaignName(file, this.options.nativeBinding), problem: null };
    } catch (error) {
      const damaged = error instanceof CampaignFileError && error.problem === 'damaged';
      return { ...base, name: null, problem: error instanceof Error ? error.message : String(error), damaged };
    }
  }

  private require(): OpenCampaign {
    if (!this.current) throw new CommandFailure('no-campaign', 'No campaign is open. Open or create one first.');
    return this.current;
  }

  private view(): CampaignView {
    const { db, path: file } = this.require();
    return judgeCampaignView(db, file);
  }

  private publish(view: CampaignView | null): void {
    for (const listener of this.listeners) listener({ type: 'campaign', view });
    if (this.playerListeners.size === 0) return;
    const players: Push = { type: 'players', view: this.current ? playerView(this.current.db) : null };
    for (const listener of this.playerListeners) listener(players);
  }

  /** Runs one Judge action as one transaction with its undo step and action-log row. */
  private transact<T>(command: CommandName, args: unknown, label: string, change: (writer: RecordingWriter, db: Database) => T): T {
    const { db } = this.require();
    const result = db.transaction(() => {
      const writer = new RecordingWriter(db);
      const value = change(writer, db);
      pushHistory(db, label, writer.changes);
      db.prepare(`INSERT INTO action_log (at, command, args) VALUES (?, ?, ?)`).run(new Date().toISOString(), command, JSON.stringify(args));
      return value;
    })();
    this.publish(this.view());
    this.backupIfDue();
    return result;
  }

  private backupIfDue(): void {
    if (Date.now() - this.lastBackupAt < CampaignApp.BACKUP_EVERY_MS) return;
    this.lastBackupAt = Date.now();
    void this.backup('periodic').catch(() => undefined);
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

  private entry(b: BackupInfo) {
    return { fileName: b.fileName, at: b.at, reason: b.reason, bytes: b.bytes };
  }

  private mutate(command: CommandName, args: unknown, label: string, change: (writer: RecordingWriter, db: Database) => void): CampaignView {
    this.transact(command, args, label, change);
    return this.view();
  }

  /** A db.backup() copy of the open campaign, kept in backups/ under the retention. */
  private async backup(reason: string): Promise<string | null> {
    if (!this.current) return null;
    const { db, path: file } = this.current;
    const made = await takeBackup(db, file, this.backupsDir, reason);
    pruneBackups(this.backupsDir, file, this.retention());
    return made;
  }

  private handlerCache: Handlers | null = null;
  /** Built on first use: class fields initialise before the constructor has set `options`. */
  private get handlers(): Handlers {
    return (this.handlerCache ??= this.buildHandlers());
  }

  private async openFile(file: string, create: boolean): Promise<OpenCampaign> {
    const resolved = path.resolve(file);
    if (this.current?.path === resolved) return this.current;
    const opened = await openCampaignFile(resolved, { create, backupDir: this.backupsDir, nativeBinding: this.options.nativeBinding });
    try {
      ensureStarterTables(opened.db, this.options.resourcesDir);
    } catch (error) {
      opened.db.close();
      throw error;
    }
    this.close();
    this.current = { path: resolved, db: opened.db };
    this.remember(resolved);
    if (!create) {
      this.lastBackupAt = Date.now();
      await this.backup('on-open');
    }
    return this.current;
  }

  private lichslayerRow(db: Database, id: number): Record<string, unknown> {
    return requireLichslayer(db, id) as unknown as Record<string, unknown>;
  }

  private buildHandlers(): Handlers {
    const context: HandlerContext = {
      require: () => this.require(),
      transact: (command, args, label, change) => this.transact(command, args, label, change),
      changed: () => this.publish(this.view()),
      backup: (reason) => this.backup(reason),
      options: this.options,
    };
    // Filled in by the board handlers, used by the phase handlers.
    const boardOperations: Partial<BoardOperations> = {};
    const phaseOperations: Partial<PhaseOperations> = {};
    return {
    ...tableHandlers(context),
    ...boardHandlers(context, boardOperations),
    ...phaseHandlers(context, boardOperations, phaseOperations),
    ...lootHandlers(context, phaseOperations),
    ...lifeHandlers(context),
    ...journalHandlers(context),
    ...skillHandlers(context, boardOperations),
    ...townHandlers(context),
    'app.info': () => ({
      version: this.options.version,
      host: this.options.host,
      dataDir: this.options.dataDir,
      campaignsDir: this.campaignsDir,
    }),

    'print.gauntlets': (args) => {
      const { db, path: file } = this.require();
      return printGauntlets(db, file, args.ids);
    },
    'print.floorHandout': (args) => floorHandout(this.require().db, args.floor),
    'print.lootCards': (args) => lootCards(this.require().db, args.indices),
    'print.savePdf': async (args) =>
      this.options.savePdf ? this.options.savePdf(args) : { saved: false, path: null, message: "Use the browser's print dialog and choose “Save as PDF”." },

    'app.playersScreen': () => this.options.playersScreen?.() ?? { url: null, opened: false },

    'campaign.list': () => {
      const inDir = fs
        .readdirSync(this.campaignsDir)
        .filter((f) => f.endsWith(CAMPAIGN_EXTENSION))
        .map((f) => path.join(this.campaignsDir, f));
      const files = [...new Set([...this.readRecent(), ...inDir])];
      return files.map((f) => this.summary(f));
    },

    'campaign.current': () => (this.current ? this.view() : null),

    'campaign.create': async ({ name }) => {
      const file = this.freshCampaignPath(name);
      const { db } = await this.openFile(file, true);
      db.transaction(() => initialiseCampaign(db, name))();
      const view = this.view();
      this.publish(view);
      return view;
    },

    'campaign.open': async ({ path: file }) => {
      try {
        await this.openFile(file, false);
      } catch (error) {
        if (error instanceof CampaignFileError && error.problem === 'damaged') {
          const good = listBackups(this.backupsDir, path.resolve(file)).find((b) => isHealthy(b.file, this.options.nativeBinding));
          throw new CommandFailure(
            'campaign-file',
            `${error.message} ${good ? `The newest good backup is from ${new Date(good.at).toLocaleString('en-GB')}: choose “Restore newest good backup”.` : 'No good backup of it was found.'}`,
          );
        }
        throw error;
      }
      const { db } = this.require();
      // A file that was empty when opened gets the campaign basics, like a new one.
      if (!db.prepare(`SELECT 1 FROM meta WHERE key = 'name'`).get()) {
        db.transaction(() => initialiseCampaign(db, path.basename(file, CAMPAIGN_EXTENSION)))();
      }
      const view = this.view();
      this.publish(view);
      return view;
    },

    'campaign.close': () => {
      this.close();
      this.publish(null);
      return null;
    },

    'campaign.duplicate': async ({ path: file, name }) => {
      const source = path.resolve(file);
      const target = this.freshCampaignPath(name);
      if (this.current?.path === source) await this.current.db.backup(target);
      else await backupCampaignFile(source, target, this.options.nativeBinding);
      const opened = await openCampaignFile(target, { backupDir: this.backupsDir, nativeBinding: this.options.nativeBinding });
      try {
        opened.db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES ('name', ?)`).run(name);
        // The copy starts its own undo history: undoing in it must not reach into the original's past.
        opened.db.prepare(`DELETE FROM history`).run();
      } finally {
        opened.db.close();
      }
      return this.summary(target);
    },

    'campaign.delete': async ({ path: file }) => {
      const target = path.resolve(file);
      if (!fs.existsSync(target)) {
        this.forget(target);
        return null;
      }
      if (this.current?.path === target) {
        this.close();
        this.publish(null);
      }
      // Deleting keeps a safety copy in backups/deleted: a Judge's months of play are never one click from gone.
      const trash = path.join(this.backupsDir, 'deleted');
      fs.mkdirSync(trash, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      try {
        await backupCampaignFile(target, path.join(trash, `${path.basename(target, CAMPAIGN_EXTENSION)}-${stamp}${CAMPAIGN_EXTENSION}`), this.options.nativeBinding);
      } catch (error) {
        if (!(error instanceof CampaignFileError)) throw error;
        // Not a campaign we can read: refuse rather than delete something that is not ours.
        throw new CommandFailure('refused', `Not deleted: ${error.message}`);
      }
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
      this.forget(target);
      return null;
    },

    'lichslayer.create': (args) =>
      this.mutate('lichslayer.create', args, `Add ${args.name}`, (w, db) => {
        const next = (db.prepare(`SELECT coalesce(max(position), -1) + 1 AS n FROM lichslayer`).get() as { n: number }).n;
        const start = startingGauntlet(readHouseRules(db));
        w.insert('lichslayer', {
          position: next,
          name: args.name,
          level: start.level,
          health: start.health,
          max_health: start.maxHealth,
          armor: start.armor,
          max_armor: start.maxArmor,
          power: start.power,
          speed: start.speed,
          sanity: start.sanity,
          gold: start.gold,
        });
      }),

    'lichslayer.update': (args) => {
      const { db } = this.require();
      const row = this.lichslayerRow(db, args.id);
      const patch: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(args.patch) as [keyof LichslayerPatch, unknown][]) {
        const column = PATCH_COLUMNS[key];
        // Only real changes count: a no-op edit must not become an undo step.
        if (value !== undefined && row[column] !== value) patch[column] = value;
      }
      if (Object.keys(patch).length === 0) return this.view();
      const merged = { ...row, ...patch } as { health: number; max_health: number; armor: number; max_armor: number; name: string };
      if (merged.health > merged.max_health) {
        throw new CommandFailure('invalid-args', `Health (${merged.health}) cannot be above maximum Health (${merged.max_health}). Nothing was saved.`);
      }
      if (merged.armor > merged.max_armor) {
        throw new CommandFailure('invalid-args', `Armor (${merged.armor}) cannot be above maximum Armor (${merged.max_armor}). Nothing was saved.`);
      }
      const fields = (Object.keys(args.patch) as (keyof LichslayerPatch)[]).filter((k) => PATCH_COLUMNS[k] in patch).join(', ');
      return this.mutate('lichslayer.update', args, `Edit ${merged.name}: ${fields}`, (w) => w.update('lichslayer', args.id, patch));
    },

    'lichslayer.delete': (args) => {
      const { db } = this.require();
      const row = this.lichslayerRow(db, args.id);
      return this.mutate('lichslayer.delete', args, `Remove ${String(row.name)}`, (w) => {
        for (const table of ['item', 'inventory']) {
          const ids = db.prepare(`SELECT id FROM ${table} WHERE lichslayer_id = ?`).all(args.id) as { id: number }[];
          for (const { id } of ids) w.delete(table, id);
        }
        w.delete('lichslayer', args.id);
      });
    },

    'lichslayer.setItem': (args) => {
      const { db } = this.require();
      const row = this.lichslayerRow(db, args.id);
      const existing = db.prepare(`SELECT id FROM item WHERE lichslayer_id = ? AND slot = ?`).get(args.id, args.slot) as { id: number } | undefined;
      const label = args.item ? `${String(row.name)}: ${args.item.name} in ${args.slot}` : `${String(row.name)}: clear ${args.slot}`;
      return this.mutate('lichslayer.setItem', args, label, (w) => {
        const values = args.item
          ? { name: args.item.name, colour: args.item.colour, broken: args.item.broken ? 1 : 0, notes: args.item.notes }
          : null;
        if (existing && values) w.update('item', existing.id, values);
        else if (existing) w.delete('item', existing.id);
        else if (values) w.insert('item', { lichslayer_id: args.id, slot: args.slot, ...values });
      });
    },

    'lichslayer.setInventory': (args) => {
      const { db } = this.require();
      const row = this.lichslayerRow(db, args.id);
      const depth = inventoryDepth(Number(row.max_health)).value;
      if (args.stacks.length > depth) {
        throw new CommandFailure(
          'invalid-args',
          `${String(row.name)}'s inventory holds ${depth} stacks (1 + max Health ÷ 6, ch.4); ${args.stacks.length} were given. Nothing was saved.`,
        );
      }
      return this.mutate('lichslayer.setInventory', args, `${String(row.name)}: inventory`, (w) => {
        const ids = db.prepare(`SELECT id FROM inventory WHERE lichslayer_id = ?`).all(args.id) as { id: number }[];
        for (const { id } of ids) w.delete('inventory', id);
        args.stacks.forEach((s, position) => w.insert('inventory', { lichslayer_id: args.id, position, name: s.name, count: s.count }));
      });
    },

    'houseRules.update': (args) => {
      const { db } = this.require();
      const current = readHouseRules(db);
      const merged = houseRulesSchema.safeParse({ ...current, ...args.patch });
      if (!merged.success) throw new CommandFailure('invalid-args', `House rules: ${describeIssues(merged.error)}. Nothing was saved.`);
      const names = Object.keys(args.patch).join(', ');
      return this.mutate('houseRules.update', args, `House rules: ${names}`, (w) => writeSetting(w, db, 'house_rules', merged.data));
    },

    'houseRules.reset': (args) => {
      const { db } = this.require();
      return this.mutate('houseRules.reset', args, 'House rules: reset to RULINGS defaults', (w) => writeSetting(w, db, 'house_rules', DEFAULT_HOUSE_RULES));
    },

    'backups.list': () => listBackups(this.backupsDir, this.require().path).map((b) => this.entry(b)),

    'backups.create': async () => {
      this.require();
      await this.backup('by-hand');
      return listBackups(this.backupsDir, this.require().path).map((b) => this.entry(b));
    },

    'backups.restore': async ({ fileName }) => {
      const { path: file } = this.require();
      const chosen = listBackups(this.backupsDir, file).find((b) => b.fileName === fileName);
      if (!chosen) throw new CommandFailure('not-found', `No backup called ${fileName} for this campaign.`);
      if (!isHealthy(chosen.file, this.options.nativeBinding)) throw new CommandFailure('refused', `${fileName} is damaged itself; choose another backup.`);
      // Restoring first backs up the state it replaces, so a restore can itself be undone by restoring.
      await this.backup('before-restore');
      this.close();
      await restoreInto(chosen.file, file, path.join(this.backupsDir, 'replaced'), this.options.nativeBinding);
      await this.openFile(file, false);
      const view = this.view();
      this.publish(view);
      return view;
    },

    'backups.restoreNewest': async ({ path: file }) => {
      const target = path.resolve(file);
      const good = listBackups(this.backupsDir, target).find((b) => isHealthy(b.file, this.options.nativeBinding));
      if (!good) throw new CommandFailure('not-found', `No good backup of ${path.basename(target)} was found in ${this.backupsDir}.`);
      if (this.current?.path === target) this.close();
      // The damaged file is moved aside untouched, never written to.
      await restoreInto(good.file, target, path.join(this.backupsDir, 'damaged'), this.options.nativeBinding);
      await this.openFile(target, false);
      const view = this.view();
      this.publish(view);
      return view;
    },

    'backups.retention': () => this.retention(),

    'backups.setRetention': (args) => {
      fs.writeFileSync(this.settingsFile, JSON.stringify({ ...this.readSettings(), backupRetention: args }, null, 2));
      return this.retention();
    },

    'history.undo': () => this.stepHistory(undo, 'Nothing to undo.'),
    'history.redo': () => this.stepHistory(redo, 'Nothing to redo.'),
    };
  }

  private stepHistory(step: (db: Database) => string | null, nothing: string): CampaignView {
    const { db } = this.require();
    const label = db.transaction(() => step(db))();
    if (label === null) throw new CommandFailure('refused', nothing);
    const view = this.view();
    this.publish(view);
    return view;
  }
}

/** A campaign's basics: its name, when it began, and its Town (an unnamed one on day 1 unless given). */
function initialiseCampaign(db: Database, name: string, town: { name: string; day: number } = { name: 'Unnamed town', day: 1 }): void {
  db.prepare(`INSERT INTO meta (key, value) VALUES ('name', ?), ('created_at', ?)`).run(name, new Date().toISOString());
  db.prepare(`INSERT OR IGNORE INTO town (id, name, day) VALUES (1, ?, ?)`).run(town.name, town.day);
}

function insertLichslayer(w: RecordingWriter, l: StarterLichslayer, position: number): void {
  const id = w.insert('lichslayer', {
    position,
    name: l.name,
    level: l.level,
    health: l.health,
    max_health: l.maxHealth,
    armor: l.armor,
    max_armor: l.maxArmor,
    power: l.power,
    speed: l.speed,
    sanity: l.sanity,
    gold: l.gold,
    xp: l.xp,
    hidden_class: l.hiddenClass,
    skill1: l.skill1,
    skill2: l.skill2,
    skill3: l.skill3,
    capstone: l.capstone,
    notes: l.notes,
  });
  for (const slot of ITEM_SLOTS) {
    const item = l.items[slot];
    if (item) w.insert('item', { lichslayer_id: id, slot, name: item.name, colour: item.colour, broken: item.broken ? 1 : 0, notes: item.notes });
  }
  l.inventory.forEach((s, i) => w.insert('inventory', { lichslayer_id: id, position: i, name: s.name, count: s.count }));
}
