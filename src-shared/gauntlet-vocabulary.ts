// The Crystal Gauntlet's words and limits (rulebook ch.1, ch.4, ch.8, ch.14) without the schemas
// that check them: the renderer imports these, so its bundle carries no validation library.
export const COLOURS = ['Red', 'Blue', 'Green', 'Purple', 'Black', 'Orange', 'Colourless', 'All-Color'] as const;
export type Colour = (typeof COLOURS)[number];

export const SANITY_LEVELS = ['whole', 'strange', 'edge', 'paranoid', 'lost'] as const;
export type SanityLevel = (typeof SANITY_LEVELS)[number];

/**
 * The equipment bands of the Gauntlet that hold exactly one item each: Gear, Garment, Accessory,
 * three Loot slots at baseline (ch.1, ch.4), up to three more Loot slots (Extra Pockets, ch.2) and
 * three Medicine Slots (Medicine Bay, ch.2). Which of them a Lichslayer has open is a rule
 * (rules/gauntlet-slots.ts); this is only the vocabulary.
 */
export const ITEM_SLOTS = [
  'gear',
  'garment',
  'accessory',
  'loot1',
  'loot2',
  'loot3',
  'loot4',
  'loot5',
  'loot6',
  'medicine1',
  'medicine2',
  'medicine3',
] as const;
export type ItemSlot = (typeof ITEM_SLOTS)[number];
/** The slots every Gauntlet has (ch.1). */
export const BASE_SLOTS = [
  'gear',
  'garment',
  'accessory',
  'loot1',
  'loot2',
  'loot3',
] as const satisfies readonly ItemSlot[];
/** Loot slots in order: three at baseline, five or six with Extra Pockets (ch.2). */
export const LOOT_SLOTS = ['loot1', 'loot2', 'loot3', 'loot4', 'loot5', 'loot6'] as const satisfies readonly ItemSlot[];
/** Medicine Slots: Loot slots for Flora only (Medicine Bay, ch.2). */
export const MEDICINE_SLOTS = ['medicine1', 'medicine2', 'medicine3'] as const satisfies readonly ItemSlot[];

export const LIMITS = {
  nameMax: 60,
  notesMax: 2000,
  levelMin: 1,
  levelMax: 99,
  statMax: 999,
  goldMax: 10_000_000,
  stackMax: 6,
  inventoryMaxStacks: 200,
} as const;
