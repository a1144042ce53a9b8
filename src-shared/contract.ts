// The one contract between renderer and main. Every command the renderer may send is
// here with its argument schema and result type; both hosts (Electron IPC and the local
// web host) dispatch through the same map, and main parses arguments before any handler runs.
import { z } from 'zod';
import {
  COLOURS,
  campaignNameSchema,
  itemInputSchema,
  ITEM_SLOTS,
  MEDICINE_SLOTS,
  SANITY_LEVELS,
  LIMITS,
  lichslayerPatchSchema,
  nameSchema,
  stackSchema,
  type Item,
  type LichslayerFields,
  type Stack,
} from './gauntlet.ts';
import { houseRulesPatchSchema, type HouseRules } from './house-rules.ts';
import type { RollNode } from './dice.ts';
import {
  newTokenSchema,
  placeSchema,
  roomPatchSchema,
  tokenPatchSchema,
  worldPatchSchema,
  type BoardView,
  type PlayerView,
} from './board.ts';
import { AILMENTS, type Ailment } from './ailments.ts';
import type { ChallengeGridView, ChallengeOddsView, TableOddsView } from './odds.ts';
import { DEFAULT_SIM_POLICIES, SIM_POLICIES, type SimRunView } from './odds-sim.ts';
import type { PrintFloorHandout, PrintGauntlet, PrintLootCard } from './print.ts';
import type { PrivateLinksView, PrivateView } from './private-view.ts';
import { INSCRIPTION_IDS, RETAINER_GRADE_NAMES, SMITH_COLOURS, type TownStateView } from './town.ts';
import { attentionEventSchema, diveEventSchema, type PhaseView, type SpellbookView } from './phase.ts';
import { storageKeepSchema, type StorageView } from './storage.ts';
import {
  atZeroArgsSchema,
  attackArgsSchema,
  challengeArgsSchema,
  damageArgsSchema,
  integrityArgsSchema,
  presetsArgsSchema,
  type ChallengeSetupView,
  type FightOptionsView,
  type FightResult,
} from './fight.ts';
import {
  LOOT_TIER_NAMES,
  TABLE_CATEGORIES,
  tableDefSchema,
  tableKeySchema,
  tableRowSchema,
  type TableCategory,
  type TableDef,
  type TableIssue,
} from './tables.ts';

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
  /** The file failed its integrity check: the picker offers the newest good backup. */
  damaged: boolean;
  /** Another running app holds the campaign (who, in words), or null; the picker offers to break the lock. */
  heldBy: string | null;
}

export interface BackupEntry {
  fileName: string;
  at: string;
  reason: string;
  bytes: number;
}

export interface BackupRetention {
  keepToday: number;
  keepDays: number;
}

/** A number a rule derived, with the working a Judge would read. */
export interface Derived {
  value: number;
  explain: string;
}

/** An item's loot row as the Gauntlet, the dialogs and the printed sheet show it (ch.13). */
export interface ItemText {
  /** The row's name on its table now (an item may be called otherwise). */
  row: string;
  tier: string;
  itemType: string;
  actions: string[];
  /** The row's effect text. */
  details: string;
}

export interface LichslayerView extends LichslayerFields {
  id: number;
  items: Record<(typeof ITEM_SLOTS)[number], Item | null>;
  /** The slots this Gauntlet has (ch.1; Extra Pockets, Medicine Bay, the Doctor's Coat, ch.2). */
  slots: {
    open: (typeof ITEM_SLOTS)[number][];
    medicine: (typeof ITEM_SLOTS)[number][];
    garmentIsMedicine: boolean;
    /** Slots still holding an item though no skill opens them any more: the Judge moves it. */
    closedHeld: (typeof ITEM_SLOTS)[number][];
    explain: string;
  };
  inventory: Stack[];
  /**
   * What the loot row each held item came from says (ch.13), found by the row even after it was
   * renamed: for each filled slot, and for each inventory stack in order (null: no loot row has it).
   */
  lootText: { slots: Partial<Record<(typeof ITEM_SLOTS)[number], ItemText>>; inventory: (ItemText | null)[] };
  derived: {
    magic: Derived;
    goldMarks: Derived;
    inventoryDepth: Derived;
  };
  life: {
    statPoints: number;
    goldGained: number;
    /** value: the level held; due: the level the XP reaches (higher when a level-up is waiting). */
    level: Derived & { nextAt: number | null; due: number };
    classRevealed: boolean;
    /** Roll penalties in force, each with its source (ch.4, ch.8). */
    penalties: { source: string; value: number }[];
    clock: {
      daysWithoutMeal: number;
      daysWithoutShelter: number;
      ateToday: boolean;
      shelteredToday: boolean;
      hungerMaxHealthLost: number;
    };
    /** Synchronicity conditions met by the equipped, unbroken loot, with their effects (ch.14). */
    sync: { label: string; effects: string[]; colours: string[] }[];
    syncExplain: string;
    /** Where the XP came from (ch.1). */
    xpSources: { goldGained: number; enemiesFelled: number; floorsCleared: number; explain: string };
    /** Skill points to spend on Skills 2 and 3 or on enhancing one (ch.2), and the skills enhanced. */
    skillPoints: number;
    enhanced: string[];
    /** Skills held, with how often each may be used and whether it acts on the board (ch.2). */
    skills: { name: string; kind: string; limit: string | null; board: string | null }[];
    /** A capstone condition the campaign's history can show (ch.2). */
    capstone: { capstone: string; have: number; need: number; explain: string } | null;
    /** Loot channelled into buffs, until the dive ends (ch.13). */
    buffs: { name: string; details: string }[];
    /** Influence dice the equipped items offer to any roll (ch.1, ch.13). */
    influence: { source: string; sides: number }[];
    /** Physical ailments carried now (Burn, Poison, Freeze, Bound; ch.2), set and cleared by the Judge or lifted by skills. */
    ailments: Ailment[];
  };
}

/** What one "next day" did (ch.5 order): every roll (also in the ledger) and every change. */
export interface DayReport {
  day: number;
  /** The session the day was played in. */
  session?: number;
  lines: { kind: 'roll' | 'change' | 'note'; text: string }[];
}

/** One session of play as the journal shows it: what the app recorded, and the Judge's own words. */
export interface JournalSession {
  session: number;
  startedAt: string | null;
  dives: string[];
  days: { day: number; changes: number }[];
  notableRolls: string[];
  changes: { label: string; at: string }[];
  notes: string;
}

export interface LifeNotes {
  day: number;
  notes: string[];
}

/** A Lichslayer rolled up by the book (ch.1); the class is not in it: it stays hidden. */
export interface RolledLichslayer {
  id: number;
  loot: { value: number; name: string; colour: string }[];
  points: string[];
  pointsExplain: string;
  toChoose: number;
}

export interface TownView {
  name: string;
  day: number;
  /** How the Smith's disposition was rolled (ch.4), once it has been; null before. */
  smith: string | null;
}

export interface CampaignView {
  path: string;
  name: string;
  schemaVersion: number;
  town: TownView;
  roster: LichslayerView[];
  houseRules: HouseRules;
  session: number;
  history: { canUndo: string | null; canRedo: string | null };
  /** Why the last automatic backup failed, until one succeeds again (shown, never swallowed). */
  backupProblem?: string;
}

export interface TableSummary {
  key: string;
  name: string;
  category: TableCategory;
  die: string | null;
  rows: number;
  starter: boolean;
}

export interface TableView {
  table: TableDef;
  issues: TableIssue[];
  drawn: number;
  /** A starter version exists to reset to. */
  hasStarter: boolean;
  /** Every table key in the campaign, for "roll on" pickers. */
  keys: string[];
}

/** A line of the pasted text and what it says (a refusal names what to change). */
export interface ImportProblemView {
  line: number | null;
  message: string;
}

/** What to do with results no row covers: stretch the row above, roll again, or keep "no entry". */
export const IMPORT_GAP_CHOICES = ['fill', 'reroll', 'keep'] as const;
export type ImportGapChoice = (typeof IMPORT_GAP_CHOICES)[number];

export interface ImportCoverageView {
  min: number;
  max: number;
  /** Results the die can give that no row covers. */
  uncovered: { from: number; to: number }[];
  uncoveredCount: number;
  /** Rows keyed outside what the die can give. */
  outside: { row: number; from: number; to: number }[];
  overlaps: { row: number; other: number; from: number; to: number }[];
}

export interface ImportedTableView {
  table: TableDef;
  /** Source line of each row; null for a row the import made (a fill or a re-roll). */
  rowLines: (number | null)[];
  /** Per row: lines joined into it, a long entry split, a link found… */
  rowNotes: string[][];
  titleLine: number | null;
  /** The die, and whether it was read from the text, guessed from the keys or typed by the Judge. */
  die: { how: 'read' | 'guessed' | 'given' | 'weights' | 'list'; line: number | null; note: string };
  coverage: ImportCoverageView | null;
  /** A companion made by the import for "roll again": the key of the table it serves. */
  companionOf: string | null;
}

export interface ImportLinkView {
  table: string;
  row: number;
  line: number | null;
  kind: 'section' | 'roll-on' | 'roll-again' | 'reroll' | 'foundry';
  phrase: string;
  /** The table as written; null for the same table. */
  target: string | null;
  times: number;
  /** Where the nested roll goes; null when no table by that name was found. */
  resolved: { key: string; name: string; existing: boolean } | null;
  /** How the target was found when not by its name ("by its key “loot”"); null otherwise. */
  match: string | null;
  /** Why the phrase may not be meant for the roller (it is linked all the same); null when it plainly is. */
  doubt: string | null;
  /** The link goes back to a table already on the chain of a roll from the page's first table; null when it goes forward. */
  loop: ImportLoopView | null;
}

/** A link that goes back: rolled, the roll ends there and says so (the next room is the next turn). */
export interface ImportLoopView {
  /** Keys from the table the link goes back to, through each table rolled on the way, to it again. */
  chain: string[];
  /** Kept as a link; false when the Judge dropped it, so the row's words stay plain text. */
  kept: boolean;
}

export interface ImportPreviewBody {
  format: 'markdown' | 'csv' | 'lines' | 'list' | 'foundry' | 'page' | 'unknown';
  tables: ImportedTableView[];
  /** The first table (the one opened after saving). */
  table: TableDef | null;
  rowLines: (number | null)[];
  /** Refusals, each naming its line and what to change: nothing is saved while any remain. */
  problems: ImportProblemView[];
  /** How things were read, shown but not blocking. */
  notes: ImportProblemView[];
  links: ImportLinkView[];
  /** Tables with results no row covers: saving needs a choice. */
  gaps: {
    needed: boolean;
    chosen: ImportGapChoice | null;
    tables: { key: string; name: string; uncovered: string; line: number | null }[];
  };
  /** The text reads as a plain list: it can be imported as a uniform table. */
  list: { entries: number; die: string } | null;
}

export interface ImportPreviewView extends ImportPreviewBody {
  /** A table with the same key already exists: the Judge chooses replace or rename. */
  conflict: boolean;
  /** The keys of the incoming tables that already exist in the campaign. */
  conflicts: string[];
}

export interface PackPreviewView {
  /** uncovered: the results no row of the table covers ("4", "21-26"), "" when none. */
  tables: { key: string; name: string; rows: number; conflict: boolean; uncovered: string }[];
  problems: { line: number | null; message: string }[];
  /** Rows whose link goes back along the chain of a roll from the pack's first table: kept, a roll ends there. */
  loops: { table: string; row: number; chain: string[] }[];
}

export interface LedgerEntry {
  id: number;
  at: string;
  session: number;
  command: string;
  cause: string;
  table: string | null;
  floor: number | null;
  room: string | null;
  character: string | null;
  explain: string;
  faces: { sides: number; face: number; cause: string }[];
}

export interface RollView {
  node: RollNode;
  entry: LedgerEntry;
}

// ---------- Commands ----------

const noArgs = z.strictObject({});
const filePath = z
  .string({ error: 'Path must be text' })
  .min(1, { error: 'Path cannot be empty' })
  .max(4096, { error: 'Path is too long' })
  // No file system takes one; Node's file calls throw on it.
  .refine((p) => !p.includes('\0'), { error: 'Path cannot contain a NUL character' })
  // No file system takes a longer name (Linux, macOS and Windows all stop at 255).
  .refine((p) => p.split(/[\\/]/).every((part) => new TextEncoder().encode(part).length <= 255), {
    error: 'A file or folder name in the path is longer than the 255 bytes any file system takes',
  });
const rowId = z.number({ error: 'Id must be a number' }).int().positive({ error: 'Id must be positive' });
const lootSource = z.union([
  z.strictObject({ slot: z.enum(ITEM_SLOTS) }),
  z.strictObject({ stack: z.number().int().min(0).max(199) }),
]);
/** The five fates of loot (ch.13), plus taking an item off: each one command with its rule. */
export const lootFateSchema = z.discriminatedUnion('fate', [
  z.strictObject({ fate: z.literal('consume'), id: rowId, from: lootSource }),
  z.strictObject({ fate: z.literal('channel'), id: rowId, from: lootSource }),
  z.strictObject({ fate: z.literal('merge'), id: rowId, from: lootSource, host: z.enum(ITEM_SLOTS) }),
  z.strictObject({
    fate: z.literal('component'),
    id: rowId,
    from: lootSource,
    choice: z.enum(['all-at-once', 'singly']),
  }),
  z.strictObject({
    fate: z.literal('hold'),
    id: rowId,
    stack: z.number().int().min(0).max(199),
    slot: z.enum(ITEM_SLOTS),
  }),
  z.strictObject({ fate: z.literal('unequip'), id: rowId, slot: z.enum(ITEM_SLOTS) }),
  z.strictObject({
    fate: z.literal('inscribe'),
    id: rowId,
    from: lootSource,
    /** An equipped item, or a spell of the campaign's spell tables (ch.13: "another item or spell"). */
    target: z.union([
      z.strictObject({ slot: z.enum(ITEM_SLOTS) }),
      z.strictObject({ spell: z.strictObject({ table: tableKeySchema, row: z.number().int().min(0).max(1999) }) }),
    ]),
  }),
]);

/** Binds a result type to an argument schema; the result exists at the type level only. */
function command<R>() {
  return <A extends z.ZodType>(args: A): { args: A; result?: R } => ({ args });
}

const pathArgs = z.strictObject({ path: filePath });
const keyArgs = z.strictObject({ key: tableKeySchema });
const rowIndex = z.number().int().min(0).max(1999);
const pasteText = z.string().max(2_000_000, { error: 'The text is longer than 2,000,000 characters' });
const modifierSchema = z.strictObject({
  source: z.string().trim().min(1).max(80),
  value: z.number().int().min(-1000).max(1000),
});
export const rollContextSchema = z.strictObject({
  floor: z.number().int().min(1).max(10).optional(),
  influence: z
    .array(z.strictObject({ source: z.string().trim().min(1).max(80), sides: z.number().int().min(2).max(100) }))
    .max(10)
    .optional(),
  attentionStage: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
  festival: z.boolean().optional(),
  squareEmpty: z.boolean().optional(),
  tier: z.enum(LOOT_TIER_NAMES).optional(),
  lostReroll: z.boolean().optional(),
  extra: z.array(modifierSchema).max(10).optional(),
});
/** Highest level the Challenge odds are asked for (the level table's 99 entries). */
const MAX_CHALLENGE_LEVEL = 99;
const challengeOddsArgs = {
  /** A Lichslayer whose level, Sanity and survival penalties the odds take. */
  id: rowId.optional(),
  modifiers: z.array(modifierSchema).max(10).default([]),
  /** A Sanity Challenge in this place: the Attention shifts the target (ch.5). */
  sanityChallenge: z.enum(['tombs', 'town', 'forest']).optional(),
};
/** The dive simulator's party: the campaign's roster, or one the Judge describes. */
const simMemberSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  level: z.number().int().min(1).max(99),
  health: z.number().int().min(1).max(9999),
  armor: z.number().int().min(0).max(999),
  power: z.number().int().min(0).max(99),
  speed: z.number().int().min(0).max(99),
  sanity: z.enum(SANITY_LEVELS).default('whole'),
  /** Damage dice such as "2d6"; empty: bare hands. */
  weapon: z.string().trim().max(40).default(''),
  colour: z.enum(COLOURS).default('Colourless'),
});
const keysOf = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
const simPoliciesSchema = z.strictObject({
  floors: z.number().int().min(1).max(10).default(DEFAULT_SIM_POLICIES.floors),
  roomsPerFloor: z.number().int().min(1).max(25).default(DEFAULT_SIM_POLICIES.roomsPerFloor),
  floorTenWaves: z.number().int().min(1).max(20).default(DEFAULT_SIM_POLICIES.floorTenWaves),
  target: z.enum(keysOf(SIM_POLICIES.target.choices)).default(DEFAULT_SIM_POLICIES.target),
  atZero: z.enum(keysOf(SIM_POLICIES.atZero.choices)).default(DEFAULT_SIM_POLICIES.atZero),
  retreat: z.enum(keysOf(SIM_POLICIES.retreat.choices)).default(DEFAULT_SIM_POLICIES.retreat),
});
const simRunArgs = z.strictObject({ runId: z.string().regex(/^run-\d{1,9}$/, { error: 'A run id such as “run-1”' }) });
/** A loop link the Judge drops from an import: the row of the table, as the preview keys it. */
const importLoopDropSchema = z.strictObject({ table: tableKeySchema, row: rowIndex });
export type ImportLoopDrop = z.output<typeof importLoopDropSchema>;
const importOptions = {
  text: pasteText,
  name: z.string().trim().max(80).optional(),
  category: z.enum(TABLE_CATEGORIES).optional(),
  die: z.string().max(60).optional(),
  gaps: z.enum(IMPORT_GAP_CHOICES).optional(),
  asList: z.boolean().optional(),
  /** false: leave prose such as "roll on Weather" as text instead of nested rolls. */
  links: z.boolean().optional(),
  /** Loop links the Judge drops: their rows' words stay text (every other loop is kept as a link). */
  dropLoops: z.array(importLoopDropSchema).max(2000).optional(),
};
const tableMetaPatch = tableDefSchema
  .pick({ name: true, category: true, die: true, span: true, drawWithoutReplacement: true })
  .partial();

export const contract = {
  'app.info': command<AppInfo>()(noArgs),
  'app.playersScreen': command<{ url: string | null; opened: boolean }>()(noArgs),
  'campaign.list': command<CampaignSummary[]>()(noArgs),
  'campaign.current': command<CampaignView | null>()(noArgs),
  'campaign.create': command<CampaignView>()(z.strictObject({ name: campaignNameSchema })),
  'campaign.open': command<CampaignView>()(pathArgs),
  'campaign.close': command<null>()(noArgs),
  'campaign.duplicate': command<CampaignSummary>()(z.strictObject({ path: filePath, name: campaignNameSchema })),
  'campaign.delete': command<null>()(pathArgs),
  /** The Judge's explicit "break the lock" on a campaign another app holds (after a warning). */
  'campaign.breakLock': command<CampaignSummary>()(pathArgs),
  /** Stops the checks of campaign files being opened (each open then answers that it was stopped); how many stopped. */
  'campaign.cancelCheck': command<number>()(noArgs),
  'lichslayer.create': command<CampaignView>()(z.strictObject({ name: nameSchema })),
  'lichslayer.update': command<CampaignView>()(z.strictObject({ id: rowId, patch: lichslayerPatchSchema })),
  'lichslayer.delete': command<CampaignView>()(z.strictObject({ id: rowId })),
  'lichslayer.roll': command<RolledLichslayer>()(
    z.strictObject({
      name: nameSchema,
      /** An influence die for each of the three starting loot rolls (0: none), ch.1. */
      influence: z
        .array(
          z
            .number()
            .int()
            .refine((v) => [0, 4, 6, 8, 10, 12, 20].includes(v), {
              error: 'An influence die is a d4, d6, d8, d10, d12 or d20 (or none)',
            }),
        )
        .length(3)
        .default([0, 0, 0]),
    }),
  ),
  'lichslayer.spendPoint': command<LifeNotes>()(
    z.strictObject({ id: rowId, stat: z.enum(['power', 'speed', 'health', 'armor', 'magic']) }),
  ),
  'lichslayer.gainGold': command<LifeNotes>()(
    z.strictObject({
      id: rowId,
      amount: z.number().int().min(1, { error: 'Gold found must be at least 1' }).max(1_000_000),
    }),
  ),
  'town.buy': command<LifeNotes>()(
    z.strictObject({ id: rowId, what: z.enum(['meal', 'shelter', 'both']), payer: rowId.optional() }),
  ),
  // A day passes in the Town; while the party is in the Tombs the Judge confirms it first (duringDive).
  'town.nextDay': command<DayReport>()(z.strictObject({ duringDive: z.boolean().optional() })),
  'loot.fate': command<LifeNotes>()(lootFateSchema),
  'loot.vestment': command<LifeNotes>()(z.strictObject({ id: rowId })),
  'skill.points': command<LifeNotes>()(
    z.strictObject({
      id: rowId,
      delta: z
        .number()
        .int()
        .min(-99)
        .max(99)
        .refine((v) => v !== 0, { error: 'Change the Skill Points by at least one' }),
    }),
  ),
  'skill.spendPoint': command<LifeNotes>()(
    z.strictObject({ id: rowId, action: z.enum(['unlock', 'enhance']), skill: z.string().max(60).optional() }),
  ),
  'lichslayer.levelUp': command<LifeNotes>()(z.strictObject({ id: rowId })),
  'lichslayer.felled': command<LifeNotes>()(z.strictObject({ id: rowId, tokenId: rowId.optional() })),
  'town.state': command<TownStateView>()(noArgs),
  'smith.roll': command<TownStateView>()(noArgs),
  'smith.repairArmor': command<TownStateView>()(
    z.strictObject({ id: rowId, points: z.number().int().min(1).max(999) }),
  ),
  // A broken item is repaired where it lies: a slot, or (as breaking leaves it, ch.11) an inventory stack by position.
  'smith.repairItem': command<TownStateView>()(
    z.strictObject({
      id: rowId,
      slot: z.enum(ITEM_SLOTS).optional(),
      stack: z.number().int().min(0).max(99).optional(),
      sellValue: z.number().int().min(0).max(1_000_000),
    }),
  ),
  'smith.recolour': command<TownStateView>()(
    z.strictObject({ id: rowId, slot: z.enum(ITEM_SLOTS), colour: z.enum(COLOURS) }),
  ),
  'retainer.hire': command<TownStateView>()(
    z.strictObject({ employer: rowId, name: nameSchema, grade: z.enum(RETAINER_GRADE_NAMES) }),
  ),
  'retainer.dismiss': command<TownStateView>()(z.strictObject({ retainer: z.number().int().min(1) })),
  'retainer.payDouble': command<TownStateView>()(z.strictObject({ retainer: z.number().int().min(1) })),
  'square.set': command<TownStateView>()(
    z.strictObject({
      festival: z.boolean().optional(),
      empty: z.boolean().optional(),
      watch: z.union([z.literal(1), z.literal(-1)]).optional(),
    }),
  ),
  'town.contribute': command<TownStateView>()(
    z.strictObject({
      id: rowId,
      to: z.enum(['inn', 'square']),
      amount: z.number().int().min(1, { error: 'Give at least 1 gold' }).max(1_000_000),
    }),
  ),
  'idol.commission': command<TownStateView>()(
    z.strictObject({
      payer: rowId,
      tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      inscription: z.enum(INSCRIPTION_IDS).nullable(),
      selfIdol: z.boolean(),
      suitsSubject: z.boolean().default(true),
      subject: z.string().max(60).default(''),
      /** Who dedicates it (the payer when not given): Tier 1 boons and Vanity's personal effects are theirs. */
      dedicator: rowId.optional(),
      /** Raised as a Memorial (ch.6). */
      memorial: z.boolean().default(false),
      /** The Rare loot item a Great Idol needs, from the payer's inventory (ch.6). */
      rareItem: z.string().trim().min(1).max(200).optional(),
    }),
  ),
  'idol.destroy': command<TownStateView>()(
    z.strictObject({
      idol: z.number().int().min(1),
      payer: rowId,
      rareItem: z.string().trim().min(1).max(200).optional(),
    }),
  ),
  'forest.go': command<LifeNotes>()(
    z.strictObject({ ids: z.array(rowId).min(1).max(50), where: z.enum(['forest', 'town']) }),
  ),
  'forest.feed': command<LifeNotes>()(z.strictObject({ id: rowId })),
  'forest.mine': command<LifeNotes>()(z.strictObject({ id: rowId })),
  'forest.move': command<LifeNotes>()(noArgs),
  'forest.forage': command<LifeNotes>()(z.strictObject({ id: rowId })),
  'forest.harvest': command<LifeNotes>()(
    z.strictObject({
      id: rowId,
      patch: z.number().int().min(1),
      take: z.number().int().min(1, { error: 'Take at least one' }).max(999),
    }),
  ),
  'forest.record': command<LifeNotes>()(
    z.strictObject({
      event: z.enum(['tribute', 'tribute-broken', 'griefing', 'celestial-killed', 'daedric-killed', 'giver-killed']),
      /** Who struck the killing blow (a Daedric Being's death costs its killer). */ killer: rowId.optional(),
    }),
  ),
  'smith.drift': command<TownStateView>()(
    z.strictObject({ colour: z.enum(SMITH_COLOURS), toward: z.enum(['favour', 'distrust']) }),
  ),
  'town.banquet': command<TownStateView>()(z.strictObject({ payer: rowId })),
  'town.npc': command<TownStateView>()(
    z.union([z.strictObject({ add: nameSchema }), z.strictObject({ remove: z.number().int().min(1) })]),
  ),
  'town.travel': command<{ days: number; notes: string[] }>()(z.strictObject({ to: nameSchema })),
  'skill.use': command<LifeNotes>()(
    z.strictObject({
      id: rowId,
      skill: z.string().trim().min(1, { error: 'Name the skill' }).max(60),
      rooms: z
        .array(z.strictObject({ x: z.number().int().min(0).max(4), y: z.number().int().min(0).max(4) }))
        .max(25)
        .optional(),
      tokenId: rowId.optional(),
      /** Crush: the target's Health or its Armor to 0 (ch.2). */
      crush: z.enum(['health', 'armor']).optional(),
      /** Diagnose and Bandage: the tokens of the characters healed (ch.2). */
      tokens: z.array(rowId).min(1).max(30).optional(),
      /** Identify: a loot item, by its name on the campaign's loot tables (ch.2). */
      item: z.string().trim().min(1).max(120).optional(),
      /** Break enhanced, as a Response: block the way into the Breaker's room this Round (ch.2). */
      block: z.boolean().optional(),
      /** Scrolls and Ink: the Lichslayer whose Gear or Garment is inscribed with Magic (ch.2). */
      inscribe: z.strictObject({ id: rowId, slot: z.enum(['gear', 'garment']) }).optional(),
      /** Diagnose and Bandage: which ailment to lift from a target (ch.2; default: the first in the book's order). */
      lift: z
        .array(z.strictObject({ tokenId: rowId, ailment: z.enum(AILMENTS) }))
        .max(30)
        .optional(),
      /** Cure: the ailment lifted (ch.2; default: the first in the book's order). */
      ailment: z.enum(AILMENTS).optional(),
      /** Cheat: the ledger entry rerolled (ch.2). */
      rollId: rowId.optional(),
      /** Cheat: which result is the better for the Bandit (default: higher for the Bandit's own roll, lower for another's). */
      keep: z.enum(['higher', 'lower']).optional(),
      /** Commune enhanced: read the chosen room two floors ahead (ch.2). */
      ahead: z.boolean().optional(),
      /** Disarm: made from sneak (enhanced, the mechanism is recovered as Uncommon loot, ch.2). */
      sneak: z.boolean().optional(),
      /** Influence: add to a friendly roll or take from a hostile one (ch.2). */
      influence: z.enum(['add', 'subtract']).optional(),
      /** Scrolls and Ink: the spell a Scroll records; the Doctor's Coat: the spell prepared; Counter Magic: the spell stolen; Commune: the spell learned through a conduit (ch.2, ch.17). */
      spell: z.strictObject({ table: tableKeySchema, row: z.number().int().min(0).max(1999) }).optional(),
      /** Retainers enhanced: the Retainer (its id in the Town) who needs no pay today (ch.2). */
      holiday: z.number().int().min(1).optional(),
      /** Medicine Bay enhanced: the Medicine Slot whose item replenishes each day (ch.2). */
      refill: z.enum(MEDICINE_SLOTS).optional(),
      /** Counter Magic: the special ability declared, answered instead of a spell (ch.2). */
      ability: z.string().trim().min(1).max(120).optional(),
      /** Maneuver: the attack or spell avoided would have brought the ally to 0 Health (counts toward Rally, ch.2). */
      prevented: z.boolean().optional(),
    }),
  ),
  'ailment.set': command<LifeNotes>()(
    z
      .strictObject({
        lichslayerId: rowId.optional(),
        tokenId: rowId.optional(),
        ailment: z.enum(AILMENTS),
        on: z.boolean(),
      })
      .refine((a) => (a.lichslayerId === undefined) !== (a.tokenId === undefined), {
        error: 'Name who carries the ailment: a Lichslayer (lichslayerId) or a token (tokenId), one of them',
      }),
  ),
  /** The newest `count` sessions up to `upTo` (the current one by default), newest first. */
  'journal.view': command<JournalSession[]>()(
    z.strictObject({
      upTo: z.number().int().min(1).max(100_000).optional(),
      count: z.number().int().min(1).max(1000).default(10),
    }),
  ),
  'journal.setNotes': command<JournalSession[]>()(
    z.strictObject({
      session: z.number().int().min(1).max(100_000),
      text: z.string().max(20_000, { error: 'Journal notes are longer than 20,000 characters' }),
    }),
  ),
  'town.reports': command<DayReport[]>()(z.strictObject({ limit: z.number().int().min(1).max(400).default(30) })),
  'lichslayer.setItem': command<CampaignView>()(
    z.strictObject({ id: rowId, slot: z.enum(ITEM_SLOTS), item: itemInputSchema.nullable() }),
  ),
  'lichslayer.setInventory': command<CampaignView>()(
    z.strictObject({
      id: rowId,
      stacks: z.array(stackSchema).max(LIMITS.inventoryMaxStacks, { error: 'Too many inventory stacks' }),
    }),
  ),
  'houseRules.update': command<CampaignView>()(z.strictObject({ patch: houseRulesPatchSchema })),
  'houseRules.reset': command<CampaignView>()(noArgs),
  'tables.list': command<TableSummary[]>()(noArgs),
  'tables.get': command<TableView>()(keyArgs),
  'tables.create': command<TableView>()(
    z.strictObject({
      name: z.string().trim().min(1, { error: 'A table needs a name' }).max(80),
      category: z.enum(TABLE_CATEGORIES),
      die: z.string().max(60).nullable(),
    }),
  ),
  'tables.updateMeta': command<TableView>()(z.strictObject({ key: tableKeySchema, patch: tableMetaPatch })),
  'tables.setRow': command<TableView>()(z.strictObject({ key: tableKeySchema, index: rowIndex, row: tableRowSchema })),
  'tables.insertRow': command<TableView>()(
    z.strictObject({ key: tableKeySchema, index: z.number().int().min(0).max(2000), row: tableRowSchema }),
  ),
  'tables.deleteRows': command<TableView>()(
    z.strictObject({ key: tableKeySchema, indices: z.array(rowIndex).min(1).max(2000) }),
  ),
  'tables.recolour': command<TableView>()(
    z.strictObject({ key: tableKeySchema, indices: z.array(rowIndex).min(1).max(2000), colour: z.enum(COLOURS) }),
  ),
  'tables.delete': command<TableSummary[]>()(keyArgs),
  'tables.resetToStarter': command<TableView>()(keyArgs),
  'tables.resetDraws': command<TableView>()(keyArgs),
  'tables.importPreview': command<ImportPreviewView>()(z.strictObject(importOptions)),
  'tables.importSave': command<TableView>()(
    z.strictObject({ ...importOptions, onConflict: z.enum(['refuse', 'replace', 'rename']).default('refuse') }),
  ),
  'tables.packPreview': command<PackPreviewView>()(z.strictObject({ text: pasteText })),
  'tables.packImport': command<TableSummary[]>()(
    z.strictObject({
      text: pasteText,
      resolutions: z.record(tableKeySchema, z.enum(['keep', 'replace', 'rename'])).default({}),
      /** The Judge has seen the pack's uncovered results and keeps them rolling "no entry". */
      keepUncovered: z.boolean().default(false),
    }),
  ),
  'tables.export': command<{ text: string; fileName: string }>()(
    z.strictObject({ keys: z.array(tableKeySchema).min(1).max(500), format: z.enum(['json', 'markdown', 'foundry']) }),
  ),
  'tables.roll': command<RollView>()(
    z.strictObject({
      key: tableKeySchema,
      context: rollContextSchema.default({}),
      character: z.string().max(60).optional(),
      cause: z.string().max(120).optional(),
    }),
  ),
  'tables.odds': command<TableOddsView>()(
    z.strictObject({
      key: tableKeySchema,
      context: rollContextSchema.default({}),
      /** The editor's unsaved version of the table: its odds, with the saved table's beside them. */
      draft: z
        .strictObject({
          die: z.string().max(60).nullable(),
          span: tableDefSchema.shape.span,
          rows: tableDefSchema.shape.rows,
        })
        .optional(),
    }),
  ),
  'odds.challenge': command<ChallengeOddsView>()(
    z.strictObject({
      ...challengeOddsArgs,
      level: z.number().int().min(1).max(MAX_CHALLENGE_LEVEL).optional(),
      target: z.number().int().min(1).max(999),
    }),
  ),
  'odds.challengeGrid': command<ChallengeGridView>()(
    z.strictObject({
      ...challengeOddsArgs,
      levels: z
        .strictObject({
          from: z.number().int().min(1).max(MAX_CHALLENGE_LEVEL),
          to: z.number().int().min(1).max(MAX_CHALLENGE_LEVEL),
        })
        .refine((l) => l.to >= l.from && l.to - l.from < 30, {
          error: 'Levels run from low to high, at most 30 of them',
        })
        .default({ from: 1, to: 10 }),
      targets: z.array(z.number().int().min(1).max(999)).min(1).max(40).default([6, 12, 18, 24, 30]),
    }),
  ),
  /** Starts a run of the dive simulator on a worker thread; read it with odds.simulation. */
  'odds.simulate': command<SimRunView>()(
    z.strictObject({
      party: z.union([
        z.strictObject({ roster: z.literal(true) }),
        z.strictObject({ members: z.array(simMemberSchema).min(1).max(12) }),
      ]),
      policies: simPoliciesSchema.default(DEFAULT_SIM_POLICIES),
      dives: z.number().int().min(1).max(100_000),
      seed: z.number().int().min(0).max(0xffffffff),
      /** A variant's house rules, over the campaign's own (the comparison's second run). */
      houseRules: houseRulesPatchSchema.optional(),
      label: z.enum(['A', 'B']).default('A'),
    }),
  ),
  'odds.simulation': command<SimRunView>()(simRunArgs),
  'odds.cancelSimulation': command<SimRunView>()(simRunArgs),
  'ledger.list': command<LedgerEntry[]>()(
    z.strictObject({
      session: z.number().int().min(1).optional(),
      table: tableKeySchema.optional(),
      floor: z.number().int().min(1).max(10).optional(),
      character: z.string().max(60).optional(),
      limit: z.number().int().min(1).max(5000).optional(),
    }),
  ),
  'ledger.verify': command<{ entries: number; faces: number; ok: boolean; problem: string | null }>()(
    z.strictObject({ session: z.number().int().min(1).optional() }),
  ),
  'ledger.newSession': command<{ session: number }>()(noArgs),
  'dice.setSeed': command<{ seed: number }>()(
    z.strictObject({
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1),
    }),
  ),
  'board.view': command<BoardView>()(z.strictObject({ floor: z.number().int().min(1).max(10) })),
  'board.setWorld': command<BoardView>()(
    z.strictObject({ floor: z.number().int().min(1).max(10), patch: worldPatchSchema }),
  ),
  'board.enterFloor': command<BoardView>()(
    z.strictObject({
      floor: z.number().int().min(1).max(10),
      x: z.number().int().min(0).max(4).optional(),
      y: z.number().int().min(0).max(4).optional(),
    }),
  ),
  'board.placeLichslayer': command<BoardView>()(placeSchema.extend({ lichslayerId: rowId })),
  'board.moveToken': command<BoardView>()(placeSchema.extend({ tokenId: rowId, override: z.boolean().default(false) })),
  'board.revealRoom': command<BoardView>()(placeSchema),
  'board.prerollRoom': command<BoardView>()(placeSchema),
  'board.prerollFloor': command<BoardView>()(z.strictObject({ floor: z.number().int().min(1).max(9) })),
  'board.setRoom': command<BoardView>()(
    placeSchema.extend({ patch: roomPatchSchema, revealed: z.boolean().optional() }),
  ),
  'board.resetRoom': command<BoardView>()(placeSchema),
  'board.disableTrap': command<BoardView>()(placeSchema),
  'board.openChest': command<BoardView>()(placeSchema.extend({ lichslayerId: rowId })),
  'board.takeGold': command<BoardView>()(placeSchema.extend({ to: z.union([rowId, z.literal('split')]) })),
  'board.addToken': command<BoardView>()(newTokenSchema),
  'board.updateToken': command<BoardView>()(z.strictObject({ id: rowId, patch: tokenPatchSchema })),
  'board.removeToken': command<BoardView>()(z.strictObject({ id: rowId })),
  'board.reorderStack': command<BoardView>()(
    z.strictObject({ floor: z.number().int().min(1).max(10), tokenIds: z.array(rowId).max(500) }),
  ),
  'players.view': command<PlayerView>()(noArgs),
  /**
   * One Lichslayer's own screen. A private link's page names no one: the host fills in the
   * Lichslayer its token is for, and refuses any other; the Judge names the Lichslayer.
   */
  'private.view': command<PrivateView>()(z.strictObject({ lichslayerId: rowId.optional() })),
  /** The private links open now, and whether the host shares screens on the local network. */
  'private.links': command<PrivateLinksView>()(noArgs),
  /** Issues a fresh private link for one Lichslayer (any earlier one stops working). */
  'private.issue': command<PrivateLinksView>()(z.strictObject({ lichslayerId: rowId })),
  'private.revoke': command<PrivateLinksView>()(z.strictObject({ lichslayerId: rowId })),
  'fight.options': command<FightOptionsView>()(z.strictObject({ attacker: rowId })),
  'fight.attack': command<FightResult>()(attackArgsSchema),
  'fight.damage': command<FightResult>()(damageArgsSchema),
  'fight.atZero': command<FightResult>()(atZeroArgsSchema),
  'fight.integrity': command<FightResult>()(integrityArgsSchema),
  'challenge.presets': command<ChallengeSetupView>()(presetsArgsSchema),
  'challenge.roll': command<FightResult>()(challengeArgsSchema),
  'phase.view': command<PhaseView>()(noArgs),
  'phase.send': command<PhaseView>()(z.strictObject({ event: diveEventSchema })),
  'phase.nextTurn': command<PhaseView>()(noArgs),
  'phase.respond': command<PhaseView>()(z.strictObject({ tokenId: rowId })),
  'phase.spellbook': command<SpellbookView>()(z.strictObject({ tokenId: rowId })),
  'phase.cast': command<PhaseView>()(
    z.strictObject({
      tokenId: rowId,
      table: tableKeySchema,
      row: z.number().int().min(0).max(1999),
      /** ch.13: a ×N component with no choice made yet is released all at once or cast singly. */
      componentChoice: z.enum(['all-at-once', 'singly']).optional(),
      /** ch.17: complete recipes spent on the Forest path (M equals it). */
      recipes: z.number().int().min(1).max(6).optional(),
      /** ch.17: colour-matched Flora spent to raise a Giver's Recipe's M. */
      flora: z.number().int().min(0).max(12).optional(),
      /** ch.2: cast from the Scholar's Scroll of this id (anyone, once, at the Magic it recorded). */
      scroll: rowId.optional(),
      /** ch.2: cast from the spells prepared in the Lich Doctor's Coat (half gold). */
      coat: z.boolean().optional(),
      /** ch.2: cast the spell the Witch stole with Counter Magic (free, at its caster's Magic). */
      stolen: z.boolean().optional(),
      /** ch.17: cast the spell the Witch learned through Commune (1 Sanity level, no components). */
      learned: z.boolean().optional(),
    }),
  ),
  'phase.enemiesAdvance': command<PhaseView>()(noArgs),
  'phase.cure': command<PhaseView>()(
    z.strictObject({
      id: rowId,
      how: z.enum(['cleanse', 'restore', 'cure', 'pilgrimage']),
      /** Who cast Cleanse: a player-killing (ch.11, ch.16). */ by: rowId.optional(),
    }),
  ),
  'turning.place': command<BoardView>()(placeSchema.extend({ lichslayerId: rowId })),
  'phase.attention': command<PhaseView>()(z.strictObject({ event: attentionEventSchema })),
  'print.gauntlets': command<PrintGauntlet[]>()(z.strictObject({ ids: z.array(rowId).max(200).optional() })),
  'print.floorHandout': command<PrintFloorHandout>()(z.strictObject({ floor: z.number().int().min(1).max(10) })),
  'print.lootCards': command<PrintLootCard[]>()(
    z.strictObject({ indices: z.array(z.number().int().min(0).max(1999)).min(1).max(500) }),
  ),
  'print.savePdf': command<{ saved: boolean; path: string | null; message: string }>()(
    z.strictObject({
      suggestedName: z
        .string()
        .trim()
        .min(1)
        .max(120)
        .regex(/^[^/\\:*?"<>|]+$/, { error: 'A file name cannot hold / \\ : * ? " < > |' }),
      pageSize: z.enum(['A4', 'Letter']),
      landscape: z.boolean(),
    }),
  ),
  'backups.list': command<BackupEntry[]>()(noArgs),
  'backups.create': command<BackupEntry[]>()(noArgs),
  'backups.restore': command<CampaignView>()(
    z.strictObject({
      fileName: z
        .string()
        .min(1)
        .max(255)
        .regex(/^[^/\\]+\.lichslayer$/, { error: 'Not a backup file name' }),
    }),
  ),
  'backups.restoreNewest': command<CampaignView>()(pathArgs),
  'backups.retention': command<BackupRetention>()(noArgs),
  'backups.setRetention': command<BackupRetention>()(
    z.strictObject({ keepToday: z.number().int().min(1).max(100), keepDays: z.number().int().min(0).max(365) }),
  ),
  'history.undo': command<CampaignView>()(noArgs),
  'history.redo': command<CampaignView>()(noArgs),
  'storage.view': command<StorageView>()(noArgs),
  'storage.setKeep': command<StorageView>()(storageKeepSchema),
  'storage.compact': command<StorageView>()(noArgs),
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
  | { type: 'players'; view: PlayerView | null }
  /** One Lichslayer's own screen, pushed only to that Lichslayer's private link. */
  | { type: 'private'; view: PrivateView | null }
  /** Something the Judge must know at once (the background integrity check found damage). */
  | { type: 'problem'; message: string }
  /** A campaign file being checked before it opens: steps done of all, and what is being read. */
  | { type: 'checking'; path: string; fileName: string; done: number; total: number; what: string };

/** The only commands a players' screen may call (with the read-only players token). */
export const PLAYER_COMMANDS: readonly CommandName[] = ['players.view'];

/** The only command a private link may call, and only for its own Lichslayer. */
export const PRIVATE_COMMANDS: readonly CommandName[] = ['private.view'];

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
