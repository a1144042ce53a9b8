// A character's roll modifiers (rulebook ch.4, ch.6, ch.8): the one place that says what is added
// to every roll the app makes for a Lichslayer — Sanity's penalty, the survival clock's hunger and
// shelter penalties ("to all rolls"), the Square's gift of the day before, and a Vanity Idol's −1
// on Sanity Challenges in the Town. Shaped for rollChallenge: spread it into its input.
import type { SanityLevel } from '@shared/gauntlet.ts';
import type { Modifier } from './dice.ts';
import { sanityModifier } from './sanity.ts';
import { clockPenalties, NO_SHIFT, type ClockShift } from './survival-clock.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { boonStrength, type Boon } from './idol.ts';

export interface CharacterRollState {
  sanity: SanityLevel;
  daysWithoutMeal: number;
  daysWithoutShelter: number;
}

export interface RollSituation {
  /** Vanity Stage 1 (sooner) or the Giver's Mark (later) move the clock's penalties (ch.6). */
  clockShift?: ClockShift;
  /** The Square's gift: a bonus to all rolls on the day after 100+ gold was given (ch.4, house rule). */
  squareBonus?: number;
  /** A Sanity Challenge rolled in the Town while a Vanity stage 3 stands: −1 (ch.6). */
  vanityTownSanity?: boolean;
  /** Class skills that add to all rolls: Rumble Hat enhanced, Investiture (ch.2). */
  skills?: Modifier[];
}

export interface CharacterModifiers {
  sanity: SanityLevel;
  /** The survival clock's penalties (ch.4). */
  survival: Modifier[];
  other: Modifier[];
}

/** Every modifier the app adds to a roll made for this character, each labelled with its rule. */
export function characterRollModifiers(c: CharacterRollState, situation: RollSituation = {}): CharacterModifiers {
  const other: Modifier[] = [];
  if (situation.squareBonus)
    other.push({ source: 'Gold given to the Square yesterday (ch.4, house rule)', value: situation.squareBonus });
  if (situation.vanityTownSanity)
    other.push({ source: 'A Vanity Idol of stage 3 stands: Sanity Challenges in the Town (ch.6)', value: -1 });
  other.push(...(situation.skills ?? []));
  return { sanity: c.sanity, survival: clockPenalties(c, situation.clockShift ?? NO_SHIFT), other };
}

/** The same modifiers as one list, for rolls that are not Challenges (and for the Gauntlet). */
export function modifierList(m: CharacterModifiers): Modifier[] {
  const sanity = sanityModifier(m.sanity);
  return [...(sanity.value ? [sanity] : []), ...m.survival, ...m.other];
}

/** ch.6: a Vanity Idol's stage 1 brings the clock a day sooner for its dedicator; the Giver's Mark delays it one step. */
export function clockShiftFor(
  id: number,
  boons: readonly Boon[],
  clockSooner: readonly number[],
  rules: Pick<HouseRules, 'halfBoon'>,
): ClockShift {
  const why: string[] = [];
  let days = 0;
  if (clockSooner.includes(id)) {
    days += 1;
    why.push('a day sooner: Vanity stage 1, ch.6');
  }
  if (boonStrength(boons, 'givers-mark', id, rules.halfBoon) === 'full') {
    days -= 1;
    why.push("a step later: the Giver's Mark, ch.6");
  }
  return { days, why };
}

/**
 * The situation of one roll for a character on a day (ch.4, ch.6): the Idols' boons and Vanity in
 * force, the Square's gift if it falls on that day, where the roll is made and what it is.
 */
export function situationOf(
  fx: { boons: readonly Boon[]; vanity: { clockSooner: readonly number[]; townSanityPenalty: boolean } },
  town: { squareGift: { day: number; bonus: number } | null },
  day: number,
  id: number,
  roll: { where: 'tombs' | 'town' | 'forest'; sanityChallenge: boolean },
  rules: Pick<HouseRules, 'halfBoon'>,
): RollSituation {
  return {
    clockShift: clockShiftFor(id, fx.boons, fx.vanity.clockSooner, rules),
    squareBonus: town.squareGift?.day === day ? town.squareGift.bonus : 0,
    vanityTownSanity: fx.vanity.townSanityPenalty && roll.where === 'town' && roll.sanityChallenge,
  };
}
