// Reading a pasted page into sections: each titled table (a Markdown table with or without
// outer pipes, CSV/TSV whose first cell is the die, or numbered lines) with its title line,
// caption lines and rows, each row with the source lines it came from. Wrapped lines are
// joined to the entry they continue; lines that belong to no table are kept as notes.
import { readRowKey, DASH_CHARS, type KeyRead } from '@shared/row-key.ts';
import { parseDice } from '../rules/dice-expression.ts';
import { splitCells } from './markdown-cells.ts';

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
}

export interface Page {
  sections: Section[];
  /** Lines that belong to no table (prose, a trailing caption). */
  leftOut: SourceLine[];
}

export const META = /^<!--\s*lichslayer-table\s+(\{.*\})\s*-->$/;
const HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
const BOLD = /^(\*\*|__)(.+?)\1\s*[:.]?$/;
const MD_SEPARATOR = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/;
const KEY_PART = `(?:\\d{1,6}(?:\\s*[${DASH_CHARS}]+\\s*\\d{1,6}|\\s+(?:to|through|thru)\\s+\\d{1,6}|\\s*\\+|\\s+or\\s+(?:more|higher|above|greater|less|lower|below|fewer)|\\s+and\\s+(?:up|above|over|higher|below|under|lower))?|(?:≤|<=|⩽|≥|>=|⩾|up\\s+to)\\s*\\d{1,6})`;
const ROW = new RegExp(`^(?:[*•·]\\s+)?(?:\\*\\*)?\\(?(${KEY_PART})\\)?(?:\\*\\*)?(?:(\\s*(?:[=:.)\\],]|[${DASH_CHARS}](?=\\s))(?:\\*\\*)?\\s*)|(\\s+))(\\S.*)$`, 'i');
export const ROLL_HEADER = /^(roll|rolls|result|#|die|dice|d%|n|no\.?|value|range|number|score|total)$/i;
const ROLL_AFTER_DASH = new RegExp(`\\s?[${DASH_CHARS}:]\\s*roll\\b`, 'i');
const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty';
const NUMBER_WORD = new RegExp(`^(?:${NUMBER_WORDS})$`, 'i');
const DIE_TOKEN = /(?:^|[^\w])(\d{0,3}d(?:\d{1,5}|%))(?![\w])/i;

export interface RowCandidate {
  key: KeyRead;
  keyText: string;
  text: string;
  /** "=", ":", "." … or a bare space, which a wrapped line starting with a number also has. */
  explicit: boolean;
  separator: string;
}

export function rowCandidate(text: string): RowCandidate | null {
  const m = ROW.exec(text.trim());
  if (!m) return null;
  const key = readRowKey(m[1]!);
  // "1-2 | Crows" is a Markdown row without outer pipes, not a numbered line.
  if (!key || m[4]!.startsWith('|')) return null;
  return { key, keyText: m[1]!.trim(), text: m[4]!.trim(), explicit: m[2] !== undefined, separator: (m[2] ?? '').trim() };
}

/** A die named in a title or caption ("(d4)", "Roll a d8", "d12 Weather"), when it parses. */
export function dieIn(text: string): string | null {
  const m = DIE_TOKEN.exec(text);
  if (!m) return null;
  const die = m[1]!.toLowerCase().replace(/^1d/, 'd').replace('d%', 'd100');
  try {
    parseDice(die);
    return die;
  } catch {
    return null;
  }
}

/** A header cell that names the die ("d6", "2d6", "1d100", "d%"), or "roll"/"weight" for the others. */
export function dieHeader(cell: string): string | 'roll' | 'weight' | null {
  const c = cell
    .trim()
    .replace(/^\*\*(.*)\*\*$/, '$1')
    .replace(/^(?:roll|result)\s+/i, '')
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
function readCsvRecord(lines: string[], start: number, sep: string): { cells: string[]; next: number } {
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
  if (ROLL_AFTER_DASH.test(s) || /\(\s*\d*d\d+\s*\)/i.test(s)) return true;
  return !/[.!?,;]$/.test(s);
}

function titleScore(l: SourceLine): number {
  const s = l.text.trim();
  let score = 0;
  if (HEADING.test(s) || BOLD.test(s)) score += 4;
  if (ROLL_AFTER_DASH.test(s) || /\(\s*\d*d\d+\s*\)/i.test(s) || /^\d*d\d+\s+\S/i.test(s)) score += 2;
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
  s = s.replace(/^\d*d(?:\d+|%)\s*[:.\u2013\u2014-]?\s+/i, '');
  s = s.replace(/[:.]\s*$/, '').replace(/\s+/g, ' ').trim();
  return s;
}

type Kind = 'blank' | 'meta' | 'heading' | 'text' | 'row' | 'pipe' | 'separator' | 'csv';

interface Classified {
  text: string;
  line: number;
  kind: Kind;
}

function classify(raw: string, line: number): Classified {
  const t = raw.trim();
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
  return { text: raw, line, kind };
}

type LinesBody = Extract<SectionBody, { kind: 'lines' }>;

/** Reads a page of pasted text into its table sections. */
export function readPage(text: string): Page {
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  const lines = raw.map((r, i) => classify(r, i + 1));
  const sections: Section[] = [];
  const leftOut: SourceLine[] = [];
  let pending: SourceLine[] = [];
  let meta: SourceLine | null = null;
  let cur: Section | null = null;
  const current = (): Section | null => cur;
  const at = (i: number): Classified | undefined => lines[i];
  const blankBefore = (line: number) => line <= 1 || lines[line - 2]!.kind === 'blank';

  const close = () => {
    if (cur) sections.push(cur);
    cur = null;
  };
  /** Opens a section: the best title among the pending lines, the lines after it its captions. */
  const open = (body: SectionBody): void => {
    close();
    let title: SourceLine | null = null;
    const candidates = pending.filter((p) => titleLike(p.text));
    if (candidates.length) {
      const best = Math.max(...candidates.map(titleScore));
      if (best > 0) title = candidates.filter((c) => titleScore(c) === best).pop()!;
      else {
        // Without marks, the first line of the last paragraph names the table.
        const starts = pending.filter((p, n) => n === 0 || blankBefore(p.line));
        const start = starts[starts.length - 1]!;
        title = titleLike(start.text) ? start : candidates[candidates.length - 1]!;
      }
    }
    const ti = title ? pending.indexOf(title) : 0;
    leftOut.push(...pending.slice(0, ti));
    cur = { title, captions: pending.slice(title ? ti + 1 : 0), meta, body };
    pending = [];
    meta = null;
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
      pending.push({ text: t, line: l.line });
      continue;
    }

    // Markdown table: a header over a separator line, lines starting with a pipe, or keyed pipe lines.
    const next = at(i + 1);
    const firstCell = splitCells(t)[0] ?? '';
    const mdStart =
      t.includes('|') &&
      l.kind !== 'separator' &&
      (next?.kind === 'separator' || t.startsWith('|') || (l.kind === 'pipe' && readRowKey(firstCell) !== null && next?.kind === 'pipe'));
    if (mdStart) {
      const header = splitCells(t);
      const body: SectionBody = { kind: 'markdown', header, headerLine: l.line, rows: [], headerless: false };
      let j = i + 1;
      if (next?.kind === 'separator') j++;
      else if (readRowKey(firstCell) !== null) {
        // No header at all: the first line is already a row.
        body.headerless = true;
        body.rows.push({ cells: header, line: l.line, joined: [] });
        body.header = header.map(() => '');
      }
      while (j < lines.length && lines[j]!.kind !== 'blank' && lines[j]!.kind !== 'meta' && lines[j]!.text.includes('|')) {
        if (lines[j]!.kind !== 'separator') body.rows.push({ cells: splitCells(lines[j]!.text), line: lines[j]!.line, joined: [] });
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
        const body: SectionBody = { kind: 'csv', header: head.cells, headerLine: l.line, rows: [], separator: sep, headerless: false };
        while (j < raw.length && raw[j]!.trim() !== '') {
          const rec = readCsvRecord(raw, j, sep);
          if (rec.cells.length < 2 && !readRowKey(rec.cells[0] ?? '')) break;
          const from = j;
          const joined = Array.from({ length: rec.next - from - 1 }, (_, k) => ({ line: from + k + 2, why: 'a quoted cell runs over this line' }));
          body.rows.push({ cells: rec.cells, line: from + 1, joined });
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
      const body: SectionBody = { kind: 'csv', header: [], headerLine: l.line, rows: [], separator: '\t', headerless: true };
      let j = i;
      while (j < raw.length && raw[j]!.includes('\t') && readRowKey(raw[j]!.split('\t')[0] ?? '')) {
        body.rows.push({ cells: raw[j]!.split('\t').map((c) => c.trim()), line: j + 1, joined: [] });
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
    const cand = l.kind === 'row' ? rowCandidate(t) : null;
    if (cand) {
      if (body && body.rows.length) {
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
      target.rows.push({ key: cand.key, keyText: cand.keyText, text: cand.text, line: l.line, joined: [], explicit: cand.explicit, lastLine: t, separator: cand.separator });
      continue;
    }

    // A text line after numbered lines: the next table's title, prose after the table, or a wrapped line.
    if (body && body.rows.length) {
      let j = i + 1;
      while (j < lines.length && lines[j]!.kind === 'blank') j++;
      const after = at(j);
      const afterRow = after?.kind === 'row' ? rowCandidate(after.text) : null;
      const last = body.rows[body.rows.length - 1]!;
      const lastTo = last.key.to ?? Infinity;
      const restarts = afterRow !== null && (afterRow.key.from ?? -Infinity) <= lastTo;
      const opensTable = after !== undefined && (after.kind === 'pipe' || after.kind === 'csv' || after.kind === 'heading' || after.kind === 'meta');
      if ((restarts || opensTable) && titleLike(t)) {
        close();
        pending.push({ text: t, line: l.line });
        continue;
      }
      const continues = afterRow !== null && afterRow.key.from === lastTo + 1;
      if (blankBefore(l.line) && !continues) {
        close();
        pending.push({ text: t, line: l.line });
        continue;
      }
      // "two = Bat" among "1 = Rat" lines is a row whose key is not a number, not a wrapped line.
      const sep = body.rows[0]!.separator;
      const word = /^([^\s(]+(?:\s[^\s(]+)?)\s*([=)\]])\s+\S/.exec(t) ?? (sep ? new RegExp(`^(${NUMBER_WORDS})\\s*([${sep.replace(/[\]\\^-]/g, '\\$&')}])\\s*\\S`, 'i').exec(t) : null);
      if (word && (word[2] === sep || NUMBER_WORD.test(word[1]!))) {
        body.bad.push({ text: t, line: l.line });
        continue;
      }
      join(body, t, l.line, blankBefore(l.line) ? 'a paragraph under this entry' : 'a wrapped line');
      continue;
    }
    close();
    pending.push({ text: t, line: l.line });
  }
  close();
  leftOut.push(...pending);
  return { sections, leftOut };

  function join(body: LinesBody, t: string, line: number, why: string): void {
    const last = body.rows[body.rows.length - 1]!;
    // A word hyphenated across the wrap is joined whole.
    if (/\p{L}-$/u.test(last.text) && /^\p{Ll}/u.test(t)) last.text = last.text.slice(0, -1) + t;
    else last.text = `${last.text} ${t}`;
    last.joined.push({ line, why });
    last.lastLine = t;
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
    // "20 gold pieces" after "A purse holding": a lone number, lower-case words, a sentence left open.
    const prose = !cand.explicit && cand.key.from === cand.key.to && (/^\p{Ll}/u.test(cand.text) || /(?:,|\b(?:and|or|of|the|a|an|with|holding|to|for|in|on|by|from|at))$/i.test(last.lastLine.trim()));
    if (!fits && (bare || (unfinished && prose) || resumes)) {
      return `it starts with “${cand.keyText}” but does not carry on the numbers (${lastTo} came before${resumes ? `, ${lastTo + 1} comes next` : ''})`;
    }
    if (fits && bare && nextCand?.explicit && nextCand.key.from === cand.key.from) return `it starts with “${cand.keyText}” but the next line is the row keyed ${cand.keyText}`;
    return null;
  }
}
