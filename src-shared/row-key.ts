// The one grammar for row keys as books, PDFs and forums print them, used by every import
// format and by the table editor: "7", "61-100", "11–12", "1~2", "17 to 19", "12+", "12 or more",
// "≤2", "2 or less", "01-05", "1, 2" (listed values that run on), "00" (100 on a d100, but 0
// where it opens a range: "00-09"), "000" (1000 on a d1000).
import type { RowRange } from '@shared/tables.ts';

/** Hyphen, non-breaking hyphen, figure dash, en and em dash, horizontal bar, minus, small and full-width hyphen-minus. */
export const DASH_CHARS = '\\-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d';
/** Dashes and the tildes Japanese and Korean books (and some forums) write ranges with. */
export const RANGE_CHARS = `${DASH_CHARS}~\u301c\uff5e`;
const NUM = '(\\d{1,6})';
const RANGE = new RegExp(`^${NUM}\\s*(?:[${RANGE_CHARS}]+|\\s(?:to|through|thru)\\s)\\s*${NUM}$`, 'i');
const LISTED = /^\d{1,6}(?:\s*,\s*\d{1,6})+$/;
const OR_MORE = new RegExp(
  `^(?:${NUM}\\s*(?:\\+|or\\s+(?:more|higher|above|greater)|and\\s+(?:up|above|over|higher))|(?:≥|>=|⩾)\\s*${NUM})$`,
  'i',
);
const OR_LESS = new RegExp(
  `^(?:${NUM}\\s*(?:or\\s+(?:less|lower|below|fewer)|and\\s+(?:below|under|lower))|(?:≤|<=|⩽|up\\s+to)\\s*${NUM})$`,
  'i',
);

/** A key as written, before it meets a die: an open low end ("or less") is null until then. */
export interface KeyRead {
  from: number | null;
  to: number | null;
  /** Written as a lone "0": a d10 numbered 0–9, whose 0 is its 10. */
  zero: boolean;
}

/** "00" is a d100's 100 and "000" a d1000's 1000, as percentile dice are read. */
function keyNumber(text: string): number {
  if (/^0{2,3}$/.test(text)) return 10 ** text.length;
  return Number(text);
}

/** Reads a row key; null when the text is not a key at all. */
export function readRowKey(text: string): KeyRead | null {
  const t = text.trim().replace(/\s+/g, ' ');
  if (/^\d{1,6}$/.test(t)) {
    const n = keyNumber(t);
    return { from: n, to: n, zero: t === '0' };
  }
  if (LISTED.test(t)) {
    // "1, 2" is the run 1-2; values that skip ("1, 3") are not one row's key.
    const values = t.split(',').map((v) => Number(v.trim()));
    return values.every((v, i) => i === 0 || v === values[i - 1]! + 1)
      ? { from: values[0]!, to: values[values.length - 1]!, zero: false }
      : null;
  }
  const range = RANGE.exec(t);
  if (range) {
    // "00" opening a range is 0 ("00-09" on a d100 read 00-99); closing one it is 100 ("96-00").
    const from = /^0+$/.test(range[1]!) ? 0 : keyNumber(range[1]!);
    const to = keyNumber(range[2]!);
    // "96-00" is 96-100; a range that ends before it starts is not a key.
    return to >= from ? { from, to, zero: false } : null;
  }
  const more = OR_MORE.exec(t);
  if (more) return { from: keyNumber((more[1] ?? more[2])!), to: null, zero: false };
  const less = OR_LESS.exec(t);
  if (less) return { from: null, to: keyNumber((less[1] ?? less[2])!), zero: false };
  return null;
}

/** Resolves a key against the lowest result of the die (what "or less" starts from). */
export function keyRange(key: KeyRead, low: number): RowRange {
  const from = key.from ?? Math.min(low, key.to ?? low);
  return { from, to: key.to };
}

/** Parses a row key; returns null when the text is not a key at all. */
export function parseRowKey(text: string, low = 1): RowRange | null {
  const key = readRowKey(text);
  return key ? keyRange(key, low) : null;
}
