// Argument schemas shared by several commands, and the helper that binds a result type.
import { z } from 'zod';
import { COLOURS, ITEM_SLOTS, SANITY_LEVELS } from '../gauntlet.ts';
import { DEFAULT_SIM_POLICIES, SIM_POLICIES } from '../odds-sim.ts';
import { LOOT_TIER_NAMES, TABLE_CATEGORIES, tableDefSchema, tableKeySchema } from '../tables.ts';
import { IMPORT_GAP_CHOICES } from './views.ts';

export const noArgs = z.strictObject({});
export const filePath = z
  .string({ error: 'Path must be text' })
  .min(1, { error: 'Path cannot be empty' })
  .max(4096, { error: 'Path is too long' })
  // No file system takes one; Node's file calls throw on it.
  .refine((p) => !p.includes('\0'), { error: 'Path cannot contain a NUL character' })
  // No file system takes a longer name (Linux, macOS and Windows all stop at 255).
  .refine((p) => p.split(/[\\/]/).every((part) => new TextEncoder().encode(part).length <= 255), {
    error: 'A file or folder name in the path is longer than the 255 bytes any file system takes',
  });
export const rowId = z.number({ error: 'Id must be a number' }).int().positive({ error: 'Id must be positive' });
export const lootSource = z.union([
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
export function command<R>() {
  return <A extends z.ZodType>(args: A): { args: A; result?: R } => ({ args });
}

export const pathArgs = z.strictObject({ path: filePath });
export const keyArgs = z.strictObject({ key: tableKeySchema });
export const rowIndex = z.number().int().min(0).max(1999);
export const pasteText = z.string().max(2_000_000, { error: 'The text is longer than 2,000,000 characters' });
export const modifierSchema = z.strictObject({
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
export const MAX_CHALLENGE_LEVEL = 99;
export const challengeOddsArgs = {
  /** A Lichslayer whose level, Sanity and survival penalties the odds take. */
  id: rowId.optional(),
  modifiers: z.array(modifierSchema).max(10).default([]),
  /** A Sanity Challenge in this place: the Attention shifts the target (ch.5). */
  sanityChallenge: z.enum(['tombs', 'town', 'forest']).optional(),
};
/** The dive simulator's party: the campaign's roster, or one the Judge describes. */
export const simMemberSchema = z.strictObject({
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
export const keysOf = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
export const simPoliciesSchema = z.strictObject({
  floors: z.number().int().min(1).max(10).default(DEFAULT_SIM_POLICIES.floors),
  roomsPerFloor: z.number().int().min(1).max(25).default(DEFAULT_SIM_POLICIES.roomsPerFloor),
  floorTenWaves: z.number().int().min(1).max(20).default(DEFAULT_SIM_POLICIES.floorTenWaves),
  target: z.enum(keysOf(SIM_POLICIES.target.choices)).default(DEFAULT_SIM_POLICIES.target),
  atZero: z.enum(keysOf(SIM_POLICIES.atZero.choices)).default(DEFAULT_SIM_POLICIES.atZero),
  retreat: z.enum(keysOf(SIM_POLICIES.retreat.choices)).default(DEFAULT_SIM_POLICIES.retreat),
});
export const simRunArgs = z.strictObject({
  runId: z.string().regex(/^run-\d{1,9}$/, { error: 'A run id such as “run-1”' }),
});
/** A loop link the Judge drops from an import: the row of the table, as the preview keys it. */
export const importLoopDropSchema = z.strictObject({ table: tableKeySchema, row: rowIndex });
export type ImportLoopDrop = z.output<typeof importLoopDropSchema>;
export const importOptions = {
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
export const tableMetaPatch = tableDefSchema
  .pick({ name: true, category: true, die: true, span: true, drawWithoutReplacement: true })
  .partial();
