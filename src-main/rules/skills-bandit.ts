// The Bandit's capstone, Cheat (rulebook ch.2): reroll one roll — the Bandit's, or one that directly
// affects the Bandit — and take the better; a die of the reroll showing a natural 1 counts as 6.
import type { Dice } from './dice.ts';

export interface RolledDie {
  sides: number;
  face: number;
}

export interface Cheated {
  before: number;
  after: number;
  /** The reroll's faces as rolled, and as counted (a natural 1 as 6). */
  faces: number[];
  counted: number[];
  kept: 'original' | 'reroll';
  total: number;
  explain: string;
}

/**
 * Cheat (ch.2): the same dice rolled again; "better" is higher for the Bandit's own roll and lower for
 * a roll against them (the caller says which). Modifiers of the original roll apply as before: only
 * the dice are compared.
 */
export function rollCheat(dice: Dice, input: { bandit: string; entry: string; faces: readonly RolledDie[]; keep: 'higher' | 'lower' }): Cheated {
  if (!input.faces.length) throw new RangeError(`${input.entry} has no dice to reroll`);
  const faces = input.faces.map((f) => dice.face(f.sides, `${input.bandit} Cheats: reroll of ${input.entry}`));
  const counted = faces.map((f) => (f === 1 ? 6 : f));
  const before = input.faces.reduce((a, f) => a + f.face, 0);
  const after = counted.reduce((a, f) => a + f, 0);
  const better = input.keep === 'higher' ? after > before : after < before;
  const shown = input.faces.map((f) => `d${f.sides}`).join(' + ');
  const ones = faces.some((f) => f === 1) ? ` (a natural 1 counts as 6: ${counted.join(', ')})` : '';
  const explain = `${input.bandit} Cheats on ${input.entry}: dice ${shown} were [${input.faces.map((f) => f.face).join(', ')}] = ${before}; the reroll [${faces.join(', ')}]${ones} = ${after}; the ${input.keep} is better for the Bandit: ${better ? `the reroll's ${after} stands` : `the original ${before} stands`}; the roll's modifiers apply as before (ch.2)`;
  return { before, after, faces, counted, kept: better ? 'reroll' : 'original', total: better ? after : before, explain };
}
