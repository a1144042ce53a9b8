// The play tables' rows exactly as the campaign file stores them (snake_case columns, 0/1 flags,
// JSON text): the one home of each row's shape, read by the loader, the engine and the views.
import type { TokenKind } from '@shared/board.ts';
import type { Colour, ItemSlot, SanityLevel } from '@shared/gauntlet.ts';
import type { RoomType } from '@shared/tables.ts';
import type { Ailment } from '@shared/ailments.ts';

export interface TownRow {
  id: number;
  name: string;
  day: number;
}

export interface LichslayerRow {
  id: number;
  position: number;
  name: string;
  level: number;
  health: number;
  max_health: number;
  armor: number;
  max_armor: number;
  power: number;
  speed: number;
  sanity: SanityLevel;
  gold: number;
  xp: number;
  hidden_class: string | null;
  skill1: string;
  skill2: string;
  skill3: string;
  capstone: string;
  notes: string;
  gold_gained: number;
  stat_points: number;
  magic_bonus: number;
  days_without_meal: number;
  days_without_shelter: number;
  hunger_lost: number;
  missed_since_rest: number;
  ate_today: number;
  sheltered_today: number;
  /** The last day a feast's meal feeds the character (ch.5 Inn events), or null. */
  fed_through: number | null;
  /** Nights of rest counted at Lost toward recovery at Stage 2 (ch.5). */
  lost_rest_nights: number;
  /** The token a Witch inhabits through Oneness (ch.2), or null. */
  inhabits: number | null;
  /** The Lich Doctor's characters healed back from 0 Health, toward Cure (ch.2). */
  heals_from_zero: number;
  /** The Aristocrat's days in a row with at least 3 active Retainers, toward Influence (ch.2). */
  retainer_streak: number;
  /** Enemies this Lichslayer has felled, toward XP (ch.1). */
  enemies_felled: number;
  /** Floors this Lichslayer has cleared, toward XP (ch.1). */
  floors_cleared: number;
  /** Skill Points not yet spent (ch.2). */
  skill_points: number;
  /** The day the Lich last turned this Lichslayer (ch.16), or null. */
  turned_on_day: number | null;
}

export interface ItemRow {
  id: number;
  lichslayer_id: number;
  slot: ItemSlot;
  name: string;
  colour: Colour;
  broken: number;
  notes: string;
  /** The loot row the item came from ("<table key>#<row id>"), kept through renames of the row; null when none. */
  loot_ref: string | null;
}

export interface StackRow {
  id: number;
  lichslayer_id: number;
  position: number;
  name: string;
  count: number;
  colour: Colour | null;
  broken: number;
  notes: string;
  /** As an item's loot_ref. */
  loot_ref: string | null;
}

export interface SettingRow {
  id: number;
  key: string;
  value: string;
}

export interface RoomRecord {
  id: number;
  floor: number;
  x: number;
  y: number;
  revealed: number;
  prepared: number;
  entered: number;
  room_type: RoomType | null;
  name: string;
  details: string;
  trap: string | null;
  chest: string | null;
  sanity_test: number;
  stair: number;
  phylactery: number;
  gold: number;
  notes: string;
}

export interface TokenRecord {
  id: number;
  kind: TokenKind;
  lichslayer_id: number | null;
  name: string;
  colour: Colour;
  floor: number | null;
  x: number | null;
  y: number | null;
  health: number | null;
  max_health: number | null;
  armor: number | null;
  stats: string;
  intention: string;
  hidden: number;
  defeated: number;
  placed_at: number;
}

export interface TurnStackRow {
  id: number;
  token_id: number;
  position: number;
}

export interface SkillUseRow {
  id: number;
  lichslayer_id: number;
  skill: string;
  session: number;
  day: number;
  floor: number | null;
  fight: number | null;
  visit: number | null;
  round: number | null;
  turn: number | null;
  target: string | null;
  faction: string | null;
  token_id: number | null;
  success: number | null;
}

/** An ailment (ch.2) one carrier has: a Lichslayer (on and off the board), or another token. */
export interface AilmentRow {
  id: number;
  lichslayer_id: number | null;
  token_id: number | null;
  ailment: Ailment;
}

/** Medicine Bay enhanced (ch.2): the Doctor's chosen Medicine Slot and the item it replenishes each day. */
export interface MedicineRefillRow {
  id: number;
  lichslayer_id: number;
  slot: 'medicine1' | 'medicine2' | 'medicine3';
  name: string;
  colour: Colour;
  notes: string;
  loot_ref: string | null;
}

/** Family Heirloom enhanced (ch.2): whom an Aristocrat covers, and in which fight's Round (null: outside a fight). */
export interface HeirloomCoverRow {
  id: number;
  lichslayer_id: number;
  token_id: number;
  serial: number | null;
  round: number | null;
}

/** A Familiar placed for its Witch (ch.3), kept after its token is removed (token_id null) for its defeat. */
export interface FamiliarRow {
  id: number;
  witch_id: number;
  token_id: number | null;
  defeated_session: number | null;
}

/** A buff a Lichslayer channelled from an item (ch.13), kept until the dive ends. */
export interface ChannelBuffRow {
  id: number;
  lichslayer_id: number;
  /** The item channelled. */
  name: string;
  /** Its loot entry's text, as it was channelled. */
  details: string;
}

/** An item's effect a Lichslayer inscribed on a spell (ch.13): the spell as the spellbook lists it, and the line cast with it. */
export interface SpellInscriptionRow {
  id: number;
  lichslayer_id: number;
  /** The spell table's key. */
  spell_table: string;
  /** The spell's row in that table, from 0. */
  spell_row: number;
  spell_label: string;
  line: string;
}

/** A skill a Lichslayer enhanced with a Skill Point (ch.2). */
export interface EnhancedSkillRow {
  id: number;
  lichslayer_id: number;
  skill: string;
}

/** A floor tier on which a Breaker has felled an enemy, toward Crush (ch.2). */
export interface CrushTierRow {
  id: number;
  lichslayer_id: number;
  tier: 'upper' | 'middle' | 'lower';
}

/** A square of the board in one fight's Round: where a skill's reach was set, and when. */
interface PlacedInRound {
  floor: number;
  x: number;
  y: number;
  serial: number;
  round: number;
}

/** A character the Scholar's Investiture reaches (ch.2): granted at a Round's start where the Scholar stood. */
export interface InvestitureRow extends PlacedInRound {
  id: number;
  scholar_id: number;
  lichslayer_id: number;
}

/** The doorway a Breaker holds (ch.2, Break enhanced): the room's square, in the Round it holds. */
export interface DoorwayHoldRow extends PlacedInRound {
  id: number;
  breaker_id: number;
}

/** An enemy turned back at a held doorway, kept out of that room for the Round (ch.2). */
export interface DoorwayDenialRow {
  id: number;
  doorway_id: number;
  token_id: number;
}

/** The tables a play command reads and writes, loaded whole into the play state. */
export interface PlayRows {
  town: TownRow;
  lichslayer: LichslayerRow;
  item: ItemRow;
  inventory: StackRow;
  setting: SettingRow;
  room: RoomRecord;
  token: TokenRecord;
  turn_stack: TurnStackRow;
  ailment: AilmentRow;
  medicine_refill: MedicineRefillRow;
  heirloom_cover: HeirloomCoverRow;
  familiar: FamiliarRow;
  channel_buff: ChannelBuffRow;
  spell_inscription: SpellInscriptionRow;
  crush_tier: CrushTierRow;
  investiture: InvestitureRow;
  doorway_hold: DoorwayHoldRow;
  doorway_denial: DoorwayDenialRow;
  enhanced_skill: EnhancedSkillRow;
}
export type PlayTable = keyof PlayRows;

export const PLAY_TABLES = [
  'town',
  'lichslayer',
  'item',
  'inventory',
  'setting',
  'room',
  'token',
  'turn_stack',
  'ailment',
  'medicine_refill',
  'heirloom_cover',
  'familiar',
  'channel_buff',
  'spell_inscription',
  'crush_tier',
  'investiture',
  'doorway_hold',
  'doorway_denial',
  'enhanced_skill',
] as const satisfies readonly PlayTable[];

/**
 * Tracked tables a command writes but does not load: they grow with the campaign (a day's reports,
 * every skill use), so the engine reads them through narrow indexed questions instead.
 */
export type AppendTable = 'day_report' | 'skill_use';

/** The schema's ON DELETE CASCADE links between play tables: a deleted parent takes these rows first. */
export const CASCADES: { readonly [T in PlayTable]?: readonly (readonly [PlayTable, string])[] } = {
  lichslayer: [
    ['item', 'lichslayer_id'],
    ['inventory', 'lichslayer_id'],
    ['token', 'lichslayer_id'],
    ['ailment', 'lichslayer_id'],
    ['medicine_refill', 'lichslayer_id'],
    ['heirloom_cover', 'lichslayer_id'],
    ['familiar', 'witch_id'],
    ['channel_buff', 'lichslayer_id'],
    ['spell_inscription', 'lichslayer_id'],
    ['crush_tier', 'lichslayer_id'],
    ['investiture', 'scholar_id'],
    ['investiture', 'lichslayer_id'],
    ['doorway_hold', 'breaker_id'],
    ['enhanced_skill', 'lichslayer_id'],
  ],
  token: [
    ['turn_stack', 'token_id'],
    ['ailment', 'token_id'],
    ['heirloom_cover', 'token_id'],
    ['doorway_denial', 'token_id'],
  ],
  doorway_hold: [['doorway_denial', 'doorway_id']],
};

/** The schema's ON DELETE SET NULL links: a deleted row clears these columns that point at it first. */
export const SET_NULLS: { readonly [T in PlayTable]?: readonly (readonly [PlayTable, string])[] } = {
  token: [
    ['lichslayer', 'inhabits'],
    ['familiar', 'token_id'],
  ],
};
