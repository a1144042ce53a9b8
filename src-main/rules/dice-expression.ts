// Die expressions for tables (d6, 2d6, d66, d100, 3d6+2, 2d6 + 1d4 − 1 …): parsed once,
// validated with the column where parsing failed, and rolled with every face kept.
import type { Dice, DieRoll } from './dice.ts';

export const MAX_DICE = 100;
export const MAX_SIDES = 10_000;

export type Term =
  | { kind: 'dice'; sign: 1 | -1; count: number; sides: number; d66: boolean }
  | { kind: 'constant'; sign: 1 | -1; value: number };

export interface DiceExpression {
  source: string;
  terms: Term[];
  min: number;
  max: number;
  /** Every total the expression can produce (d66 skips 17-20, 27-30 …); null when too many to list. */
  values: number[] | null;
}

export class DiceSyntaxError extends Error {
  constructor(
    readonly column: number,
    readonly expression: string,
    message: string,
  ) {
    super(`${message} (column ${column} of "${expression}")`);
    this.name = 'DiceSyntaxError';
  }
}

/** Parses an expression; throws DiceSyntaxError naming the column (1-based) where it failed. */
export function parseDice(source: string): DiceExpression {
  const text = source.replace(/[−–]/g, '-');
  let i = 0;
  const terms: Term[] = [];
  const fail = (message: string, at = i): never => {
    throw new DiceSyntaxError(at + 1, source, message);
  };
  const skip = () => {
    while (text[i] === ' ' || text[i] === '\t') i++;
  };
  const number = (): number | null => {
    const start = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    if (i === start) return null;
    if (i - start > 6) fail('number too large', start);
    return Number(text.slice(start, i));
  };
  skip();
  if (i >= text.length) fail('empty die expression');
  let sign: 1 | -1 = 1;
  let first = true;
  while (i < text.length) {
    skip();
    if (!first) {
      const op = text[i];
      if (op === '+') sign = 1;
      else if (op === '-') sign = -1;
      else fail(`expected + or −, found "${op}"`);
      i++;
      skip();
    } else if (text[i] === '-') {
      sign = -1;
      i++;
      skip();
    }
    const termStart = i;
    const count = number();
    if (text[i] === 'd' || text[i] === 'D') {
      i++;
      let sides: number | null;
      let d66 = false;
      if (text[i] === '%') {
        i++;
        sides = 100;
      } else {
        const sidesAt = i;
        sides = number();
        if (sides === null) fail('expected the number of sides after "d"');
        if (sides === 66 && (count === null || count === 1)) d66 = true;
        if (sides! < 2 && !d66) fail('a die needs at least 2 sides', sidesAt);
        if (sides! > MAX_SIDES && !d66) fail(`a die has at most ${MAX_SIDES} sides`, sidesAt);
      }
      const n = count ?? 1;
      if (n < 1) fail('roll at least one die', termStart);
      terms.push({ kind: 'dice', sign, count: d66 ? 1 : n, sides: d66 ? 6 : sides!, d66 });
    } else if (count !== null) {
      terms.push({ kind: 'constant', sign, value: count });
    } else {
      fail(i < text.length ? `unexpected "${text[i]}"` : 'expected a die or a number');
    }
    first = false;
    skip();
  }
  const diceCount = terms.reduce((a, t) => a + (t.kind === 'dice' ? t.count * (t.d66 ? 2 : 1) : 0), 0);
  if (diceCount > MAX_DICE)
    throw new DiceSyntaxError(1, source, `at most ${MAX_DICE} dice in one expression, this has ${diceCount}`);
  if (diceCount === 0) throw new DiceSyntaxError(1, source, 'the expression rolls no dice');
  let min = 0;
  let max = 0;
  for (const t of terms) {
    const [lo, hi] = t.kind === 'constant' ? [t.value, t.value] : t.d66 ? [11, 66] : [t.count, t.count * t.sides];
    if (t.sign === 1) {
      min += lo;
      max += hi;
    } else {
      min -= hi;
      max -= lo;
    }
  }
  return { source, terms, min, max, values: possibleValues(terms, min, max) };
}

function possibleValues(terms: Term[], min: number, max: number): number[] | null {
  if (max - min > 5000) return null;
  // Only d66 leaves holes in the span; any other expression covers every value in it.
  if (!terms.some((t) => t.kind === 'dice' && t.d66)) return Array.from({ length: max - min + 1 }, (_, k) => min + k);
  let sums = new Set([0]);
  for (const t of terms) {
    const options =
      t.kind === 'constant'
        ? [t.value]
        : t.d66
          ? [1, 2, 3, 4, 5, 6].flatMap((a) => [1, 2, 3, 4, 5, 6].map((b) => a * 10 + b))
          : Array.from({ length: t.count * t.sides - t.count + 1 }, (_, k) => t.count + k);
    const next = new Set<number>();
    for (const s of sums) for (const o of options) next.add(s + t.sign * o);
    sums = next;
  }
  return [...sums].sort((a, b) => a - b);
}

export interface ExpressionRoll {
  dice: DieRoll[];
  total: number;
  shown: string;
}

export function rollExpression(dice: Dice, expr: DiceExpression, cause: string): ExpressionRoll {
  const rolled: DieRoll[] = [];
  const parts: string[] = [];
  let total = 0;
  for (const t of expr.terms) {
    let value: number;
    if (t.kind === 'constant') {
      value = t.value;
      parts.push(String(t.value));
    } else if (t.d66) {
      const tens = dice.die(6, `${cause} (d66 tens)`);
      const units = dice.die(6, `${cause} (d66 units)`);
      rolled.push(tens, units);
      value = tens.natural * 10 + units.natural;
      parts.push(`d66 ${value}`);
    } else {
      // A plain pool rolled die by die in one pass (the commonest roll: 3d6, d100), with no
      // intermediate arrays; the same draws, in the same order, as Dice.pool.
      let faces = '';
      value = 0;
      for (let k = 0; k < t.count; k++) {
        const d = dice.die(t.sides, cause);
        rolled.push(d);
        value += d.natural;
        faces = k === 0 ? String(d.natural) : `${faces}, ${d.natural}`;
      }
      parts.push(`${t.count}d${t.sides} [${faces}]`);
    }
    total += t.sign * value;
    if (parts.length > 1) parts[parts.length - 1] = `${t.sign === 1 ? '+' : '−'} ${parts[parts.length - 1]}`;
    else if (t.sign === -1) parts[0] = `−${parts[0]}`;
  }
  return { dice: rolled, total, shown: parts.join(' ') };
}
