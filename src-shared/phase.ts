// The phase of play as main sees it, for the phase banner: where the party is, what the rules
// allow next, and why the rest is refused.
import { z } from 'zod';

import { DIVE_EVENT_TYPES } from './phase-vocabulary.ts';

export { DIVE_EVENT_TYPES } from './phase-vocabulary.ts';

const rowId = z.number().int().positive();
const simple = <T extends (typeof DIVE_EVENT_TYPES)[number]>(type: T) => z.strictObject({ type: z.literal(type) });
export const diveEventSchema = z.discriminatedUnion('type', [
  simple('DESCEND'),
  simple('ENEMIES_ENTER'),
  simple('COMBAT_OVER'),
  simple('FLOOR_CLEARED'),
  simple('FORCE_GATE'),
  simple('OPEN_GATE'),
  simple('WITHDRAW'),
  simple('PHYLACTERY_DESTROYED'),
  simple('LEAVE_TOMB'),
  simple('MANIFEST'),
  simple('LICH_DEFEATED'),
  z.strictObject({ type: z.literal('CAMPAIGN_ENDS'), how: z.enum(['town-destroyed', 'party-departs']) }),
  z.strictObject({ type: z.literal('ROOM_CLEARED'), lichslayer: rowId }),
  z.strictObject({ type: z.literal('AT_ZERO'), lichslayer: rowId, choice: z.enum(['withdraw', 'press-on']) }),
]);

/** Triggers the Judge records for the Lich's Attention (ch.5, ch.16); descents and days are counted by the app. */
export const attentionEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('UNBOUND_COMPLETED') }),
  z.strictObject({ type: z.literal('CROWN') }),
  z.strictObject({
    type: z.literal('RESOLVED'),
    deed: z.enum(['vanity-idols-destroyed', 'unbound-set-destroyed', 'narrative']),
  }),
  /** The Judge's override: the stage set by hand. */
  z.strictObject({
    type: z.literal('JUDGE_SETS'),
    stage: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  }),
]);

export interface PhaseView {
  dive: {
    state: 'town' | 'exploring' | 'combat' | 'floorTen' | 'fallen' | 'manifestation' | 'resolved';
    floor: number | null;
    gateOpen: boolean;
    clearedOnNine: string[];
    lost: string[];
    floorsCleared: number[];
    turned: string[];
    ending: string | null;
    actions: { type: (typeof DIVE_EVENT_TYPES)[number]; allowed: boolean; why: string | null }[];
  };
  attention: { stage: number; last: string | null };
  /** What the last step set off (a wave, the Phylactery's spell), for the Judge to read out. */
  notices?: string[];
  /** The combat round while a fight is on (ch.11). */
  combat: {
    round: number;
    current: string | null;
    currentTokenId: number | null;
    /** The current entrant is hidden from players: the banner names it only while secrets show. */
    currentHidden: boolean;
    atRoundEnd: boolean;
    upcoming: { name: string; hidden: boolean }[];
    /** What the Judge still resolves by hand between rounds (ch.11). */
    hooks: string[];
    /** A player's turn is over and the next not begun: enemies may move (ch.11). */
    between: boolean;
    /** Spells declared and waiting for their moment (ch.15). */
    pending: { label: string; caster: string; time: string }[];
    /** Entrants who may act now (cast on their turn); everyone else may only answer with a Response. */
    entrants: {
      tokenId: number;
      name: string;
      hidden: boolean;
      party: boolean;
      lichslayerId: number | null;
      health: number | null;
      maxHealth: number | null;
    }[];
  } | null;
}

/** The spells an entrant could cast now, each allowed or refused with the rule that says so (ch.15). */
export interface SpellbookView {
  caster: string;
  schools: {
    school: string;
    label: string;
    /** Whether the school is open to this caster now, and how or why not (ch.2, ch.15, ch.17; main decides). */
    open: boolean;
    access: string;
    spells: {
      table: string;
      row: number;
      label: string;
      details: string;
      cost: number;
      /** Health the cast costs (ch.17). */
      healthCost: number;
      castingTime: string;
      allowed: boolean;
      why: string;
      /**
       * The dice it rolls as it is cast, in order, for faces rolled at the table ("2d6, then a roll
       * on “Elemental Spirits”"); null when it rolls none then: no roll, or it resolves later (ch.15).
       */
      tableDice: string | null;
      /** Choices to make at the moment of casting (ch.13's ×N, ch.17's recipes and Flora). */
      needs: {
        choice?: { item: string; times: number };
        recipes?: { max: number };
        flora?: { colour: string; max: number };
      };
    }[];
  }[];
  /** ch.2: what this caster may cast from besides their own spells: any active Scroll, their Coat, a spell they stole or learned. */
  held: {
    table: string;
    row: number;
    label: string;
    from: { scroll: number } | { coat: true } | { stolen: true } | { learned: true };
    note: string;
  }[];
}
