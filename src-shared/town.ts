// The Town's own state between dives (rulebook ch.4-7, ch.17): the Smith's disposition, Retainers,
// contributions, the Square Watch, Idols, the Forest and the Giver, and travel. Validated when read.
import { z } from 'zod';
import { COLOURS } from './gauntlet.ts';

import { INSCRIPTION_IDS, LOYALTY_STATES, RETAINER_GRADE_NAMES } from './town-vocabulary.ts';

export { INSCRIPTION_IDS, LOYALTY_STATES, RETAINER_GRADE_NAMES } from './town-vocabulary.ts';

export const townStateSchema = z.strictObject({
  smith: z.strictObject({ favoured: z.array(z.enum(COLOURS)), distrusted: z.array(z.enum(COLOURS)), explain: z.string() }).nullable().default(null),
  /** The day each Lichslayer last had an item recoloured (one a day, ch.4). */
  recolouredOn: z.record(z.string(), z.number()).default({}),
  retainers: z
    .array(
      z.strictObject({
        id: z.number().int(),
        name: z.string(),
        grade: z.enum(RETAINER_GRADE_NAMES),
        loyalty: z.enum(LOYALTY_STATES),
        employer: z.number().int(),
        hiredDay: z.number().int(),
        /** Paid double today: loyalty rises at the day's end (ch.7). */
        double: z.boolean().default(false),
        /** The Retainer's token: it goes down with the party and takes turns on the stack (ch.7). */
        tokenId: z.number().int().nullable().default(null),
      }),
    )
    .default([]),
  nextId: z.number().int().default(1),
  /** Gold given today to the Inn (patron investment tomorrow) and to the Square (its d6 at the day's end). */
  contributed: z.strictObject({ inn: z.number().int().default(0), square: z.number().int().default(0), innYesterday: z.number().int().default(0) }).default({ inn: 0, square: 0, innYesterday: 0 }),
  squareWatch: z.number().int().min(0).default(0),
  idols: z
    .array(
      z.strictObject({
        id: z.number().int(),
        tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        commissionedDay: z.number().int(),
        inscription: z.enum(INSCRIPTION_IDS).nullable(),
        selfIdol: z.boolean(),
        suitsSubject: z.boolean().default(true),
        subject: z.string().default(''),
        crown: z.boolean().default(false),
        destroyed: z.boolean().default(false),
        /** Day a destruction was ordered; the Idol falls when its days are done (ch.6). */
        destroyOrdered: z.number().int().nullable().default(null),
      }),
    )
    .default([]),
  lastVanityStage: z.number().int().default(0),
  forest: z
    .strictObject({
      present: z.array(z.number().int()).default([]),
      giverHealth: z.number().int().default(360),
      fedThisWeek: z.boolean().default(false),
      feedings: z.record(z.string(), z.number().int()).default({}),
      griefing: z.number().int().default(0),
      /** The party's region has been mined out: grayed for good (ch.17). */
      regionGray: z.boolean().default(false),
      grayedRegions: z.number().int().default(0),
    })
    .default({ present: [], giverHealth: 360, fedThisWeek: false, feedings: {}, griefing: 0, regionGray: false, grayedRegions: 0 }),
  /** Towns left behind: no return for 7 days (ch.5). */
  departed: z
    .array(
      z.strictObject({
        town: z.string(),
        day: z.number().int(),
        /** The Town as it was left (its state, Attention and Square), restored on return. */
        archive: z.string().default(''),
      }),
    )
    .default([]),
});
export type TownState = z.output<typeof townStateSchema>;

export interface TownStateView {
  state: TownState;
  day: number;
  townName: string;
  /** Prices for the Smith's work with the disposition applied (ch.4). */
  smithPrices: { colour: string; armorPoint: number; recolour: number }[];
  vanity: { stage: number; explain: string };
  aristocrats: { id: number; name: string; cap: number; employed: number }[];
  innClosed: boolean;
  smithGone: boolean;
  festival: boolean;
  squareEmpty: boolean;
  attentionStage: number;
}
