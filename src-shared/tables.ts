// The table model shared by main and renderer: tables are data (a die, keyed rows, typed
// fields where the app acts on them), validated by these schemas at every boundary.
import { z } from 'zod';
import { COLOURS } from './gauntlet.ts';

import {
  CASTING_TIMES,
  FACTIONS,
  ITEM_TYPES,
  LIMITS_TABLES,
  LOOT_ACTIONS,
  LOOT_TIER_NAMES,
  ROOM_TYPES,
  SPELL_SCHOOLS,
  TABLE_CATEGORIES,
  VESTMENTS,
} from './table-vocabulary.ts';

export {
  ROOM_TYPES,
  FACTIONS,
  LOOT_TIER_NAMES,
  LOOT_ACTIONS,
  ITEM_TYPES,
  TABLE_CATEGORIES,
  LIMITS_TABLES,
  SPELL_SCHOOLS,
  SPELL_SCHOOL_LABEL,
  CASTING_TIMES,
  CASTING_TIME_LABEL,
  VESTMENTS,
  formatRange,
  type RoomType,
  type Faction,
  type LootAction,
  type TableCategory,
  type SpellSchool,
  type CastingTime,
} from './table-vocabulary.ts';

const whole = z.number().int();
export const tableKeySchema = z
  .string()
  .min(1, { error: 'Table key cannot be empty' })
  .max(60, { error: 'Table key is longer than 60 characters' })
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'Table key uses lower-case letters, digits and hyphens only' });

export const lootFieldsSchema = z.strictObject({
  tier: z.enum(LOOT_TIER_NAMES),
  colour: z.enum(COLOURS),
  itemType: z.enum(ITEM_TYPES),
  actions: z.array(z.enum(LOOT_ACTIONS)).max(LOOT_ACTIONS.length),
  breakable: z.boolean().default(true),
  /** A stack's own maximum where lower than six (ch.4; ch.17: Sapphire and Emerald ×3). */
  stackMax: z.number().int().min(1).max(6).optional(),
});
export type LootFields = z.output<typeof lootFieldsSchema>;

export const roomFieldsSchema = z.strictObject({
  roomType: z.enum(ROOM_TYPES),
  /** A die expression or a number: how many entities the room holds (empty = none). */
  entities: z.string().max(40).default(''),
  faction: z.union([z.enum(FACTIONS), z.literal('any'), z.literal('')]).default(''),
  trap: z.boolean().default(false),
  chest: z.boolean().default(false),
  sanityTest: z.boolean().default(false),
  /** Exploding-d6 gold formula (ch.10), e.g. "2d6x10"; empty when the room has none. */
  gold: z.string().max(40).default(''),
  /** The gold the Judge rolls for its chest (ch.9); empty: the house rule's formula for the tier. */
  chestGold: z.string().max(40).default(''),
  /** When the room is contextually impossible and re-rolled (ch.10): after a Sanity Break on the floor, or once its Merchant is dispatched. */
  impossibleWhen: z.enum(['', 'sanity-break', 'merchant-dispatched']).default(''),
});
export type RoomFields = z.output<typeof roomFieldsSchema>;

export const entityFieldsSchema = z.strictObject({
  faction: z.enum(FACTIONS),
  colour: z.enum(COLOURS),
  level: whole.min(1).max(30),
  health: whole.min(1).max(9999),
  armor: whole.min(0).max(999),
  speed: whole.min(0).max(99),
  attack: z.string().max(40),
  turns: whole.min(1).max(10).optional(),
  /** Its attacks ignore Armor (ch.11: flagged on enemy entries). */
  bypassArmor: z.boolean().default(false),
  /** A Lich-type source: each instance of its damage calls a Sanity Challenge, target 12 (ch.8, ch.11). */
  lichType: z.boolean().default(false),
  /** A hit from it calls a Sanity Challenge of this target, as the Lich's Sanity Touch (ch.12); 0: none. */
  sanityOnHit: whole.min(0).max(60).default(0),
  /** An ability of it calls a Sanity Challenge of this target (ch.8: flagged on enemy entries); 0: none. */
  sanityAbility: whole.min(0).max(60).default(0),
  /** The floor's Merchant: once it is dispatched, rooms that need it are impossible (ch.10). */
  merchant: z.boolean().default(false),
  /** One of the Unbound's own: Full Spectrum resists its damage (ch.14). */
  unbound: z.boolean().default(false),
});
export type EntityFields = z.output<typeof entityFieldsSchema>;

/**
 * A trap's effect as the app applies it on each character's entry (ch.9, ch.11): the trap table's
 * rows carry it, and a trap the Judge lists on a room carries its own.
 */
export const trapFieldsSchema = z.strictObject({
  /** Damage dice (sixes explode), one instance unless ongoing; empty: no damage. */
  damage: z
    .string()
    .trim()
    .max(40)
    .regex(/^(?:\d{0,2}\s*d\s*\d{1,3}(?:\s*[+−-]\s*\d{1,3})?)?$/i, {
      error: 'Trap damage is dice such as “2d6” or “1d6+1”, or empty',
    })
    .default(''),
  /** Ongoing (poison, fire): not an instance, it strikes Health directly, each round for `rounds` rounds (ch.11). */
  ongoing: z.boolean().default(false),
  rounds: whole.min(1).max(10).default(1),
  /** Armor cannot answer it (ch.11). */
  bypassArmor: z.boolean().default(false),
  /** A Challenge the character rolls first: a success escapes the trap; a Sanity Challenge's failure also drops a level (ch.8). */
  challenge: z
    .strictObject({ target: whole.min(1).max(60), sanity: z.boolean().default(false) })
    .nullable()
    .default(null),
  /** Asleep, snared: the character gives up their next turn. */
  loseTurn: z.boolean().default(false),
});
export type TrapFields = z.output<typeof trapFieldsSchema>;

/**
 * An Inn event's effect on the day's prices, on what a meal and a night are worth, and on the day's
 * patrons (ch.4, ch.5): the Inn's event rows carry it; the rest of an event is its text, for the Judge.
 */
export const innFieldsSchema = z.strictObject({
  /** A meal's price today as a percentage of the book's 36 gold (50: half; 0: free). */
  mealPercent: whole.min(0).max(1000).default(100),
  /** Shelter's price today as a percentage of the book's 72 gold. */
  shelterPercent: whole.min(0).max(1000).default(100),
  /** Gold added to a night's shelter today, after the percentage. */
  shelterExtra: whole.min(0).max(10_000).default(0),
  /** Days of the survival clock one meal bought today feeds (ch.4 counts one). */
  fedDays: whole.min(1).max(7).default(1),
  /** False: a meal bought today feeds no one (ch.4's clock and ch.8's rest count it as no meal). */
  mealFeeds: z.boolean().default(true),
  /** False: tonight's shelter restores no Sanity (ch.8), though it still counts as shelter. */
  restRecovers: z.boolean().default(true),
  /** Sanity levels more than ch.8's one that a night's rest restores to those who ate here today. */
  restBonus: whole.min(0).max(3).default(0),
  /** Gold each patron pays that night; one who cannot spends it in the stocks, and rest restores no Sanity. */
  damages: whole.min(0).max(10_000).default(0),
  /** d6 rolled that night, times 6 gold, taken from one patron chosen at random (no more than they hold). */
  theftD6: whole.min(0).max(6).default(0),
  /** Added to each patron's next Challenge roll in the Tombs. */
  nextTombsChallenge: whole.min(-3).max(3).default(0),
});
export type InnFields = z.output<typeof innFieldsSchema>;
export type InnFieldsInput = z.input<typeof innFieldsSchema>;

/** The spell schools of ch.15 (the Daedric school's spirit tables are ordinary tables). */
export const spellFieldsSchema = z.strictObject({
  school: z.enum(SPELL_SCHOOLS),
  /** Gold spent when the spell is cast (ch.15: erased from the Gauntlet at once). */
  cost: whole.min(0).max(1_000_000),
  castingTime: z.enum(CASTING_TIMES),
  /** Dice rolled when it resolves (empty: no roll), e.g. "2d6". */
  roll: z.string().max(40).default(''),
  /** The caster's Magic is added to the roll, read when the spell resolves. */
  addsMagic: z.boolean().default(false),
  /** A Vestment that must be equipped to cast ("all": the six), or none. */
  vestment: z.union([z.enum(VESTMENTS), z.literal('all'), z.literal('')]).default(''),
  /** A Tomb loot component that must sit in a Loot slot; one is used up by the cast (ch.4, ch.13). */
  component: z.string().max(60).default(''),
  /** Health the cast costs the caster (ch.17: the Giver's Recipes cost Health as listed). */
  healthCost: whole.min(0).max(999).default(0),
  /** ch.17: the Tomb path pays gold at the caster's Magic; the Forest path spends whole recipes and no gold, M = recipes spent. */
  path: z.enum(['tomb', 'forest']).default('tomb'),
  /** The components of one recipe on the Forest path (ch.17: one flower and one fungus unless listed otherwise). */
  recipe: z.array(z.string().trim().min(1).max(60)).max(6).default([]),
  /** The Giver's Recipes: Flora of this colour (empty: any) raise M when spent, and are not required (ch.17). */
  flora: z.union([z.enum(COLOURS), z.literal('')]).default(''),
  /** A loot item that grants the spell as an action, waiving its Vestments (ch.15: One-Thousand Blades). */
  grantedBy: z.string().max(60).default(''),
});
export type SpellFields = z.output<typeof spellFieldsSchema>;

export const rowRangeSchema = z
  .strictObject({ from: whole, to: whole.nullable() })
  .refine((r) => r.to === null || r.to >= r.from, { error: 'A range must not end before it starts' });
export type { RowRange } from './table-vocabulary.ts';

export const rollOnSchema = z.strictObject({
  table: tableKeySchema,
  modifier: whole.min(-1000).max(1000).default(0),
  times: whole.min(1).max(LIMITS_TABLES.times).default(1),
});

export const tableRowSchema = z.strictObject({
  /**
   * The row's own number in its table, given when it is saved and kept through edits: a loot item
   * held keeps its link to the row by it, whatever the row is renamed to. Absent in rows written
   * before rows had one, and in rows not yet saved.
   */
  id: whole.min(1).max(1_000_000_000).optional(),
  range: rowRangeSchema.nullable().default(null),
  weight: whole.min(1).max(1_000_000).nullable().default(null),
  label: z.string().trim().min(1, { error: 'Every row needs a label' }).max(LIMITS_TABLES.label),
  details: z.string().max(LIMITS_TABLES.details).default(''),
  /** Other columns kept from an import, by column name. */
  fields: z.record(z.string().max(60), z.string().max(LIMITS_TABLES.details)).default({}),
  loot: lootFieldsSchema.nullable().default(null),
  room: roomFieldsSchema.nullable().default(null),
  entity: entityFieldsSchema.nullable().default(null),
  spell: spellFieldsSchema.nullable().default(null),
  /** A trap table's row: the effect applied on entry (optional, so tables made before it still read). */
  trap: trapFieldsSchema.nullable().optional(),
  /** An Inn event's row: its prices and fed days (optional, so tables made before it still read). */
  inn: innFieldsSchema.nullable().optional(),
  rollOn: rollOnSchema.nullable().default(null),
});
export type TableRow = z.output<typeof tableRowSchema>;
/** A row's typed groups, the fields a Foundry export carries in its flags and its import reads back. */
export const ROW_FIELD_GROUPS = ['loot', 'room', 'entity', 'spell', 'trap', 'inn', 'rollOn'] as const;
export type TableRowInput = z.input<typeof tableRowSchema>;

export const tableDefSchema = z.strictObject({
  key: tableKeySchema,
  name: z.string().trim().min(1, { error: 'A table needs a name' }).max(LIMITS_TABLES.name),
  category: z.enum(TABLE_CATEGORIES).default('custom'),
  /** A die expression, or null for a table rolled by weight. */
  die: z.string().max(60).nullable(),
  /** Results outside the die's span that rows may cover (the Loot Table's 1..121); rolls clamp to it. */
  span: z
    .strictObject({ min: whole, max: whole })
    .refine((s) => s.max >= s.min, { error: 'The span must not end before it starts' })
    .nullable()
    .default(null),
  drawWithoutReplacement: z.boolean().default(false),
  starter: z.boolean().default(false),
  rows: z.array(tableRowSchema).max(LIMITS_TABLES.rows, { error: `A table holds at most ${LIMITS_TABLES.rows} rows` }),
});
export type TableDef = z.output<typeof tableDefSchema>;
export type TableDefInput = z.input<typeof tableDefSchema>;

export const PACK_FORMAT = 'lichslayer-table-pack';
export const PACK_VERSION = 1;
export const tablePackSchema = z.strictObject({
  format: z.literal(PACK_FORMAT, { error: `Not a Lichslayer Judge table pack (format must be "${PACK_FORMAT}")` }),
  version: z
    .number()
    .int()
    .refine((v) => v <= PACK_VERSION, {
      error: `This pack was made by a newer version of the app (pack version above ${PACK_VERSION})`,
    }),
  name: z.string().max(LIMITS_TABLES.name).default(''),
  tables: z.array(tableDefSchema).max(LIMITS_TABLES.tables),
});
export type TablePack = z.output<typeof tablePackSchema>;

export interface TableIssue {
  severity: 'error' | 'warning';
  /** Row index (0-based), or null for the table as a whole. */
  row: number | null;
  message: string;
}
