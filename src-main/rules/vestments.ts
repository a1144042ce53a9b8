// The Unbound Vestments (rulebook ch.15): when one is found in a Room a d6 says which, in the
// book's order; a Vestment the party already holds is rolled again.
import { VESTMENTS } from '@shared/tables.ts';
import type { Dice, DieRoll } from './dice.ts';

export type Vestment = (typeof VESTMENTS)[number];

export interface VestmentFound {
  vestment: Vestment | null;
  rolls: DieRoll[];
  explain: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Vestments the party holds, among the names of everything it carries or wears. */
export function vestmentsHeld(carried: readonly string[]): Vestment[] {
  return VESTMENTS.filter((v) => carried.some((c) => same(c, v)));
}

/** ch.15: 1d6 for which Vestment; a duplicate of one the party holds is rolled again. */
export function findVestment(dice: Dice, held: readonly Vestment[], cause: string): VestmentFound {
  if (VESTMENTS.every((v) => held.includes(v)))
    return {
      vestment: null,
      rolls: [],
      explain: 'The party holds all six Unbound Vestments: there is none left to find (ch.15)',
    };
  const rolls: DieRoll[] = [];
  const steps: string[] = [];
  // A duplicate is rolled again (ch.15); at least one face is free, so this ends.
  for (;;) {
    const roll = dice.die(6, `${cause}: which Vestment (ch.15)`);
    rolls.push(roll);
    const v = VESTMENTS[roll.natural - 1]!;
    if (!held.includes(v)) {
      steps.push(`${roll.natural}: ${v}`);
      return { vestment: v, rolls, explain: `1d6 ${steps.join('; ')} (ch.15)` };
    }
    steps.push(`${roll.natural}: ${v}, held already, roll again`);
  }
}
