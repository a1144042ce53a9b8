// The exact distribution of a table's die expression (rules/dice-expression.ts): the terms the
// roller rolls, term by term, with the same meaning: NdM sums M-sided dice, d66 reads tens and
// units, constants add, a minus sign subtracts.
import type { DiceExpression } from '../rules/dice-expression.ts';
import { addUniform, convolve, d66, negate, point, shift, type Dist } from './distribution.ts';

/** Widest expression computed exactly: more values than this is refused, with its width. */
export const MAX_WIDTH = 2_000_000;

export class OddsLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OddsLimitError';
  }
}

export function expressionDist(expr: DiceExpression): Dist {
  if (expr.max - expr.min + 1 > MAX_WIDTH) throw new OddsLimitError(`${expr.source} can give ${expr.max - expr.min + 1} different totals: more than the ${MAX_WIDTH} the odds are computed for`);
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
