// The Bandit's capstone, Cheat (rulebook ch.2): reroll one roll — the Bandit's, or one that directly
// affects the Bandit — and take the better; a reroll die showing a natural 1 counts as 6 when the die
// it rerolls was a natural 1 as well (the book's "also": a 1 again, not a first 1).
import { showDice, showModifiers, totalOf, type Dice, type DieRoll, type Modifier } from './dice.ts';

/** One die of the roll being rerolled: its sides and its total (a d6's explosions added, ch.1). */
export interface RolledDie {
  sides: number;
  total: number;
  /** The die's first face (ch.1: only that one is natural). */
  natural: number;
  /** An exploding d6 (a Challenge's): the reroll explodes too. */
  explode: boolean;
}

/** A ledger entry's faces grouped into dice: an explosion's face adds to the die before it (ch.1). */
export function diceOfFaces(
  faces: readonly { sides: number; face: number; cause: string }[],
  exploding: boolean,
): RolledDie[] {
  const out: RolledDie[] = [];
  for (const f of faces) {
    const last = out[out.length - 1];
    if (f.cause.endsWith('(explosion)') && last) last.total += f.face;
    else out.push({ sides: f.sides, total: f.face, natural: f.face, explode: exploding && f.sides === 6 });
  }
  return out;
}

export interface Cheated {
  /** The original roll's total and the reroll's, each with the roll's modifiers. */
  before: number;
  after: number;
  kept: 'original' | 'reroll';
  total: number;
  /** A Challenge rerolled: whether the kept total meets its target (all natural 1s fail, ch.1). */
  success: boolean | null;
  explain: string;
}

/** What the rerolled entry added to its dice, and what its total is met against. */
export interface CheatedRoll {
  bandit: string;
  entry: string;
  dice: readonly RolledDie[];
  keep: 'higher' | 'lower';
  /** The entry's modifiers (fixed damage, Sanity, hunger, Influence …): the reroll takes them as the original did. */
  modifiers: readonly Modifier[];
  /** A Challenge's target, or null for a roll that is not met against one. */
  target: number | null;
  /** A damage roll's total is never below 0 (ch.11). */
  damage: boolean;
}

/**
 * Cheat (ch.2): the same dice rolled again; "better" is higher for the Bandit's own roll and lower for
 * a roll against them (the caller says which). A reroll die showing a natural 1 counts as 6 only
 * when the die it rerolls was a natural 1 too; a first 1 stays 1. The original roll's modifiers
 * apply to the reroll as they did to it, so a hungry Bandit's reroll is as hungry.
 */
export function rollCheat(dice: Dice, input: CheatedRoll): Cheated {
  if (!input.dice.length) throw new RangeError(`${input.entry} has no dice to reroll`);
  const cause = `${input.bandit} Cheats: reroll of ${input.entry}`;
  const rolled: DieRoll[] = input.dice.map((d) => (d.explode ? dice.explodingD6(cause) : dice.die(d.sides, cause)));
  const again = rolled.map((d, i) => d.natural === 1 && input.dice[i]!.natural === 1);
  const counted = rolled.map((d, i) => (again[i] ? 6 : d.total));
  const added = totalOf(input.modifiers);
  const withMods = (sum: number) => (input.damage ? Math.max(0, sum + added) : sum + added);
  const beforeDice = input.dice.reduce((a, d) => a + d.total, 0);
  const afterDice = counted.reduce((a, n) => a + n, 0);
  const before = withMods(beforeDice);
  const after = withMods(afterDice);
  const better = input.keep === 'higher' ? afterDice > beforeDice : afterDice < beforeDice;
  const total = better ? after : before;
  // ch.1: every die a natural 1 fails; a natural 1 again counted as 6 is no longer a 1.
  const allOnes = better
    ? rolled.every((d, i) => d.natural === 1 && !again[i])
    : input.dice.every((d) => d.natural === 1);
  const success = input.target === null ? null : !allOnes && total >= input.target;
  const shown = input.dice.map((d) => `d${d.sides}${d.explode ? '!' : ''}`).join(' + ');
  const ones = again.some(Boolean) ? ` (a natural 1 again counts as 6: ${counted.join(', ')})` : '';
  const mods = showModifiers(input.modifiers);
  const sums = (d: number, t: number) => (mods ? `${d}${mods} = ${t}` : `${t}`);
  const met =
    success === null
      ? ''
      : `; vs ${input.target}: ${success ? 'meets the target' : allOnes ? 'all natural 1s: fails' : 'short of the target'}`;
  const explain = `${input.bandit} Cheats on ${input.entry}: ${shown} were [${input.dice.map((d) => d.total).join(', ')}] = ${sums(beforeDice, before)}; the reroll ${showDice(rolled)}${ones} = ${sums(afterDice, after)}; the ${input.keep} is better for ${input.bandit}: ${better ? `the reroll's ${after} stands` : `the original ${before} stands`}${met} (ch.2)`;
  return { before, after, kept: better ? 'reroll' : 'original', total, success, explain };
}

/** Disarm enhanced (ch.2): a Disarm made from sneak also recovers the trap's mechanism as one Uncommon loot item. */
export function mechanismRecovered(input: { enhanced: boolean; sneak: boolean }): {
  recover: boolean;
  explain: string;
} {
  if (!input.sneak) return { recover: false, explain: '' };
  if (!input.enhanced)
    return { recover: false, explain: 'from sneak, but Disarm is not enhanced: no mechanism is recovered (ch.2)' };
  return {
    recover: true,
    explain: 'Disarm enhanced, from sneak: the mechanism is recovered as one Uncommon loot item (ch.2)',
  };
}
