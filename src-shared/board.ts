// The Tomb board as data: what the Judge's view holds, and the separately computed players'
// view, which carries no secret at all (main drops them; the renderer never has to hide one).
import { z } from 'zod';
import { COLOURS, type Colour } from './gauntlet.ts';
import type { EndedSummary } from './journal.ts';
import { FACTIONS, ROOM_TYPES, trapFieldsSchema, type RoomType, type TrapFields } from './tables.ts';
import type { SkillChoice } from './contract/skill-args.ts';

export const GRID = 5;
export const TOKEN_KINDS = ['lichslayer', 'retainer', 'familiar', 'entity', 'phylactery'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

export interface Trap {
  label: string;
  disabled: boolean;
  /** Token ids of the characters it has already triggered for (once per character, ch.9). */
  triggeredFor: number[];
  /** The Judge's listed effect, used instead of the roll (ch.9). */
  effect?: TrapFields | null;
  /** Rolled on the tier's trap table for each character entering (ch.9). */
  roll?: boolean;
}

export interface Chest {
  opened: boolean;
  hasLoot: boolean | null;
  contents: string;
  /** The gold formula the Judge rolls when it is opened (ch.9); older chests have none. */
  goldFormula?: string;
  /** The gold found in it, and who opened it. */
  gold?: number;
  openedBy?: string;
}

export interface RoomView {
  id: number;
  floor: number;
  x: number;
  y: number;
  revealed: boolean;
  /** Contents rolled or set ahead of time, still hidden from players. */
  prepared: boolean;
  entered: boolean;
  type: RoomType | null;
  name: string;
  details: string;
  capacity: number | null;
  /** Entities standing in the room (not defeated). */
  occupancy: number;
  full: boolean;
  cleared: boolean;
  trap: Trap | null;
  chest: Chest | null;
  sanityTest: boolean;
  stair: boolean;
  phylactery: boolean;
  gold: number;
  notes: string;
}

export interface EntityStats {
  faction?: string;
  level?: number;
  speed?: number;
  attack?: string;
  turns?: number;
  table?: string;
  /** The Lich's own Magic (ch.16) and the mark that makes it the Lich for the round's rules. */
  magic?: number;
  lich?: boolean;
  /** Flags from its entity table (ch.8, ch.10, ch.11, ch.12): attacks through Armor, a Lich-type source, a Sanity Challenge on a hit or by an ability, the floor's Merchant. */
  bypassArmor?: boolean;
  lichType?: boolean;
  sanityOnHit?: number;
  sanityAbility?: number;
  merchant?: boolean;
  /** An entity of the Unbound's own: Full Spectrum resists its damage (ch.14). */
  unbound?: boolean;
}

export interface TokenView {
  id: number;
  kind: TokenKind;
  name: string;
  colour: Colour;
  floor: number | null;
  x: number | null;
  y: number | null;
  health: number | null;
  maxHealth: number | null;
  armor: number | null;
  hidden: boolean;
  defeated: boolean;
  lichslayerId: number | null;
  stats: EntityStats;
  intention: string;
}

/** One row of the turn tracker (ch.11): who, in stack order, with what the Judge needs at a glance. */
export interface TurnEntryView {
  tokenId: number;
  name: string;
  kind: TokenKind;
  hidden: boolean;
  floor: number | null;
  colour: Colour;
  health: number | null;
  maxHealth: number | null;
  armor: number | null;
  /** Speed (a Lichslayer's, or the stat block's), and the turns a round it gives (ch.11). */
  speed: number | null;
  turns: number;
  /** Conditions in words, the Judge's own (an entity's intention) included. */
  conditions: string[];
  /** The conditions players may see at the table. */
  publicConditions: string[];
  /** Its turn now. */
  current: boolean;
  /** In a fight, no turn left for it this round. */
  done: boolean;
}

/** The Square's state as it shifts floor rolls (ch.10); the Lich's Attention lives in its own machine. */
export interface WorldState {
  festival: boolean;
  squareEmpty: boolean;
}

/** A Witch inhabiting a body through Oneness (ch.2), and her own token, inert while she does. */
export interface OnenessView {
  lichslayerId: number;
  witch: string;
  /** Her own token, or null when it is not on the board. */
  witchTokenId: number | null;
  bodyTokenId: number;
  body: string;
}

/** A class skill the engine offers now (ch.2), with what skill.use takes for it; its limits are checked when used. */
export interface SkillOffer {
  label: string;
  lichslayerId: number;
  /** Aimed at a room (shown with the room) or at a token (shown with that token). */
  aim: 'room' | 'token';
  /** The room it is aimed at, or the aimed token's room. */
  room: { x: number; y: number };
  tokenId: number | null;
  /** It names a token hidden from players: shown only while secrets show. */
  hidden: boolean;
  /** Its use rolls dice its player may roll at the table instead (ch.1). */
  rollsDice: boolean;
  /** What skill.use takes for it, but who uses it: the skill and its own choices. */
  use: SkillChoice;
}

/** The entrant whose turn it is (ch.11), with what it can do now, for the acting panel. */
export interface ActingView {
  tokenId: number;
  name: string;
  kind: TokenKind;
  hidden: boolean;
  lichslayerId: number | null;
  floor: number | null;
  x: number | null;
  y: number | null;
  round: number;
  /** Why it cannot attack now (no weapon, felled, 0 Health), or null: it may. */
  attackRefused: string | null;
  /** A Lichslayer standing at an unopened chest may open it (ch.9). */
  chest: boolean;
  /** An armed trap in its room (ch.9): a Bandit's Disarm, or the Judge disables it. */
  trap: boolean;
  /** Gold lying in its room (ch.9). */
  gold: number;
}

export interface BoardView {
  floor: number;
  partyFloor: number | null;
  rooms: RoomView[];
  tokens: TokenView[];
  /** Lichslayers not yet on any floor. */
  offBoard: { lichslayerId: number; name: string }[];
  turnStack: TurnEntryView[];
  world: WorldState;
  /** The Lich's Attention stage, as its machine holds it (read-only here). */
  attentionStage: 0 | 1 | 2 | 3 | 4;
  entrance: { x: number; y: number };
  /** Hidden-info pane: each Lichslayer's class while still hidden (below level 2). */
  hiddenClasses: { name: string; className: string }[];
  /** Rooms with something secret in them, on this floor, for the hidden-info pane. */
  secrets: { x: number; y: number; lines: string[] }[];
  /** Whose turn it is while a fight is on (ch.11). */
  currentTurn: number | null;
  /** The entrant whose turn it is and what it can do, while a fight is on (ch.11). */
  acting: ActingView | null;
  /** The class skills that apply now on this floor (ch.2), for every room and token. */
  offers: SkillOffer[];
  /** Between turns (ch.11): the enemies that stand apart from the party and have an open room toward it. */
  enemiesMayMove: string[];
  /** Lichslayers on the dive at 0 Health, waiting to withdraw or press on (ch.11). */
  awaitingZero: { lichslayerId: number; name: string; explain: string }[];
  /** Each Witch inhabiting a body through Oneness (ch.2): her own token lies inert meanwhile. */
  oneness: OnenessView[];
  /** What the last action set off (a trap, a reveal), for the Judge to read out. */
  notices?: string[];
}

export interface PlayerRoom {
  x: number;
  y: number;
  type: RoomType | null;
  name: string;
  occupancy: number;
  capacity: number | null;
  full: boolean;
  cleared: boolean;
}

export interface PlayerToken {
  /** Opaque within one view: never a database id, so gaps cannot betray hidden tokens. */
  key: string;
  kind: TokenKind;
  name: string;
  colour: Colour;
  x: number;
  y: number;
  /** Only for the party's own side; enemy numbers are the Judge's. */
  health: number | null;
  maxHealth: number | null;
  armor: number | null;
  /** Its turn now (as the players' turn order shows it). */
  current: boolean;
}

export interface PlayerView {
  campaign: string;
  floor: number | null;
  rooms: PlayerRoom[];
  tokens: PlayerToken[];
  /** The visible entrants in stack order; health only for the party's own side. */
  turnOrder: {
    name: string;
    kind: TokenKind;
    current: boolean;
    done: boolean;
    colour: Colour;
    health: number | null;
    maxHealth: number | null;
    conditions: string[];
  }[];
  /** The fight's round while one is on, so the TV can say whose turn it is large. */
  round: number | null;
  rolls: { explain: string; at: string }[];
  /** The fight or dive that ended last this session, as the players may read it; none while a fight is on. */
  summary: EndedSummary | null;
}

export const worldPatchSchema = z
  .strictObject({
    festival: z.boolean(),
    squareEmpty: z.boolean(),
  })
  .partial();

const coord = z
  .number()
  .int()
  .min(0)
  .max(GRID - 1);
const floorNumber = z.number().int().min(1).max(10);
export const placeSchema = z.strictObject({ floor: floorNumber, x: coord, y: coord });

export const roomPatchSchema = z
  .strictObject({
    type: z.enum(ROOM_TYPES).nullable(),
    name: z.string().trim().max(80),
    details: z.string().max(2000),
    /** A trap: with an effect it is listed and used instead of the roll; without one, its d6 is rolled on the tier's table on each entry (ch.9). */
    trap: z
      .strictObject({
        label: z.string().trim().min(1).max(200),
        disabled: z.boolean().default(false),
        effect: trapFieldsSchema.nullable().default(null),
      })
      .nullable(),
    chest: z.boolean(),
    sanityTest: z.boolean(),
    stair: z.boolean(),
    phylactery: z.boolean(),
    gold: z.number().int().min(0).max(1_000_000),
    notes: z.string().max(4000),
  })
  .partial();

export const newTokenSchema = z.strictObject({
  kind: z.enum(['retainer', 'familiar', 'entity']),
  name: z.string().trim().min(1, { error: 'A token needs a name' }).max(60),
  colour: z.enum(COLOURS),
  floor: floorNumber,
  x: coord,
  y: coord,
  health: z.number().int().min(0).max(99_999).nullable().default(null),
  armor: z.number().int().min(0).max(9_999).nullable().default(null),
  hidden: z.boolean().default(false),
  /** A Familiar's Witch (a Lichslayer id): her enhanced Familiar skill doubles its Health (ch.2). */
  witch: z.number().int().min(1).optional(),
  stats: z
    .strictObject({
      faction: z.enum(FACTIONS).optional(),
      level: z.number().int().min(1).max(30).optional(),
      speed: z.number().int().min(0).max(99).optional(),
      attack: z.string().max(40).optional(),
      turns: z.number().int().min(1).max(10).optional(),
      magic: z.number().int().min(0).max(99).optional(),
      bypassArmor: z.boolean().optional(),
      lichType: z.boolean().optional(),
      sanityOnHit: z.number().int().min(0).max(60).optional(),
      sanityAbility: z.number().int().min(0).max(60).optional(),
      merchant: z.boolean().optional(),
      unbound: z.boolean().optional(),
    })
    .default({}),
});

export const tokenPatchSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(60),
    health: z.number().int().min(0).max(99_999),
    armor: z.number().int().min(0).max(9_999),
    hidden: z.boolean(),
    defeated: z.boolean(),
    intention: z.string().max(500),
  })
  .partial();
