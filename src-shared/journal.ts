// The journal as the contract carries it: every recorded step of a session, the rolls that
// mattered, and the summaries of its fights and dives, each computed in main from what the
// campaign recorded; filtered by kind, by Lichslayer, by floor and by session.
import { z } from 'zod';

/** What the Judge may ask the journal to show; each step, roll and summary is of one kind. */
export const JOURNAL_KINDS = ['fights', 'dives', 'rolls', 'town', 'edits'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** Where a recorded step belongs: in a fight, on a dive outside fights, in the Town, or a hand edit. */
export type StepKind = 'fight' | 'dive' | 'town' | 'edit';

export const journalFilterSchema = z.strictObject({
  /** Only this session; left out: the newest sessions. */
  session: z.number().int().min(1).max(100_000).optional(),
  kind: z.enum(JOURNAL_KINDS).optional(),
  /** A Lichslayer's name, as the roster spells it. */
  lichslayer: z.string().trim().min(1).max(60).optional(),
  floor: z.number().int().min(1).max(10).optional(),
  /** Sessions listed at most (newest first). */
  count: z.number().int().min(1).max(1000).default(10),
});
export type JournalFilter = z.input<typeof journalFilterSchema>;

export interface JournalStep {
  label: string;
  at: string;
  kind: StepKind;
  /** The party's floor when the step was taken; null in the Town. */
  floor: number | null;
  /** The Lichslayers whose records the step changed. */
  who: string[];
}

export interface JournalRoll {
  cause: string;
  explain: string;
  character: string | null;
  floor: number | null;
  kind: StepKind;
}

/** One entrant's share of a fight. */
export interface FightEntrant {
  name: string;
  side: 'party' | 'enemies';
  /** Health taken from others by this entrant's attacks. */
  dealt: number;
  /** Health lost, whoever or whatever dealt it. */
  taken: number;
  /** Armor spent absorbing hits. */
  armorLost: number;
}

export interface FightSummary {
  session: number;
  startedAt: string;
  endedAt: string | null;
  floor: number | null;
  room: string | null;
  rounds: number;
  entrants: FightEntrant[];
  /** Who was felled, and by whose hand (null: by the Judge's hand or a hazard). */
  felled: { name: string; by: string | null }[];
  xp: { name: string; amount: number }[];
  loot: { name: string; item: string }[];
  gold: { name: string; amount: number }[];
  /** Each Lichslayer's Sanity that changed in the fight, from its first level to its last (ch.8). */
  sanity: { name: string; from: string; to: string }[];
  /** Items that broke in the fight (ch.11), whose they were. */
  broken: { name: string; item: string }[];
  notableRolls: string[];
}

export interface DiveSummary {
  session: number;
  startedAt: string;
  endedAt: string | null;
  /** How the dive ended: back to the Town, the whole party fallen, the Tomb ended (ch.12, ch.16), or still under way. */
  ending: 'withdrew' | 'fell' | 'resolved' | 'under way';
  floors: number[];
  /** Floors the party cleared on this dive (ch.1), in the order cleared. */
  floorsCleared: number[];
  rooms: string[];
  fights: number;
  gold: { name: string; amount: number }[];
  loot: { name: string; item: string }[];
  /** Lichslayers who reached 0 Health on the dive, and whether they were lost for good. */
  deaths: { name: string; lost: boolean }[];
  sanity: { name: string; from: string; to: string }[];
  xp: { name: string; amount: number }[];
  /** Health each Lichslayer dealt and took in the dive's fights. */
  damage: { name: string; dealt: number; taken: number }[];
  /** Items that broke on the dive (ch.11), whose they were. */
  broken: { name: string; item: string }[];
}

export interface JournalDay {
  day: number;
  changes: number;
}

export interface JournalSessionView {
  session: number;
  startedAt: string | null;
  notes: string;
  days: JournalDay[];
  steps: JournalStep[];
  rolls: JournalRoll[];
  fights: FightSummary[];
  dives: DiveSummary[];
}

/** The journal page: the sessions shown, and what the filters may pick from. */
export interface JournalBook {
  sessions: JournalSessionView[];
  /** Every session of the campaign, for the session picker. */
  sessionCount: number;
  lichslayers: string[];
  floors: number[];
}

/** The newest summary of the current session, of a fight or a dive, shown when it ends. */
export type JournalSummary =
  { of: 'fight'; summary: FightSummary } | { of: 'dive'; summary: DiveSummary } | { of: 'none'; summary: null };

/** A summary of a fight or a dive that has ended. */
export type EndedSummary = Exclude<JournalSummary, { of: 'none' }>;
