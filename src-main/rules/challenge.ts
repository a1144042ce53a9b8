// Challenge rolls (rulebook ch.1; ch.11 for the single-die reading): level d6, sixes explode,
// sum plus modifiers, meet or beat the target; all natural 1s fail whatever the modifiers.
import type { SanityLevel } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { Dice, DIFFICULTY, showDice, showModifiers, sumDice, totalOf, type DieRoll, type Modifier } from './dice.ts';
import { integrityDue } from './damage.ts';
import { attentionSanityShift, sanityModifier, type AttentionStage } from './sanity.ts';
import type { CharacterModifiers } from './roll-modifiers.ts';
import { predictTarget } from './skills-scholar.ts';
import { rollInfluenceModifiers, type InfluenceDie } from './loot-roll.ts';

export interface ChallengeInput {
  level: number;
  target: number;
  cause: string;
  sanity?: SanityLevel;
  /** Survival clock roll penalties (hunger, shelter), already labelled by the clock. */
  survival?: Modifier[];
  /** For Sanity Challenges: the Attention stage and where the roll happens shift the target. */
  sanityChallenge?: { attentionStage: AttentionStage; where: 'tombs' | 'town' | 'forest' };
  other?: Modifier[];
  /** Influence dice added to this roll (ch.1, ch.13): rolled after the Challenge dice, added like modifiers. */
  influence?: readonly InfluenceDie[];
}

export interface ChallengeResult {
  dice: DieRoll[];
  modifiers: { sanity: Modifier | null; survival: Modifier[]; other: Modifier[] };
  targetShift: Modifier | null;
  sum: number;
  total: number;
  target: number;
  success: boolean;
  /** Every die's natural face was 1: a failure whatever the modifiers. */
  allNaturalOnes: boolean;
  /** A natural 1 showed: the Judge calls a loot integrity check (ch.11). */
  integrityCheckDue: boolean;
  explain: string;
  chapter: string;
}

/** What a Challenge is rolled with, decided before any die: the roll and the odds both read it. */
export interface ChallengeSetup {
  /** How many exploding d6 (the house rule picks ch.1's level dice or ch.11's single die). */
  count: number;
  sanity: Modifier | null;
  survival: Modifier[];
  other: Modifier[];
  all: Modifier[];
  targetShift: Modifier | null;
  /** The target after any shift: the total must meet or beat it. */
  target: number;
  chapter: string;
}

export function challengeSetup(input: Omit<ChallengeInput, 'cause'>, rules: HouseRules): ChallengeSetup {
  if (!Number.isInteger(input.level) || input.level < 1)
    throw new RangeError(`Level must be 1 or more, not ${input.level}`);
  if (!Number.isInteger(input.target) || input.target < 1)
    throw new RangeError(`Target must be 1 or more, not ${input.target}`);
  const count = rules.challengeDice === 'level-dice' ? input.level : 1;
  const sanity = input.sanity ? sanityModifier(input.sanity) : null;
  const survival = input.survival ?? [];
  const other = input.other ?? [];
  const all = [...(sanity ? [sanity] : []), ...survival, ...other];
  const targetShift = input.sanityChallenge
    ? attentionSanityShift(input.sanityChallenge.attentionStage, input.sanityChallenge.where, rules)
    : null;
  const target = input.target + (targetShift?.value ?? 0);
  return {
    count,
    sanity,
    survival,
    other,
    all,
    targetShift,
    target,
    chapter: rules.challengeDice === 'level-dice' ? 'ch.1' : 'ch.11',
  };
}

/** Meets or beats the target, unless every die came up a natural 1 (ch.1; a single die's 1, ch.11). */
export const challengeSucceeds = (allNaturalOnes: boolean, total: number, target: number): boolean =>
  !allNaturalOnes && total >= target;

export function rollChallenge(dice: Dice, input: ChallengeInput, rules: HouseRules): ChallengeResult {
  const setup = challengeSetup(input, rules);
  const { count, sanity, survival, other, all, targetShift, target, chapter } = setup;
  const rolled = dice.pool(count, 6, input.cause, true);
  // An Influence die is the loot's roll, not the roller's: it never counts as a natural 1 of the Challenge.
  const influence = rollInfluenceModifiers(dice, input.influence ?? [], input.cause);
  const mods = [...all, ...influence];
  const naturals = rolled.flatMap((d) => (rules.explosionsCountAsNatural ? d.faces : [d.natural]));
  // With a single die this is that die's natural 1 (ch.11).
  const allNaturalOnes = rolled.every((d) => d.natural === 1);
  const sum = sumDice(rolled);
  const total = sum + totalOf(mods);
  const success = challengeSucceeds(allNaturalOnes, total, target);
  const why = allNaturalOnes ? 'all natural 1s: fails' : success ? 'meets the target' : 'short of the target';
  const shown = targetShift?.value
    ? ` vs ${target} (${input.target} + ${targetShift.value}, ${targetShift.source})`
    : ` vs ${target}`;
  return {
    dice: rolled,
    modifiers: { sanity, survival, other: [...other, ...influence] },
    targetShift,
    sum,
    total,
    target,
    success,
    allNaturalOnes,
    integrityCheckDue: integrityDue(naturals, rules),
    explain: `${total} = ${count}d6! ${showDice(rolled)}${showModifiers(mods)}${shown}: ${why} (${chapter})`,
    chapter,
  };
}

/**
 * A Challenge whose total the Judge sets by hand instead of the roll (an override): the same target,
 * shifted by the Attention for a Sanity Challenge, met or beaten; recorded as the Judge's call.
 */
export function judgeChallenge(
  input: Pick<ChallengeInput, 'target' | 'sanityChallenge'>,
  total: number,
  rules: Pick<HouseRules, 'stageFourSanityShift'>,
): ChallengeResult {
  const targetShift = input.sanityChallenge
    ? attentionSanityShift(input.sanityChallenge.attentionStage, input.sanityChallenge.where, rules)
    : null;
  const target = input.target + (targetShift?.value ?? 0);
  const success = total >= target;
  return {
    dice: [],
    modifiers: { sanity: null, survival: [], other: [] },
    targetShift,
    sum: total,
    total,
    target,
    success,
    allNaturalOnes: false,
    integrityCheckDue: false,
    explain: `${total}, the Judge's call (set by hand instead of the roll) vs ${target}: ${success ? 'meets the target' : 'short of the target'}`,
    chapter: 'ch.1',
  };
}

/** "Negates Sanity penalties" in an intact item's notes or Effect (ch.8): how the Judge marks such loot. */
const SANITY_WARD = /negates?\s+(?:all\s+)?Sanity\s+penalt/i;

export function wardsSanity(items: readonly { name: string; broken: boolean; text: string }[]): string | null {
  return items.find((i) => !i.broken && SANITY_WARD.test(i.text))?.name ?? null;
}

export interface RollModifiers {
  sanity: Modifier | null;
  survival: Modifier[];
  /** The situation's modifiers (the Square's gift, a Vanity Idol …). */
  other: Modifier[];
  /** Every modifier, for rolls that are not Challenges (attack damage, a chest's d6). */
  all: Modifier[];
  explain: string;
}

/**
 * A character's modifiers "to all rolls" (ch.4, ch.8): the Sanity penalty — unless an intact item
 * negates it (ch.8) — and the survival clock's hunger and shelter penalties.
 */
export function rollModifiersOf(c: CharacterModifiers, ward: string | null): RollModifiers {
  const penalty = c.sanity === 'whole' ? null : sanityModifier(c.sanity);
  const sanity = penalty && !ward ? penalty : null;
  const all = [...(sanity ? [sanity] : []), ...c.survival, ...c.other];
  const warded = penalty && ward ? `; ${ward} negates the Sanity penalty while intact (ch.8)` : '';
  return {
    sanity,
    survival: c.survival,
    other: c.other,
    all,
    explain: `${all.length ? all.map((m) => `${m.source} ${m.value < 0 ? '−' : '+'}${Math.abs(m.value)}`).join(', ') : 'no penalties'}${warded}`,
  };
}

/** The book's named Challenges (ch.1 and where each is named), as one-click presets. */
export const CHALLENGE_PRESET_IDS = [
  'edge-looting',
  'paranoid-looting',
  'breaker-doorway',
  'predict',
  'counter-magic',
  'influence-lich',
  'trap',
  'sanity-ability',
  'sanity',
] as const;
export type ChallengePresetId = (typeof CHALLENGE_PRESET_IDS)[number];

export interface ChallengePreset {
  id: ChallengePresetId;
  label: string;
  target: number;
  /** A Sanity Challenge: the Attention shifts its target and a failure drops a level (ch.5, ch.8). */
  sanity: boolean;
  explain: string;
}

/** What a preset reads from the fight: the roller, and the enemy, caster, Breaker or trap it is against. */
export type PresetContext =
  | { id: 'edge-looting' | 'paranoid-looting' }
  | { id: 'breaker-doorway'; breaker: { name: string; power: number } }
  | { id: 'predict'; enemy: { name: string; level: number; lich: boolean } }
  | { id: 'counter-magic'; caster: { name: string; magic: number; lich: boolean } }
  | { id: 'influence-lich' }
  | { id: 'trap'; trap: { label: string; target: number; sanity: boolean } }
  | { id: 'sanity-ability'; enemy: { name: string; target: number } }
  | { id: 'sanity'; target: number; why: string };

/** A named Challenge's target by the book's rule, or why it cannot be rolled. */
export function presetChallenge(ctx: PresetContext): ChallengePreset | { refused: string } {
  switch (ctx.id) {
    case 'edge-looting':
      return {
        id: ctx.id,
        label: 'Loot on an off-round at Edge',
        target: DIFFICULTY.moderate,
        sanity: false,
        explain: 'Edge may loot every other round, or on an off-round with a Challenge, target 12 (ch.8)',
      };
    case 'paranoid-looting':
      return {
        id: ctx.id,
        label: 'Loot at Paranoid',
        target: DIFFICULTY.difficult,
        sanity: false,
        explain: 'Paranoid must pass a Challenge, target 18, to loot at all (ch.8)',
      };
    case 'breaker-doorway':
      if (ctx.breaker.power < 1)
        return { refused: `${ctx.breaker.name}'s Power is ${ctx.breaker.power}: no target to roll against` };
      return {
        id: ctx.id,
        label: `Enter past ${ctx.breaker.name}'s doorway`,
        target: ctx.breaker.power,
        sanity: false,
        explain: `Target ${ctx.breaker.power}, ${ctx.breaker.name}'s Power: on a failure the enemy is denied entry this Round (ch.2)`,
      };
    case 'predict': {
      const { target } = predictTarget(ctx.enemy);
      return {
        id: ctx.id,
        label: `Predict ${ctx.enemy.name}`,
        target,
        sanity: false,
        explain: ctx.enemy.lich
          ? 'Predict against the Lich needs 30 (ch.2)'
          : `Target ${target} = level ${ctx.enemy.level} × 3: on a success the action is denied and the enemy loses that turn (ch.2)`,
      };
    }
    case 'counter-magic': {
      if (ctx.caster.lich) return { refused: "Counter Magic cannot steal the Lich's abilities (ch.2)" };
      const target = ctx.caster.magic * 3;
      if (target < 1)
        return { refused: `${ctx.caster.name} casts at Magic 0: there is nothing to counter at target 0` };
      return {
        id: ctx.id,
        label: `Counter Magic against ${ctx.caster.name}`,
        target,
        sanity: false,
        explain: `Target ${target} = ${ctx.caster.name}'s Magic ${ctx.caster.magic} × 3 (ch.2)`,
      };
    }
    case 'influence-lich':
      return {
        id: ctx.id,
        label: 'Influence against the Lich',
        target: DIFFICULTY.daunting,
        sanity: false,
        explain: 'The Lich does not bend easily: a Challenge of 24 comes first (ch.2)',
      };
    case 'trap':
      return {
        id: ctx.id,
        label: `${ctx.trap.label}: ${ctx.trap.sanity ? 'Sanity Challenge' : 'Challenge'}`,
        target: ctx.trap.target,
        sanity: ctx.trap.sanity,
        explain: `The trap's own Challenge, target ${ctx.trap.target} (ch.9, trap table)`,
      };
    case 'sanity-ability':
      return {
        id: ctx.id,
        label: `${ctx.enemy.name}'s ability: Sanity Challenge`,
        target: ctx.enemy.target,
        sanity: true,
        explain: `An enemy ability flagged for Sanity, target ${ctx.enemy.target} (ch.8, ch.11)`,
      };
    case 'sanity':
      return {
        id: ctx.id,
        label: `Sanity Challenge: ${ctx.why}`,
        target: ctx.target,
        sanity: true,
        explain: `${ctx.why}: target ${ctx.target}; a failure drops one Sanity level`,
      };
  }
}
