// Fights and Challenges as the contract carries them (rulebook ch.1, ch.8, ch.11-ch.14, ch.16): what
// the Judge asks for (an attack, a hit applied by hand, a Challenge, the 0-Health choice, an integrity
// check) and what main answers (the options the rules allow, and what happened, with its working).
import { z } from 'zod';
import { COLOURS, ITEM_SLOTS } from './gauntlet.ts';

const id = z.number({ error: 'Id must be a number' }).int().positive({ error: 'Id must be positive' });
const slot = z.enum(ITEM_SLOTS);
const modifier = z.strictObject({
  source: z.string().trim().min(1).max(80),
  value: z.number().int().min(-100).max(100),
});

export const attackArgsSchema = z.strictObject({
  attacker: id,
  target: id,
  /** The Gear or loot the Lichslayer attacks with (ch.11); the first that allows it when left out. */
  slot: slot.optional(),
  /** A Block declared against this attack: the holder (the target or an adjacent character) and the item (ch.13). */
  block: z.strictObject({ lichslayerId: id, slot }).optional(),
  /** Where a natural 1's integrity check falls, when the Judge picks (ch.11). */
  integritySlot: slot.optional(),
  /** Dice a skill adds, halving, an attack outside the attacker's turn (Command, Break; ch.2). */
  bonusDice: z.number().int().min(0).max(30).default(0),
  halve: z.boolean().default(false),
  outOfTurn: z.boolean().default(false),
  /** The Influence dice the attacker holds, added to the damage (ch.1, ch.13). */
  influence: z.boolean().default(false),
  /** The Judge's own number instead of the roll (recorded as the Judge's call). */
  damage: z.number().int().min(0).max(99_999).optional(),
});

export const damageArgsSchema = z.strictObject({
  target: id,
  amount: z.number().int().min(0).max(99_999),
  label: z.string().trim().min(1, { error: 'Say where the damage comes from' }).max(80),
  colour: z.enum(COLOURS).nullable().default(null),
  physical: z.boolean().default(true),
  ongoing: z.boolean().default(false),
  bypassArmor: z.boolean().default(false),
  lichType: z.boolean().default(false),
  /** Crush (the Breaker's capstone, the Demon Magic spell): through the Lich's Armor; the Phylactery to 0 in one action (ch.12). */
  crush: z.boolean().default(false),
  /** The Unbound's (an Incantation, a Vestment's effect): Full Spectrum resists it (ch.14). */
  unbound: z.boolean().default(false),
  /** Whose hand this damage was, for a kill's XP (ch.1, ch.11): a token on the board; none for a hazard. */
  felledBy: id.nullable().default(null),
});

export const atZeroArgsSchema = z.strictObject({ lichslayerId: id, choice: z.enum(['withdraw', 'press-on']) });

export const integrityArgsSchema = z.strictObject({
  lichslayerId: id,
  slot,
  /** The Judge's call instead of the d6. */
  result: z.enum(['breaks', 'holds']).optional(),
});

const roller = { lichslayerId: id.optional(), tokenId: id.optional() };

export const presetsArgsSchema = z.strictObject(roller);

export const challengeArgsSchema = z.strictObject({
  ...roller,
  /** A named Challenge from challenge.presets; its target comes from the rule, not from here. */
  preset: z.string().trim().min(1).max(120).optional(),
  target: z.number().int().min(1).max(60).optional(),
  /** A Sanity Challenge: the Attention shifts the target, a failure drops a level (ch.5, ch.8). */
  sanity: z.boolean().default(false),
  cause: z.string().trim().max(120).optional(),
  /** Modifiers the rules add from elsewhere: the Veteran's assist, a skill (ch.2). */
  modifiers: z.array(modifier).max(10).default([]),
  /** A Veteran holding Recall who assists: their Power is added (ch.2). */
  assistBy: id.optional(),
  integritySlot: slot.optional(),
  /** The Influence dice the roller holds, added to the total (ch.1, ch.13). */
  influence: z.boolean().default(false),
  /** The Judge's own total instead of the roll (recorded as the Judge's call). */
  total: z.number().int().min(-100).max(999).optional(),
});

export interface FightWeapon {
  slot: string;
  name: string;
  damage: string | null;
  allowed: boolean;
  why: string;
}

export interface FightTarget {
  tokenId: number;
  name: string;
  kind: string;
  hidden: boolean;
  inReach: boolean;
  why: string | null;
  /** Who may Block an attack on this target, with what (ch.13). */
  blockers: { lichslayerId: number; name: string; slot: string; item: string }[];
}

/** What an entrant may attack now, with what, and whom the rules propose (ch.11, ch.13, ch.16). */
export interface FightOptionsView {
  attacker: { tokenId: number; name: string; kind: string; lichslayerId: number | null };
  /** Why this entrant cannot attack at all now, or null. */
  refused: string | null;
  /** A fight is on and it is another's turn: an attack now is out of turn (a skill's, or the Judge's call). */
  notYourTurn: string | null;
  /** A Lichslayer's Gear and loot that allow the attack action; empty for the Judge's entrants. */
  weapons: FightWeapon[];
  /** The stat block's (or Retainer's) damage, for entrants without a Gauntlet. */
  statDamage: string | null;
  targets: FightTarget[];
  /** The target the rules propose, and why (house rule or ch.16); null for a Lichslayer (the player picks). */
  defaultTarget: number | null;
  defaultExplain: string | null;
  /** Where a natural 1's integrity check would fall, and the items the Judge may pick instead (ch.11). */
  integrity: { slot: string; name: string }[];
  influence: InfluenceOffer;
}

/** The Influence dice a roller holds (ch.13), and whether the house rule adds them to every roll. */
export interface InfluenceOffer {
  dice: { source: string; sides: number }[];
  always: boolean;
}

/** What an action did: every step with its working and chapter, as the dialog shows it. */
export interface FightResult {
  lines: string[];
  /** The damage dealt by the roll (before Armor), for the Judge's override; null when nothing was rolled. */
  damage: number | null;
  /** A Challenge's total and target, and whether it succeeded. */
  challenge: { total: number; target: number; success: boolean } | null;
  /** Lichslayers now at 0 Health, waiting for the withdraw / press-on choice (ch.11). */
  atZero: { lichslayerId: number; name: string; explain: string }[];
  /** The undo step this action made, so an override undoes exactly it. */
  step?: string;
}

export interface ChallengePresetView {
  key: string;
  label: string;
  target: number;
  sanity: boolean;
  explain: string;
}

/** Who rolls, with what modifiers, and the book's named Challenges that arise where they stand. */
export interface ChallengeSetupView {
  roller: {
    name: string;
    level: number;
    lichslayerId: number | null;
    tokenId: number | null;
    modifiers: { source: string; value: number }[];
    explain: string;
  };
  presets: ChallengePresetView[];
  /** The difficulty ladder (ch.11). */
  ladder: { label: string; target: number }[];
  integrity: { slot: string; name: string }[];
  influence: InfluenceOffer;
}
