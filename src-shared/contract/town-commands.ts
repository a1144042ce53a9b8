// Town, its people, loot fates, skills, the journal and the house rules.
import { z } from 'zod';
import { COLOURS, itemInputSchema, ITEM_SLOTS, MEDICINE_SLOTS, LIMITS, nameSchema, stackSchema } from '../gauntlet.ts';
import { houseRulesPatchSchema } from '../house-rules.ts';
import { AILMENTS } from '../ailments.ts';
import { INSCRIPTION_IDS, RETAINER_GRADE_NAMES, SMITH_COLOURS, type TownStateView } from '../town.ts';
import { tableKeySchema } from '../tables.ts';
import type { CampaignView, DayReport, JournalSession, LifeNotes } from './views.ts';
import { command, lootFateSchema, noArgs, rowId } from './arg-schemas.ts';

export const townCommands = {
  'town.buy': command<LifeNotes>()(
    z.strictObject({ id: rowId, what: z.enum(['meal', 'shelter', 'both']), payer: rowId.optional() }),
  ),
  // A day passes in the Town; while the party is in the Tombs the Judge confirms it first (duringDive).
  'town.nextDay': command<DayReport>()(z.strictObject({ duringDive: z.boolean().optional() })),
  'loot.fate': command<LifeNotes>()(lootFateSchema),
  'loot.vestment': command<LifeNotes>()(z.strictObject({ id: rowId })),
  'skill.points': command<LifeNotes>()(
    z.strictObject({
      id: rowId,
      delta: z
        .number()
        .int()
        .min(-99)
        .max(99)
        .refine((v) => v !== 0, { error: 'Change the Skill Points by at least one' }),
    }),
  ),
  'skill.spendPoint': command<LifeNotes>()(
    z.strictObject({ id: rowId, action: z.enum(['unlock', 'enhance']), skill: z.string().max(60).optional() }),
  ),
  'lichslayer.levelUp': command<LifeNotes>()(z.strictObject({ id: rowId })),
  'lichslayer.felled': command<LifeNotes>()(z.strictObject({ id: rowId, tokenId: rowId.optional() })),
  'town.state': command<TownStateView>()(noArgs),
  'smith.roll': command<TownStateView>()(noArgs),
  'smith.repairArmor': command<TownStateView>()(
    z.strictObject({ id: rowId, points: z.number().int().min(1).max(999) }),
  ),
  // A broken item is repaired where it lies: a slot, or (as breaking leaves it, ch.11) an inventory stack by position.
  'smith.repairItem': command<TownStateView>()(
    z.strictObject({
      id: rowId,
      slot: z.enum(ITEM_SLOTS).optional(),
      stack: z.number().int().min(0).max(99).optional(),
      sellValue: z.number().int().min(0).max(1_000_000),
    }),
  ),
  'smith.recolour': command<TownStateView>()(
    z.strictObject({ id: rowId, slot: z.enum(ITEM_SLOTS), colour: z.enum(COLOURS) }),
  ),
  'retainer.hire': command<TownStateView>()(
    z.strictObject({ employer: rowId, name: nameSchema, grade: z.enum(RETAINER_GRADE_NAMES) }),
  ),
  'retainer.dismiss': command<TownStateView>()(z.strictObject({ retainer: z.number().int().min(1) })),
  'retainer.payDouble': command<TownStateView>()(z.strictObject({ retainer: z.number().int().min(1) })),
  'square.set': command<TownStateView>()(
    z.strictObject({
      festival: z.boolean().optional(),
      empty: z.boolean().optional(),
      watch: z.union([z.literal(1), z.literal(-1)]).optional(),
    }),
  ),
  'town.contribute': command<TownStateView>()(
    z.strictObject({
      id: rowId,
      to: z.enum(['inn', 'square']),
      amount: z.number().int().min(1, { error: 'Give at least 1 gold' }).max(1_000_000),
    }),
  ),
  'idol.commission': command<TownStateView>()(
    z.strictObject({
      payer: rowId,
      tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      inscription: z.enum(INSCRIPTION_IDS).nullable(),
      selfIdol: z.boolean(),
      suitsSubject: z.boolean().default(true),
      subject: z.string().max(60).default(''),
      /** Who dedicates it (the payer when not given): Tier 1 boons and Vanity's personal effects are theirs. */
      dedicator: rowId.optional(),
      /** Raised as a Memorial (ch.6). */
      memorial: z.boolean().default(false),
      /** The Rare loot item a Great Idol needs, from the payer's inventory (ch.6). */
      rareItem: z.string().trim().min(1).max(200).optional(),
    }),
  ),
  'idol.destroy': command<TownStateView>()(
    z.strictObject({
      idol: z.number().int().min(1),
      payer: rowId,
      rareItem: z.string().trim().min(1).max(200).optional(),
    }),
  ),
  'forest.go': command<LifeNotes>()(
    z.strictObject({ ids: z.array(rowId).min(1).max(50), where: z.enum(['forest', 'town']) }),
  ),
  'forest.feed': command<LifeNotes>()(z.strictObject({ id: rowId })),
  'forest.mine': command<LifeNotes>()(z.strictObject({ id: rowId })),
  'forest.move': command<LifeNotes>()(noArgs),
  'forest.forage': command<LifeNotes>()(z.strictObject({ id: rowId })),
  'forest.harvest': command<LifeNotes>()(
    z.strictObject({
      id: rowId,
      patch: z.number().int().min(1),
      take: z.number().int().min(1, { error: 'Take at least one' }).max(999),
    }),
  ),
  'forest.record': command<LifeNotes>()(
    z.strictObject({
      event: z.enum(['tribute', 'tribute-broken', 'griefing', 'celestial-killed', 'daedric-killed', 'giver-killed']),
      /** Who struck the killing blow (a Daedric Being's death costs its killer). */ killer: rowId.optional(),
    }),
  ),
  'smith.drift': command<TownStateView>()(
    z.strictObject({ colour: z.enum(SMITH_COLOURS), toward: z.enum(['favour', 'distrust']) }),
  ),
  'town.banquet': command<TownStateView>()(z.strictObject({ payer: rowId })),
  'town.npc': command<TownStateView>()(
    z.union([z.strictObject({ add: nameSchema }), z.strictObject({ remove: z.number().int().min(1) })]),
  ),
  'town.travel': command<{ days: number; notes: string[] }>()(z.strictObject({ to: nameSchema })),
  'skill.use': command<LifeNotes>()(
    z.strictObject({
      id: rowId,
      skill: z.string().trim().min(1, { error: 'Name the skill' }).max(60),
      rooms: z
        .array(z.strictObject({ x: z.number().int().min(0).max(4), y: z.number().int().min(0).max(4) }))
        .max(25)
        .optional(),
      tokenId: rowId.optional(),
      /** Crush: the target's Health or its Armor to 0 (ch.2). */
      crush: z.enum(['health', 'armor']).optional(),
      /** Diagnose and Bandage: the tokens of the characters healed (ch.2). */
      tokens: z.array(rowId).min(1).max(30).optional(),
      /** Identify: a loot item, by its name on the campaign's loot tables (ch.2). */
      item: z.string().trim().min(1).max(120).optional(),
      /** Break enhanced, as a Response: block the way into the Breaker's room this Round (ch.2). */
      block: z.boolean().optional(),
      /** Scrolls and Ink: the Lichslayer whose Gear or Garment is inscribed with Magic (ch.2). */
      inscribe: z.strictObject({ id: rowId, slot: z.enum(['gear', 'garment']) }).optional(),
      /** Diagnose and Bandage: which ailment to lift from a target (ch.2; default: the first in the book's order). */
      lift: z
        .array(z.strictObject({ tokenId: rowId, ailment: z.enum(AILMENTS) }))
        .max(30)
        .optional(),
      /** Cure: the ailment lifted (ch.2; default: the first in the book's order). */
      ailment: z.enum(AILMENTS).optional(),
      /** Cheat: the ledger entry rerolled (ch.2). */
      rollId: rowId.optional(),
      /** Cheat: which result is the better for the Bandit (default: higher for the Bandit's own roll, lower for another's). */
      keep: z.enum(['higher', 'lower']).optional(),
      /** Commune enhanced: read the chosen room two floors ahead (ch.2). */
      ahead: z.boolean().optional(),
      /** Disarm: made from sneak (enhanced, the mechanism is recovered as Uncommon loot, ch.2). */
      sneak: z.boolean().optional(),
      /** Influence: add to a friendly roll or take from a hostile one (ch.2). */
      influence: z.enum(['add', 'subtract']).optional(),
      /** Scrolls and Ink: the spell a Scroll records; the Doctor's Coat: the spell prepared; Counter Magic: the spell stolen; Commune: the spell learned through a conduit (ch.2, ch.17). */
      spell: z.strictObject({ table: tableKeySchema, row: z.number().int().min(0).max(1999) }).optional(),
      /** Retainers enhanced: the Retainer (its id in the Town) who needs no pay today (ch.2). */
      holiday: z.number().int().min(1).optional(),
      /** Medicine Bay enhanced: the Medicine Slot whose item replenishes each day (ch.2). */
      refill: z.enum(MEDICINE_SLOTS).optional(),
      /** Counter Magic: the special ability declared, answered instead of a spell (ch.2). */
      ability: z.string().trim().min(1).max(120).optional(),
      /** Maneuver: the attack or spell avoided would have brought the ally to 0 Health (counts toward Rally, ch.2). */
      prevented: z.boolean().optional(),
    }),
  ),
  /** Oneness ended when the Witch chooses (ch.2): she returns to her own body. */
  'skill.end': command<LifeNotes>()(z.strictObject({ id: rowId, skill: z.enum(['Oneness']) })),
  'ailment.set': command<LifeNotes>()(
    z
      .strictObject({
        lichslayerId: rowId.optional(),
        tokenId: rowId.optional(),
        ailment: z.enum(AILMENTS),
        on: z.boolean(),
      })
      .refine((a) => (a.lichslayerId === undefined) !== (a.tokenId === undefined), {
        error: 'Name who carries the ailment: a Lichslayer (lichslayerId) or a token (tokenId), one of them',
      }),
  ),
  /** The newest `count` sessions up to `upTo` (the current one by default), newest first. */
  'journal.view': command<JournalSession[]>()(
    z.strictObject({
      upTo: z.number().int().min(1).max(100_000).optional(),
      count: z.number().int().min(1).max(1000).default(10),
    }),
  ),
  'journal.setNotes': command<JournalSession[]>()(
    z.strictObject({
      session: z.number().int().min(1).max(100_000),
      text: z.string().max(20_000, { error: 'Journal notes are longer than 20,000 characters' }),
    }),
  ),
  'town.reports': command<DayReport[]>()(z.strictObject({ limit: z.number().int().min(1).max(400).default(30) })),
  'lichslayer.setItem': command<CampaignView>()(
    z.strictObject({ id: rowId, slot: z.enum(ITEM_SLOTS), item: itemInputSchema.nullable() }),
  ),
  'lichslayer.setInventory': command<CampaignView>()(
    z.strictObject({
      id: rowId,
      stacks: z.array(stackSchema).max(LIMITS.inventoryMaxStacks, { error: 'Too many inventory stacks' }),
    }),
  ),
  'houseRules.update': command<CampaignView>()(z.strictObject({ patch: houseRulesPatchSchema })),
  'houseRules.reset': command<CampaignView>()(noArgs),
};
