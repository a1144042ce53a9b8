// Retainers (rulebook ch.7): wages and stats by grade, loyalty, the Aristocrat's cap, the daily d8.
import { Dice, showModifiers, totalOf, type DieRoll, type Modifier } from './dice.ts';

export const RETAINER_GRADES = {
  common: { wage: 108, health: 18, armor: 3, attackDice: 0, loot: 0 },
  skilled: { wage: 216, health: 30, armor: 6, attackDice: 1, loot: 0 },
  exceptional: { wage: 360, health: 42, armor: 9, attackDice: 2, loot: 1 },
} as const;
export type RetainerGrade = keyof typeof RETAINER_GRADES;

export const LOYALTY = ['wary', 'standard', 'devoted'] as const;
export type Loyalty = (typeof LOYALTY)[number];

/** Paying double for a day moves loyalty up; a missed wage moves it down (ch.7). */
export function loyaltyAfterPay(loyalty: Loyalty, paid: 'double' | 'wage' | 'missed'): Loyalty {
  const i = LOYALTY.indexOf(loyalty);
  if (paid === 'double') return LOYALTY[Math.min(2, i + 1)]!;
  if (paid === 'missed') return LOYALTY[Math.max(0, i - 1)]!;
  return loyalty;
}

/** An Aristocrat keeps as many Retainers as their level (ch.7). */
export function retainerCap(aristocratLevel: number): number {
  return Math.max(0, aristocratLevel);
}

/** The daily Retainer d8: +1 per 3 Devoted, −1 per active Vanity Idol (ch.7). */
export function rollRetainers(dice: Dice, input: { devoted: number; activeVanityIdols: number }, cause = 'Retainers'): { d8: DieRoll; modifiers: Modifier[]; value: number; explain: string } {
  const d8 = dice.die(8, cause);
  const modifiers: Modifier[] = [];
  const devoted = Math.floor(input.devoted / 3);
  if (devoted) modifiers.push({ source: 'Devoted Retainers', value: devoted });
  if (input.activeVanityIdols) modifiers.push({ source: 'Vanity Idols', value: -input.activeVanityIdols });
  const value = d8.natural + totalOf(modifiers);
  return { d8, modifiers, value, explain: `${value} = ${d8.natural} on d8${showModifiers(modifiers)} (ch.7)` };
}

/**
 * An unpaid Retainer at the day's end (ch.7 reads two ways; a house rule picks): a loyalty step
 * down, a Wary one leaving; or every unpaid Retainer leaving.
 */
export function afterMissedWage(loyalty: Loyalty, rule: 'loyalty-step' | 'leave'): Loyalty | 'leaves' {
  if (rule === 'leave' || loyalty === 'wary') return 'leaves';
  return loyaltyAfterPay(loyalty, 'missed');
}
