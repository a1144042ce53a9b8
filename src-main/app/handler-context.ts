// What a handler module is given and what it returns: the types every command handler shares, kept
// apart from campaign-app.ts so that no handler imports the app that dispatches to it.
import type { Database } from 'better-sqlite3';
import type { CampaignSummary, CampaignView, CommandName, ParsedArgsOf, ResultOf } from '@shared/contract.ts';
import type { RecordingWriter } from '../db/history.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { StorageView } from '@shared/storage.ts';
import type { Retention } from '../db/backups.ts';
import type { StagedCopy } from './duplicate-copies.ts';

export interface AppOptions {
  dataDir: string;
  host: 'electron' | 'web';
  version: string;
  resourcesDir: string;
  nativeBinding?: string | undefined;
  /** The host opens a players' screen (Electron: a second window; web: a URL with the players token). */
  playersScreen?: () => { url: string | null; opened: boolean };
  /** Private links per Lichslayer: the web host's, present only while it shares screens on the local network. */
  privateLinks?: {
    issue(lichslayerId: number): string;
    revoke(lichslayerId: number): void;
    revokeAll(): void;
    restore(lichslayerId: number, secret: string): void;
    list(): { lichslayerId: number; url: string }[];
  };
  /** Electron prints the current print view to a PDF the Judge places; the web host uses the browser's print. */
  savePdf?: (request: {
    suggestedName: string;
    pageSize: 'A4' | 'Letter';
    landscape: boolean;
  }) => Promise<{ saved: boolean; path: string | null; message: string }>;
}

export interface OpenCampaign {
  path: string;
  db: Database;
}

type Handler<K extends CommandName> = (args: ParsedArgsOf<K>) => ResultOf<K> | Promise<ResultOf<K>>;
export type Handlers = { [K in CommandName]: Handler<K> };
/** The handlers of one command prefix ("town" → every `town.*` command), as one module provides them. */
export type HandlersOf<Prefix extends string> = Pick<Handlers, Extract<CommandName, `${Prefix}.${string}`>>;

/** The campaign file's lifecycle, owned by the app: opening, closing, the recent list and backups. */
export interface CampaignFiles {
  readonly campaignsDir: string;
  readonly backupsDir: string;
  current(): OpenCampaign | null;
  /** Opens (or creates) a campaign file and makes it the current one. */
  open(file: string, create: boolean): Promise<OpenCampaign>;
  close(): void;
  /** A path for a new campaign file named after the campaign, never overwriting one. */
  freshPath(name: string): string;
  summary(file: string): CampaignSummary;
  /** The summary once the open check's worker has checked this version of the file. */
  checkedSummary(file: string): Promise<CampaignSummary>;
  /** campaign.duplicate's finished copy of `source`, made before the command's turn. */
  duplicateCopy(source: string, name: string): Promise<StagedCopy>;
  recent(): string[];
  forget(file: string): void;
  /** Stops the checks of files being opened; how many were under way. */
  cancelChecks(): number;
  retention(): Retention;
  setRetention(retention: Retention): Retention;
}

/** What a handler module may use: the open campaign, one-transaction Judge actions, and the files. */
export interface HandlerContext {
  require(): OpenCampaign;
  /** Runs one play command (named by its command and arguments) as one transaction with its undo step, then publishes. */
  transact<T>(command: CommandName, args: unknown, label: string, change: (s: PlaySession) => T): T;
  /** A play command that only rolls (its rolls go to the ledger; no screen changes, nothing to undo). */
  roll<T>(command: CommandName, decide: (s: PlaySession) => T): T;
  /** An edit outside the play state (the campaign's tables): one transaction with its undo step, then publishes. */
  edit<T>(command: CommandName, label: string, change: (writer: RecordingWriter, db: Database) => T): T;
  /** The play state as the last change left it. */
  state(): PlayReader;
  /** Publishes the campaign view after a change that is not an undoable edit (rolls, play state). */
  changed(): void;
  /** The Judge's view of the open campaign, as the last change left it. */
  view(): CampaignView;
  backup(reason: string): Promise<string | null>;
  /** The background integrity check of the open campaign, as far as it has got. */
  integrity(): StorageView['check'];
  files: CampaignFiles;
  options: AppOptions;
}
