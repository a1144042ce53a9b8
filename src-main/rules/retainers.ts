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
export function rollRetainers(
  dice: Dice,
  input: { devoted: number; activeVanityIdols: number },
  cause = 'Retainers',
): { d8: DieRoll; modifiers: Modifier[]; value: number; explain: string } {
  const d8 = dice.die(8, cause);
  const modifiers: Modifier[] = [];
  const devoted = Math.floor(input.devoted / 3);
  if (devoted) modifiers.push({ source: 'Devoted Retainers', value: devoted });
  if (input.activeVanityIdols) modifiers.push({ source: 'Vanity Idols', value: -input.activeVanityIdols });
  const value = d8.natural + totalOf(modifiers);
  return { d8, modifiers, value, explain: `${value} = ${d8.natural} on d8${showModifiers(modifiers)} (ch.7)` };
}

export interface WageOutcome {
  /** Gold the employer pays tonight (0 when the wage is missed). */
  paid: number;
  loyalty: Loyalty | 'leaves';
  explain: string;
}

/**
 * A Retainer's pay at the day's end (ch.7): the wage, or double for a loyalty step up; a double the
 * employer cannot afford falls back to the single wage (no step); a wage missed costs loyalty per the
 * house rule.
 */
export function payWage(
  input: { name: string; grade: RetainerGrade; loyalty: Loyalty; double: boolean; employerGold: number | null },
  rule: 'loyalty-step' | 'leave',
): WageOutcome {
  const wage = RETAINER_GRADES[input.grade].wage;
  const gold = input.employerGold ?? 0;
  if (input.double && gold >= wage * 2) {
    const loyalty = loyaltyAfterPay(input.loyalty, 'double');
    return {
      paid: wage * 2,
      loyalty,
      explain: `${input.name} paid double (${wage * 2} gold): ${input.loyalty}${loyalty !== input.loyalty ? ` → ${loyalty}` : ', already Devoted'} (ch.7)`,
    };
  }
  if (gold >= wage) {
    const why = input.double
      ? `: the double wage (${wage * 2}) could not be paid, so the single wage was, and loyalty stays ${input.loyalty}`
      : '';
    return { paid: wage, loyalty: input.loyalty, explain: `${input.name} paid ${wage} gold${why} (ch.7)` };
  }
  const after = afterMissedWage(input.loyalty, rule);
  const held = input.employerGold === null ? 'their employer is gone' : `${wage} gold due, ${gold} held`;
  if (after === 'leaves')
    return {
      paid: 0,
      loyalty: 'leaves',
      explain: `${input.name} is not paid (${held}) and leaves (ch.7${rule === 'leave' ? ', house rule' : ''})`,
    };
  return {
    paid: 0,
    loyalty: after,
    explain: `${input.name} is not paid (${held}): ${input.loyalty} → ${after} (ch.7, house rule)`,
  };
}

/** ch.5 calls the Inn's 2-9 its negative half; the house rule sets where "negative" ends. */
export function innEventNegative(innValue: number, negativeUpTo: number): boolean {
  return innValue >= 2 && innValue <= negativeUpTo;
}

/** ch.7: a Wary Retainer leaves on any negative Inn event (none when the Inn is closed and rolls nothing). */
export function waryLeaves(loyalty: Loyalty, inn: { closed: boolean; value: number }, negativeUpTo: number): boolean {
  return loyalty === 'wary' && !inn.closed && innEventNegative(inn.value, negativeUpTo);
}

/**
 * An unpaid Retainer at the day's end (ch.7 reads two ways; a house rule picks): a loyalty step
 * down, a Wary one leaving; or every unpaid Retainer leaving.
 */
export function afterMissedWage(loyalty: Loyalty, rule: 'loyalty-step' | 'leave'): Loyalty | 'leaves' {
  if (rule === 'leave' || loyalty === 'wary') return 'leaves';
  return loyaltyAfterPay(loyalty, 'missed');
}

/** ch.7: Retainers are hired by the Aristocrat, who keeps as many as their level. */
export function hireCheck(input: {
  name: string;
  className: string | null;
  level: number;
  employed: number;
}): { ok: true } | { ok: false; reason: string } {
  if (input.className !== 'The Aristocrat')
    return { ok: false, reason: `Retainers are hired by the Aristocrat, and ${input.name} is not one (ch.7)` };
  const cap = retainerCap(input.level);
  if (input.employed >= cap)
    return { ok: false, reason: `${input.name} keeps at most ${cap} Retainers, one per level (ch.7)` };
  return { ok: true };
}
