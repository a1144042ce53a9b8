// The campaign calendar (ch.5): weekly rolls fire once every 7 days from the house-rule start day.
import type { HouseRules } from '@shared/house-rules.ts';

export function isWeeklyRollDay(day: number, rules: HouseRules): boolean {
  return day >= rules.weekStartDay && (day - rules.weekStartDay) % 7 === 0;
}

export function weekOf(day: number, rules: HouseRules): number {
  return day < rules.weekStartDay ? 0 : Math.floor((day - rules.weekStartDay) / 7) + 1;
}
