// Sanity (rulebook ch.8, ch.11; ch.5 for the Attention's shifts and the nights at the Inn).
import { SANITY_LEVELS, type SanityLevel } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import type { Modifier } from './dice.ts';
import { attentionEffects, type AttentionStage } from './lich-attention.ts';

export interface SanityRung {
  level: SanityLevel;
  label: string;
  rollPenalty: number;
  /** How looting is limited at this rung (ch.8). */
  looting:
    { kind: 'free' } | { kind: 'every-other-round'; offRoundTarget: number } | { kind: 'challenge'; target: number };
  /** −1 movement every other round at Lost (ch.8). */
  movementPenaltyEveryOtherRound: boolean;
}

export const SANITY_LADDER: Record<SanityLevel, SanityRung> = {
  whole: {
    level: 'whole',
    label: 'Whole',
    rollPenalty: 0,
    looting: { kind: 'free' },
    movementPenaltyEveryOtherRound: false,
  },
  strange: {
    level: 'strange',
    label: 'Strange',
    rollPenalty: -1,
    looting: { kind: 'free' },
    movementPenaltyEveryOtherRound: false,
  },
  edge: {
    level: 'edge',
    label: 'Edge',
    rollPenalty: -2,
    looting: { kind: 'every-other-round', offRoundTarget: 12 },
    movementPenaltyEveryOtherRound: false,
  },
  paranoid: {
    level: 'paranoid',
    label: 'Paranoid',
    rollPenalty: -3,
    looting: { kind: 'challenge', target: 18 },
    movementPenaltyEveryOtherRound: false,
  },
  lost: {
    level: 'lost',
    label: 'Lost',
    rollPenalty: -4,
    looting: { kind: 'free' },
    movementPenaltyEveryOtherRound: true,
  },
};

/** The roll modifier a Sanity level imposes, as a labelled modifier (ch.8). */
export function sanityModifier(level: SanityLevel): Modifier {
  const rung = SANITY_LADDER[level];
  return { source: `Sanity ${rung.label} (ch.8)`, value: rung.rollPenalty };
}

export function dropSanity(level: SanityLevel, steps = 1): SanityLevel {
  const i = Math.min(SANITY_LEVELS.length - 1, SANITY_LEVELS.indexOf(level) + steps);
  return SANITY_LEVELS[i]!;
}

export function recoverSanity(level: SanityLevel, steps = 1): SanityLevel {
  const i = Math.max(0, SANITY_LEVELS.indexOf(level) - steps);
  return SANITY_LEVELS[i]!;
}

export type { AttentionStage };

/**
 * How much the Lich's Attention raises a Sanity Challenge's target (ch.5): Stage 1 +2 and
 * Stage 2 +4 in the Tombs only; Stage 3 +6 anywhere; Stage 4, which the book leaves without a
 * shift, the house rule's everywhere.
 */
export function attentionSanityShift(
  stage: AttentionStage,
  where: 'tombs' | 'town' | 'forest',
  rules: Pick<HouseRules, 'stageFourSanityShift'>,
): Modifier {
  if (stage === 4) return { source: "Lich's Attention Stage 4 (ch.5, house rule)", value: rules.stageFourSanityShift };
  const shifts = attentionEffects(stage).sanityTargetShift;
  const shift = where === 'tombs' ? shifts.tombs : shifts.elsewhere;
  return { source: `Lich's Attention Stage ${stage}${shift ? '' : ' (no shift here)'} (ch.5)`, value: shift };
}

export type LootingVerdict =
  | { kind: 'free'; explain: string }
  | { kind: 'challenge'; target: number; preset: 'edge-looting' | 'paranoid-looting'; explain: string };

/**
 * Whether a character may loot now (ch.8): Edge every other round, or on an off-round with a
 * Challenge of 12; Paranoid only with a Challenge of 18; Lost as the house rule says. Rounds exist
 * only in a fight: outside one, Edge loots freely.
 */
export function lootingRule(
  sanity: SanityLevel,
  when: { round: number | null; lastLootRound: number | null },
  rules: HouseRules,
): LootingVerdict {
  const rung =
    sanity === 'lost' && rules.lootingAtLost === 'as-paranoid' ? SANITY_LADDER.paranoid : SANITY_LADDER[sanity];
  const lost =
    sanity === 'lost' && rules.lootingAtLost === 'as-paranoid' ? ' (Lost looted as Paranoid, house rule)' : '';
  const looting = rung.looting;
  if (looting.kind === 'challenge')
    return {
      kind: 'challenge',
      target: looting.target,
      preset: 'paranoid-looting',
      explain: `${SANITY_LADDER[sanity].label}: looting needs a Challenge, target ${looting.target} (ch.8)${lost}`,
    };
  if (
    looting.kind === 'every-other-round' &&
    when.round !== null &&
    when.lastLootRound !== null &&
    when.round - when.lastLootRound < 2
  ) {
    return {
      kind: 'challenge',
      target: looting.offRoundTarget,
      preset: 'edge-looting',
      explain: `Edge looted in round ${when.lastLootRound}: round ${when.round} is an off-round, a Challenge of ${looting.offRoundTarget} to loot (ch.8)`,
    };
  }
  return {
    kind: 'free',
    explain:
      looting.kind === 'every-other-round'
        ? `Edge: ${when.round === null ? 'no fight on, rounds do not count' : `round ${when.round} is a looting round`} (ch.8)`
        : `${SANITY_LADDER[sanity].label}: loots freely (ch.8)`,
  };
}

/** Lost: −1 movement every other round (ch.8): the rounds it bites, counting from the fight's first. */
export function lostMovementPenalty(sanity: SanityLevel, round: number): { value: number; explain: string } | null {
  if (!SANITY_LADDER[sanity].movementPenaltyEveryOtherRound || round % 2 === 1) return null;
  return { value: -1, explain: `Lost: −1 movement this round (round ${round}, every other round, ch.8)` };
}

/**
 * Whether a character may move one more room on its own turn in a fight (ch.8, ch.9): the house
 * rule's rooms per turn (0: no limit), less Lost's 1 on the rounds it bites; with no limit, a Lost
 * character moves one room on those rounds. The refusal names the rule, or null when the step is allowed.
 */
export function turnStepRefusal(
  who: { name: string; sanity: SanityLevel },
  round: number,
  roomsMoved: number,
  rules: Pick<HouseRules, 'roomsPerTurn'>,
): string | null {
  const lost = lostMovementPenalty(who.sanity, round);
  const base = rules.roomsPerTurn;
  const allowed = base === 0 ? (lost ? 1 : Infinity) : Math.max(0, base + (lost?.value ?? 0));
  if (roomsMoved < allowed) return null;
  const rooms = `${allowed} room${allowed === 1 ? '' : 's'}`;
  if (lost)
    return `${who.name} is Lost: −1 movement this round (round ${round}, every other round, ch.8), so ${rooms} this turn (house rule: ${base === 0 ? 'no limit otherwise' : `${base} a turn`}), and ${who.name} has moved ${roomsMoved} already`;
  return `${who.name} has moved ${roomsMoved} room${roomsMoved === 1 ? '' : 's'} this turn: ${rooms} a turn (house rule)`;
}

/** The Sanity Challenges the app rolls, each with its target (ch.8, ch.11, ch.12, ch.16). */
export type SanityTrigger =
  | 'lich-damage'
  | 'lich-adjacency'
  | 'phylactery-adjacency'
  | 'lich-attention'
  | 'colourless-adjacency'
  | 'ally-at-zero'
  | 'sanity-test-room'
  | 'pvp-kill'
  | 'communion'
  | 'colourless-damage';

/**
 * A trigger's target: 12 for Lich-type damage (ch.8) and for killing a player (ch.11); 18 beside the
 * Lich, for its Attention and its communion (ch.12, ch.16) — and beside its Phylactery, which ch.8
 * names in the same breath; the house rule's target where the book gives none.
 */
export function sanityTarget(trigger: SanityTrigger, rules: HouseRules): { target: number; source: string } {
  switch (trigger) {
    case 'lich-damage':
      return { target: 12, source: 'ch.8' };
    case 'pvp-kill':
      return { target: 12, source: 'ch.11' };
    case 'lich-adjacency':
    case 'lich-attention':
      return { target: 18, source: 'ch.12' };
    case 'phylactery-adjacency':
      return { target: 18, source: 'ch.8, ch.12' };
    case 'communion':
      return { target: 18, source: 'ch.16' };
    case 'colourless-adjacency':
    case 'colourless-damage':
    case 'ally-at-zero':
    case 'sanity-test-room':
      return { target: rules.unstatedSanityTarget, source: 'house rule' };
  }
}

/** Who dealt one instance of damage, as the Sanity it costs reads it. */
export interface HitAuthor {
  name: string;
  /** An entity of the Tombs (not a Lichslayer, Retainer or Familiar). */
  entity: boolean;
  colour: string | null;
  lichType: boolean;
  /** A touch that calls its own Sanity Challenge on a hit (the Lich's 18, ch.12). */
  sanityOnHit?: number | undefined;
}

/**
 * The one Sanity Challenge an instance of damage calls for its victim (ch.8, ch.11, ch.12): the
 * attacker's touch at its own target; else a Lich-type source's 12; else a Colourless entity's
 * damage, which ch.8 names among the ways Sanity degrades without a target (the unstated-target
 * house rule), unless the Judge reads the trigger lists as naming Lich-type sources only.
 */
export function hitSanity(author: HitAuthor, rules: HouseRules): { target: number; cause: string } | null {
  if (author.sanityOnHit)
    return { target: author.sanityOnHit, cause: `${author.name}'s touch: Sanity Challenge on a hit (ch.12)` };
  if (author.lichType) {
    const t = sanityTarget('lich-damage', rules);
    return { target: t.target, cause: `Damage from ${author.name}, a Lich-type source (${t.source})` };
  }
  if (author.entity && author.colour === 'Colourless' && rules.colourlessDamageSanity === 'challenge') {
    const t = sanityTarget('colourless-damage', rules);
    return { target: t.target, cause: `Damage from ${author.name}, a Colourless entity (ch.8, target by ${t.source})` };
  }
  return null;
}

/** What calls for a Sanity Challenge in combat (ch.11); the target for most is 12 (ch.8). */
export const COMBAT_SANITY_TRIGGERS = [
  { id: 'adjacent-colourless', label: 'A round spent adjacent to a Colourless entity' },
  { id: 'lich-damage', label: 'Damage from a Lich-type source', target: 12 },
  { id: 'ally-at-zero', label: 'Another player character reached 0 Health on this floor' },
  { id: 'enemy-ability', label: 'An enemy ability flagged for Sanity' },
  { id: 'sanity-test-room', label: 'Entering a room flagged as a Sanity Test' },
] as const;

export interface NightRecovery {
  sanity: SanityLevel;
  /** Qualifying nights now counted at Lost toward the Stage 2 recovery (0 once recovered or no longer Lost). */
  lostNights: number;
  explain: string;
}

/** ch.8: Sanity recovers only if the character has eaten within the last 3 days. */
export const MEAL_WITHIN_DAYS = 3;

/**
 * Sanity after a night (ch.8): one level back after a full night under shelter, if the character has
 * eaten within the last 3 days (a meal that day is not needed). The Attention (ch.5): Stage 2 makes
 * recovery from Lost take 2 nights; Stage 3 rolls 1d6 each night, a 1 recovering nothing and
 * dropping a level instead; Stage 4 closes the Inn. The Unbound's Sign (ch.6) doubles the recovery.
 */
export function sanityAfterNight(input: {
  sanity: SanityLevel;
  /** Days in a row without a meal, today included (0: ate today). */
  daysSinceMeal: number;
  sheltered: boolean;
  attentionStage: AttentionStage;
  /** Qualifying nights already spent at Lost (for the Stage 2 rule). */
  lostNights: number;
  /** How a night that does not qualify treats the count (a house rule: consecutive nights, or any). */
  lostNightsRule?: 'consecutive' | 'cumulative';
  disturbedSleepRoll?: number;
  /** The Unbound's Sign: recovery doubled at the Inn. */
  doubled?: boolean;
  /** The day's Inn event under which shelter restores no Sanity (ch.5's events), if any. */
  unrestBy?: string | null;
  /** Levels more restored by the day's Inn event, and the event (ch.5's events). */
  bonus?: { levels: number; by: string } | null;
}): NightRecovery {
  const { sanity, attentionStage } = input;
  const effects = attentionEffects(attentionStage);
  const keep = (why: string): NightRecovery => ({
    sanity,
    lostNights: sanity === 'lost' && input.lostNightsRule === 'cumulative' ? input.lostNights : 0,
    explain: why,
  });
  if (effects.innClosed) return keep('The Inn is closed at Stage 4: no rest (ch.5)');
  if (!input.sheltered) return keep('No shelter: no Sanity recovered (ch.8)');
  if (input.unrestBy) return keep(`${input.unrestBy} at the Inn: no Sanity recovered (Inn event)`);
  if (effects.disturbedSleep && input.disturbedSleepRoll === 1) {
    const next = dropSanity(sanity);
    return {
      sanity: next,
      lostNights: 0,
      explain: `Disturbed sleep (1 on 1d6 at Stage 3): no recovery, ${SANITY_LADDER[sanity].label} → ${SANITY_LADDER[next].label} (ch.5)`,
    };
  }
  const sleep =
    effects.disturbedSleep && input.disturbedSleepRoll !== undefined
      ? `${input.disturbedSleepRoll} on 1d6, sleep undisturbed (Stage 3, ch.5); `
      : '';
  if (input.daysSinceMeal > MEAL_WITHIN_DAYS)
    return keep(`${sleep}not eaten for ${input.daysSinceMeal} days: no Sanity recovered (ch.8)`);
  if (sanity === 'whole') return { sanity, lostNights: 0, explain: `${sleep}Sanity already Whole (ch.8)` };
  if (sanity === 'lost' && input.lostNights + 1 < effects.lostNightsToRecover) {
    return {
      sanity,
      lostNights: input.lostNights + 1,
      explain: `${sleep}Lost needs ${effects.lostNightsToRecover} nights of rest at Stage ${attentionStage}: night ${input.lostNights + 1} of ${effects.lostNightsToRecover} (ch.5)`,
    };
  }
  const bonus = input.bonus?.levels ?? 0;
  const steps = (input.doubled ? 2 : 1) + bonus;
  const next = recoverSanity(sanity, steps);
  const why = `${
    input.doubled
      ? "sheltered and fed within 3 days, doubled by the Unbound's Sign (ch.6)"
      : 'sheltered and fed within 3 days'
  }${bonus ? `, ${bonus} level${bonus === 1 ? '' : 's'} more for ${input.bonus!.by} (Inn event)` : ''}`;
  return {
    sanity: next,
    lostNights: 0,
    explain: `${sleep}${why}: ${SANITY_LADDER[sanity].label} → ${SANITY_LADDER[next].label} (ch.8)`,
  };
}
