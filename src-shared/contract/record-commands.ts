// Print, backups, history and storage.
import { z } from 'zod';
import type { PrintFloorHandout, PrintGauntlet, PrintLootCard } from '../print.ts';
import { storageKeepSchema, type StorageView } from '../storage.ts';
import type { BackupEntry, BackupRetention, CampaignView } from './views.ts';
import { command, noArgs, pathArgs, rowId } from './arg-schemas.ts';

export const recordCommands = {
  'print.gauntlets': command<PrintGauntlet[]>()(z.strictObject({ ids: z.array(rowId).max(200).optional() })),
  'print.floorHandout': command<PrintFloorHandout>()(z.strictObject({ floor: z.number().int().min(1).max(10) })),
  'print.lootCards': command<PrintLootCard[]>()(
    z.strictObject({ indices: z.array(z.number().int().min(0).max(1999)).min(1).max(500) }),
  ),
  'print.savePdf': command<{ saved: boolean; path: string | null; message: string }>()(
    z.strictObject({
      suggestedName: z
        .string()
        .trim()
        .min(1)
        .max(120)
        .regex(/^[^/\\:*?"<>|]+$/, { error: 'A file name cannot hold / \\ : * ? " < > |' }),
      pageSize: z.enum(['A4', 'Letter']),
      landscape: z.boolean(),
    }),
  ),
  'backups.list': command<BackupEntry[]>()(noArgs),
  'backups.create': command<BackupEntry[]>()(noArgs),
  'backups.restore': command<CampaignView>()(
    z.strictObject({
      fileName: z
        .string()
        .min(1)
        .max(255)
        .regex(/^[^/\\]+\.lichslayer$/, { error: 'Not a backup file name' }),
    }),
  ),
  'backups.restoreNewest': command<CampaignView>()(pathArgs),
  'backups.retention': command<BackupRetention>()(noArgs),
  'backups.setRetention': command<BackupRetention>()(
    z.strictObject({ keepToday: z.number().int().min(1).max(100), keepDays: z.number().int().min(0).max(365) }),
  ),
  'history.undo': command<CampaignView>()(noArgs),
  'history.redo': command<CampaignView>()(noArgs),
  'storage.view': command<StorageView>()(noArgs),
  'storage.setKeep': command<StorageView>()(storageKeepSchema),
  'storage.compact': command<StorageView>()(noArgs),
};
