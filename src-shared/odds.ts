// What the Odds lab computes, as main sends it: exact table and Challenge odds, and the dive
// simulator's estimates with their confidence intervals. Plain types and words (no schemas), so
// the renderer can import them without the validation library.
import type { Modifier } from './dice.ts';

export interface RowOddsView {
  index: number;
  key: string;
  label: string;
  p: number;
}

export interface NestedOddsView {
  /** Row index and roll number at each step from the top table: [row, roll, row, roll …]. */
  path: number[];
  via: string;
  table: string;
  tableName: string;
  ordinal: number;
  times: number;
  /** Joint chances: this path is taken and the nested roll lands on each row. */
  rows: number[];
  noEntry: number;
}

export interface TableOddsView {
  key: string;
  name: string;
  die: string | null;
  rows: RowOddsView[];
  noEntry: number;
  /** The chance the roll is refused (every row drawn, a missing table, nested too deep). */
  refused: number;
  problems: string[];
  nested: NestedOddsView[];
  explain: string;
  /** With a draft: the saved table's odds, row for row, for the before/after overlay. */
  saved: { rows: number[]; noEntry: number } | null;
}

export interface ChallengeOddsView {
  p: number;
  allNaturalOnes: number;
  dice: number;
  target: number;
  modifier: number;
  mean: number;
  truncated: number;
  totals: { value: number; p: number }[];
  explain: string;
  chapter: string;
  /** Whose modifiers were used, when a Lichslayer was named. */
  who: string | null;
  modifiers: Modifier[];
}

export interface ChallengeGridView {
  levels: number[];
  targets: number[];
  /** p[levelIndex][targetIndex]: the chance of success. */
  p: number[][];
  who: string | null;
  /** The Lichslayer's own level, to mark in the grid. */
  level: number | null;
  modifiers: Modifier[];
  /** The book's named Challenges with this character's chance ("Edge looting: 64% for Tobin"). */
  named: { label: string; target: number; p: number; explain: string }[];
  explain: string;
}

/** Targets of the difficulty ladder (ch.11), the heat map's columns by default. */
export const LADDER_TARGETS = [6, 12, 18, 24, 30] as const;

/** A chance as a percentage that never rounds a possible outcome to 0% or an uncertain one to 100%. */
export const percent = (p: number, digits = 1): string => {
  const step = Math.pow(10, -digits);
  const edge = step / 200;
  if (p > 0 && p < edge) return `<${step.toFixed(digits)}%`;
  if (p < 1 && p > 1 - edge) return `>${(100 - step).toFixed(digits)}%`;
  return `${(p * 100).toFixed(digits)}%`;
};
