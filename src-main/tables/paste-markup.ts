// Pastes copied from web pages and forums: HTML tables, lists and headings, BBCode tables and
// lists, Markdown quotes and Obsidian callouts, Roman-numbered lines. Each becomes the plain
// lines the page reader knows (pipe rows, numbered lines, headings), every line still carrying
// the source line it came from, so a row of an HTML table names the line the Judge pasted.

export interface PasteLine {
  text: string;
  /** The line of the pasted text this came from (1-based). */
  line: number;
  /** Other source lines folded into this one, with why (shown on the row). */
  joined?: { line: number; why: string }[];
  /** How this line was read, shown on the row it becomes. */
  notes?: string[];
}

export interface Unmarked {
  lines: PasteLine[];
  /** The markup the text was written in, when it was read out of tags. */
  markup: 'html' | 'bbcode' | null;
  /** How the text was read, for the preview's notes. */
  notes: { line: number | null; message: string }[];
}

// Structural tags only: a cell holding "<b>" or "<br>" is text, not a web page.
const HTML_TAG = /<\/?(?:table|thead|tbody|tr|td|th|ol|ul|li|p|h[1-6]|div)\b[^>]*>/gi;
const BB_TAG = /\[\/?(?:table|tr|td|th|list|\*|b|i|u|s|size|color|font|url|quote|center|h[1-6])(?:=[^\]\n]*)?\]/gi;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  '#39': "'",
  mdash: '—',
  ndash: '–',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  times: '×',
};

/** HTML character references as text (named ones this app meets, and every numeric one). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (all, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

/** Line numbers by character offset, found once for the whole text. */
export function lineFinder(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

interface Cell {
  text: string;
  header: boolean;
}

/** Reads tags (HTML or BBCode, the same shapes) into lines: tables as pipe rows, list items numbered or bulleted. */
function readTags(text: string, kind: 'html' | 'bbcode'): PasteLine[] {
  const lineAt = lineFinder(text);
  const out: PasteLine[] = [];
  const token =
    kind === 'html'
      ? /<(\/?)([a-z][a-z0-9]*)\b[^>]*>|([^<]+|<)/gi
      : /\[(\/?)([a-z*][a-z0-9]*)(?:=[^\]\n]*)?\]|([^[]+|\[)/gi;
  let cur = '';
  let curLine = 0;
  let prefix = '';
  const lists: { ordered: boolean; n: number }[] = [];
  let table: { rows: { cells: Cell[]; line: number }[]; head: boolean } | null = null;
  let row: { cells: Cell[]; line: number } | null = null;
  let cell: Cell | null = null;
  const flush = () => {
    const t = cur.replace(/[ \t\u00a0]+/g, ' ').trim();
    if (t && t !== '**' && t !== '****') out.push({ text: prefix + t, line: curLine });
    cur = '';
    prefix = '';
  };
  const append = (s: string, at: number) => {
    if (!cur.trim()) curLine = lineAt(at);
    cur += s;
  };
  const endTable = () => {
    if (!table) return;
    table.rows.forEach((r, i) => {
      out.push({ text: `| ${r.cells.map((c) => c.text.replace(/\|/g, '\\|')).join(' | ')} |`, line: r.line });
      // The first row of header cells is the table's header, as a Markdown table writes it.
      if (i === 0 && (table!.head || r.cells.every((c) => c.header)))
        out.push({ text: `|${r.cells.map(() => '---').join('|')}|`, line: r.line });
    });
    table = null;
  };
  for (const m of text.matchAll(token)) {
    const at = m.index;
    const closing = m[1] === '/';
    const tag = (m[2] ?? '').toLowerCase();
    const body = m[3];
    if (body !== undefined) {
      const words = kind === 'html' ? decodeEntities(body) : body;
      if (cell) {
        cell.text = `${cell.text} ${words.replace(/\s+/g, ' ')}`.trim();
        continue;
      }
      // Outside a table a line break in the text is a line break: pastes mix tags and plain lines.
      const parts = words.split('\n');
      parts.forEach((p, i) => {
        if (i > 0) flush();
        if (p.trim()) append(p, at + parts.slice(0, i).join('\n').length + (i > 0 ? 1 : 0));
      });
      continue;
    }
    if (tag === 'b' || tag === 'strong') {
      if (cell) cell.text += '**';
      else append('**', at);
      continue;
    }
    if (/^h[1-6]$/.test(tag)) {
      flush();
      if (!closing) prefix = '### ';
      continue;
    }
    if (tag === 'table') {
      flush();
      if (closing) endTable();
      else table = { rows: [], head: false };
      continue;
    }
    if (tag === 'thead' && !closing && table) table.head = true;
    if (tag === 'tr') {
      if (!closing && table) row = { cells: [], line: lineAt(at) };
      else if (closing && table && row) {
        if (row.cells.length) table.rows.push(row);
        row = null;
      }
      continue;
    }
    if (tag === 'td' || tag === 'th') {
      if (!closing && row) cell = { text: '', header: tag === 'th' };
      else if (closing && row && cell) {
        row.cells.push({ ...cell, text: cell.text.replace(/\*\*\s*\*\*/g, '').trim() });
        cell = null;
      }
      continue;
    }
    if (tag === 'ol' || tag === 'ul' || tag === 'list') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol' || (tag === 'list' && /^\[list=/i.test(m[0])), n: 0 });
      continue;
    }
    if (tag === 'li' || tag === '*') {
      flush();
      if (closing) continue;
      const list = lists[lists.length - 1];
      if (list) prefix = list.ordered ? `${++list.n}. ` : '- ';
      curLine = lineAt(at);
      continue;
    }
    // Paragraphs, breaks and blocks end a line; anything else (spans, colours, links) is dropped.
    if (/^(?:p|div|br|caption|quote|center)$/.test(tag)) flush();
  }
  flush();
  endTable();
  return out.sort((a, b) => a.line - b.line);
}

const ROMAN: Record<string, number> = {
  i: 1,
  ii: 2,
  iii: 3,
  iv: 4,
  v: 5,
  vi: 6,
  vii: 7,
  viii: 8,
  ix: 9,
  x: 10,
  xi: 11,
  xii: 12,
  xiii: 13,
  xiv: 14,
  xv: 15,
  xvi: 16,
  xvii: 17,
  xviii: 18,
  xix: 19,
  xx: 20,
};
const ROMAN_LINE = /^(\s*)([ivx]{1,5})([.):])(\s+\S.*)$/i;

/** Lines numbered I., II., III. … (three or more, counting up by one) read with their numbers. */
function romanNumbers(lines: PasteLine[], notes: Unmarked['notes']): PasteLine[] {
  const hits = lines.map((l) => {
    const m = ROMAN_LINE.exec(l.text);
    const n = m ? ROMAN[m[2]!.toLowerCase()] : undefined;
    return n === undefined ? null : { n, m: m! };
  });
  const found = hits.filter((h) => h !== null);
  if (found.length < 3 || !found.every((h, i) => i === 0 || h.n === found[i - 1]!.n + 1)) return lines;
  const first = lines[hits.findIndex((h) => h !== null)]!;
  notes.push({
    line: first.line,
    message: `the rows are numbered in Roman numerals (${found[0]!.m[2]}, ${found[1]!.m[2]} …): read as ${found[0]!.n}, ${found[1]!.n} …`,
  });
  return lines.map((l, i) => {
    const h = hits[i];
    return h ? { ...l, text: `${h.m[1]}${h.n}${h.m[3]}${h.m[4]}` } : l;
  });
}

/** A Markdown quote or Obsidian callout ("> [!example] Title", "> | d4 | … |"): its lines without the marks. */
function unquote(lines: PasteLine[], notes: Unmarked['notes']): PasteLine[] {
  const quoted = lines.filter((l) => /^\s*>/.test(l.text));
  if (quoted.length < 2) return lines;
  notes.push({
    line: quoted[0]!.line,
    message: 'the table is inside a quote (lines starting with “>”): read without the quote marks',
  });
  return lines.map((l) => {
    if (!/^\s*>/.test(l.text)) return l;
    const text = l.text.replace(/^\s*(?:>\s?)+/, '').replace(/^\[!\w+\][+-]?\s*/, '');
    return { ...l, text };
  });
}

/** The text as lines the page reader knows, with any markup read out of it. */
export function unmark(text: string, exported = false): Unmarked {
  const notes: Unmarked['notes'] = [];
  // A table this app exported is read exactly as written: its cells may hold any text.
  if (exported) return { lines: text.split('\n').map((t, i) => ({ text: t, line: i + 1 })), markup: null, notes };
  const html = text.match(HTML_TAG)?.length ?? 0;
  const bb = text.match(BB_TAG)?.length ?? 0;
  let lines: PasteLine[];
  let markup: Unmarked['markup'] = null;
  if (html >= 2 && /<\/[a-z]/i.test(text)) {
    markup = 'html';
    lines = readTags(text, 'html');
    notes.push({
      line: 1,
      message: 'the text is HTML: its tables, lists and headings were read from the tags, which are not kept',
    });
  } else if (bb >= 2 && /\[\/[a-z]/i.test(text)) {
    markup = 'bbcode';
    lines = readTags(text, 'bbcode');
    notes.push({
      line: 1,
      message: 'the text is forum BBCode: its tables, lists and bold marks were read from the tags, which are not kept',
    });
  } else {
    lines = text.split('\n').map((t, i) => ({ text: t, line: i + 1 }));
  }
  lines = unquote(lines, notes);
  lines = romanNumbers(lines, notes);
  return { lines, markup, notes };
}

/**
 * Pasted text as a reader sees it: soft hyphens and zero-width marks (invisible, but they break
 * words apart) taken out, ligatures such as "ﬁ" spelled out, odd spaces made plain spaces.
 * Only for pasted text: a table this app exported is read exactly as written.
 */
export function cleanPasted(text: string): string {
  return text
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\ufb00-\ufb06]/g, (c) => c.normalize('NFKC'))
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ');
}
