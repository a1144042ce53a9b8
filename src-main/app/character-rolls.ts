// What the campaign knows that changes a character's rolls, loaded for the one rule that sums them
// (rules/roll-modifiers.ts): the survival clock and its shifts by the Idols (ch.4, ch.6), the
// Square's gift (ch.4), a Vanity Idol's −1 on Sanity Challenges in the Town (ch.6).
import type { Database } from 'better-sqlite3';
import type { TownState } from '@shared/town.ts';
import { readHouseRules } from '../db/settings.ts';
import { readTown, today } from '../db/town-repo.ts';
import { characterRollModifiers, type CharacterModifiers, type RollSituation } from '../rules/roll-modifiers.ts';
import type { ClockShift } from '../rules/survival-clock.ts';
import type { Boon } from '../rules/idol.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import type { LichslayerRow } from './lichslayer-row.ts';
import { boonStrength, idolEffects } from './town-ops.ts';

/** ch.6: Vanity stage 1 brings the clock a day sooner for its dedicator; the Giver's Mark delays it one step. */
export function clockShiftFor(id: number, boons: readonly Boon[], clockSooner: readonly number[], rules: HouseRules): ClockShift {
  const why: string[] = [];
  let days = 0;
  if (clockSooner.includes(id)) {
    days += 1;
    why.push('a day sooner: Vanity stage 1, ch.6');
  }
  if (boonStrength(boons, 'givers-mark', id, rules) === 'full') {
    days -= 1;
    why.push("a step later: the Giver's Mark, ch.6");
  }
  return { days, why };
}

/** The situation of one roll for a character (ch.4, ch.6): from the Idols' effects and the Town on `day`. */
export function situationOf(fx: Pick<ReturnType<typeof idolEffects>, 'boons' | 'vanity'>, state: TownState, day: number, id: number, roll: { where: 'tombs' | 'town' | 'forest'; sanityChallenge: boolean }, rules: HouseRules): RollSituation {
  return {
    clockShift: clockShiftFor(id, fx.boons, fx.vanity.clockSooner, rules),
    squareBonus: state.squareGift?.day === day ? state.squareGift.bonus : 0,
    vanityTownSanity: fx.vanity.townSanityPenalty && roll.where === 'town' && roll.sanityChallenge,
  };
}

/** Every modifier of a roll the app makes for this Lichslayer now (ch.4, ch.6, ch.8). */
export function modifiersFor(db: Database, row: LichslayerRow, roll: { where: 'tombs' | 'town' | 'forest'; sanityChallenge: boolean }): CharacterModifiers {
  const state = readTown(db);
  const day = today(db);
  const situation = situationOf(idolEffects(db, state, day), state, day, row.id, roll, readHouseRules(db));
  return characterRollModifiers({ sanity: row.sanity, daysWithoutMeal: row.days_without_meal, daysWithoutShelter: row.days_without_shelter }, situation);
}
