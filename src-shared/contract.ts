// The one contract between renderer and main. Every command the renderer may send is
// here with its argument schema and result type; both hosts (Electron IPC and the local
// web host) dispatch through the same map, and main parses arguments before any handler runs.
import { z } from 'zod';
import {
  campaignNameSchema,
  itemInputSchema,
  ITEM_SLOTS,
  LIMITS,
  lichslayerPatchSchema,
  nameSchema,
  stackSchema,
  type Item,
  type LichslayerFields,
  type Stack,
} from './gauntlet.ts';
import { houseRulesPatchSchema, type HouseRules } from './house-rules.ts';

// ---------- Views (what main sends; the renderer only shows them) ----------

export interface AppInfo {
  version: string;
  host: 'electron' | 'web';
  dataDir: string;
  campaignsDir: string;
}

export interface CampaignSummary {
  path: string;
  fileName: string;
  /** null when the file could not be read; `problem` then says why. */
  name: string | null;
  modifiedAt: string;
  problem: string | null;
}

/** A number a rule derived, with the working a Judge would read. */
export interface Derived {
  value: number;
  explain: string;
}

export interface LichslayerView extends LichslayerFields {
  id: number;
  items: Record<(typeof ITEM_SLOTS)[number], Item | null>;
  inventory: Stack[];
  derived: {
    magic: Derived;
    goldMarks: Derived;
    inventoryDepth: Derived;
  };
}

export interface TownView {
  name: string;
  day: number;
}

export interface CampaignView {
  path: string;
  name: string;
  schemaVersion: number;
  town: TownView;
  roster: LichslayerView[];
  houseRules: HouseRules;
  history: { canUndo: string | null; canRedo: string | null };
}

// ---------- Commands ----------

const noArgs = z.strictObject({});
const filePath = z
  .string({ error: 'Path must be text' })
  .min(1, { error: 'Path cannot be empty' })
  .max(4096, { error: 'Path is too long' });
const rowId = z.number({ error: 'Id must be a number' }).int().positive({ error: 'Id must be positive' });

/** Binds a result type to an argument schema; the result exists at the type level only. */
function command<R>() {
  return <A extends z.ZodType>(args: A): { args: A; result?: R } => ({ args });
}

const pathArgs = z.strictObject({ path: filePath });

export const contract = {
  'app.info': command<AppInfo>()(noArgs),
  'campaign.list': command<CampaignSummary[]>()(noArgs),
  'campaign.current': command<CampaignView | null>()(noArgs),
  'campaign.create': command<CampaignView>()(z.strictObject({ name: campaignNameSchema })),
  'campaign.open': command<CampaignView>()(pathArgs),
  'campaign.close': command<null>()(noArgs),
  'campaign.duplicate': command<CampaignSummary>()(z.strictObject({ path: filePath, name: campaignNameSchema })),
  'campaign.delete': command<null>()(pathArgs),
  'lichslayer.create': command<CampaignView>()(z.strictObject({ name: nameSchema })),
  'lichslayer.update': command<CampaignView>()(z.strictObject({ id: rowId, patch: lichslayerPatchSchema })),
  'lichslayer.delete': command<CampaignView>()(z.strictObject({ id: rowId })),
  'lichslayer.setItem': command<CampaignView>()(
    z.strictObject({ id: rowId, slot: z.enum(ITEM_SLOTS), item: itemInputSchema.nullable() }),
  ),
  'lichslayer.setInventory': command<CampaignView>()(
    z.strictObject({ id: rowId, stacks: z.array(stackSchema).max(LIMITS.inventoryMaxStacks, { error: 'Too many inventory stacks' }) }),
  ),
  'houseRules.update': command<CampaignView>()(z.strictObject({ patch: houseRulesPatchSchema })),
  'houseRules.reset': command<CampaignView>()(noArgs),
  'history.undo': command<CampaignView>()(noArgs),
  'history.redo': command<CampaignView>()(noArgs),
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
  | 'internal';

export interface CommandError {
  code: ErrorCode;
  message: string;
}

export type Reply<T> = { ok: true; value: T } | { ok: false; error: CommandError };

/** Pushed by main whenever the open campaign changes (web socket or IPC event). */
export type Push = { type: 'campaign'; view: CampaignView | null };

/** Turns a schema failure into one line that says what and where. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? `${issue.path.map(String).join('.')}: ` : '';
      return `${where}${issue.message}`;
    })
    .join('; ');
}
