// Loads the original demo campaign from resources/ (outside data: validated like any import).
import type { Database } from 'better-sqlite3';
import { writeCampaignBasics } from '../db/campaign-meta.ts';
import fs from 'node:fs';
import { z } from 'zod';
import { describeIssues } from '@shared/contract.ts';
import {
  BASE_SLOTS,
  campaignNameSchema,
  ITEM_SLOTS,
  itemInputSchema,
  lichslayerPatchSchema,
  nameSchema,
  stackSchema,
} from '@shared/gauntlet.ts';
import type { RecordingWriter } from '../db/history.ts';

const starterLichslayerSchema = lichslayerPatchSchema.required().extend({
  // Slots beyond the baseline (ch.2's Extra Pockets, Medicine Bay) may be left out.
  items: z.strictObject(
    Object.fromEntries(
      ITEM_SLOTS.map((s) => [
        s,
        (BASE_SLOTS as readonly string[]).includes(s)
          ? itemInputSchema.nullable()
          : itemInputSchema.nullable().default(null),
      ]),
    ) as {
      [K in (typeof ITEM_SLOTS)[number]]:
        z.ZodNullable<typeof itemInputSchema> | z.ZodDefault<z.ZodNullable<typeof itemInputSchema>>;
    },
  ),
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

/** A campaign's basics: its name, when it began, and its Town (an unnamed one on day 1 unless given). */
export function initialiseCampaign(
  db: Database,
  name: string,
  town: { name: string; day: number } = { name: 'Unnamed town', day: 1 },
): void {
  writeCampaignBasics(db, name, town);
}

/** One of the demo campaign's Lichslayers, with their items and inventory. */
export function insertStarterLichslayer(w: RecordingWriter, l: StarterLichslayer, position: number): void {
  const id = w.insert('lichslayer', {
    position,
    name: l.name,
    level: l.level,
    health: l.health,
    max_health: l.maxHealth,
    armor: l.armor,
    max_armor: l.maxArmor,
    power: l.power,
    speed: l.speed,
    sanity: l.sanity,
    gold: l.gold,
    xp: l.xp,
    hidden_class: l.hiddenClass,
    skill1: l.skill1,
    skill2: l.skill2,
    skill3: l.skill3,
    capstone: l.capstone,
    notes: l.notes,
  });
  for (const slot of ITEM_SLOTS) {
    const item = l.items[slot];
    if (item)
      w.insert('item', {
        lichslayer_id: id,
        slot,
        name: item.name,
        colour: item.colour,
        broken: item.broken ? 1 : 0,
        notes: item.notes,
      });
  }
  l.inventory.forEach((s, i) =>
    w.insert('inventory', { lichslayer_id: id, position: i, name: s.name, count: s.count }),
  );
}
