// A pasted line read as a numbered row: its key ("1", "2-3", "12+", "≤2", "1, 3, 5"), what
// follows the key, a share printed after it, and the other reading of "1 - 3 orcs".
import { readRowKey, RANGE_CHARS, DASH_CHARS, type KeyRead } from '@shared/row-key.ts';

const OPEN_WORDS =
  '(?:\\s+or\\s+(?:more|higher|above|greater|less|lower|below|fewer)|\\s+and\\s+(?:up|above|over|higher|below|under|lower))';
const KEY_PART = `(?:\\d{1,6}(?:\\s*,\\s*\\d{1,6})+(?=\\s*\\\\?[=:.)])|\\d{1,6}(?:\\s*[${RANGE_CHARS}]+\\s*\\d{1,6}|\\s+(?:to|through|thru)\\s+\\d{1,6}|\\s*\\+|${OPEN_WORDS})?|(?:≤|<=|⩽|≥|>=|⩾|up\\s+to)\\s*\\d{1,6})`;
/** A share printed after the key, "1–2 (33%)": the range already says it. */
export const SHARE = /\s*\(\s*(\d{1,3}(?:[.,]\d+)?)\s*%\s*\)/;
const ROW = new RegExp(
  `^(?:[-*+•·]\\s+)?(?:\\*\\*|__)?[(\\[]?(${KEY_PART})[)\\]]?(?:\\*\\*|__)?(${SHARE.source})?(?:(\\s*\\\\?(?:[=:.)\\],]|[${RANGE_CHARS}](?=\\s))(?:\\*\\*|__)?\\s*)|(\\s+))(\\S.*)$`,
  'i',
);
export const BARE_KEY = new RegExp(`^\\s*(?:\\*\\*)?(${KEY_PART})\\s*[.):]?(?:\\*\\*)?\\s*$`, 'i');
const SPACED_RANGE = new RegExp(`^(\\d{1,6})\\s+[${DASH_CHARS}]\\s+(\\d{1,6})$`);
export const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty';
export const NUMBER_WORD = new RegExp(`^(?:${NUMBER_WORDS})$`, 'i');

/** Full-width digits and punctuation (as CJK fonts and some PDFs give them) as plain ASCII. */
export const halfWidth = (s: string): string =>
  s.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');

export interface RowCandidate {
  key: KeyRead;
  keyText: string;
  text: string;
  /** "=", ":", "." … or a bare space, which a wrapped line starting with a number also has. */
  explicit: boolean;
  separator: string;
  /** A share such as "(33%)" printed after the key and left out of the text. */
  share: string | null;
  /** "1 - 3 orcs" read the other way: row 1, "3 orcs" (chosen when the keys run on that way). */
  alt: RowCandidate | null;
  /** This is that other reading. */
  isAlt: boolean;
}

/** Candidates already read, by line text: a line is looked at several times while a page is read. */
const candidates = new Map<string, RowCandidate | null>();

/** A line read as a numbered row, or null; shared results, so callers copy what they change. */
export function rowCandidate(text: string): RowCandidate | null {
  const known = candidates.get(text);
  if (known !== undefined) return known;
  const read = readCandidate(text);
  if (candidates.size > 200_000) candidates.clear();
  candidates.set(text, read);
  return read;
}

function readCandidate(text: string): RowCandidate | null {
  // The key's own characters may be full-width; the entry's text is kept as written.
  const t = text.trim().replace(/^[^\p{L}]*/u, halfWidth);
  const m = ROW.exec(t);
  if (!m) return null;
  const body = m[6]!.trim();
  // "1-2 | Crows" is a Markdown row without outer pipes, not a numbered line.
  if (body.startsWith('|')) return null;
  const keyText = m[1]!.trim();
  const explicit = m[4] !== undefined;
  const share = m[2] ? m[2].trim() : null;
  const spaced = SPACED_RANGE.exec(keyText);
  const altKey = spaced ? readRowKey(spaced[1]!) : null;
  const alt: RowCandidate | null =
    spaced && altKey
      ? {
          key: altKey,
          keyText: spaced[1]!,
          text: `${spaced[2]} ${body}`,
          explicit: true,
          separator: '-',
          share: null,
          alt: null,
          isAlt: true,
        }
      : null;
  const key = readRowKey(keyText);
  if (!key) return alt;
  return {
    key,
    keyText,
    text: body,
    explicit,
    separator: (m[4] ?? '').replace(/[\\*_]/g, '').trim(),
    share,
    alt,
    isAlt: false,
  };
}

/** Forgets the rows read so far: a new page is read afresh. */
export function forgetRowCandidates(): void {
  candidates.clear();
}
