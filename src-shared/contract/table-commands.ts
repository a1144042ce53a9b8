// Tables, their odds, the ledger and the dice.
import { z } from 'zod';
import { COLOURS } from '../gauntlet.ts';
import { houseRulesPatchSchema } from '../house-rules.ts';
import type { ChallengeGridView, ChallengeOddsView, TableOddsView } from '../odds.ts';
import { DEFAULT_SIM_POLICIES, type SimRunView } from '../odds-sim.ts';
import { TABLE_CATEGORIES, tableDefSchema, tableKeySchema, tableRowSchema } from '../tables.ts';
import type { ImportPreviewView, LedgerEntry, PackPreviewView, RollView, TableSummary, TableView } from './views.ts';
import {
  MAX_CHALLENGE_LEVEL,
  challengeOddsArgs,
  command,
  importOptions,
  keyArgs,
  noArgs,
  pasteText,
  rollContextSchema,
  rowIndex,
  simMemberSchema,
  simPoliciesSchema,
  simRunArgs,
  tableMetaPatch,
} from './arg-schemas.ts';

export const tableCommands = {
  'tables.list': command<TableSummary[]>()(noArgs),
  'tables.get': command<TableView>()(keyArgs),
  'tables.create': command<TableView>()(
    z.strictObject({
      name: z.string().trim().min(1, { error: 'A table needs a name' }).max(80),
      category: z.enum(TABLE_CATEGORIES),
      die: z.string().max(60).nullable(),
    }),
  ),
  'tables.updateMeta': command<TableView>()(z.strictObject({ key: tableKeySchema, patch: tableMetaPatch })),
  'tables.setRow': command<TableView>()(z.strictObject({ key: tableKeySchema, index: rowIndex, row: tableRowSchema })),
  'tables.insertRow': command<TableView>()(
    z.strictObject({ key: tableKeySchema, index: z.number().int().min(0).max(2000), row: tableRowSchema }),
  ),
  'tables.deleteRows': command<TableView>()(
    z.strictObject({ key: tableKeySchema, indices: z.array(rowIndex).min(1).max(2000) }),
  ),
  'tables.recolour': command<TableView>()(
    z.strictObject({ key: tableKeySchema, indices: z.array(rowIndex).min(1).max(2000), colour: z.enum(COLOURS) }),
  ),
  'tables.delete': command<TableSummary[]>()(keyArgs),
  'tables.resetToStarter': command<TableView>()(keyArgs),
  'tables.resetDraws': command<TableView>()(keyArgs),
  'tables.importPreview': command<ImportPreviewView>()(z.strictObject(importOptions)),
  'tables.importSave': command<TableView>()(
    z.strictObject({ ...importOptions, onConflict: z.enum(['refuse', 'replace', 'rename']).default('refuse') }),
  ),
  'tables.packPreview': command<PackPreviewView>()(z.strictObject({ text: pasteText })),
  'tables.packImport': command<TableSummary[]>()(
    z.strictObject({
      text: pasteText,
      resolutions: z.record(tableKeySchema, z.enum(['keep', 'replace', 'rename'])).default({}),
      /** The Judge has seen the pack's uncovered results and keeps them rolling "no entry". */
      keepUncovered: z.boolean().default(false),
    }),
  ),
  'tables.export': command<{ text: string; fileName: string }>()(
    z.strictObject({ keys: z.array(tableKeySchema).min(1).max(500), format: z.enum(['json', 'markdown', 'foundry']) }),
  ),
  'tables.roll': command<RollView>()(
    z.strictObject({
      key: tableKeySchema,
      context: rollContextSchema.default({}),
      character: z.string().max(60).optional(),
      cause: z.string().max(120).optional(),
    }),
  ),
  'tables.odds': command<TableOddsView>()(
    z.strictObject({
      key: tableKeySchema,
      context: rollContextSchema.default({}),
      /** The editor's unsaved version of the table: its odds, with the saved table's beside them. */
      draft: z
        .strictObject({
          die: z.string().max(60).nullable(),
          span: tableDefSchema.shape.span,
          rows: tableDefSchema.shape.rows,
        })
        .optional(),
    }),
  ),
  'odds.challenge': command<ChallengeOddsView>()(
    z.strictObject({
      ...challengeOddsArgs,
      level: z.number().int().min(1).max(MAX_CHALLENGE_LEVEL).optional(),
      target: z.number().int().min(1).max(999),
    }),
  ),
  'odds.challengeGrid': command<ChallengeGridView>()(
    z.strictObject({
      ...challengeOddsArgs,
      levels: z
        .strictObject({
          from: z.number().int().min(1).max(MAX_CHALLENGE_LEVEL),
          to: z.number().int().min(1).max(MAX_CHALLENGE_LEVEL),
        })
        .refine((l) => l.to >= l.from && l.to - l.from < 30, {
          error: 'Levels run from low to high, at most 30 of them',
        })
        .default({ from: 1, to: 10 }),
      targets: z.array(z.number().int().min(1).max(999)).min(1).max(40).default([6, 12, 18, 24, 30]),
    }),
  ),
  /** Starts a run of the dive simulator on a worker thread; read it with odds.simulation. */
  'odds.simulate': command<SimRunView>()(
    z.strictObject({
      party: z.union([
        z.strictObject({ roster: z.literal(true) }),
        z.strictObject({ members: z.array(simMemberSchema).min(1).max(12) }),
      ]),
      policies: simPoliciesSchema.default(DEFAULT_SIM_POLICIES),
      dives: z.number().int().min(1).max(100_000),
      seed: z.number().int().min(0).max(0xffffffff),
      /** A variant's house rules, over the campaign's own (the comparison's second run). */
      houseRules: houseRulesPatchSchema.optional(),
      label: z.enum(['A', 'B']).default('A'),
    }),
  ),
  'odds.simulation': command<SimRunView>()(simRunArgs),
  'odds.cancelSimulation': command<SimRunView>()(simRunArgs),
  'ledger.list': command<LedgerEntry[]>()(
    z.strictObject({
      session: z.number().int().min(1).optional(),
      table: tableKeySchema.optional(),
      floor: z.number().int().min(1).max(10).optional(),
      character: z.string().max(60).optional(),
      limit: z.number().int().min(1).max(5000).optional(),
    }),
  ),
  'ledger.verify': command<{ entries: number; faces: number; ok: boolean; problem: string | null }>()(
    z.strictObject({ session: z.number().int().min(1).optional() }),
  ),
  'ledger.newSession': command<{ session: number }>()(noArgs),
  'dice.setSeed': command<{ seed: number }>()(
    z.strictObject({
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1),
    }),
  ),
};
