// Gold formulas (rulebook ch.10): "2d6x10" rolls two exploding d6 and multiplies; no cap.
import { Dice, showDice, type DieRoll } from './dice.ts';

const FORMULA = /^\s*(\d{1,2})\s*d\s*6\s*(?:[x×*]\s*(\d{1,5}))?\s*$/i;

export function isGoldFormula(text: string): boolean {
  return FORMULA.test(text);
}

export function rollGold(
  dice: Dice,
  formula: string,
  cause: string,
): { gold: number; dice: DieRoll[]; explain: string } | null {
  const m = FORMULA.exec(formula);
  if (!m) return null;
  const rolled = dice.pool(Number(m[1]), 6, cause, true);
  const times = m[2] ? Number(m[2]) : 1;
  const gold = rolled.reduce((a, d) => a + d.total, 0) * times;
  return {
    gold,
    dice: rolled,
    explain: `${gold} gold = ${m[1]}d6! ${showDice(rolled)}${times > 1 ? ` × ${times}` : ''} (ch.10)`,
  };
}
