// Loads the original demo campaign from resources/ (outside data: validated like any import).
import fs from 'node:fs';
import { z } from 'zod';
import { describeIssues } from '@shared/contract.ts';
import {
  campaignNameSchema,
  ITEM_SLOTS,
  itemInputSchema,
  lichslayerPatchSchema,
  nameSchema,
  stackSchema,
} from '@shared/gauntlet.ts';

const starterLichslayerSchema = lichslayerPatchSchema.required().extend({
  items: z.strictObject(Object.fromEntries(ITEM_SLOTS.map((s) => [s, itemInputSchema.nullable()])) as {
    [K in (typeof ITEM_SLOTS)[number]]: z.ZodNullable<typeof itemInputSchema>;
  }),
  inventory: z.array(stackSchema),
});

export const starterCampaignSchema = z.strictObject({
  starterContent: z.string(),
  campaign: campaignNameSchema,
  town: z.strictObject({ name: nameSchema, day: z.number().int().min(1) }),
  lichslayers: z.array(starterLichslayerSchema).max(50),
});
export type StarterCampaign = z.output<typeof starterCampaignSchema>;
export type StarterLichslayer = z.output<typeof starterLichslayerSchema>;

export function loadStarterCampaign(file: string): StarterCampaign {
  const raw: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const parsed = starterCampaignSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Starter campaign ${file} is invalid: ${describeIssues(parsed.error)}`);
  return parsed.data;
}
