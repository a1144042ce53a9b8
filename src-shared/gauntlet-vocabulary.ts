// The Crystal Gauntlet's words and limits (rulebook ch.1, ch.4, ch.8, ch.14) without the schemas
// that check them: the renderer imports these, so its bundle carries no validation library.
export const COLOURS = ['Red', 'Blue', 'Green', 'Purple', 'Black', 'Orange', 'Colourless', 'All-Color'] as const;
export type Colour = (typeof COLOURS)[number];

export const SANITY_LEVELS = ['whole', 'strange', 'edge', 'paranoid', 'lost'] as const;
export type SanityLevel = (typeof SANITY_LEVELS)[number];

/** The equipment bands of the Gauntlet that hold exactly one item each. */
export const ITEM_SLOTS = ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'] as const;
export type ItemSlot = (typeof ITEM_SLOTS)[number];

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
