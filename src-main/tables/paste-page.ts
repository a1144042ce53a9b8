// Reading a pasted page into sections: each titled table (a Markdown table with or without
// outer pipes, CSV/TSV whose first cell is the die, or numbered lines) with its title line,
// caption lines and rows, each row with the source lines it came from. Wrapped lines are
// joined to the entry they continue; page furniture (page numbers, running headers, a title
// repeated over a page break) is dropped and said; lines that belong to no table are kept as notes.
import { readRowKey, RANGE_CHARS, DASH_CHARS, type KeyRead } from '@shared/row-key.ts';
import { parseDice } from '../rules/dice-expression.ts';
import { splitCells } from './markdown-cells.ts';
import { findLinks } from './table-links.ts';
import type { PasteLine } from './paste-markup.ts';

export interface SourceLine {
  text: string;
  line: number;
}

export interface LinesRow {
  key: KeyRead;
  keyText: string;
  text: string;
  line: number;
  /** Written with "=", ":", "." … after its key rather than a bare space. */
  explicit: boolean;
  /** The last source line of the entry as written, to see whether it ends a sentence. */
  lastLine: string;
  /** What follows the key: "=", ":", "." … or "" for a bare space. */
  separator: string;
  /** Lines joined to this entry, with why. */
  joined: { line: number; why: string }[];
  /** How the row was read (a share printed after its key, a column beside another). */
  notes: string[];
  /** Paragraphs printed under the entry (a blog's entry with its description below it). */
  paragraphs: string[];
}

export interface GridRow {
  cells: string[];
  line: number;
  /** Extra source lines a quoted CSV cell ran over. */
  joined: { line: number; why: string }[];
}

export type SectionBody =
  | { kind: 'markdown'; header: string[]; headerLine: number; rows: GridRow[]; headerless: boolean }
  | { kind: 'csv'; header: string[]; headerLine: number; rows: GridRow[]; separator: string; headerless: boolean }
  | { kind: 'lines'; rows: LinesRow[]; bad: SourceLine[] };

export interface Section {
  title: SourceLine | null;
  /** Lines between the title and the rows ("Roll once each morning."). */
  captions: SourceLine[];
  /** A `<!-- lichslayer-table {…} -->` line: the section was exported by this app. */
  meta: SourceLine | null;
  body: SectionBody;
  /** How the section was read, for the preview. */
  notes: { line: number | null; message: string }[];
}

export interface Page {
  sections: Section[];
  /** Lines that belong to no table (prose, a trailing caption). */
  leftOut: SourceLine[];
  /** Page numbers, running headers and repeated titles found between rows, and left out. */
  furniture: (SourceLine & { why: string })[];
}

export const META = /^<!--\s*lichslayer-table\s+(\{.*\})\s*-->$/;
const HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
const BOLD = /^(\*\*|__)(.+?)\1\s*[:.]?$/;
export const MD_SEPARATOR = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;
const OPEN_WORDS =
  '(?:\\s+or\\s+(?:more|higher|above|greater|less|lower|below|fewer)|\\s+and\\s+(?:up|above|over|higher|below|under|lower))';
const KEY_PART = `(?:\\d{1,6}(?:\\s*,\\s*\\d{1,6})+(?=\\s*\\\\?[=:.)])|\\d{1,6}(?:\\s*[${RANGE_CHARS}]+\\s*\\d{1,6}|\\s+(?:to|through|thru)\\s+\\d{1,6}|\\s*\\+|${OPEN_WORDS})?|(?:≤|<=|⩽|≥|>=|⩾|up\\s+to)\\s*\\d{1,6})`;
/** A share printed after the key, "1–2 (33%)": the range already says it. */
export const SHARE = /\s*\(\s*(\d{1,3}(?:[.,]\d+)?)\s*%\s*\)/;
const ROW = new RegExp(
  `^(?:[-*+•·]\\s+)?(?:\\*\\*|__)?[(\\[]?(${KEY_PART})[)\\]]?(?:\\*\\*|__)?(${SHARE.source})?(?:(\\s*\\\\?(?:[=:.)\\],]|[${RANGE_CHARS}](?=\\s))(?:\\*\\*|__)?\\s*)|(\\s+))(\\S.*)$`,
  'i',
);
const BARE_KEY = new RegExp(`^\\s*(?:\\*\\*)?(${KEY_PART})\\s*[.):]?(?:\\*\\*)?\\s*$`, 'i');
const SPACED_RANGE = new RegExp(`^(\\d{1,6})\\s+[${DASH_CHARS}]\\s+(\\d{1,6})$`);
export const ROLL_HEADER =
  /^(roll|rolls|result|#|die|dice|d%|n|no\.?|value|range|number|score|total|die roll|dice roll|roll result|roll value)$/i;
const ROLL_AFTER_DASH = new RegExp(`\\s?[${DASH_CHARS}:]\\s*roll\\b`, 'i');
const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty';
const NUMBER_WORD = new RegExp(`^(?:${NUMBER_WORDS})$`, 'i');
const DIE = '\\d{0,3}d(?:\\d{1,5}|%)';
/** A die, or a sum or product of dice, named in a title: "d6", "2d6", "d6 × d6", "d4+d6", "1d20 + level". */
const DIE_TOKEN = new RegExp(
  `(?:^|[^\\w])(${DIE}(?:\\s*(?:[x×*+]|[${DASH_CHARS}])\\s*(?:${DIE}|\\d{1,4}(?![\\w%])|[a-z]+(?:\\s+[a-z]+)?))*)(?![\\w])`,
  'i',
);
/** A page number on its own line: "42", "- 42 -", "Page 42", "p. 42". */
const PAGE_NUMBER = new RegExp(
  `^(?:(?:page|p\\.)\\s*\\d{1,4}|\\d{1,4}|[${DASH_CHARS}]\\s*\\d{1,4}\\s*[${DASH_CHARS}])$`,
  'i',
);
const CONTINUED = /\(?\b(?:continued|cont(?:'d|\.|inued)?)\)?/i;

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

export interface DieRead {
  /** The die to roll, or null when the title names dice this app cannot roll. */
  die: string | null;
  /** How it was read, when not plainly ("d6 × d6" is the d66). */
  note: string | null;
  /** A word added to the roll ("1d20 + level"): rows above the die are kept for modified rolls. */
  added: string | null;
  /** Why the dice named cannot be rolled here. */
  problem: string | null;
}

/** The dice named in a title or caption ("(d4)", "Roll a d8", "d6 × d6", "d4+d6", "1d20 + level"). */
export function readDieIn(text: string): DieRead | null {
  const m = DIE_TOKEN.exec(text);
  if (!m) return null;
  const written = m[1]!.trim();
  const compact = written
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[−–—‑‐‒]/g, '-')
    .replace(/d%/g, 'd100');
  const times = /^1?d6[x×*]1?d6$/.exec(compact);
  if (times)
    return { die: 'd66', note: `“${written}”: the tens die and the units die, as d66`, added: null, problem: null };
  if (/[x×*]/.test(compact)) {
    return {
      die: null,
      note: null,
      added: null,
      problem: `The title names “${written}”, dice multiplied together, which this app cannot roll: type the die the keys are written for in Die (d66 for keys 11-66)`,
    };
  }
  // "1d20 + level": the dice, and a word the Judge adds at the table.
  const word = /^(.*?)([+-])([a-z][a-z ]*)$/i.exec(compact.replace(/([+-])/g, '$1'));
  let dice = compact;
  let added: string | null = null;
  if (word && !/^\d*d\d+$/i.test(word[3]!)) {
    dice = word[1]!;
    added = written.slice(written.search(/[+\-−–]\s*[a-z]+(?:\s+[a-z]+)?$/i)).replace(/^[+\-−–]\s*/, '');
  }
  if (/[a-z]{2,}/i.test(dice.replace(/d/g, ''))) return null;
  const die = dice.replace(/^1d/, 'd').replace(/([+-])1d/g, '$1d');
  try {
    parseDice(die);
    return { die, note: null, added, problem: null };
  } catch {
    return null;
  }
}

/** A die named in a title or caption, when it can be rolled. */
export function dieIn(text: string): string | null {
  return readDieIn(text)?.die ?? null;
}

/** A header cell that names the die ("d6", "2d6", "1d100", "d%", "d8 roll"), or "roll"/"weight" for the others. */
export function dieHeader(cell: string): string | 'roll' | 'weight' | null {
  const c = cell
    .trim()
    .replace(/^(\*\*|__)(.*)\1$/, '$2')
    .trim()
    .replace(/^(?:roll|result)\s+/i, '')
    .replace(/\s+(?:roll|result|die)$/i, '')
    .replace(/^1d/i, 'd');
  if (/^weights?$/i.test(c)) return 'weight';
  if (ROLL_HEADER.test(c)) return c.toLowerCase() === 'd%' ? 'd100' : 'roll';
  if (!/^\d*d(\d+|%)([+\-−]\d+)?$/i.test(c.replace(/\s+/g, ''))) return null;
  try {
    parseDice(c.replace('%', '100'));
    return c.toLowerCase().replace('d%', 'd100').replace(/\s+/g, '');
  } catch {
    return null;
  }
}

function csvSeparator(line: string): string | null {
  if (line.includes('\t')) return dieHeader(line.split('\t')[0] ?? '') ? '\t' : null;
  if (!/[,;]/.test(line)) return null;
  const first = line.split(/[,;]/)[0] ?? '';
  if (!dieHeader(first.replace(/^"|"$/g, ''))) return null;
  return line.split(';').length > line.split(',').length ? ';' : ',';
}

/** One CSV record, which may run over several lines inside quotes. */
function readCsvRecord(lines: readonly string[], start: number, sep: string): { cells: string[]; next: number } {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  let i = start;
  let line = lines[i] ?? '';
  for (let c = 0; ; c++) {
    if (c >= line.length) {
      if (quoted && i + 1 < lines.length) {
        cur += '\n';
        i++;
        line = lines[i]!;
        c = -1;
        continue;
      }
      break;
    }
    const ch = line[c]!;
    if (quoted) {
      if (ch === '"' && line[c + 1] === '"') {
        cur += '"';
        c++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (ch === sep) {
      cells.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  cells.push(sep === '\t' ? cur.replace(/^ +| +$/g, '') : cur.trim());
  return { cells, next: i + 1 };
}

const endsSentence = (t: string) => /[.!?…)"”’\]]$/.test(t.trim());

/** A line that can name a table: short, not an instruction or a sentence, or marked as a heading. */
export function titleLike(t: string): boolean {
  const s = t.trim();
  if (HEADING.test(s) || BOLD.test(s)) return true;
  if (s.length > 100 || /^roll\b/i.test(s) || /^(source|from|credit|by)\b/i.test(s)) return false;
  if (ROLL_AFTER_DASH.test(s) || /\(\s*\d*d\d+[^)]*\)/i.test(s)) return true;
  return !/[.!?,;]$/.test(s);
}

function titleScore(l: SourceLine): number {
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

type Kind = 'blank' | 'meta' | 'heading' | 'text' | 'row' | 'pipe' | 'separator' | 'csv';

interface Classified {
  text: string;
  line: number;
  kind: Kind;
  joined: { line: number; why: string }[];
  notes: string[];
}

function classify(p: PasteLine): Classified {
  const t = p.text.trim();
  const kind: Kind = !t
    ? 'blank'
    : META.test(t)
      ? 'meta'
      : HEADING.test(t) || BOLD.test(t)
        ? 'heading'
        : MD_SEPARATOR.test(t) && t.includes('|')
          ? 'separator'
          : csvSeparator(t)
            ? 'csv'
            : rowCandidate(t)
              ? 'row'
              : t.includes('|')
                ? 'pipe'
                : 'text';
  return { text: p.text, line: p.line, kind, joined: p.joined ?? [], notes: p.notes ?? [] };
}

// ---------- Layouts a PDF or a blog leaves behind, undone before reading ----------

const TWO_COLUMNS = /^(.*?\S)(?:\s{3,}|\t+)(\S.*)$/;

/**
 * Two columns of rows printed side by side ("1 The Drunken Goat     7 The Rusty Anchor"):
 * two or more such lines running on become the left column's rows, then the right column's.
 */
function sideBySide(lines: PasteLine[]): PasteLine[] {
  const split = lines.map((l) => {
    const left = rowCandidate(l.text);
    const m = left && !l.text.includes('|') ? TWO_COLUMNS.exec(l.text.trim()) : null;
    if (!left || !m) return null;
    const leftRow = rowCandidate(m[1]!);
    const right = rowCandidate(m[2]!);
    if (!leftRow || !right || right.key.from === null || leftRow.key.to === null || right.key.from <= leftRow.key.to)
      return null;
    return { left: m[1]!, right: m[2]!, rightKey: right.key.from };
  });
  const out: PasteLine[] = [];
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j < lines.length && split[j]) j++;
    const run = split.slice(i, j);
    const ascending = run.every((s, k) => k === 0 || s!.rightKey > run[k - 1]!.rightKey);
    if (j - i >= 2 && ascending) {
      const block = lines.slice(i, j);
      block.forEach((l, k) => out.push({ ...l, text: run[k]!.left }));
      block.forEach((l, k) =>
        out.push({
          ...l,
          text: run[k]!.right,
          notes: [
            ...(l.notes ?? []),
            `printed beside another row on line ${l.line} (two columns on one line): read as its own row`,
          ],
        }),
      );
      i = j;
    } else {
      out.push(lines[i]!);
      i++;
    }
  }
  return out;
}

/**
 * Keys on lines of their own, their texts on the next lines ("1" / "A rockslide…"), or a whole
 * column of keys before a column of texts (a PDF's columns read one after the other): each key
 * takes its text. Two or more keys counting up are needed, so a page number is not a row.
 */
function keysOnTheirOwn(lines: PasteLine[]): PasteLine[] {
  const bare = (l: PasteLine | undefined) =>
    !!l && BARE_KEY.test(halfWidth(l.text)) && readRowKey(BARE_KEY.exec(halfWidth(l.text))![1]!) !== null;
  const plain = (l: PasteLine | undefined) =>
    !!l &&
    l.text.trim() !== '' &&
    !bare(l) &&
    rowCandidate(l.text) === null &&
    !l.text.includes('|') &&
    !HEADING.test(l.text.trim()) &&
    !META.test(l.text.trim());
  type Pair = { key: number; text: number };
  const chains: Pair[][] = [];
  let chain: Pair[] = [];
  for (let i = 0; i < lines.length;) {
    if (!bare(lines[i])) {
      if (chain.length) chains.push(chain);
      chain = [];
      i++;
      continue;
    }
    const keys: number[] = [];
    let j = i;
    while (j < lines.length && (bare(lines[j]) || (lines[j]!.text.trim() === '' && bare(lines[j + 1])))) {
      if (bare(lines[j])) keys.push(j);
      j++;
    }
    const texts: number[] = [];
    while (j < lines.length && texts.length < keys.length && (plain(lines[j]) || lines[j]!.text.trim() === '')) {
      if (plain(lines[j])) texts.push(j);
      j++;
    }
    if (texts.length !== keys.length) {
      if (chain.length) chains.push(chain);
      chain = [];
      i = keys[keys.length - 1]! + 1;
      continue;
    }
    chain.push(...keys.map((k, n) => ({ key: k, text: texts[n]! })));
    i = j;
  }
  if (chain.length) chains.push(chain);
  const keyOf = (i: number) => readRowKey(BARE_KEY.exec(halfWidth(lines[i]!.text))![1]!)!;
  const merged = new Map<number, PasteLine>();
  const used = new Set<number>();
  for (const c of chains) {
    const counting =
      c.length >= 2 &&
      c.every((p, n) => n === 0 || (keyOf(p.key).from ?? -Infinity) > (keyOf(c[n - 1]!.key).to ?? Infinity));
    if (!counting) continue;
    const column = c.some((p, n) => n > 0 && p.key === c[n - 1]!.key + 1);
    for (const p of c) {
      const k = lines[p.key]!;
      const t = lines[p.text]!;
      const keyText = BARE_KEY.exec(halfWidth(k.text))![1]!.trim();
      const why = column
        ? 'the keys are printed in a column of their own, before their texts'
        : 'the key stands on a line of its own, its text under it';
      merged.set(p.key, {
        ...k,
        text: `${keyText} ${t.text.trim()}`,
        joined: [...(k.joined ?? []), { line: t.line, why }],
      });
      used.add(p.text);
    }
  }
  return lines.flatMap((l, i) => (used.has(i) ? [] : [merged.get(i) ?? l]));
}

type LinesBody = Extract<SectionBody, { kind: 'lines' }>;

/** Reads a page of pasted text (or lines already read out of markup) into its table sections. */
export function readPage(input: string | readonly PasteLine[]): Page {
  candidates.clear();
  const source: PasteLine[] =
    typeof input === 'string'
      ? input
          .replace(/\r\n?/g, '\n')
          .split('\n')
          .map((text, i) => ({ text, line: i + 1 }))
      : [...input];
  const exported = source.some((l) => META.test(l.text.trim()));
  const prepared = exported ? source : keysOnTheirOwn(sideBySide(source));
  const lines = prepared.map(classify);
  const raw = lines.map((l) => l.text);
  const sections: Section[] = [];
  const leftOut: SourceLine[] = [];
  const furniture: Page['furniture'] = [];
  let pending: SourceLine[] = [];
  let meta: SourceLine | null = null;
  let cur: Section | null = null;
  const current = (): Section | null => cur;
  const at = (i: number): Classified | undefined => lines[i];
  const blankBefore = (i: number) => i <= 0 || lines[i - 1]!.kind === 'blank';
  const readAcross = new Set<LinesBody>();
  /** Sections with entries written as paragraphs, and the values each section's keys hold (found in constant time). */
  const paragraphed = new Set<LinesBody>();
  const held = new Map<LinesBody, { values: Set<number>; wide: { from: number; to: number }[] }>();
  const holds = (body: LinesBody, from: number, to: number): boolean => {
    const h = held.get(body);
    if (!h) return false;
    if (h.wide.some((w) => from <= w.to && to >= w.from)) return true;
    if (to - from > 1000) return [...h.values].some((v) => v >= from && v <= to);
    for (let v = from; v <= to; v++) if (h.values.has(v)) return true;
    return false;
  };
  const nextFilled = (i: number): number => {
    let j = i + 1;
    while (j < lines.length && lines[j]!.kind === 'blank') j++;
    return j;
  };
  const prevFilled = (i: number): number => {
    let j = i - 1;
    while (j >= 0 && lines[j]!.kind === 'blank') j--;
    return j;
  };

  const close = () => {
    const c = current();
    if (c) {
      if (c.body.kind === 'lines') settleLines(c);
      sections.push(c);
    }
    cur = null;
  };
  /** Opens a section: the best title among the pending lines, the lines after it its captions. */
  const open = (body: SectionBody, notes: Section['notes'] = []): void => {
    close();
    let title: SourceLine | null = null;
    const candidates = pending.filter((p) => titleLike(p.text));
    if (candidates.length) {
      const best = Math.max(...candidates.map(titleScore));
      if (best > 0) title = candidates.filter((c) => titleScore(c) === best).pop()!;
      else {
        // Without marks, the first line of the last paragraph names the table.
        const starts = pending.filter((p, n) => n === 0 || blankBefore(indexOfLine(p)));
        const start = starts[starts.length - 1]!;
        title = titleLike(start.text) ? start : candidates[candidates.length - 1]!;
      }
    }
    const ti = title ? pending.indexOf(title) : 0;
    leftOut.push(...pending.slice(0, ti));
    cur = { title, captions: pending.slice(title ? ti + 1 : 0), meta, body, notes };
    pending = [];
    meta = null;
  };
  const pendingIndex = new Map<SourceLine, number>();
  const indexOfLine = (p: SourceLine) => pendingIndex.get(p) ?? 0;
  const pend = (t: string, i: number) => {
    const s = { text: t, line: lines[i]!.line };
    pendingIndex.set(s, i);
    pending.push(s);
  };

  for (let i = 0; i < lines.length; i++) {
    const l = at(i)!;
    const t = l.text.trim();
    if (l.kind === 'blank') continue;
    if (l.kind === 'meta') {
      close();
      meta = { text: t, line: l.line };
      continue;
    }
    if (l.kind === 'heading') {
      close();
      pend(t, i);
      continue;
    }

    // Markdown table: a header over a separator line, lines starting with a pipe, or keyed pipe lines.
    const next = at(i + 1);
    const firstCell = splitCells(t)[0] ?? '';
    const mdStart =
      t.includes('|') &&
      l.kind !== 'separator' &&
      (next?.kind === 'separator' ||
        t.startsWith('|') ||
        (l.kind === 'pipe' && readRowKey(firstCell) !== null && next?.kind === 'pipe'));
    if (mdStart) {
      const header = splitCells(t);
      const body: SectionBody = { kind: 'markdown', header, headerLine: l.line, rows: [], headerless: false };
      let j = i + 1;
      if (next?.kind === 'separator') j++;
      else if (readRowKey(firstCell.replace(/^(\*\*|__)(.*)\1$/, '$2')) !== null) {
        // No header at all: the first line is already a row.
        body.headerless = true;
        body.rows.push({ cells: header, line: l.line, joined: [] });
        body.header = header.map(() => '');
      }
      while (
        j < lines.length &&
        lines[j]!.kind !== 'blank' &&
        lines[j]!.kind !== 'meta' &&
        lines[j]!.text.includes('|')
      ) {
        if (lines[j]!.kind !== 'separator')
          body.rows.push({ cells: splitCells(lines[j]!.text), line: lines[j]!.line, joined: [] });
        j++;
      }
      open(body);
      close();
      i = j - 1;
      continue;
    }

    // CSV or TSV: only when the first cell is a die or roll header and a keyed row follows.
    if (l.kind === 'csv') {
      const sep = csvSeparator(t)!;
      const head = readCsvRecord(raw, i, sep);
      let j = head.next;
      while (j < raw.length && raw[j]!.trim() === '') j++;
      const firstRow = j < raw.length ? readCsvRecord(raw, j, sep) : null;
      if (firstRow && readRowKey(firstRow.cells[0] ?? '') && firstRow.cells.length >= 2) {
        const body: SectionBody = {
          kind: 'csv',
          header: head.cells,
          headerLine: l.line,
          rows: [],
          separator: sep,
          headerless: false,
        };
        while (j < raw.length && raw[j]!.trim() !== '') {
          const rec = readCsvRecord(raw, j, sep);
          if (rec.cells.length < 2 && !readRowKey(rec.cells[0] ?? '')) break;
          const from = j;
          const joined = Array.from({ length: rec.next - from - 1 }, (_, k) => ({
            line: lines[from + k + 1]!.line,
            why: 'a quoted cell runs over this line',
          }));
          body.rows.push({ cells: rec.cells, line: lines[from]!.line, joined });
          j = rec.next;
        }
        open(body);
        close();
        i = j - 1;
        continue;
      }
    }

    // Tab-separated rows without a header (a spreadsheet copy): the first cell is a key.
    if (t.includes('\t') && readRowKey(t.split('\t')[0] ?? '') && !current()) {
      const body: SectionBody = {
        kind: 'csv',
        header: [],
        headerLine: l.line,
        rows: [],
        separator: '\t',
        headerless: true,
      };
      let j = i;
      while (j < raw.length && raw[j]!.includes('\t') && readRowKey(raw[j]!.split('\t')[0] ?? '')) {
        body.rows.push({ cells: raw[j]!.split('\t').map((c) => c.trim()), line: lines[j]!.line, joined: [] });
        j++;
      }
      body.header = (body.rows[0]?.cells ?? []).map(() => '');
      open(body);
      close();
      i = j - 1;
      continue;
    }

    const section = current();
    const body: LinesBody | null = section?.body.kind === 'lines' ? section.body : null;
    let cand = l.kind === 'row' ? rowCandidate(t) : null;
    if (cand) {
      cand = reading(cand, body, i);
      if (body && body.rows.length) {
        // Numbers starting again where this table started, and running on: a second table with no title.
        if (restarts(body, cand, i)) {
          const first = body.rows[0]!;
          close();
          const fresh: LinesBody = { kind: 'lines', rows: [], bad: [] };
          open(fresh, [
            {
              line: l.line,
              message: `line ${l.line} numbers the rows from ${first.keyText} again: read as another table, which has no title line`,
            },
          ]);
          push(fresh, cand, l);
          continue;
        }
        const why = continuation(body, cand, i);
        if (why) {
          join(body, t, l.line, why);
          continue;
        }
      }
      let target = body;
      if (!target) {
        const fresh: LinesBody = { kind: 'lines', rows: [], bad: [] };
        open(fresh);
        target = fresh;
      }
      push(target, cand, l);
      continue;
    }

    // A text line after numbered lines: page furniture, the next table's title, prose after the table, or a wrapped line.
    if (body && body.rows.length) {
      const j = nextFilled(i);
      const after = at(j);
      const afterRow = after?.kind === 'row' ? rowCandidate(after.text) : null;
      const last = body.rows[body.rows.length - 1]!;
      const lastTo = last.key.to ?? Infinity;
      const furnitureWhy = pageFurniture(section!, i);
      if (furnitureWhy) {
        furniture.push({ text: t, line: l.line, why: furnitureWhy });
        continue;
      }
      const restartsNext = afterRow !== null && (afterRow.key.from ?? -Infinity) <= lastTo;
      const opensTable =
        after !== undefined &&
        (after.kind === 'pipe' || after.kind === 'csv' || after.kind === 'heading' || after.kind === 'meta');
      if ((restartsNext || opensTable) && titleLike(t)) {
        close();
        pend(t, i);
        continue;
      }
      const continues = afterRow !== null && afterRow.key.from === lastTo + 1;
      // A paragraph under the last entry that sends the reader on ("Go to the section below …"),
      // or that follows entries written as paragraphs, belongs to that entry.
      const underEntry =
        !titleLike(t) &&
        endsSentence(t) &&
        (paragraphed.has(body) || findLinks(t).some((k) => k.kind === 'section' || k.kind === 'roll-on'));
      if (blankBefore(i) && !continues && !underEntry) {
        close();
        pend(t, i);
        continue;
      }
      // "two = Bat" among "1 = Rat" lines is a row whose key is not a number, not a wrapped line.
      const sep = body.rows[0]!.separator;
      const word =
        /^([^\s(]+(?:\s[^\s(]+)?)\s*([=)\]])\s+\S/.exec(t) ??
        (sep ? new RegExp(`^(${NUMBER_WORDS})\\s*([${sep.replace(/[\]\\^-]/g, '\\$&')}])\\s*\\S`, 'i').exec(t) : null);
      if (word && (word[2] === sep || NUMBER_WORD.test(word[1]!))) {
        body.bad.push({ text: t, line: l.line });
        continue;
      }
      join(body, t, l.line, blankBefore(i) ? 'a paragraph under this entry' : 'a wrapped line');
      continue;
    }
    close();
    pend(t, i);
  }
  close();
  leftOut.push(...pending);
  return { sections, leftOut, furniture };

  function push(body: LinesBody, cand: RowCandidate, l: Classified): void {
    const notes = [...l.notes];
    if (cand.isAlt) readAcross.add(body);
    const h = held.get(body) ?? { values: new Set<number>(), wide: [] };
    held.set(body, h);
    const { from, to } = cand.key;
    if (from !== null && to !== null && to - from <= 1000) for (let v = from; v <= to; v++) h.values.add(v);
    else h.wide.push({ from: from ?? -Infinity, to: to ?? Infinity });
    if (cand.share)
      notes.push(`the share “${cand.share}” after the key is left out of the text: the range gives the chance`);
    body.rows.push({
      key: { ...cand.key },
      keyText: cand.keyText,
      text: cand.text,
      line: l.line,
      joined: [...l.joined],
      explicit: cand.explicit,
      lastLine: l.text.trim(),
      separator: cand.separator,
      notes,
      paragraphs: [],
    });
  }

  function join(body: LinesBody, t: string, line: number, why: string): void {
    const last = body.rows[body.rows.length - 1]!;
    const para = last.paragraphs.length - 1;
    // A paragraph under the entry is its description; a wrapped line carries on what it wraps.
    if (why === 'a paragraph under this entry') {
      last.paragraphs.push(t);
      paragraphed.add(body);
    } else if (para >= 0) last.paragraphs[para] = `${last.paragraphs[para]} ${t}`;
    // A word hyphenated across the wrap is joined whole.
    else if (/\p{L}-$/u.test(last.text) && /^\p{Ll}/u.test(t)) last.text = last.text.slice(0, -1) + t;
    else last.text = `${last.text} ${t}`;
    last.joined.push({ line, why });
    last.lastLine = t;
  }

  /** "1 - 3 orcs": a range, or row 1 of "3 orcs"? The reading whose numbers run on wins. */
  function reading(cand: RowCandidate, body: LinesBody | null, i: number): RowCandidate {
    const alt = cand.alt;
    if (!alt || alt === cand) return cand;
    const last = body?.rows[body.rows.length - 1];
    if (last) {
      const lastTo = last.key.to ?? Infinity;
      if (alt.key.from !== lastTo + 1) return cand;
      // Once a table reads "1 - 3 orcs" as row 1, "2 - 2 ogres" is row 2 too.
      if (cand.key.from !== lastTo + 1 || readAcross.has(body!) || cand.key.from === cand.key.to) return alt;
      return cand;
    }
    const next = at(nextFilled(i));
    const nextCand = next?.kind === 'row' ? rowCandidate(next.text) : null;
    if (
      nextCand?.alt &&
      nextCand.alt.key.from === (alt.key.to ?? 0) + 1 &&
      nextCand.key.from !== (cand.key.to ?? 0) + 1
    )
      return alt;
    return cand;
  }

  function restarts(body: LinesBody, cand: RowCandidate, i: number): boolean {
    const first = body.rows[0]!;
    const last = body.rows[body.rows.length - 1]!;
    if (
      body.rows.length < 2 ||
      cand.key.from === null ||
      cand.key.from !== first.key.from ||
      last.key.to === null ||
      cand.key.from > last.key.to
    )
      return false;
    const next = at(nextFilled(i));
    const nextCand = next?.kind === 'row' ? reading(rowCandidate(next.text)!, null, nextFilled(i)) : null;
    return nextCand !== null && cand.key.to !== null && nextCand.key.from === cand.key.to + 1;
  }

  /** Why a text line between rows is page furniture to leave out, or null. */
  function pageFurniture(section: Section, i: number): string | null {
    const t = lines[i]!.text.trim();
    if (PAGE_NUMBER.test(t)) return 'a page number';
    const body = section.body as LinesBody;
    const last = body.rows[body.rows.length - 1]!;
    // What comes after the furniture must carry on the numbers, or this is not a page break.
    let j = nextFilled(i);
    while (j < lines.length && PAGE_NUMBER.test(lines[j]!.text.trim())) j = nextFilled(j);
    const after = at(j);
    const afterRow = after?.kind === 'row' ? rowCandidate(after.text) : null;
    if (!afterRow || last.key.to === null || afterRow.key.from !== last.key.to + 1) return null;
    const byPageNumber = [prevFilled(i), nextFilled(i)].some(
      (k) => k >= 0 && k < lines.length && PAGE_NUMBER.test(lines[k]!.text.trim()),
    );
    if (byPageNumber) return 'a running header or footer beside a page number';
    const title = section.title ? nameFromTitle(section.title.text).toLowerCase() : null;
    const repeated = nameFromTitle(t.replace(CONTINUED, '')).toLowerCase();
    if (CONTINUED.test(t) || (title && repeated === title)) return 'the table’s title repeated over a page break';
    return null;
  }

  /** Why a numbered line continues the entry above rather than starting a row, or null. */
  function continuation(body: LinesBody, cand: RowCandidate, i: number): string | null {
    const dominantExplicit = body.rows[0]!.explicit;
    const last = body.rows[body.rows.length - 1]!;
    const lastTo = last.key.to;
    if (cand.key.from === null || lastTo === null) return null;
    const fits = cand.key.from === lastTo + 1;
    const bare = !cand.explicit && dominantExplicit;
    const unfinished = !endsSentence(last.lastLine);
    // The next numbered line, to see whether the numbers carry on past this one.
    let nextCand: RowCandidate | null = null;
    for (let j = i + 1; j < lines.length && !nextCand; j++) {
      const k = lines[j]!.kind;
      if (k === 'row') nextCand = rowCandidate(lines[j]!.text);
      else if (k !== 'blank' && k !== 'text') break;
    }
    const resumes = nextCand !== null && nextCand.key.from === lastTo + 1;
    // "4. Thick fog." between "1. Clear skies." and "2. Drizzle.": a PDF's two columns read
    // across — a row written like every other, after a finished entry, on a number no row has.
    if (
      !fits &&
      cand.explicit &&
      dominantExplicit &&
      cand.separator === body.rows[0]!.separator &&
      !unfinished &&
      !holds(body, cand.key.from, cand.key.to ?? cand.key.from)
    )
      return null;
    // "20 gold pieces" after "A purse holding": a lone number, lower-case words, a sentence left open.
    const prose =
      !cand.explicit &&
      cand.key.from === cand.key.to &&
      (/^\p{Ll}/u.test(cand.text) ||
        /(?:,|\b(?:and|or|of|the|a|an|with|holding|to|for|in|on|by|from|at))$/i.test(last.lastLine.trim()));
    if (!fits && (bare || (unfinished && prose) || resumes)) {
      return `it starts with “${cand.keyText}” but does not carry on the numbers (${lastTo} came before${resumes ? `, ${lastTo + 1} comes next` : ''})`;
    }
    if (fits && bare && nextCand?.explicit && nextCand.key.from === cand.key.from)
      return `it starts with “${cand.keyText}” but the next line is the row keyed ${cand.keyText}`;
    return null;
  }

  /** Once a numbered section is whole: a Markdown list numbered "1." throughout, and rows out of order, said. */
  function settleLines(section: Section): void {
    const body = section.body as LinesBody;
    const rows = body.rows;
    if (rows.length >= 2 && rows.every((r) => r.key.from === 1 && r.key.to === 1 && r.separator === '.')) {
      rows.forEach((r, n) => {
        r.key = { from: n + 1, to: n + 1, zero: false };
        r.keyText = String(n + 1);
      });
      section.notes.push({
        line: rows[0]!.line,
        message: `every row is numbered “1.”, as Markdown lists are often written: read as 1-${rows.length}, the numbers such a list shows`,
      });
      return;
    }
    if (readAcross.has(body)) {
      const r = rows[0]!;
      section.notes.push({
        line: r.line,
        message: `“${r.keyText} - ${short(r.text, 20)}” is read as row ${r.keyText}, “${short(r.text, 20)}”, not as the range ${r.keyText}-${r.text.split(' ')[0]}: the keys run on one by one, so the number after each dash belongs to the entry`,
      });
    }
    const order = rows.map((r) => r.key.from ?? -Infinity);
    if (order.some((v, n) => n > 0 && v < order[n - 1]!)) {
      section.notes.push({
        line: rows[0]!.line,
        message: `the rows come out of order (${order.slice(0, 6).join(', ')}${order.length > 6 ? ' …' : ''}): each is kept with its own number — check the page's columns were read in the right order`,
      });
    }
  }
}

const short = (t: string, n = 40) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);
