// What one use of each class skill takes (ch.2): one shape per skill, told apart by its name, so a
// use carries only the choices its skill makes and a stray field is refused before any rule runs.
import { z } from 'zod';
import { AILMENTS } from '../ailments.ts';
import { MEDICINE_SLOTS } from '../gauntlet.ts';
import { tableKeySchema } from '../tables.ts';
import { rowId } from './arg-schemas.ts';

const rooms = z
  .array(z.strictObject({ x: z.number().int().min(0).max(4), y: z.number().int().min(0).max(4) }))
  .max(25)
  .optional();
const tokenId = rowId.optional();
/** Diagnose and Bandage, Command: the tokens of the characters reached (ch.2). */
const tokens = z.array(rowId).min(1).max(30).optional();
/** Scrolls and Ink: the spell a Scroll records; the Doctor's Coat: the spell prepared; Counter Magic: the spell stolen; Commune: the spell learned through a conduit (ch.2, ch.17). */
const spell = z.strictObject({ table: tableKeySchema, row: z.number().int().min(0).max(1999) }).optional();

const use = <N extends string, F extends z.ZodRawShape>(skill: N, fields: F) =>
  z.strictObject(
    { id: rowId, skill: z.literal(skill), ...fields },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `${skill} takes no ${issue.keys.join(', ')} (ch.2)` : undefined,
    },
  );

export const skillUseSchema = z.discriminatedUnion(
  'skill',
  [
    // The Breaker
    use('Break', {
      rooms,
      /** Breaking in attacking this enemy (ch.2). */
      tokenId,
      /** Enhanced, as a Response: block the way into the Breaker's room this Round (ch.2). */
      block: z.boolean().optional(),
    }),
    use('Rumble Hat', {}),
    use('Charge', { rooms }),
    use('Crush', {
      tokenId,
      /** The target's Health or its Armor to 0 (ch.2). */
      crush: z.enum(['health', 'armor']).optional(),
    }),
    // The Veteran
    use('Recall', { rooms }),
    use('Worn Armor', {}),
    use('Maneuver', {
      rooms,
      /** The ally who steps with the Veteran. */
      tokenId,
      /** The attack or spell avoided would have brought the ally to 0 Health (counts toward Rally, ch.2). */
      prevented: z.boolean().optional(),
    }),
    use('Rally', {}),
    // The Bandit
    use('Burgle', { tokenId }),
    use('Extra Pockets', {}),
    use('Disarm', {
      /** Made from sneak (enhanced, the mechanism is recovered as Uncommon loot, ch.2). */
      sneak: z.boolean().optional(),
    }),
    use('Cheat', {
      /** The ledger entry rerolled (ch.2). */
      rollId: rowId.optional(),
      /** Which result is the better for the Bandit (default: higher for the Bandit's own roll, lower for another's). */
      keep: z.enum(['higher', 'lower']).optional(),
    }),
    // The Scholar
    use('Identify', {
      tokenId,
      /** A loot item, by its name on the campaign's loot tables (ch.2). */
      item: z.string().trim().min(1).max(120).optional(),
    }),
    use('Scrolls and Ink', {
      spell,
      /** The Lichslayer whose Gear or Garment is inscribed with Magic (ch.2). */
      inscribe: z.strictObject({ id: rowId, slot: z.enum(['gear', 'garment']) }).optional(),
    }),
    use('Investiture', {}),
    use('Predict', { tokenId }),
    // The Aristocrat
    use('Command', { tokens }),
    use('Retainers', {
      /** The Retainer asked for floor intelligence (its token), and the rooms it tells of. */
      tokenId,
      rooms,
      /** Enhanced: the Retainer (its id in the Town) who needs no pay today (ch.2). */
      holiday: z.number().int().min(1).optional(),
    }),
    use('Family Heirloom', { tokenId }),
    use('Influence', {
      tokenId,
      /** Add to a friendly roll or take from a hostile one (ch.2). */
      influence: z.enum(['add', 'subtract']).optional(),
    }),
    // The Lich Doctor
    use('Diagnose and Bandage', {
      tokens,
      /** Which ailment to lift from a target (ch.2; default: the first in the book's order). */
      lift: z
        .array(z.strictObject({ tokenId: rowId, ailment: z.enum(AILMENTS) }))
        .max(30)
        .optional(),
    }),
    use('Medicine Bay', {
      /** Enhanced: the Medicine Slot whose item replenishes each day (ch.2). */
      refill: z.enum(MEDICINE_SLOTS).optional(),
    }),
    use('Doctor’s Coat of Arms', { spell }),
    use('Cure', {
      tokenId,
      /** The ailment lifted (ch.2; default: the first in the book's order). */
      ailment: z.enum(AILMENTS).optional(),
    }),
    // The Witch
    use('Commune', {
      rooms,
      spell,
      /** Enhanced: read the chosen room two floors ahead (ch.2). */
      ahead: z.boolean().optional(),
    }),
    use('Familiar', { rooms }),
    use('Counter Magic', {
      /** The caster countered. */
      tokenId,
      spell,
      /** The special ability declared, answered instead of a spell (ch.2). */
      ability: z.string().trim().min(1).max(120).optional(),
    }),
    use('Oneness', { tokenId }),
  ],
  { error: 'Name a class skill as the book spells it, such as Charge or Diagnose and Bandage (ch.2)' },
);

export type SkillUseArgs = z.input<typeof skillUseSchema>;
export type SkillName = SkillUseArgs['skill'];
/** One skill's own choices, as its use takes them (without who uses it). */
export type SkillChoices<S extends SkillName> = Omit<Extract<SkillUseArgs, { skill: S }>, 'id' | 'skill'>;
/** A use as the screens send it, without who uses it: a skill and its own choices. */
export type SkillChoice = { [S in SkillName]: { skill: S } & SkillChoices<S> }[SkillName];
