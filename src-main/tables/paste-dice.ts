// The dice a pasted table names: in its title or a caption ("(d4)", "Roll a d8", "d6 × d6",
// "1d20 + level"), or in its first header cell ("d6", "2d6", "d%", "Roll").
import { DASH_CHARS } from '@shared/row-key.ts';
import { parseDice } from '../rules/dice-expression.ts';

export const ROLL_HEADER =
  /^(roll|rolls|result|#|die|dice|d%|n|no\.?|value|range|number|score|total|die roll|dice roll|roll result|roll value)$/i;
export const DIE = '\\d{0,3}d(?:\\d{1,5}|%)';
/** A die, or a sum or product of dice, named in a title: "d6", "2d6", "d6 × d6", "d4+d6", "1d20 + level". */
const DIE_TOKEN = new RegExp(
  `(?:^|[^\\w])(${DIE}(?:\\s*(?:[x×*+]|[${DASH_CHARS}])\\s*(?:${DIE}|\\d{1,4}(?![\\w%])|[a-z]+(?:\\s+[a-z]+)?))*)(?![\\w])`,
  'i',
);
/** A page number on its own line: "42", "- 42 -", "Page 42", "p. 42". */

export interface DieRead {
  /** The die to roll, or null when the title names dice this app cannot roll. */
  die: string | null;
  /** How it was read, when not plainly ("d6 × d6" is the d66). */
  note: string | null;
  /** A word added to the roll ("1d20 + level"): rows above the die are kept for modified rolls. */
  added: string | null;
  /** Why the dice named cannot be rolled here. */
  problem: string | null;
}

/** The dice named in a title or caption ("(d4)", "Roll a d8", "d6 × d6", "d4+d6", "1d20 + level"). */
export function readDieIn(text: string): DieRead | null {
  const m = DIE_TOKEN.exec(text);
  if (!m) return null;
  const written = m[1]!.trim();
  const compact = written
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[−–—‑‐‒]/g, '-')
    .replace(/d%/g, 'd100');
  const times = /^1?d6[x×*]1?d6$/.exec(compact);
  if (times)
    return { die: 'd66', note: `“${written}”: the tens die and the units die, as d66`, added: null, problem: null };
  if (/[x×*]/.test(compact)) {
    return {
      die: null,
      note: null,
      added: null,
      problem: `The title names “${written}”, dice multiplied together, which this app cannot roll: type the die the keys are written for in Die (d66 for keys 11-66)`,
    };
  }
  // "1d20 + level": the dice, and a word the Judge adds at the table.
  const word = /^(.*?)([+-])([a-z][a-z ]*)$/i.exec(compact.replace(/([+-])/g, '$1'));
  let dice = compact;
  let added: string | null = null;
  if (word && !/^\d*d\d+$/i.test(word[3]!)) {
    dice = word[1]!;
    added = written.slice(written.search(/[+\-−–]\s*[a-z]+(?:\s+[a-z]+)?$/i)).replace(/^[+\-−–]\s*/, '');
  }
  if (/[a-z]{2,}/i.test(dice.replace(/d/g, ''))) return null;
  const die = dice.replace(/^1d/, 'd').replace(/([+-])1d/g, '$1d');
  try {
    parseDice(die);
    return { die, note: null, added, problem: null };
  } catch {
    return null;
  }
}

/** A die named in a title or caption, when it can be rolled. */
export function dieIn(text: string): string | null {
  return readDieIn(text)?.die ?? null;
}

/** A header cell that names the die ("d6", "2d6", "1d100", "d%", "d8 roll"), or "roll"/"weight" for the others. */
export function dieHeader(cell: string): string | 'roll' | 'weight' | null {
  const c = cell
    .trim()
    .replace(/^(\*\*|__)(.*)\1$/, '$2')
    .trim()
    .replace(/^(?:roll|result)\s+/i, '')
    .replace(/\s+(?:roll|result|die)$/i, '')
    .replace(/^1d/i, 'd');
  if (/^weights?$/i.test(c)) return 'weight';
  if (ROLL_HEADER.test(c)) return c.toLowerCase() === 'd%' ? 'd100' : 'roll';
  if (!/^\d*d(\d+|%)([+\-−]\d+)?$/i.test(c.replace(/\s+/g, ''))) return null;
  try {
    parseDice(c.replace('%', '100'));
    return c.toLowerCase().replace('d%', 'd100').replace(/\s+/g, '');
  } catch {
    return null;
  }
}
