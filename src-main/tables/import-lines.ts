// Numbered lines, plain lists and lines with weights, read into drafts: "1 = Rat", "2-3: Bats",
// a list of names rolled one face each, "Goblins x3".
import { readRowKey } from '@shared/row-key.ts';
import { readPastedCell, splitCells } from './markdown-cells.ts';
import { cleanPasted, type PasteLine } from './paste-markup.ts';
import { halfWidth } from './paste-rows.ts';
import { dieHeader, dieIn } from './paste-dice.ts';
import { nameFromTitle, titleLike } from './paste-titles.ts';
import { MD_SEPARATOR } from './paste-classify.ts';
import type { Section } from './paste-sections.ts';
import { applyTitle, emptyDraft, keyCell, short, splitLong, type Draft } from './import-draft.ts';

/** Splits "Label — details" and "Label: details" the way books print entries. */
function splitEntry(text: string): { label: string; details: string } {
  const m = /^(.+?)(?:\s+[—–-]\s+|:\s+)([\s\S]+)$/.exec(text);
  if (m && m[1]!.trim().length >= 2 && !/\b(?:go|turn|roll|see)\b[^.]*$/i.test(m[1]!))
    return { label: m[1]!.trim(), details: m[2]!.trim() };
  return { label: text.trim(), details: '' };
}

export function linesDraft(section: Section, body: Extract<Section['body'], { kind: 'lines' }>): Draft {
  const draft = emptyDraft('lines', body.rows[0]?.line ?? 1);
  applyTitle(draft, section);
  for (const b of body.bad)
    draft.problems.push({
      line: b.line,
      message: `“${short(b.text)}” does not start with a roll value: write its number first (“2 = …”, “2. …”, “2-3: …”), or delete the line`,
    });
  for (const r of body.rows) {
    const notes = [...r.notes, ...r.joined.map((j) => `line ${j.line} joined: ${j.why}`)];
    const entry = splitEntry(cleanPasted(r.text));
    const below = r.paragraphs.map(cleanPasted).join('\n\n');
    const split = splitLong(entry.label, [entry.details, below].filter((x) => x).join('\n\n'));
    if (split.note) notes.push(split.note);
    draft.rows.push({
      key: r.key,
      weight: null,
      label: split.label,
      details: split.details,
      fields: {},
      typed: {},
      line: r.line,
      notes,
    });
  }
  return draft;
}

const BULLET = /^\s*(?:[-*•·+–—]|\d{1,4}[.)]|\(\d{1,4}\)|[a-z][.)])\s+/i;
const NUMBERED = /^\s*(?:[-*•·+]\s+)?(?:\*\*)?[([]?(\d{1,4})[)\]]?\\?[.):]?(?:\*\*)?\s+/;

/** A plain list: every line one entry of a uniform table. */
export function listDraft(source: readonly PasteLine[]): Draft {
  const lines = source.map((l) => ({ t: cleanPasted(l.text.trim()), line: l.line })).filter((l) => l.t);
  const draft = emptyDraft('list', lines[0]?.line ?? 1);
  // A Markdown table without a die column: the lines above its header name it, its first cell is each entry.
  const separator = lines.findIndex((l) => MD_SEPARATOR.test(l.t) && l.t.includes('|'));
  const grid = separator >= 1;
  const titled = (l: (typeof lines)[number] | undefined) =>
    !!l &&
    (/^#{1,6}\s|^\*\*.*\*\*:?$|^__.*__:?$/.test(l.t) || ((/:$/.test(l.t) || dieIn(l.t) !== null) && !BULLET.test(l.t)));
  let title: (typeof lines)[number] | undefined;
  let entries = lines;
  // A grid whose first column holds roll values ("d4", "Roll", or 1, 2, 3 … in every row): as a list, each row is one face, and that column goes.
  let keyColumn = false;
  if (grid) {
    title = lines.slice(0, separator - 1).pop();
    entries = lines.slice(separator + 1).filter((l) => l.t.includes('|'));
    const header = splitCells(lines[separator - 1]!.t).map(readPastedCell);
    const firsts = entries.map((l) => splitCells(l.t).map(readPastedCell));
    keyColumn =
      header.length >= 2 &&
      (dieHeader(header[0] ?? '') !== null ||
        (firsts.length > 0 && firsts.every((c) => c.length >= 2 && readRowKey(keyCell(c[0] ?? '').text) !== null)));
    if (keyColumn)
      draft.notes.push({
        line: lines[separator - 1]!.line,
        message: `the first column (“${short(header[0] ?? '', 20)}”) holds roll values: as a plain list each row is one face, so that column is left out`,
      });
  } else if (lines.length > 2 && titled(lines[0])) {
    title = lines[0];
    entries = lines.slice(1);
  }
  // Keys standing on lines of their own (a PDF's key column): the numbers 1, 2, 3 … go, the texts under them are the entries.
  const keyOnly = /^[([]?(\d{1,4})[)\].:]?$/;
  const alone = entries.filter((l) => keyOnly.test(halfWidth(l.t)));
  if (
    !grid &&
    alone.length >= 2 &&
    alone.every((l, i) => Number(keyOnly.exec(halfWidth(l.t))![1]) === i + 1) &&
    entries.length >= alone.length * 2
  ) {
    draft.notes.push({
      line: alone[0]!.line,
      message: `the numbers 1-${alone.length} stand on lines of their own: as a plain list each text is one face, so those lines are left out`,
    });
    entries = entries.filter((l) => !alone.includes(l));
  }
  if (title) {
    draft.name = nameFromTitle(title.t.replace(/:$/, ''));
    draft.titleLine = title.line;
    const die = dieIn(title.t);
    if (die)
      draft.notes.push({
        line: title.line,
        message: `the title names ${die}, but a plain list is rolled with one face per entry`,
      });
  }
  // Entries numbered 1, 2, 3 … however written ("1\\.", "１", "**1.**") are one face each already: the numbers go.
  const numbers = entries.map((l) => NUMBERED.exec(halfWidth(l.t)));
  const counted = !grid && numbers.every((m, i) => m && Number(m[1]) === i + 1);
  entries.forEach((l, i) => {
    if (counted) l = { ...l, t: halfWidth(l.t).slice(numbers[i]![0].length) };
    const cells = grid ? splitCells(l.t).map(readPastedCell) : null;
    const kept = cells && keyColumn ? cells.slice(1) : cells;
    const written = kept
      ? `${kept[0] ?? ''}${
          kept.slice(1).some((c) => c)
            ? `: ${kept
                .slice(1)
                .filter((c) => c)
                .join(' — ')}`
            : ''
        }`
      : l.t;
    const entry = splitEntry(written.replace(BULLET, '').replace(/^\*\*(.+?)\*\*/, '$1'));
    const split = splitLong(entry.label, entry.details);
    draft.rows.push({
      key: null,
      weight: null,
      label: split.label,
      details: split.details,
      fields: {},
      typed: {},
      line: l.line,
      notes: split.note ? [split.note] : [],
    });
  });
  const n = draft.rows.length;
  draft.rows.forEach((r, i) => (r.key = { from: i + 1, to: i + 1, zero: false }));
  if (n >= 2) {
    draft.die = `d${n}`;
    draft.dieHow = 'list';
    draft.dieNote = `one face per entry: ${n} entries`;
  } else {
    draft.weighted = true;
    draft.dieHow = 'weights';
    draft.rows.forEach((r) => {
      r.key = null;
      r.weight = 1;
    });
  }
  return draft;
}

const WEIGHTED_LINE =
  /^(?:[-*•·+]\s+)?(?:(\d{1,5})\s*[x×]\s+(\S.*)|(\S.*?)\s*(?:[x×]\s*(\d{1,5})|\(\s*(?:weight\s*:?\s*)?(\d{1,5})\s*\)|\s[—–-]\s*weight\s*:?\s*(\d{1,5})))$/i;

/**
 * Entries with how often each comes up ("Goblins x3", "3× Goblins", "Ogre (1)"), a title line
 * above them allowed: a table rolled by weight. Null when the lines are not all written so.
 */
export function weightsDraft(source: readonly PasteLine[]): Draft | null {
  const lines = source.map((l) => ({ t: cleanPasted(l.text.trim()), line: l.line })).filter((l) => l.t);
  const read = lines.map((l) => WEIGHTED_LINE.exec(l.t));
  const first = read[0] ? 0 : 1;
  const entries = lines.slice(first);
  if (entries.length < 2 || read.slice(first).some((m) => !m)) return null;
  const draft = emptyDraft('lines', entries[0]!.line);
  if (first === 1 && titleLike(lines[0]!.t)) {
    draft.name = cleanPasted(nameFromTitle(lines[0]!.t)) || null;
    draft.titleLine = lines[0]!.line;
  } else if (first === 1) return null;
  draft.weighted = true;
  draft.dieHow = 'weights';
  const total = read.slice(first).reduce((a, m) => a + Number(m![1] ?? m![4] ?? m![5] ?? m![6]), 0);
  entries.forEach((l, i) => {
    const m = read[first + i]!;
    const weight = Number(m[1] ?? m[4] ?? m[5] ?? m[6]);
    const label = (m[2] ?? m[3] ?? '').trim();
    const notes = [`read as weight ${weight}: it comes up ${weight} time${weight === 1 ? '' : 's'} in ${total}`];
    if (weight < 1) {
      draft.problems.push({
        line: l.line,
        message: `“${short(l.t)}” has weight 0, so it never comes up: write 1 or more, or delete the line`,
      });
      return;
    }
    draft.rows.push({ key: null, weight, label, details: '', fields: {}, typed: {}, line: l.line, notes });
  });
  draft.notes.push({
    line: entries[0]!.line,
    message: `every line ends with how often it comes up (“${short(entries[0]!.t, 30)}”): read as a table rolled by weight`,
  });
  return draft;
}
