// The Crystal Gauntlet's vocabulary (rulebook ch.1, ch.4, ch.8, ch.14), shared by
// main and renderer. Plain data only: the rules that compute with it live in src-main/rules.
import { z } from 'zod';

import { COLOURS, LIMITS, SANITY_LEVELS } from './gauntlet-vocabulary.ts';

export {
  BASE_SLOTS,
  COLOURS,
  ITEM_SLOTS,
  LIMITS,
  LOOT_SLOTS,
  MEDICINE_SLOTS,
  SANITY_LEVELS,
  type Colour,
  type ItemSlot,
  type SanityLevel,
} from './gauntlet-vocabulary.ts';

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
  notes: z
    .string()
    .max(LIMITS.notesMax, { error: `Item notes are longer than ${LIMITS.notesMax} characters` })
    .default(''),
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
  colour: z
    .enum(COLOURS, { error: `Colour must be one of ${COLOURS.join(', ')}` })
    .nullable()
    .optional(),
  broken: z.boolean().optional(),
  notes: z
    .string()
    .max(LIMITS.notesMax, { error: `Item notes are longer than ${LIMITS.notesMax} characters` })
    .optional(),
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
