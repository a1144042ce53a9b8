// What the campaign knows that changes a character's rolls, loaded for the one rule that sums them
// (rules/roll-modifiers.ts): the survival clock and its shifts by the Idols (ch.4, ch.6), the
// Square's gift (ch.4), a Vanity Idol's −1 on Sanity Challenges in the Town (ch.6).
import type { Database } from 'better-sqlite3';
import { readHouseRules } from '../db/settings.ts';
import { readTown, today } from '../db/town-repo.ts';
import { characterRollModifiers, situationOf, type CharacterModifiers } from '../rules/roll-modifiers.ts';
import type { LichslayerRow } from './lichslayer-row.ts';
import { idolEffects } from './town-ops.ts';
import { skillRollBonuses } from './skill-effects-s.ts';

/** Every modifier of a roll the app makes for this Lichslayer now (ch.4, ch.6, ch.8). */
export function modifiersFor(
  db: Database,
  row: LichslayerRow,
  roll: { where: 'tombs' | 'town' | 'forest'; sanityChallenge: boolean },
): CharacterModifiers {
  const state = readTown(db);
  const day = today(db);
  const situation = {
    ...situationOf(
      idolEffects(db, state, day),
      { squareGift: state.squareGift },
      day,
      row.id,
      roll,
      readHouseRules(db),
    ),
    skills: skillRollBonuses(db, row),
  };
  return characterRollModifiers(
    { sanity: row.sanity, daysWithoutMeal: row.days_without_meal, daysWithoutShelter: row.days_without_shelter },
    situation,
  );
}
