// A Retainer's pay for the day (rulebook ch.7) with the Aristocrat's enhanced Retainers skill (ch.2):
// one Retainer of the Aristocrat's choice needs no pay for one in-game day.
import { payWage, RETAINER_GRADES, type Loyalty, type RetainerGrade, type WageOutcome } from './retainers.ts';

export interface HolidayChoice {
  aristocrat: string;
  /** Whether the Aristocrat's Retainers skill is enhanced (ch.2). */
  enhanced: boolean;
  /** The Retainer chosen, if it serves this Aristocrat. */
  retainer: { name: string; double: boolean; holidayOn: number | null } | null;
  day: number;
  /** The Aristocrat's Retainer already excused today, if any. */
  excusedToday: string | null;
}

/** Why the choice of a Retainer to go unpaid today is refused (ch.2), or null when it stands. */
export function payHolidayRefusal(c: HolidayChoice): string | null {
  if (!c.enhanced)
    return `${c.aristocrat}'s Retainers skill is not enhanced: only then does a chosen Retainer serve a day without pay (ch.2)`;
  if (!c.retainer)
    return `Choose one of ${c.aristocrat}'s own Retainers: the day without pay is for a Retainer of the Aristocrat's (ch.2)`;
  if (c.retainer.holidayOn === c.day) return `${c.retainer.name} already needs no pay on day ${c.day} (ch.2)`;
  if (c.excusedToday) return `${c.excusedToday} already needs no pay on day ${c.day}: one Retainer a day (ch.2)`;
  if (c.retainer.double)
    return `${c.retainer.name} is to be paid double today for loyalty: a day without pay cannot also raise it (ch.7, ch.2)`;
  return null;
}

/**
 * The day's pay (ch.7): the Retainer excused today by its Aristocrat's enhanced Retainers skill is not
 * paid and keeps its loyalty, as though paid (ch.2); every other is paid as ch.7 says.
 */
export function dayPay(
  input: {
    name: string;
    grade: RetainerGrade;
    loyalty: Loyalty;
    double: boolean;
    excused: boolean;
    employer: string;
    employerGold: number | null;
  },
  rule: 'loyalty-step' | 'leave',
): WageOutcome {
  if (input.excused && !input.double && input.employerGold !== null) {
    const wage = RETAINER_GRADES[input.grade].wage;
    return {
      paid: 0,
      loyalty: input.loyalty,
      explain: `${input.name} needs no pay today: ${input.employer}'s enhanced Retainers waives the ${wage} gold wage, and loyalty stays ${input.loyalty} (ch.2)`,
    };
  }
  return payWage(input, rule);
}
