// Travel between Towns (rulebook ch.5): 1d6 days on the road, a d6 for each day (1-2 an
// encounter from the Entities at the party's deepest Tomb floor tier, 3-5 nothing, 6 a stranger),
// no return to a departed Town for 7 days.
import { Dice, type DieRoll } from './dice.ts';
import { floorTier, FLOOR_TIER_LABEL, type FloorTier } from './room-roll.ts';

/** ch.5: a departed Town cannot be returned to for this many in-game days. */
export const NO_RETURN_DAYS = 7;

export type RoadEvent = 'encounter' | 'nothing' | 'stranger';

/** ch.5: what a day's d6 on the road brings. */
export function roadEvent(face: number): RoadEvent {
  return face <= 2 ? 'encounter' : face === 6 ? 'stranger' : 'nothing';
}

/** ch.5: encounters come from the Entities table of the party's deepest Tomb floor's tier (Floor 1's before any dive). */
export function encounterTier(deepestFloorReached: number): { tier: FloorTier; explain: string } {
  const floor = Math.min(9, Math.max(1, deepestFloorReached));
  const tier = floorTier(floor);
  return {
    tier,
    explain: `the party's deepest floor is ${deepestFloorReached || 'none yet'}: ${FLOOR_TIER_LABEL[tier]} entities (ch.5)`,
  };
}

export interface RoadDay {
  day: number;
  roll: DieRoll;
  event: RoadEvent;
}

/** ch.5: 1d6 days between Towns, and a d6 for each of them. */
export function rollRoad(dice: Dice, to: string): { days: DieRoll; road: RoadDay[]; explain: string } {
  const days = dice.die(6, `Travel to ${to}`);
  const road = Array.from({ length: days.natural }, (_, i) => {
    const roll = dice.die(6, `Travel day ${i + 1}`);
    return { day: i + 1, roll, event: roadEvent(roll.natural) };
  });
  return { days, road, explain: `1d6 = ${days.natural} day${days.natural === 1 ? '' : 's'} on the road (ch.5)` };
}

/** ch.5: no return to a Town the party left until 7 days have passed. */
export function mayReturn(leftOnDay: number, today: number): { ok: true } | { ok: false; reason: string } {
  if (today - leftOnDay >= NO_RETURN_DAYS) return { ok: true };
  return { ok: false, reason: `no return for ${NO_RETURN_DAYS} days, until day ${leftOnDay + NO_RETURN_DAYS} (ch.5)` };
}
