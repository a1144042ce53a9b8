// A character's roll modifiers (rulebook ch.4, ch.6, ch.8): the one place that says what is added
// to every roll the app makes for a Lichslayer — Sanity's penalty, the survival clock's hunger and
// shelter penalties ("to all rolls"), the Square's gift of the day before, and a Vanity Idol's −1
// on Sanity Challenges in the Town. Shaped for rollChallenge: spread it into its input.
import type { SanityLevel } from '@shared/gauntlet.ts';
import type { Modifier } from './dice.ts';
import { sanityModifier } from './sanity.ts';
import { clockPenalties, NO_SHIFT, type ClockShift } from './survival-clock.ts';

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
  if (situation.squareBonus) other.push({ source: "Gold given to the Square yesterday (ch.4, house rule)", value: situation.squareBonus });
  if (situation.vanityTownSanity) other.push({ source: 'A Vanity Idol of stage 3 stands: Sanity Challenges in the Town (ch.6)', value: -1 });
  return { sanity: c.sanity, survival: clockPenalties(c, situation.clockShift ?? NO_SHIFT), other };
}

/** The same modifiers as one list, for rolls that are not Challenges (and for the Gauntlet). */
export function modifierList(m: CharacterModifiers): Modifier[] {
  const sanity = sanityModifier(m.sanity);
  return [...(sanity.value ? [sanity] : []), ...m.survival, ...m.other];
}
