// Town, its people, loot fates, skills, the journal and the house rules.
import { z } from 'zod';
import { COLOURS, itemInputSchema, ITEM_SLOTS, LIMITS, nameSchema, stackSchema } from '../gauntlet.ts';
import { houseRulesPatchSchema } from '../house-rules.ts';
import { AILMENTS } from '../ailments.ts';
import { INSCRIPTION_IDS, RETAINER_GRADE_NAMES, SMITH_COLOURS, type TownStateView } from '../town.ts';
import type { CampaignView, DayReport, JournalSession, LifeNotes } from './views.ts';
import { command, lootFateSchema, noArgs, rowId } from './arg-schemas.ts';
import { skillUseSchema } from './skill-args.ts';

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
  /** One use of a class skill, with the choices its own skill makes (ch.2). */
  'skill.use': command<LifeNotes>()(skillUseSchema),
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
