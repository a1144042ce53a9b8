// The app, its campaigns and the Roster.
import { z } from 'zod';
import { campaignNameSchema, lichslayerPatchSchema, nameSchema } from '../gauntlet.ts';
import type { AppInfo, CampaignSummary, CampaignView, LifeNotes, RolledLichslayer } from './views.ts';
import { command, filePath, noArgs, pathArgs, rowId } from './arg-schemas.ts';

export const campaignCommands = {
  'app.info': command<AppInfo>()(noArgs),
  'app.playersScreen': command<{ url: string | null; opened: boolean }>()(noArgs),
  'campaign.list': command<CampaignSummary[]>()(noArgs),
  'campaign.current': command<CampaignView | null>()(noArgs),
  'campaign.create': command<CampaignView>()(z.strictObject({ name: campaignNameSchema })),
  'campaign.open': command<CampaignView>()(pathArgs),
  'campaign.close': command<null>()(noArgs),
  'campaign.duplicate': command<CampaignSummary>()(z.strictObject({ path: filePath, name: campaignNameSchema })),
  'campaign.delete': command<null>()(pathArgs),
  /** The Judge's explicit "break the lock" on a campaign another app holds (after a warning). */
  'campaign.breakLock': command<CampaignSummary>()(pathArgs),
  /** Stops the checks of campaign files being opened (each open then answers that it was stopped); how many stopped. */
  'campaign.cancelCheck': command<number>()(noArgs),
  'lichslayer.create': command<CampaignView>()(z.strictObject({ name: nameSchema })),
  'lichslayer.update': command<CampaignView>()(z.strictObject({ id: rowId, patch: lichslayerPatchSchema })),
  'lichslayer.delete': command<CampaignView>()(z.strictObject({ id: rowId })),
  'lichslayer.roll': command<RolledLichslayer>()(
    z.strictObject({
      name: nameSchema,
      /** An influence die for each of the three starting loot rolls (0: none), ch.1. */
      influence: z
        .array(
          z
            .number()
            .int()
            .refine((v) => [0, 4, 6, 8, 10, 12, 20].includes(v), {
              error: 'An influence die is a d4, d6, d8, d10, d12 or d20 (or none)',
            }),
        )
        .length(3)
        .default([0, 0, 0]),
    }),
  ),
  'lichslayer.spendPoint': command<LifeNotes>()(
    z.strictObject({ id: rowId, stat: z.enum(['power', 'speed', 'health', 'armor', 'magic']) }),
  ),
  'lichslayer.gainGold': command<LifeNotes>()(
    z.strictObject({
      id: rowId,
      amount: z.number().int().min(1, { error: 'Gold found must be at least 1' }).max(1_000_000),
    }),
  ),
};
