// The table model's words and limits, and how a row's key is written, without the schemas that
// check tables: the renderer imports these, so its bundle carries no validation library.
/** A row's range of results: one value, or from–to (to is null for a single value). */
export interface RowRange {
  from: number;
  to: number | null;
}

export const ROOM_TYPES = ['hall', 'chamber', 'vault', 'antechamber', 'shrine'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const FACTIONS = ['Ghoul', 'Zombie', 'Phantom', 'Demon', 'Ogre', 'Maw'] as const;
export type Faction = (typeof FACTIONS)[number];
export const LOOT_TIER_NAMES = ['common', 'uncommon', 'rare'] as const;
/** The closed action list of ch.13. */
export const LOOT_ACTIONS = ['attack', 'block', 'channel', 'consume', 'equip', 'influence', 'inscribe'] as const;
export type LootAction = (typeof LOOT_ACTIONS)[number];
export const ITEM_TYPES = [
  'weapon',
  'garment',
  'jewelry',
  'gem',
  'component',
  'consumable',
  'scroll',
  'tool',
  'treasure',
  'relic',
] as const;
export const TABLE_CATEGORIES = ['loot', 'room', 'entity', 'spell', 'event', 'custom'] as const;
export type TableCategory = (typeof TABLE_CATEGORIES)[number];

export const LIMITS_TABLES = {
  rows: 2000,
  depth: 8,
  times: 10,
  label: 200,
  details: 2000,
  name: 80,
  tables: 500,
} as const;

export const SPELL_SCHOOLS = ['lich', 'demon', 'celestial', 'arcana', 'daedric', 'unbound', 'giver'] as const;
export type SpellSchool = (typeof SPELL_SCHOOLS)[number];
export const SPELL_SCHOOL_LABEL: Record<SpellSchool, string> = {
  lich: "Lich's Magic",
  demon: 'Demon Magic',
  celestial: 'Celestial Magic',
  arcana: 'Arcana',
  daedric: 'Daedric Magic',
  unbound: "The Unbound's Incantations",
  giver: "The Giver's Recipes",
};
/** When a cast resolves (ch.15). */
export const CASTING_TIMES = ['on-turn', 'next-turn', 'end-round', 'start-next-round', 'response'] as const;
export type CastingTime = (typeof CASTING_TIMES)[number];
export const CASTING_TIME_LABEL: Record<CastingTime, string> = {
  'on-turn': 'On Turn',
  'next-turn': 'Next Turn',
  'end-round': 'End Round',
  'start-next-round': 'Start Next Round',
  response: 'Response',
};
/** The six Unbound Vestments (ch.15), by their d6 order; "all" is the whole set. */
export const VESTMENTS = [
  'Whisper-Blade',
  'The Unbound’s Mantle',
  'The Unbound’s Best Bracelet',
  'The Unbound’s Scroll',
  'The Unbound’s Coat of Arms',
  'Candles',
] as const;

/** "61-100", "12+", "7" — how a row's key is written. */
export function formatRange(range: RowRange | null, weight: number | null = null): string {
  if (!range) return weight !== null ? `weight ${weight}` : '—';
  if (range.to === null) return `${range.from}+`;
  return range.from === range.to ? String(range.from) : `${range.from}-${range.to}`;
}
