// The Aristocrat's skills (rulebook ch.2) as pure rules: Command's targets, and Influence's pool.
import { showDice, showModifiers, sumDice, totalOf, type Dice, type Modifier } from './dice.ts';

/** Command (ch.2): one target — a Retainer directed, or an ally granted an action — or two when enhanced; never the Aristocrat. */
export function commandRefusal(input: {
  aristocrat: string;
  enhanced: boolean;
  targets: readonly { name: string; self: boolean; ok: boolean }[];
}): string | null {
  const allowed = input.enhanced ? 2 : 1;
  if (input.targets.length < 1)
    return 'Command needs a target: a Retainer to direct or an ally to grant an action (ch.2)';
  if (input.targets.length > allowed)
    return `Command directs or grants to ${allowed === 1 ? 'one target (two when enhanced)' : 'two targets'}: ${input.aristocrat} chose ${input.targets.length} (ch.2)`;
  const self = input.targets.find((t) => t.self);
  if (self)
    return `${input.aristocrat} cannot Command themself: a Retainer or an ally acts on the Aristocrat's turn (ch.2)`;
  const wrong = input.targets.find((t) => !t.ok);
  if (wrong)
    return `${wrong.name} is neither a Retainer nor an ally of ${input.aristocrat}: Command directs a Retainer or grants an ally an action (ch.2)`;
  return null;
}

/** What Command grants each target (ch.2): a Retainer one action with no roll, an ally one extra action of their choosing. */
export function commandGrant(aristocrat: string, target: { name: string; retainer: boolean }): string {
  return target.retainer
    ? `${aristocrat} Commands ${target.name}: one action on ${aristocrat}'s turn — Attack, Loot, Block or Move — with no roll (ch.2)`
    : `${aristocrat} Commands ${target.name}: one additional action on ${aristocrat}'s turn, ${target.name}'s choice (ch.2)`;
}

/** The Influence pool (ch.2): Power + Magic + level dice, the book's d6. */
export function influencePool(a: { power: number; magic: number; level: number }): number {
  return Math.max(0, a.power) + Math.max(0, a.magic) + Math.max(0, a.level);
}

/** Influence (ch.2): roll the full pool and add it to a friendly roll or take it from a hostile one. */
export function rollInfluence(
  dice: Dice,
  input: {
    aristocrat: string;
    power: number;
    magic: number;
    level: number;
    on: string;
    how: 'add' | 'subtract';
    /** The Aristocrat's modifiers to all rolls (ch.4, ch.8): the pool is their roll; never below 0. */
    modifiers?: readonly Modifier[];
  },
): { total: number; signed: number; explain: string } {
  const count = influencePool(input);
  const mods = input.modifiers ?? [];
  const rolled = dice.pool(count, 6, `${input.aristocrat} Influences ${input.on}`);
  const total = Math.max(0, sumDice(rolled) + totalOf(mods));
  const signed = input.how === 'add' ? total : -total;
  return {
    total,
    signed,
    explain: `${input.aristocrat} Influences ${input.on}: ${count}d6 (Power ${input.power} + Magic ${input.magic} + level ${input.level}) ${showDice(rolled)}${showModifiers(mods)} = ${total}, ${input.how === 'add' ? 'added to' : 'taken from'} the roll (${signed >= 0 ? '+' : '−'}${Math.abs(signed)}) (ch.2)`,
  };
}

/**
 * Family Heirloom enhanced (ch.2): each Round the Aristocrat chooses one Retainer or ally within 1 space
 * (the same room or a neighbour) whom it covers too. Why this choice is refused, or null.
 */
export function heirloomCoverRefusal(input: {
  aristocrat: string;
  target: { name: string; self: boolean; ally: boolean; steps: number | null };
  chosen: string | null;
}): string | null {
  if (input.target.self)
    return `${input.aristocrat}'s Family Heirloom covers them already: the enhancement covers one Retainer or ally besides (ch.2)`;
  if (!input.target.ally)
    return `${input.target.name} is neither a Retainer nor an ally: Family Heirloom covers one of those (ch.2)`;
  if (input.target.steps === null || input.target.steps > 1)
    return `${input.target.name} is not within 1 space of ${input.aristocrat} (ch.2)`;
  if (input.chosen && input.chosen !== input.target.name)
    return `${input.aristocrat} covers ${input.chosen} this Round already: one is chosen each Round (ch.2)`;
  return null;
}

export type RetainerGrade = 'common' | 'skilled' | 'exceptional';

/**
 * A Retainer's floor intelligence (ch.2, the Aristocrat's Retainers): one piece per floor, by grade —
 * Common the room's kind on the next floor, Skilled a room's full contents one floor ahead,
 * Exceptional the enemies' factions two floors ahead. Which floor it reads, and what it tells, or why not.
 */
export function retainerIntelPlan(input: {
  retainer: string;
  grade: RetainerGrade;
  floor: number;
  usedThisFloor: boolean;
}): { floor: number; tells: 'kind' | 'contents' | 'factions' } | { refused: string } {
  if (input.usedThisFloor)
    return { refused: `${input.retainer} has given this floor's piece of intelligence already: one per floor (ch.2)` };
  const ahead = input.grade === 'exceptional' ? 2 : 1;
  const floor = input.floor + ahead;
  if (floor >= 10)
    return { refused: `Floor ${floor} is not table-generated: what lies there is the Judge's to tell (ch.10)` };
  return { floor, tells: input.grade === 'common' ? 'kind' : input.grade === 'skilled' ? 'contents' : 'factions' };
}

/** The enemies' factions on a floor, counted (ch.2: an Exceptional Retainer's intelligence). */
export function factionMix(factions: readonly (string | undefined)[]): string {
  const counts = new Map<string, number>();
  for (const f of factions) counts.set(f ?? 'no faction', (counts.get(f ?? 'no faction') ?? 0) + 1);
  return counts.size
    ? [...counts]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([f, n]) => `${n} ${f}`)
        .join(', ')
    : 'no enemies';
}

/** Influence's unlock (ch.2): days in a row, counted at each day's close, the Aristocrat has kept at least 3 active Retainers. */
export function influenceStreak(
  name: string,
  previous: number,
  active: number,
): { days: number; explain: string | null } {
  if (active < 3)
    return {
      days: 0,
      explain:
        previous > 0
          ? `${name} has ${active} active Retainer${active === 1 ? '' : 's'}: the days toward Influence start again (ch.2)`
          : null,
    };
  const days = previous + 1;
  return {
    days,
    explain: `${name} keeps ${active} active Retainers: day ${Math.min(days, 7)} of 7 toward Influence (ch.2)`,
  };
}

export function influenceProgress(days: number): { capstone: string; have: number; need: number; explain: string } {
  return {
    capstone: 'Influence',
    have: Math.min(7, days),
    need: 7,
    explain: `${Math.min(7, days)} of 7 days in a row with at least 3 active Retainers (ch.2)`,
  };
}
