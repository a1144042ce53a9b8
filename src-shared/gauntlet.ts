// The Crystal Gauntlet's vocabulary (rulebook ch.1, ch.4, ch.8, ch.14), shared by
// main and renderer. Plain data only: the rules that compute with it live in src-main/rules.
import { z } from 'zod';

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
export const ITEM_SLOTS = ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3', 'loot4', 'loot5', 'loot6', 'medicine1', 'medicine2', 'medicine3'] as const;
export type ItemSlot = (typeof ITEM_SLOTS)[number];
/** The slots every Gauntlet has (ch.1). */
export const BASE_SLOTS = ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'] as const satisfies readonly ItemSlot[];
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

const trimmedName = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, { error: `${what} cannot be empty` })
        .max(LIMITS.nameMax, { error: `${what} is longer than ${LIMITS.nameMax} characters` }),
    );

export const nameSchema = trimmedName('Name');
export const campaignNameSchema = trimmedName('Campaign name');

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .min(min, { error: `${what} cannot be below ${min}` })
    .max(max, { error: `${what} cannot be above ${max.toLocaleString('en-GB')}` });

export const itemInputSchema = z.strictObject({
  name: trimmedName('Item name'),
  colour: z.enum(COLOURS, { error: `Colour must be one of ${COLOURS.join(', ')}` }),
  broken: z.boolean().default(false),
  notes: z.string().max(LIMITS.notesMax, { error: `Item notes are longer than ${LIMITS.notesMax} characters` }).default(''),
});
export type ItemInput = z.input<typeof itemInputSchema>;
export type Item = z.output<typeof itemInputSchema>;

/**
 * An inventory stack: identical items, up to six (ch.4). An item put away keeps its state — its
 * colour (a merged gem's or the Smith's), broken, and its notes (merges, a ×N choice) — so it comes
 * back exactly as it was (ch.11, ch.13); a stack without a colour of its own is as its loot entry says.
 */
export const stackSchema = z.strictObject({
  name: trimmedName('Item name'),
  count: wholeNumber('Stack size', 1, LIMITS.stackMax),
  colour: z.enum(COLOURS, { error: `Colour must be one of ${COLOURS.join(', ')}` }).nullable().optional(),
  broken: z.boolean().optional(),
  notes: z.string().max(LIMITS.notesMax, { error: `Item notes are longer than ${LIMITS.notesMax} characters` }).optional(),
});
export type Stack = z.output<typeof stackSchema>;

/** Every editable Gauntlet field; a patch carries any subset of them. */
export const lichslayerPatchSchema = z
  .strictObject({
    name: nameSchema,
    level: wholeNumber('Level', LIMITS.levelMin, LIMITS.levelMax),
    health: wholeNumber('Health', 0, LIMITS.statMax),
    maxHealth: wholeNumber('Maximum Health', 6, LIMITS.statMax),
    armor: wholeNumber('Armor', 0, LIMITS.statMax),
    maxArmor: wholeNumber('Maximum Armor', 0, LIMITS.statMax),
    power: wholeNumber('Power', 0, LIMITS.statMax),
    speed: wholeNumber('Speed', 0, LIMITS.statMax),
    sanity: z.enum(SANITY_LEVELS, { error: `Sanity must be one of ${SANITY_LEVELS.join(', ')}` }),
    gold: wholeNumber('Gold', 0, LIMITS.goldMax),
    xp: wholeNumber('XP', 0, LIMITS.goldMax),
    hiddenClass: z.string().max(LIMITS.nameMax, { error: 'Class is too long' }).nullable(),
    skill1: z.string().max(LIMITS.nameMax, { error: 'Skill name is too long' }),
    skill2: z.string().max(LIMITS.nameMax, { error: 'Skill name is too long' }),
    skill3: z.string().max(LIMITS.nameMax, { error: 'Skill name is too long' }),
    capstone: z.string().max(LIMITS.nameMax, { error: 'Capstone name is too long' }),
    notes: z.string().max(LIMITS.notesMax, { error: `Notes are longer than ${LIMITS.notesMax} characters` }),
  })
  .partial();
export type LichslayerPatch = z.output<typeof lichslayerPatchSchema>;
export type LichslayerFields = Required<LichslayerPatch>;
