// What the day's Inn events cost the day's patrons that night (ch.4, ch.5 by the Inn's event rows):
// damages each patron pays or a night in the stocks, a cutpurse's take from one of them, and an omen
// on each patron's next Challenge in the Tombs. A patron is one who bought a meal or shelter there.
import type { Dice, DieRoll } from './dice.ts';
import type { InnNight } from './inn.ts';

export interface Patron {
  id: number;
  name: string;
  gold: number;
}

export interface PatronRoll {
  cause: string;
  character: string;
  explain: string;
  result: DieRoll[];
}

export interface PatronsNight {
  /** The patrons' gold after the night, for those whose gold changed. */
  gold: Map<number, number>;
  /** Patrons in the stocks tonight, with why their rest restores no Sanity. */
  stocked: Map<number, string>;
  omens: { lichslayerId: number; value: number; by: string }[];
  lines: string[];
  rolls: PatronRoll[];
}

/** The cutpurse's gold per point on the d6 (the starter event's "1d6 × 6"). */
const THEFT_PER_PIP = 6;

export function patronsNight(
  dice: Dice,
  patrons: readonly Patron[],
  night: Pick<InnNight, 'damages' | 'theft' | 'omen'>,
  day: number,
): PatronsNight {
  const out: PatronsNight = { gold: new Map(), stocked: new Map(), omens: [], lines: [], rolls: [] };
  const goldOf = (p: Patron) => out.gold.get(p.id) ?? p.gold;
  if (night.damages) {
    const { gold, by } = night.damages;
    for (const p of patrons) {
      if (goldOf(p) >= gold) {
        out.gold.set(p.id, goldOf(p) - gold);
        out.lines.push(`${p.name} pays ${gold} gold in damages (${by}, Inn event)`);
      } else {
        out.stocked.set(p.id, `${by}: a night in the stocks`);
        out.lines.push(
          `${p.name} holds ${goldOf(p)} gold, short of the ${gold} in damages, and spends the night in the stocks: no Sanity comes back (${by}, Inn event)`,
        );
      }
    }
  }
  if (night.theft && patrons.length) {
    const { d6, by } = night.theft;
    const cause = `${by}, day ${day}`;
    const pick = patrons.length > 1 ? dice.die(patrons.length, `${cause}: which patron`) : null;
    const victim = patrons[pick ? pick.natural - 1 : 0]!;
    const pips = dice.pool(d6, 6, `${cause}: the take`);
    const take = pips.reduce((sum, d) => sum + d.natural, 0) * THEFT_PER_PIP;
    const lost = Math.min(take, goldOf(victim));
    out.gold.set(victim.id, goldOf(victim) - lost);
    const who = pick
      ? `; ${pick.natural} on d${patrons.length} picks ${victim.name} of the ${patrons.length} patrons`
      : '';
    const held = lost < take ? `, all ${victim.name} held` : '';
    const explain = `${take} = ${d6}d6 [${pips.map((d) => d.natural).join(', ')}] × ${THEFT_PER_PIP} gold${who}`;
    out.rolls.push({ cause, character: victim.name, explain, result: pick ? [pick, ...pips] : pips });
    out.lines.push(`A cutpurse takes ${lost} gold from ${victim.name}${held} (${explain}; ${by}, Inn event)`);
  }
  if (night.omen) {
    const { value, by } = night.omen;
    for (const p of patrons) {
      out.omens.push({ lichslayerId: p.id, value, by });
      out.lines.push(
        `${p.name}: ${value > 0 ? '+' : '−'}${Math.abs(value)} on the next Challenge roll in the Tombs (${by}, Inn event)`,
      );
    }
  }
  return out;
}
