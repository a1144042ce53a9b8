// Row keys as books print them: "7", "61-100", "11–12", "12+", "01-05", "00" (100 on a d100).
import type { RowRange } from '@shared/tables.ts';

const DASHES = /\s*[-–—]\s*|\s+to\s+/i;

function keyNumber(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  return t === '00' ? 100 : Number(t);
}

/** Parses a row key; returns null when the text is not a key at all. */
export function parseRowKey(text: string): RowRange | null {
  const t = text.trim();
  const plus = /^(\d{1,6})\s*\+$/.exec(t) ?? /^(\d{1,6})\s+or\s+more$/i.exec(t);
  if (plus) return { from: Number(plus[1]), to: null };
  const parts = t.split(DASHES);
  if (parts.length === 1) {
    const n = keyNumber(parts[0]!);
    return n === null ? null : { from: n, to: n };
  }
  if (parts.length === 2) {
    const a = keyNumber(parts[0]!);
    const b = keyNumber(parts[1]!);
    if (a === null || b === null) return null;
    return { from: a, to: b };
  }
  return null;
}
