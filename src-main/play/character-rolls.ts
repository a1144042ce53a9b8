// What the campaign knows that changes a character's rolls, loaded for the one rule that sums them
// (rules/roll-modifiers.ts): the survival clock and its shifts by the Idols (ch.4, ch.6), the
// Square's gift (ch.4), a Vanity Idol's −1 on Sanity Challenges in the Town (ch.6).
import type { PlayReader } from '../state/session.ts';
import { readHouseRules } from '../state/settings.ts';
import { readTown, today } from '../state/town.ts';
import { characterRollModifiers, situationOf, type CharacterModifiers } from '../rules/roll-modifiers.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import { idolEffects } from './town.ts';
import { skillRollBonuses } from './skills/skill-facts.ts';

/** Every modifier of a roll the app makes for this Lichslayer now (ch.4, ch.6, ch.8). */
export function modifiersFor(
  ps: PlayReader,
  row: LichslayerRow,
  roll: { where: 'tombs' | 'town' | 'forest'; sanityChallenge: boolean },
): CharacterModifiers {
  const state = readTown(ps);
  const day = today(ps);
  const situation = {
    ...situationOf(
      idolEffects(ps, state, day),
      { squareGift: state.squareGift },
      day,
      row.id,
      roll,
      readHouseRules(ps),
    ),
    skills: skillRollBonuses(ps, row),
  };
  return characterRollModifiers(
    { sanity: row.sanity, daysWithoutMeal: row.days_without_meal, daysWithoutShelter: row.days_without_shelter },
    situation,
  );
}
