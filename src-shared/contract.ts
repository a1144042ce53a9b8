// The one contract between renderer and main. Every command the renderer may send is
// here with its argument schema and result type; both hosts (Electron IPC and the local
// web host) dispatch through the same map, and main parses arguments before any handler runs.
import type { z } from 'zod';
import { boardCommands } from './contract/board-commands.ts';
import { campaignCommands } from './contract/campaign-commands.ts';
import { diceEntryCommands, PRIVATE_DICE_COMMANDS } from './contract/dice-entry.ts';
import { journalEntries } from './contract/journal.ts';
import { fightCommands } from './contract/fight-commands.ts';
import { recordCommands } from './contract/record-commands.ts';
import { tableCommands } from './contract/table-commands.ts';
import { townCommands } from './contract/town-commands.ts';
import type { CampaignView } from './contract/views.ts';
import type { StorageView } from './storage.ts';
import type { PlayerView } from './board.ts';
import type { PrivateView } from './private-view.ts';
import type { PhaseView } from './phase.ts';

export * from './contract/views.ts';
export { lootFateSchema, rollContextSchema, type ImportLoopDrop } from './contract/arg-schemas.ts';

export const contract = {
  ...campaignCommands,
  ...townCommands,
  ...tableCommands,
  ...boardCommands,
  ...fightCommands,
  ...recordCommands,
  ...journalEntries,
  ...diceEntryCommands,
};

export type Contract = typeof contract;
export type CommandName = keyof Contract;
export type ArgsOf<K extends CommandName> = z.input<Contract[K]['args']>;
export type ParsedArgsOf<K extends CommandName> = z.output<Contract[K]['args']>;
export type ResultOf<K extends CommandName> = Exclude<Contract[K]['result'], undefined>;

export const COMMAND_NAMES = Object.keys(contract) as CommandName[];

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}

// ---------- Wire format ----------

export type ErrorCode =
  | 'unknown-command'
  | 'invalid-args'
  | 'no-campaign'
  | 'campaign-file'
  | 'not-found'
  | 'refused'
  | 'needs-confirmation'
  | 'internal';

export interface CommandError {
  code: ErrorCode;
  message: string;
}

/** `revision` counts the campaign's changes: a reply's value is the campaign as of that change. */
export type Reply<T> = { ok: true; value: T; revision?: number } | { ok: false; error: CommandError };

/** Pushed by main whenever the open campaign changes (web socket or IPC event). */
export type Push =
  /** One per change, built once: the Judge's view, the phase banner's, and the change's revision. */
  | { type: 'campaign'; view: CampaignView | null; revision: number; phase?: PhaseView | null }
  /** `news`: the view's newest roll was never shown on a players' screen before (not one a redo brought back). */
  | { type: 'players'; view: PlayerView | null; revision?: number; news?: boolean }
  /** One Lichslayer's own screen, pushed only to that Lichslayer's private link. */
  | { type: 'private'; view: PrivateView | null; revision?: number }
  /** The players' screens began or stopped being shared on the local network: private links change. */
  | { type: 'sharing'; on: boolean }
  /** Something the Judge must know at once (the background integrity check found damage). */
  | { type: 'problem'; message: string }
  /** A campaign file being checked before it opens: steps done of all, and what is being read. */
  | { type: 'checking'; path: string; fileName: string; done: number; total: number; what: string }
  /** The open campaign's full integrity check came to its end (the Backups screen shows how). */
  | { type: 'integrity'; check: StorageView['check'] };

/** The only commands a players' screen may call (with the read-only players token). */
export const PLAYER_COMMANDS: readonly CommandName[] = ['players.view'];

/** The only command a private link may call, and only for its own Lichslayer. */
export const PRIVATE_COMMANDS: readonly CommandName[] = ['private.view', ...PRIVATE_DICE_COMMANDS];

const clip = (text: string, most: number) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);

/**
 * Turns a schema failure into one line that says what and where: the first few issues, each cut
 * short, so a request built to fail everywhere (a million unknown keys) gets a short answer.
 */
export function describeIssues(error: z.ZodError, most = 5): string {
  const shown = error.issues.slice(0, most).map((issue) => {
    const where = issue.path.length ? `${clip(issue.path.slice(0, 10).map(String).join('.'), 120)}: ` : '';
    return clip(`${where}${issue.message}`, 300);
  });
  const more = error.issues.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
