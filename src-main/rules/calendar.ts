// The campaign calendar (ch.5): weeks of 7 days from the house-rule start day; a day's close opens the
// week that starts tomorrow (the Smith's d8) and closes those that have ended (the Giver's hunger).
import type { HouseRules } from '@shared/house-rules.ts';

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

/** The first and last day of a week (week 1 starts on the house rule's start day). */
export function daysOfWeek(week: number, rules: HouseRules): { first: number; last: number } {
  const first = rules.weekStartDay + (week - 1) * 7;
  return { first, last: first + 6 };
}

/**
 * What the close of a day brings for the weeks (ch.5): the week that begins tomorrow has its start
 * (the Smith's d8), and every week that has ended since the last close is checked (the Giver's
 * hunger, the patches that double). Weeks passed on the road are caught up when the day next closes.
 */
export function weeksAtClose(
  closingDay: number,
  done: { opened: number; closed: number },
  rules: HouseRules,
): { open: number | null; close: number[] } {
  const tomorrow = weekOf(closingDay + 1, rules);
  const open = tomorrow > done.opened && tomorrow >= 1 ? tomorrow : null;
  const close: number[] = [];
  for (let w = done.closed + 1; w < tomorrow; w++) if (w >= 1) close.push(w);
  return { open, close };
}
