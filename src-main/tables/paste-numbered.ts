// The numbered rows of a page's sections as they are read: each row pushed with the values its
// key holds, wrapped lines and paragraphs joined to their entry, "1 - 3 orcs" read the way the
// keys run on, a numbering that starts again read as a new table, page furniture between rows
// told apart, and a finished section's numbering said when it is unusual.
import { rowCandidate, type RowCandidate } from './paste-rows.ts';
import { endsSentence, nameFromTitle, CONTINUED, PAGE_NUMBER } from './paste-titles.ts';
import type { Classified } from './paste-classify.ts';
import type { LinesBody, Section } from './paste-sections.ts';
import { spreadClosingLink } from './paste-closing.ts';

/** The reading of numbered rows over a page's classified lines. */
export function numberedRows(lines: readonly Classified[]) {
  const at = (i: number): Classified | undefined => lines[i];
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
    spreadClosingLink(section);
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

  return { push, join, reading, restarts, pageFurniture, continuation, settleLines, paragraphed, nextFilled };
}

const short = (t: string, n = 40) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);
