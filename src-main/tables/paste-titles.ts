// Which pasted lines can name a table, how strongly, and the name a title line gives: heading
// marks, the die and the instruction taken off. Page numbers and "(continued)" are told apart.
import { DASH_CHARS } from '@shared/row-key.ts';
import { DIE } from './paste-dice.ts';
import type { SourceLine } from './paste-sections.ts';

export const HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
export const BOLD = /^(\*\*|__)(.+?)\1\s*[:.]?$/;
const ROLL_AFTER_DASH = new RegExp(`\\s?[${DASH_CHARS}:]\\s*roll\\b`, 'i');
export const PAGE_NUMBER = new RegExp(
  `^(?:(?:page|p\\.)\\s*\\d{1,4}|\\d{1,4}|[${DASH_CHARS}]\\s*\\d{1,4}\\s*[${DASH_CHARS}])$`,
  'i',
);
export const CONTINUED = /\(?\b(?:continued|cont(?:'d|\.|inued)?)\)?/i;

export const endsSentence = (t: string) => /[.!?…)"”’\]]$/.test(t.trim());

/** A line that can name a table: short, not an instruction or a sentence, or marked as a heading. */
export function titleLike(t: string): boolean {
  const s = t.trim();
  if (HEADING.test(s) || BOLD.test(s)) return true;
  if (s.length > 100 || /^roll\b/i.test(s) || /^(source|from|credit|by)\b/i.test(s)) return false;
  if (ROLL_AFTER_DASH.test(s) || /\(\s*\d*d\d+[^)]*\)/i.test(s)) return true;
  return !/[.!?,;]$/.test(s);
}

export function titleScore(l: SourceLine): number {
  const s = l.text.trim();
  let score = 0;
  if (HEADING.test(s) || BOLD.test(s)) score += 4;
  if (ROLL_AFTER_DASH.test(s) || /\(\s*\d*d\d+[^)]*\)/i.test(s) || /^\d*d\d+\s+\S/i.test(s)) score += 2;
  if (/[A-Z]{3}/.test(s) && s === s.toUpperCase()) score += 1;
  return score;
}

/** The table's name from its title line: heading marks, the die and the instruction taken off. */
export function nameFromTitle(title: string): string {
  let s = title.trim();
  s = s.replace(HEADING, '$1').replace(BOLD, '$2').trim();
  s = s.replace(/^\*+|\*+$/g, '').trim();
  s = s.replace(/^table\s+[\w.]+\s*[:.\u2013\u2014-]\s*/i, '');
  s = s.replace(new RegExp(`\\s+[${DASH_CHARS}:]\\s*(?:roll|use|when|for)\\b.*$`, 'i'), '');
  s = s.replace(/\s*[([]\s*(?:roll\s+)?(?:a\s+)?\d*d(?:\d+|%)[^)\]]*[)\]]\s*/gi, ' ');
  s = s.replace(new RegExp(`^${DIE}(?:\\s*[x×*+]\\s*${DIE})*\\s*[:.\\u2013\\u2014-]?\\s+`, 'i'), '');
  s = s
    .replace(/[:.]\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return s;
}
