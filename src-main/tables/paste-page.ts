// Reading a pasted page into sections: each titled table (a Markdown table with or without
// outer pipes, CSV/TSV whose first cell is the die, or numbered lines) with its title line,
// caption lines and rows, each row with the source lines it came from. Wrapped lines are
// joined to the entry they continue; page furniture (page numbers, running headers, a title
// repeated over a page break) is dropped and said; lines that belong to no table are kept as notes.
import { readRowKey } from '@shared/row-key.ts';
import { splitCells } from './markdown-cells.ts';
import { findLinks } from './table-links.ts';
import type { PasteLine } from './paste-markup.ts';
import { forgetRowCandidates, NUMBER_WORDS, NUMBER_WORD, rowCandidate } from './paste-rows.ts';
import { endsSentence, titleLike, titleScore } from './paste-titles.ts';
import { classify, csvSeparator, META, readCsvRecord, type Classified } from './paste-classify.ts';
import { keysOnTheirOwn, sideBySide } from './paste-layouts.ts';
import { numberedRows } from './paste-numbered.ts';
import type { LinesBody, Page, Section, SectionBody, SourceLine } from './paste-sections.ts';

/** Reads a page of pasted text (or lines already read out of markup) into its table sections. */
export function readPage(input: string | readonly PasteLine[]): Page {
  forgetRowCandidates();
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
  const { push, join, reading, restarts, pageFurniture, continuation, settleLines, paragraphed, nextFilled } =
    numberedRows(lines);
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
}
