// The range of results a table's die gives (or its stated span), which its rows must cover.
import type { TableDef } from '@shared/tables.ts';
import { DiceSyntaxError, parseDice, type DiceExpression } from '../rules/dice-expression.ts';

export interface TableSpan {
  min: number;
  max: number;
  /** Values the die can produce inside the span (d66 has holes); null when every value can occur. */
  values: number[] | null;
}

/** The results a table's rows must cover: its explicit span, else the die's. */
export function tableSpan(table: Pick<TableDef, 'die' | 'span'>): {
  span: TableSpan | null;
  expression: DiceExpression | null;
  error: string | null;
} {
  if (table.die === null) return { span: null, expression: null, error: null };
  let expression: DiceExpression;
  try {
    expression = parseDice(table.die);
  } catch (error) {
    return {
      span: null,
      expression: null,
      error: error instanceof DiceSyntaxError ? `Die: ${error.message}` : String(error),
    };
  }
  if (table.span) return { span: { min: table.span.min, max: table.span.max, values: null }, expression, error: null };
  const holes = expression.values !== null && expression.values.length !== expression.max - expression.min + 1;
  return {
    span: { min: expression.min, max: expression.max, values: holes ? expression.values : null },
    expression,
    error: null,
  };
}
