// What main sends: the views the renderer only shows.
import { ITEM_SLOTS, type Item, type LichslayerFields, type Stack } from '../gauntlet.ts';
import type { HouseRules } from '../house-rules.ts';
import type { RollNode } from '../dice.ts';
import type { Ailment } from '../ailments.ts';
import type { TableCategory, TableDef, TableIssue } from '../tables.ts';
import type { SkillName } from './skill-args.ts';

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
      /** The last day a feast's meal feeds the character (ch.5), or null. */
      fedThrough: number | null;
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
    skills: {
      /** As the book spells it when it is one of the class skills, else as written on the sheet. */
      name: string;
      /** The class skill it is, or null: a skill the app does not know, whose effect is the Judge's. */
      skill: SkillName | null;
      kind: string;
      limit: string | null;
      board: string | null;
    }[];
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
  /** Today at the Inn (ch.4, ch.5): the event rolled as the day began, and the day's prices. */
  inn: {
    event: string | null;
    prices: { meal: number; shelter: number; both: number; fedDays: number; why: string | null };
  };
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
  /** The table's rows are not the app's current starter rows (edited here, or shipped since). */
  starterDiffers: boolean;
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
  /** Who entered the faces by hand (rolled at the table); null when the app rolled them. */
  enteredBy: string | null;
}

export interface RollView {
  node: RollNode;
  entry: LedgerEntry;
}
