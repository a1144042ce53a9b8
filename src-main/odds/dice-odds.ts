// The exact distribution of a table's die expression (rules/dice-expression.ts): the terms the
// roller rolls, term by term, with the same meaning: NdM sums M-sided dice, d66 reads tens and
// units, constants add, a minus sign subtracts.
import type { DiceExpression } from '../rules/dice-expression.ts';
import { addUniform, convolve, d66, negate, point, shift, type Dist } from './distribution.ts';

/** Most work (totals × dice) spent on one expression: anything wider is refused, saying how wide. */
export const MAX_WORK = 20_000_000;

export class OddsLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OddsLimitError';
  }
}

export function expressionDist(expr: DiceExpression): Dist {
  const width = expr.max - expr.min + 1;
  const dice = expr.terms.reduce((n, t) => n + (t.kind === 'dice' ? t.count : 0), 0);
  if (width * dice > MAX_WORK)
    throw new OddsLimitError(
      `${expr.source} can give ${width.toLocaleString('en')} different totals from ${dice} dice: too many to work out exactly (at most ${MAX_WORK.toLocaleString('en')} totals × dice)`,
    );
  let total = point(0);
  for (const t of expr.terms) {
    if (t.kind === 'constant') {
      total = shift(total, t.sign * t.value);
      continue;
    }
    if (!t.d66 && t.sign === 1) {
      for (let k = 0; k < t.count; k++) total = addUniform(total, t.sides);
      continue;
    }
    let term: Dist = t.d66 ? d66() : point(0);
    if (!t.d66) for (let k = 0; k < t.count; k++) term = addUniform(term, t.sides);
    total = convolve(total, t.sign === 1 ? term : negate(term));
  }
  return total;
}
