// The campaign calendar (ch.5): weekly rolls fire once every 7 days from the house-rule start day.
import type { HouseRules } from '@shared/house-rules.ts';

export function isWeeklyRollDay(day: number, rules: HouseRules): boolean {
  return day >= rules.weekStartDay && (day - rules.weekStartDay) % 7 === 0;
}

export function weekOf(day: number, rules: HouseRules): number {
  return day < rules.weekStartDay ? 0 : Math.floor((day - rules.weekStartDay) / 7) + 1;
}

/**
 * Why a day should not pass unasked: the book's days are Town days (ch.5: the Inn, the Smith,
 * each survival clock), and a Judge who presses "Next day" mid-dive has usually slipped. It is
 * asked rather than refused: the book does not forbid time passing in the Tombs, so a Judge
 * who rules that a long dive took a day confirms it. Null when the party is in the Town.
 */
export function dayPassNeedsConfirmation(partyFloor: number | null): string | null {
  if (partyFloor === null) return null;
  return `The party is on Floor ${partyFloor} of the Tombs; days pass in the Town between dives (ch.5). Pass a day anyway? The Inn rolls and every survival clock ticks.`;
}
