// The Town's own state between dives (rulebook ch.4-7, ch.17): the Smith's disposition, Retainers,
// contributions, the Square Watch, Idols, the Forest and the Giver, and travel. Validated when read.
import { z } from 'zod';
import { COLOURS } from './gauntlet.ts';

import { INSCRIPTION_IDS, LOYALTY_STATES, RETAINER_GRADE_NAMES } from './town-vocabulary.ts';

export { INSCRIPTION_IDS, LOYALTY_STATES, RETAINER_GRADE_NAMES, SMITH_COLOURS } from './town-vocabulary.ts';

export const townStateSchema = z.strictObject({
  smith: z
    .strictObject({
      favoured: z.array(z.enum(COLOURS)),
      distrusted: z.array(z.enum(COLOURS)),
      /** How the colours were rolled, as the ledger told it (the standing today is derived, Drifts included). */
      explain: z.string().default(''),
      /** Drifts since the roll, summed per colour: +1 a step toward favour, −1 toward distrust (ch.4). */
      drift: z.partialRecord(z.enum(COLOURS), z.number().int().min(-6).max(6)).default({}),
    })
    .nullable()
    .default(null),
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
        /** An Exceptional Retainer's one loot item (ch.7). */
        loot: z.string().max(200).nullable().default(null),
        /** The loot row that item was rolled on, kept so a renamed row still resolves (as an item's lootRef). */
        lootRef: z.string().max(200).nullable().default(null),
        /** The day this Retainer needs no pay: its Aristocrat's enhanced Retainers skill (ch.2). */
        holidayOn: z.number().int().nullable().default(null),
      }),
    )
    .default([]),
  nextId: z.number().int().default(1),
  /**
   * Gold given today to the Inn (patron investment in tomorrow's event, rolled as the day turns)
   * and to the Square (its d6 at the day's end).
   */
  contributed: z
    .strictObject({
      inn: z.number().int().default(0),
      square: z.number().int().default(0),
      /** Kept by older versions, which rolled a day's Inn event at its close; no longer read. */
      innYesterday: z.number().int().optional(),
    })
    .default({ inn: 0, square: 0 }),
  /** The Inn's event for the day it names, rolled as that day begins (ch.5); null before the first. */
  innEvent: z
    .strictObject({
      day: z.number().int(),
      value: z.number().int(),
      /** Stage 1's negative event before the day's own roll (house rule), or null. */
      first: z.number().int().nullable().default(null),
    })
    .nullable()
    .default(null),
  /** Inn events' omens on the patrons' next Challenge roll in the Tombs, spent by that roll. */
  omens: z
    .array(
      z.strictObject({
        lichslayerId: z.number().int(),
        value: z.number().int().min(-9).max(9),
        by: z.string().max(200),
      }),
    )
    .default([]),
  /** The Square's gift (ch.4): a bonus to all rolls on the given day. */
  squareGift: z.strictObject({ day: z.number().int(), bonus: z.number().int() }).nullable().default(null),
  squareWatch: z.number().int().min(0).default(0),
  /** The weeks whose start (the Smith's d8, ch.5) and end (the Giver's hunger, ch.17) have been done. */
  weeks: z
    .strictObject({ opened: z.number().int().default(0), closed: z.number().int().default(0) })
    .default({ opened: 0, closed: 0 }),
  /** A Banquet sponsored on this day brings Stage 2 down at the day's close (ch.5). */
  banquetOn: z.number().int().nullable().default(null),
  /** The 7-day Town effects of a Vanity stage reached (ch.6): last day of each. */
  vanityTown: z
    .strictObject({
      innShiftUntil: z.number().int().nullable().default(null),
      innLockUntil: z.number().int().nullable().default(null),
    })
    .default({ innShiftUntil: null, innLockUntil: null }),
  /** The Town's named residents, who may leave at Stage 2 and under a Vanity stage 3 (ch.5, ch.6). */
  npcs: z
    .array(z.strictObject({ id: z.number().int(), name: z.string().max(60) }))
    .max(200)
    .default([]),
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
        /** Who dedicated it: Tier 1 boons and Vanity's personal effects are theirs (ch.6). */
        dedicator: z.number().int().nullable().default(null),
        /** Raised as a Memorial: of the Self, it stops being Vanity once its dedicator is dead (ch.6). */
        memorial: z.boolean().default(false),
        /** The Rare loot item a Great Idol consumes on completion (ch.6). */
        rareItem: z.string().max(200).nullable().default(null),
        /** Who ordered and paid the destruction: the one a proper inscription's entity blesses (ch.6). */
        destroyedBy: z.number().int().nullable().default(null),
      }),
    )
    .default([]),
  lastVanityStage: z.number().int().default(0),
  forest: z
    .strictObject({
      present: z.array(z.number().int()).default([]),
      /** null: untouched, at the house rule's starting Health. */
      giverHealth: z.number().int().min(0).nullable().default(null),
      /** Only in files before format 8, which moves it into fedWeeks (the open check reads such files first). */
      fedThisWeek: z.boolean().optional(),
      /** The in-game weeks in which someone fed the Giver (ch.17). */
      fedWeeks: z.array(z.number().int()).default([]),
      feedings: z.record(z.string(), z.number().int()).default({}),
      griefing: z.number().int().min(0).default(0),
      /** A Daedric Being was tributed and not attacked since: +1 on the Forest's d6 (ch.5). */
      tribute: z.boolean().default(false),
      /** The day the party first entered the Forest (the Giver's hunger may count from it). */
      firstVisit: z.number().int().nullable().default(null),
      /** Each party member's condition for the day they rolled it (ch.5): rolled at entry, it lasts the day. */
      conditions: z
        .record(z.string(), z.strictObject({ day: z.number().int(), value: z.number().int(), text: z.string() }))
        .default({}),
      /** The day's Phenomena: the Forest's state and the Great Being wandering it (ch.17). */
      phenomena: z
        .strictObject({ day: z.number().int(), face: z.number().int(), text: z.string(), beingAppears: z.boolean() })
        .nullable()
        .default(null),
      /** The party's region has been mined out: grayed for good (ch.17). */
      regionGray: z.boolean().default(false),
      grayedRegions: z.number().int().default(0),
      /** Flora patches found in the party's region (ch.17). */
      patches: z
        .array(
          z.strictObject({
            id: z.number().int(),
            flora: z.string(),
            colour: z.enum(COLOURS),
            count: z.number().int().min(0),
            harvested: z.boolean().default(false),
          }),
        )
        .max(100)
        .default([]),
    })
    .default({
      present: [],
      giverHealth: null,
      fedWeeks: [],
      feedings: {},
      griefing: 0,
      tribute: false,
      firstVisit: null,
      conditions: {},
      phenomena: null,
      regionGray: false,
      grayedRegions: 0,
      patches: [],
    }),
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
  /** The Smith's standing with each colour today, Drifts included (ch.4). */
  smithStanding: { colour: string; standing: 'favoured' | 'neutral' | 'distrusted' }[];
  /** Prices for the Smith's work with the disposition applied (ch.4). */
  smithPrices: { colour: string; armorPoint: number; recolour: number }[];
  /** The Giver's Health now (the house rule's starting value until it changes), and whether it was fed this week. */
  giver: { health: number; fedThisWeek: boolean; dead: boolean };
  /** Today's Forest as rolled: each member's condition, and the Phenomena (ch.5, ch.17). */
  forestToday: { conditions: { id: number; name: string; text: string }[]; phenomena: string | null };
  /** Boons of the Idols standing, and the Vanity consequences in force (ch.6). */
  boons: string[];
  vanityConsequences: string[];
  /** What a Banquet would cost, or why none would help (ch.5, ch.6). */
  banquet: { cost: number; allowed: boolean; why: string };
  vanity: { stage: number; explain: string };
  aristocrats: { id: number; name: string; cap: number; employed: number }[];
  innClosed: boolean;
  smithGone: boolean;
  festival: boolean;
  squareEmpty: boolean;
  attentionStage: number;
}
