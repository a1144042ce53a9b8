// Paste import: whatever a Judge pastes or opens — a Markdown table (with or without outer
// pipes), CSV/TSV whose first cell is the die, numbered lines from a PDF or a forum post, a
// whole page of titled tables that send the reader to each other, a plain list, or a Foundry
// VTT RollTable export — becomes draft tables with every row traced to its source line, the
// die read or guessed (and said which), the coverage of the die, the links between tables,
// and every refusal naming its line and what to change. Nothing here saves; the save command
// runs this same function, so what the preview shows is exactly what is saved.
import {
  LIMITS_TABLES,
  tableDefSchema,
  tableRowSchema,
  type TableCategory,
  type TableDef,
  type TableRow,
  type TableRowInput,
} from '@shared/tables.ts';
import {
  describeIssues,
  type ImportedTableView,
  type ImportGapChoice,
  type ImportLinkView,
  type ImportPreviewBody,
  type ImportProblemView,
} from '@shared/contract.ts';
import { keyRange, readRowKey, type KeyRead } from '@shared/row-key.ts';
import { parseDice } from '../rules/dice-expression.ts';
import { readTypedColumns, type TypedColumn } from './table-columns.ts';
import { coverageOf, runText, type Run } from './table-coverage.ts';
import { findCycle } from './table-validate.ts';
import { companionTable, findLinks, resolveTarget, type NamedTable } from './table-links.ts';
import { readExactCell, readPastedCell, splitCells } from './markdown-cells.ts';
import {
  META,
  MD_SEPARATOR,
  SHARE,
  dieHeader,
  dieIn,
  halfWidth,
  nameFromTitle,
  readDieIn,
  readPage,
  titleLike,
  type GridRow,
  type Section,
} from './paste-page.ts';
import { cleanPasted, unmark, type PasteLine } from './paste-markup.ts';
import {
  dieFromFormula,
  documentLink,
  inlineLinks,
  looksLikeFoundry,
  readFoundry,
  resultKind,
  resultText,
  targetId,
  type FoundryDocument,
} from './foundry-table.ts';

export const MAX_TEXT = 2_000_000;

export type ImportProblem = ImportProblemView;
export type GapChoice = ImportGapChoice;
export type DieHow = ImportedTableView['die']['how'];
export type ImportFormat = ImportPreviewBody['format'];
export type ImportedTable = ImportedTableView;
export type ImportLink = ImportLinkView;
export type ImportPreview = ImportPreviewBody;

export interface ImportOptions {
  name?: string;
  key?: string;
  category?: TableCategory;
  /** Overrides the die found in (or guessed from) the text, for a single table. */
  die?: string;
  /** What to do with results no row covers: stretch the row above, roll again, or keep "no entry". */
  gaps?: GapChoice;
  /** Read every line as one entry of a uniform table (a plain list of names). */
  asList?: boolean;
  /** false: prose such as "roll on Weather" stays text rather than becoming a nested roll. */
  links?: boolean;
  /** Tables already in the campaign, which links may name. */
  known?: readonly NamedTable[];
}

const DETAIL_WORDS = /^(effect|effects|description|details|text|notes|what happens)$/i;
const LABEL_WORDS = /^(result|results|entry|name|item|outcome|event|encounter)$/i;
const STANDARD_DICE = [2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 30, 100, 1000];

export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56)
      .replace(/-+$/, '') || 'table'
  );
}

/** The die a table's keys were most likely written for: the smallest usual die that reaches the highest key. */
export function inferDie(min: number, max: number, values: readonly number[] = []): string {
  const d66Digits = values.length > 0 && values.every((v) => v >= 11 && v <= 66 && v % 10 >= 1 && v % 10 <= 6);
  if (min >= 11 && max <= 66 && max > 20 && (values.length === 0 || d66Digits)) return 'd66';
  // 2-12 is 2d6; 3-12 is 2d6 whose 2 the book left out, far likelier than a d12 missing 1 and 2.
  if ((min === 2 || min === 3) && max === 12) return '2d6';
  if (min === 3 && max === 18) return '3d6';
  const sides = STANDARD_DICE.find((s) => s >= max) ?? max;
  return `d${Math.max(2, sides)}`;
}

const short = (t: string, n = 40) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);

/** A long entry becomes a label and details rather than a refusal: the first sentence, else the first words. */
export function splitLong(label: string, details: string): { label: string; details: string; note: string | null } {
  if (label.length <= LIMITS_TABLES.label) return { label, details, note: null };
  const sentence = /^(.{3,200}?[.!?;:])\s+(\S[\s\S]*)$/.exec(label);
  let head: string;
  let rest: string;
  if (sentence) {
    head = sentence[1]!;
    rest = sentence[2]!;
  } else {
    const cut = label.lastIndexOf(' ', 120);
    const at = cut > 40 ? cut : 120;
    head = `${label.slice(0, at).trimEnd()}…`;
    rest = `…${label.slice(at).trimStart()}`;
  }
  return {
    label: head,
    details: details ? `${rest}\n\n${details}` : rest,
    note: `a long entry (${label.length} characters): its first ${sentence ? 'sentence' : 'words'} became the label, the rest the details`,
  };
}

// ---------- Drafts: what the text says, before a die is settled ----------

interface DraftRow {
  key: KeyRead | null;
  weight: number | null;
  label: string;
  details: string;
  fields: Record<string, string>;
  typed: Partial<TableRow>;
  line: number | null;
  notes: string[];
  /** Set by a Foundry result that points at another document of the import. */
  foundryTarget?: { id: string; name: string };
}

interface Draft {
  format: Exclude<ImportFormat, 'page' | 'unknown'>;
  name: string | null;
  titleLine: number | null;
  line: number;
  /** Exported by this app (Markdown meta or Foundry flags): read as written, nothing guessed. */
  exact: Partial<TableDef> | null;
  die: string | null;
  dieHow: DieHow;
  dieLine: number | null;
  dieNote: string;
  weighted: boolean;
  rows: DraftRow[];
  problems: ImportProblem[];
  notes: ImportProblem[];
  drawWithoutReplacement: boolean;
  foundryId?: string | null;
  /** A word the title adds to the die ("1d20 + level"): rows above the die are kept for modified rolls. */
  added: string | null;
  /** The results rows may cover beyond the die's (for such a word). */
  span: { min: number; max: number } | null;
}

const emptyDraft = (format: Draft['format'], line: number): Draft => ({
  format,
  name: null,
  titleLine: null,
  line,
  exact: null,
  die: null,
  dieHow: 'guessed',
  dieLine: null,
  dieNote: '',
  weighted: false,
  rows: [],
  problems: [],
  notes: [],
  drawWithoutReplacement: false,
  added: null,
  span: null,
});

function readMeta(text: string): (Partial<TableDef> & { fields?: string[] }) | null {
  const m = META.exec(text.trim());
  if (!m?.[1]) return null;
  try {
    const { fields: rawFields, ...raw } = JSON.parse(m[1]) as Record<string, unknown>;
    const picked = tableDefSchema
      .pick({ key: true, name: true, category: true, die: true, span: true, drawWithoutReplacement: true })
      .partial()
      .safeParse(raw);
    if (!picked.success) return null;
    const fields =
      Array.isArray(rawFields) && rawFields.every((f) => typeof f === 'string') ? (rawFields as string[]) : undefined;
    return { ...(picked.data as Partial<TableDef>), ...(fields ? { fields } : {}) };
  } catch {
    return null;
  }
}

function readRowTyped(
  typed: Map<number, TypedColumn>,
  cells: string[],
  line: number,
  problems: ImportProblem[],
): Partial<TableRow> {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const [i, col] of typed) {
    const raw = cells[i]?.trim() ?? '';
    if (raw === '') continue;
    const parsed = col.parse(raw);
    if (parsed.error) {
      problems.push({ line, message: `${col.name}: ${parsed.error}` });
      continue;
    }
    if (col.group === 'rollOn') groups.rollOn = parsed.value as Record<string, unknown>;
    else (groups[col.group] ??= {})[col.field] = parsed.value;
  }
  // An empty cell of a group the row has is its empty value (no loot actions), where one exists.
  for (const [i, col] of typed) {
    const group = groups[col.group];
    if (!group || col.group === 'rollOn' || (cells[i]?.trim() ?? '') !== '' || col.field in group) continue;
    const empty = col.parse('');
    if (!empty.error && (Array.isArray(empty.value) || empty.value === '')) group[col.field] = empty.value;
  }
  return groups as Partial<TableRow>;
}

/** The title and captions of a section: its name, and the dice named there. */
function applyTitle(draft: Draft, section: Section): void {
  if (section.title) {
    draft.name = cleanPasted(nameFromTitle(section.title.text)) || null;
    draft.titleLine = section.title.line;
  }
  for (const l of [section.title, ...section.captions]) {
    if (!l || draft.dieHow === 'read') continue;
    const read = readDieIn(l.text);
    if (!read) continue;
    if (read.problem) {
      draft.problems.push({ line: l.line, message: read.problem });
      draft.dieHow = 'read';
      continue;
    }
    draft.die = read.die;
    draft.dieHow = 'read';
    draft.dieLine = l.line;
    draft.dieNote = read.note ? `from line ${l.line}, ${read.note}` : `from line ${l.line}`;
    draft.added = read.added;
  }
  for (const c of section.captions)
    draft.notes.push({
      line: c.line,
      message: `“${short(c.text, 60)}” is read as a caption of ${draft.name ?? 'the table'}, not a row`,
    });
  draft.notes.push(...section.notes);
}

/** A pasted key cell as people write it: "**1**", "1.", "１", "1–2 (33%)". */
function keyCell(text: string): { text: string; share: string | null } {
  const t = halfWidth(text.trim())
    .replace(/^(\*\*|__)(.*)\1$/, '$2')
    .trim();
  const share = SHARE.exec(t);
  return {
    text: t
      .replace(SHARE, '')
      .replace(/\s*[.:)]$/, '')
      .trim(),
    share: share ? share[0].trim() : null,
  };
}

function gridDraft(section: Section, body: Extract<Section['body'], { kind: 'markdown' | 'csv' }>): Draft {
  const draft = emptyDraft(body.kind, body.headerLine);
  const meta = section.meta ? readMeta(section.meta.text) : null;
  const exact = body.kind === 'markdown' && meta !== null;
  const cell = (raw: string) =>
    exact ? readExactCell(raw) : cleanPasted(body.kind === 'markdown' ? readPastedCell(raw) : raw);
  applyTitle(draft, section);
  if (meta) {
    draft.exact = meta;
    draft.name = meta.name ?? draft.name;
  }
  const headerCells = body.header.map(cell);
  // An exported table's die is in its meta line; its header cell is only for people.
  const head = body.headerless
    ? 'roll'
    : exact
      ? meta.die === null
        ? 'weight'
        : 'roll'
      : dieHeader(headerCells[0] ?? '');
  if (head === null) {
    draft.problems.push({
      line: body.headerLine,
      message: `The first column must be the die (such as “d6”, “2d6” or “Roll”); found “${short(headerCells[0] ?? '')}”. Put the die or “Roll” in the first header cell, or tick “Import as a plain list”`,
    });
    return draft;
  }
  if (head === 'weight') {
    draft.weighted = true;
    draft.dieHow = 'weights';
  } else if (head !== 'roll' && !exact) {
    draft.die = head;
    draft.dieHow = 'read';
    draft.dieLine = body.headerLine;
    draft.dieNote = `from the header on line ${body.headerLine}`;
  }
  if (exact) {
    draft.die = meta.die ?? null;
    draft.weighted = meta.die === null;
    draft.dieHow = meta.die === null ? 'weights' : 'read';
    draft.dieLine = section.meta!.line;
    draft.dieNote = 'as exported';
  }
  const lead = (c: string) =>
    c
      .trim()
      .replace(/^(\*\*|__)(.*)\1$/, '$2')
      .trim()
      .toLowerCase();
  // A book's table printed as column pairs side by side ("Roll | Hireling | Roll | Hireling"): each pair holds rows.
  let width = headerCells.length;
  if (!exact && !body.headerless) {
    const again = headerCells.findIndex(
      (c, i) => i > 0 && dieHeader(c) !== null && lead(c) === lead(headerCells[0] ?? ''),
    );
    if (again > 0) {
      const groups = Array.from({ length: Math.ceil(headerCells.length / again) }, (_, g) =>
        headerCells
          .slice(g * again, g * again + again)
          .map(lead)
          .join(' | '),
      );
      if (headerCells.length % again !== 0 || groups.some((g) => g !== groups[0])) {
        draft.problems.push({
          line: body.headerLine,
          message: `The header repeats “${short(headerCells[0] ?? '', 20)}” in column ${again + 1}, as a table printed in column pairs does, but the columns after it are not the same as the first ${again}: make each group “${short(headerCells.slice(0, again).join(' | '), 50)}”, or split the table in two`,
        });
        return draft;
      }
      width = again;
      draft.notes.push({
        line: body.headerLine,
        message: `the header repeats “${short(headerCells.slice(0, again).join(' | '), 50)}” ${groups.length} times side by side: each group of columns is read as rows of the one table, in the order of their keys`,
      });
    }
  }
  const columns = headerCells.slice(1, width);
  // Exported tables name their field columns in the meta line; pasted ones by their header words.
  const fieldNames = exact ? (meta.fields ?? columns.slice(2).filter((c) => !readTypedColumns([c]).size)) : null;
  const typed = readTypedColumns(
    exact ? columns.map((c, i) => (i >= 2 + (fieldNames?.length ?? 0) ? c : '')) : columns,
  );
  let labelCol = exact ? 0 : columns.findIndex((c) => LABEL_WORDS.test(c) && !typed.has(columns.indexOf(c)));
  if (labelCol < 0) labelCol = 0;
  const detailCol = exact ? 1 : columns.findIndex((c, i) => i !== labelCol && DETAIL_WORDS.test(c) && !typed.has(i));
  const headerText = headerCells.map(lead).join('|');
  const separator = body.kind === 'csv' ? body.separator : '|';

  const readRow = (cellsIn: string[], r: GridRow, extraNotes: string[]): void => {
    let cells = cellsIn;
    while (cells.length > width && !cells[cells.length - 1]!.trim()) cells = cells.slice(0, -1);
    const keyRead = exact ? { text: (cells[0] ?? '').trim(), share: null } : keyCell(cells[0] ?? '');
    const keyText = keyRead.text;
    const problemsBefore = draft.problems.length;
    const notes = [...r.joined.map((j) => `line ${j.line} joined: ${j.why}`), ...extraNotes];
    // Commas in the text that nobody quoted: the extra cells are the last column's words.
    if (body.kind === 'csv' && !body.headerless && columns.length >= 1 && cells.length > width) {
      const keep = width - 1;
      const joinWith = separator === '\t' ? ' ' : `${separator} `;
      const extra = cells.length - width;
      cells = [...cells.slice(0, keep), cells.slice(keep).join(joinWith)];
      notes.push(
        `${extra} ${separator === ',' ? 'comma' : separator === ';' ? 'semicolon' : 'tab'}${extra === 1 ? '' : 's'} in the text ${extra === 1 ? 'is' : 'are'} not quoted: the cells after column ${keep} are kept as one text`,
      );
    }
    let key: KeyRead | null = null;
    let weight: number | null = null;
    if (draft.weighted) {
      const m = /^(?:weight\s+)?(\d{1,7})$/i.exec(keyText);
      if (!m || Number(m[1]) < 1) {
        draft.problems.push({
          line: r.line,
          message: `“${short(keyText)}” is not a weight: write a whole number of 1 or more in the first column`,
        });
        return;
      }
      weight = Number(m[1]);
    } else {
      key = readRowKey(keyText);
      if (!key) {
        draft.problems.push({
          line: r.line,
          message: `“${short(keyText)}” is not a roll value or range: write 7, 5-6, 11–12, 17 to 19, 12+ or ≤2 in the first column`,
        });
        return;
      }
    }
    if (keyRead.share) notes.push(`the share “${keyRead.share}” after the key is left out: the range gives the chance`);
    const rest = cells.slice(1);
    let label = (rest[labelCol] ?? '').trim();
    let details = detailCol >= 0 ? (rest[detailCol] ?? '') : '';
    if (!label) {
      // A row whose label cell is empty but another cell has text uses that text.
      const other = rest.findIndex((c, i) => i !== labelCol && !typed.has(i) && c.trim());
      if (other < 0) {
        draft.problems.push({
          line: r.line,
          message: `This row has no text after its roll value “${short(keyText)}”: write the result in the next column, or delete the row`,
        });
        return;
      }
      label = rest[other]!.trim();
      if (other === detailCol) details = '';
    }
    const fields: Record<string, string> = {};
    if (exact) {
      (fieldNames ?? []).forEach((name, n) => {
        const v = rest[2 + n] ?? '';
        if (v !== '') fields[name] = v;
      });
    } else {
      columns.forEach((name, i) => {
        if (i === labelCol || i === detailCol || typed.has(i)) return;
        const v = rest[i]?.trim() ?? '';
        if (v) fields[name || `column ${i + 2}`] = v;
      });
    }
    const typedValues = typed.size ? readRowTyped(typed, rest, r.line, draft.problems) : {};
    if (draft.problems.length > problemsBefore) return;
    const split = exact ? { label, details, note: null } : splitLong(label, details);
    if (split.note) notes.push(split.note);
    draft.rows.push({
      key,
      weight,
      label: split.label,
      details: split.details,
      fields,
      typed: typedValues,
      line: r.line,
      notes,
    });
  };

  for (const r of body.rows as GridRow[]) {
    const cells = r.cells.map(cell);
    // The header again in the middle (a table continued over a page break) is not a row.
    if (!exact && !body.headerless && cells.map(lead).join('|') === headerText) {
      draft.notes.push({
        line: r.line,
        message: `line ${r.line} repeats the header (“${short(cells.join(' | '), 40)}”), as a table continued over a page does: left out`,
      });
      continue;
    }
    if (width === headerCells.length) {
      readRow(cells, r, []);
      continue;
    }
    for (let g = 0; g * width < cells.length; g++) {
      const group = cells.slice(g * width, g * width + width);
      if (group.every((c) => !c.trim())) continue;
      readRow(group, r, g > 0 ? [`from the column pair ${g + 1} of line ${r.line}`] : []);
    }
  }
  // Column pairs are read across each line; the table's rows run down the pairs.
  if (width !== headerCells.length) draft.rows.sort((a, b) => (a.key?.from ?? 0) - (b.key?.from ?? 0));
  return draft;
}

/** Splits "Label — details" and "Label: details" the way books print entries. */
function splitEntry(text: string): { label: string; details: string } {
  const m = /^(.+?)(?:\s+[—–-]\s+|:\s+)([\s\S]+)$/.exec(text);
  if (m && m[1]!.trim().length >= 2 && !/\b(?:go|turn|roll|see)\b[^.]*$/i.test(m[1]!))
    return { label: m[1]!.trim(), details: m[2]!.trim() };
  return { label: text.trim(), details: '' };
}

function linesDraft(section: Section, body: Extract<Section['body'], { kind: 'lines' }>): Draft {
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
function listDraft(source: readonly PasteLine[]): Draft {
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
function weightsDraft(source: readonly PasteLine[]): Draft | null {
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

function foundryDrafts(doc: FoundryDocument): Draft {
  const draft = emptyDraft('foundry', doc.line);
  const flags = doc.flags?.key ? doc.flags : null;
  draft.name = doc.name.trim() || null;
  draft.titleLine = doc.line;
  draft.foundryId = doc.id;
  draft.drawWithoutReplacement = !doc.replacement;
  if (flags)
    draft.exact = { key: flags.key, category: flags.category, die: flags.die ?? null, span: flags.span ?? null };
  const weightedByFlags = flags && flags.die === null;
  const missingRange = doc.results.some((r) => !r.range || r.range.length !== 2);
  if (weightedByFlags || (missingRange && !flags)) {
    draft.weighted = true;
    draft.dieHow = 'weights';
    if (!weightedByFlags)
      draft.notes.push({
        line: doc.line,
        message: `${doc.name}: some results have no range, so the table is rolled by the results' weights`,
      });
  } else if (flags) {
    draft.die = flags.die ?? null;
    draft.dieHow = 'read';
    draft.dieLine = doc.line;
    draft.dieNote = 'as exported';
  } else if (doc.formula?.trim()) {
    const die = dieFromFormula(doc.formula);
    if (die) {
      draft.die = die;
      draft.dieHow = 'read';
      draft.dieLine = doc.line;
      draft.dieNote = `from the formula “${doc.formula}”`;
    } else
      draft.notes.push({
        line: doc.line,
        message: `${doc.name}: the formula “${short(doc.formula)}” uses things this app cannot roll, so the die is guessed from the ranges; type a die in Die to change it`,
      });
  }
  const seen = new Set<string>();
  doc.results.forEach((r, i) => {
    const line = doc.resultLines[i] ?? doc.line;
    const text = resultText(r);
    const kind = resultKind(r);
    const flagged = text.flagged;
    let label = (flagged?.label ?? text.label).trim();
    let details = text.details;
    const notes: string[] = [];
    const fields: Record<string, string> = { ...(flagged?.fields ?? {}) };
    if (!flags) {
      // Inline links and rolls read as the words Foundry shows; the links are kept beside them.
      const inLabel = inlineLinks(label);
      const inDetails = inlineLinks(details);
      label = cleanPasted(inLabel.text).trim();
      details = cleanPasted(inDetails.text);
      const links = [...inLabel.links, ...inDetails.links];
      const docs = links.filter((l) => l.startsWith('@'));
      if (docs.length) fields['Foundry link'] = docs.join(' ');
      for (const l of links)
        notes.push(
          l.startsWith('@')
            ? `the Foundry link ${short(l, 60)} is kept as its label, the link beside it`
            : `the inline roll ${short(l, 30)} is kept as its formula`,
        );
    }
    if (kind === 'table') label = label || (r.text ?? '').trim();
    if (!label) {
      label = '(no text)';
      notes.push('this result has no text in Foundry');
    }
    const range =
      r.range && r.range.length === 2 ? { from: Math.round(r.range[0]!), to: Math.round(r.range[1]!) } : null;
    // Weight 0 (in a table drawn by weight) and a range that ends before it starts are how
    // Foundry tables switch a result off: it is never drawn, so it is no row here.
    const inverted = !draft.weighted && range !== null && range.to < range.from;
    if (!flags && ((draft.weighted && r.weight === 0) || inverted)) {
      const why = inverted ? `the range ${range!.from}-${range!.to}, which ends before it starts` : 'weight 0';
      draft.notes.push({
        line,
        message: `${doc.name}: result ${i + 1} (“${short(label)}”) has ${why}, so Foundry never draws it: left out`,
      });
      return;
    }
    const identity = JSON.stringify([range, label, details, kind === 'document' ? documentLink(r) : '']);
    if (!flags && seen.has(identity)) {
      draft.notes.push({
        line,
        message: `${doc.name}: result ${i + 1} (“${short(label)}”) repeats an earlier result exactly and was left out`,
      });
      return;
    }
    seen.add(identity);
    if (kind === 'document' && !flags) {
      fields['Foundry link'] = documentLink(r);
      notes.push(`links a Foundry document (${short(documentLink(r), 60)}): kept as text with its link`);
    }
    const split = flags ? { label, details, note: null } : splitLong(label, details);
    if (split.note) notes.push(split.note);
    const typed: Partial<TableRow> = {};
    for (const k of ['loot', 'room', 'entity', 'spell', 'trap', 'rollOn'] as const)
      if (flagged?.[k]) (typed as Record<string, unknown>)[k] = flagged[k];
    const key: KeyRead | null = draft.weighted
      ? null
      : range
        ? { from: range.from, to: flagged?.openEnd ? null : range.to, zero: false }
        : null;
    const weight = draft.weighted ? Math.max(1, Math.round(r.weight ?? 1)) : null;
    const row: DraftRow = { key, weight, label: split.label, details: split.details, fields, typed, line, notes };
    if (kind === 'table' && !flagged?.rollOn) {
      const id = targetId(r);
      if (id) row.foundryTarget = { id, name: (r.text ?? r.name ?? '').trim() };
    }
    draft.rows.push(row);
  });
  return draft;
}

// ---------- From drafts to tables ----------

interface Built {
  draft: Draft;
  imported: ImportedTable;
  /** Rows' prose, for links. */
  texts: string[];
}

/** Settles the die and the keys of a draft (zeros, "or less", a die given by the Judge). */
function settle(draft: Draft, given: string | undefined): void {
  if (given) {
    draft.die = given.trim();
    draft.weighted = false;
    draft.dieHow = 'given';
    draft.dieLine = null;
    draft.dieNote = 'typed in Die';
    draft.added = null;
  }
  if (draft.weighted) return;
  const keys = draft.rows.flatMap((r) => (r.key ? [r.key] : []));
  const numbers = () => keys.flatMap((k) => [k.from, k.to].filter((v): v is number => v !== null));
  let values = numbers();
  const low = values.length ? Math.min(...values) : 1;
  const high = values.length ? Math.max(...values) : 1;
  // Keys from 0: a d10 numbered 0–9, or percentile dice read 00–99.
  if (!draft.exact && !given && low === 0) {
    const lone = !keys.some((k) => k.from === 0 && !k.zero);
    const howRead = draft.dieHow === 'read' ? `${draft.dieNote}; ` : '';
    if (high <= 9 && (draft.die === null || draft.die === 'd10')) {
      if (lone) {
        for (const k of keys) if (k.zero) k.from = k.to = 10;
        draft.notes.push({
          line: draft.rows.find((r) => r.key?.zero)?.line ?? null,
          message: 'the key 0 is read as 10, as a d10 numbered 0–9 is rolled',
        });
        values = numbers();
      } else {
        draft.dieHow = draft.dieHow === 'read' ? 'read' : 'guessed';
        draft.die = 'd10-1';
        draft.dieNote = `${howRead}the keys run 0–9: a d10 read from 0, rolled as d10−1`;
      }
    } else if (high <= 99 && (draft.die === null || draft.die === 'd100')) {
      draft.dieHow = draft.dieHow === 'read' ? 'read' : 'guessed';
      draft.die = 'd100-1';
      draft.dieNote = `${howRead}the keys run 00–99: percentile dice read from 00, rolled as d100−1`;
    }
  }
  if (draft.die === null) {
    const openLow = keys.some((k) => k.from === null);
    const openHigh = keys.some((k) => k.to === null);
    if (values.length === 0) {
      draft.die = 'd6';
      draft.dieNote = 'no keys to guess from';
    } else if (openLow && openHigh && Math.min(...values) >= 2 && Math.max(...values) <= 12) {
      // "6 or less / 7-9 / 10+" is how 2d6 moves are written.
      draft.die = '2d6';
      draft.dieNote = `the keys run from “or less” to “or more” within 2-12, as 2d6 tables are written: type the die in Die if the book says otherwise`;
    } else {
      draft.die = inferDie(Math.min(...values), Math.max(...values), values);
      draft.dieNote = `from the keys ${Math.min(...values)}–${Math.max(...values)}: type the die in Die if the book says otherwise`;
    }
    draft.dieHow = 'guessed';
  }
  // "1d20 + level": rows above what the die gives are kept for rolls the Judge adds to.
  if (draft.added && values.length) {
    try {
      const e = parseDice(draft.die);
      const top = Math.max(...values);
      if (top > e.max) {
        draft.span = { min: e.min, max: top };
        draft.notes.push({
          line: draft.dieLine,
          message: `the title adds “${draft.added}” to ${draft.die}: the rows up to ${top} are kept for rolls with that added (the table covers ${e.min}-${top}; add it as a modifier when you roll)`,
        });
      }
    } catch {
      // A die that does not parse is refused in build().
    }
  }
}

function build(draft: Draft, key: string, options: ImportOptions, single: boolean): Built {
  const problems = draft.problems;
  let low = 1;
  if (draft.die !== null && !draft.weighted) {
    try {
      low = parseDice(draft.die).min;
    } catch (error) {
      problems.push({
        line: draft.dieLine,
        message: `The die “${short(draft.die)}” does not parse (${error instanceof Error ? error.message : String(error)}): write it as d6, 2d6, d66 or d100`,
      });
    }
  }
  const rows: TableRow[] = [];
  const rowLines: (number | null)[] = [];
  const rowNotes: string[][] = [];
  const texts: string[] = [];
  for (const r of draft.rows) {
    const input: TableRowInput = {
      range: r.key ? keyRange(r.key, low) : null,
      weight: r.weight,
      label: r.label,
      details: r.details,
      fields: r.fields,
      ...r.typed,
    };
    const parsed = tableRowSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') ?? '';
      const fix =
        where === 'details'
          ? `its details are ${r.details.length.toLocaleString('en-GB')} characters; at most ${LIMITS_TABLES.details.toLocaleString('en-GB')} fit: shorten the entry or split it in two rows`
          : where === 'range'
            ? 'its range ends before it starts: write the smaller number first'
            : describeIssues(parsed.error);
      problems.push({ line: r.line, message: `The row “${short(r.label)}” cannot be kept: ${fix}` });
      continue;
    }
    rows.push(parsed.data);
    rowLines.push(r.line);
    rowNotes.push([...r.notes]);
    // A line break between them: the details start a sentence of their own.
    texts.push(`${r.label}\n${r.details}`);
  }
  const exact = draft.exact;
  const name =
    (single && options.name?.trim()) || exact?.name || draft.name || options.name?.trim() || 'Imported table';
  const category: TableCategory =
    options.category ??
    exact?.category ??
    (rows.some((r) => r.loot)
      ? 'loot'
      : rows.some((r) => r.room)
        ? 'room'
        : rows.some((r) => r.entity)
          ? 'entity'
          : rows.some((r) => r.spell)
            ? 'spell'
            : 'custom');
  const candidate = {
    key,
    name: name.length > LIMITS_TABLES.name ? name.slice(0, LIMITS_TABLES.name).trimEnd() : name,
    category,
    die: draft.weighted ? null : draft.die,
    span: exact?.span ?? draft.span,
    drawWithoutReplacement: exact?.drawWithoutReplacement ?? draft.drawWithoutReplacement,
    starter: false,
    rows,
  };
  if (name.length > LIMITS_TABLES.name)
    draft.notes.push({
      line: draft.titleLine,
      message: `the name is longer than ${LIMITS_TABLES.name} characters and was shortened`,
    });
  const parsed = tableDefSchema.safeParse(candidate);
  const table: TableDef = parsed.success ? parsed.data : { ...candidate, rows: [] };
  if (!parsed.success) problems.push({ line: draft.titleLine ?? draft.line, message: describeIssues(parsed.error) });
  if (rows.length === 0 && problems.length === 0 && !exact)
    problems.push({
      line: draft.line,
      message:
        'No table rows were found: start each row with its roll value (1 = …, 2-3: …) or tick “Import as a plain list”',
    });
  const how = draft.weighted ? 'weights' : draft.dieHow;
  return {
    draft,
    texts,
    imported: {
      table,
      rowLines,
      rowNotes,
      titleLine: draft.titleLine,
      die: { how, line: draft.dieLine, note: how === 'weights' ? 'rolled by weight' : draft.dieNote },
      coverage: null,
      companionOf: null,
    },
  };
}

const rowName = (t: TableDef, i: number) => `row ${i + 1} (“${short(t.rows[i]?.label ?? '', 30)}”)`;

/** Lines as a short list: "lines 2-37", "lines 4, 9 and 12". */
function linesText(lines: (number | null)[]): string {
  const ls = [...new Set(lines.filter((l): l is number => l !== null))].sort((a, b) => a - b);
  if (ls.length === 0) return '';
  if (ls.length > 3 && ls[ls.length - 1]! - ls[0]! === ls.length - 1) return `lines ${ls[0]}-${ls[ls.length - 1]}`;
  if (ls.length === 1) return `line ${ls[0]}`;
  return `lines ${ls.slice(0, 6).join(', ')}${ls.length > 6 ? ' …' : ''}`;
}

/** A die the keys fit when the one read or guessed does not ("the keys look like d66"), or null. */
function dieHint(table: TableDef): string | null {
  const values = table.rows.flatMap((r) =>
    r.range ? [r.range.from, ...(r.range.to === null ? [] : [r.range.to])] : [],
  );
  if (!values.length) return null;
  const guess = inferDie(Math.min(...values), Math.max(...values), values);
  if (guess === table.die) return null;
  const fits = coverageOf({ die: guess, span: null, rows: table.rows });
  return fits && fits.outside.length === 0 ? guess : null;
}

/**
 * Refusals for rows outside the die and overlapping rows, each on its line — or, when many rows
 * are outside (the die misread), one refusal that says which die the keys look like.
 */
function coverageProblems(b: Built, problems: ImportProblem[], several: boolean): void {
  const { table, rowLines } = b.imported;
  const of = several ? `${table.name}: ` : '';
  const c = coverageOf(table);
  b.imported.coverage = c;
  if (!c) return;
  if (c.outside.length >= 3) {
    const hint = dieHint(table);
    const where = linesText(c.outside.map((o) => rowLines[o.row] ?? null));
    problems.push({
      line: rowLines[c.outside[0]!.row] ?? null,
      message: `${of}${c.outside.length} of ${table.rows.length} rows (${where}) are keyed outside ${c.min}-${c.max}, what ${table.die} can give: ${hint ? `the keys look like ${hint} — type ${hint} in Die` : 'change the keys, or type the right die in Die'}`,
    });
  } else {
    // A die whose every result the keys cover exactly (a Foundry "1d20+5" over results 1-20 is a d20) is offered as the fix.
    const hint = dieHint(table);
    const exact =
      hint !== null && coverageOf({ die: hint, span: null, rows: table.rows })?.uncoveredCount === 0 ? hint : null;
    for (const o of c.outside) {
      problems.push({
        line: rowLines[o.row] ?? null,
        message: `${of}${rowName(table, o.row)} is keyed ${runText(o)}, outside ${c.min}-${c.max}, what ${table.die} can give: ${exact ? `the keys look like ${exact} — type ${exact} in Die, or change the key` : 'change the key, or type the right die in Die'}`,
      });
    }
  }
  if (c.overlaps.length >= 3) {
    problems.push({
      line: rowLines[c.overlaps[0]!.row] ?? null,
      message: `${of}${c.overlaps.length} rows (${linesText(c.overlaps.map((o) => rowLines[o.row] ?? null))}) overlap rows before them: each result may have one row; change the keys`,
    });
  } else {
    for (const o of c.overlaps) {
      problems.push({
        line: rowLines[o.row] ?? null,
        message: `${of}${rowName(table, o.row)} overlaps ${rowName(table, o.other)} on ${runText(o)}${rowLines[o.other] ? ` (line ${rowLines[o.other]})` : ''}: change one of the two keys`,
      });
    }
  }
}

/**
 * Stretches the row that ends last before each uncovered run over it (the row that starts first
 * after it, for a run at the start). On any die: d66's runs sit between rows that end on 16
 * and start on 21, a d100's 00 is its 100. Returns the runs no row could be stretched over.
 */
function fillGaps(imported: ImportedTable): Run[] {
  const c = imported.coverage;
  if (!c) return [];
  const rows = imported.table.rows.map((r) => ({ ...r, range: r.range ? { ...r.range } : null }));
  const unfilled: Run[] = [];
  for (const run of c.uncovered) {
    let above = -1;
    let below = -1;
    rows.forEach((r, i) => {
      if (!r.range) return;
      const to = r.range.to;
      if (to !== null && to < run.from && (above < 0 || to > rows[above]!.range!.to!)) above = i;
      if (r.range.from > run.to && (below < 0 || r.range.from < rows[below]!.range!.from)) below = i;
    });
    const i = above >= 0 ? above : below;
    if (i < 0) {
      unfilled.push(run);
      continue;
    }
    const r = rows[i]!.range!;
    if (above >= 0) r.to = run.to;
    else r.from = run.from;
    imported.rowNotes[i]!.push(`stretched over ${runText(run)}, which no row covered`);
  }
  imported.table = { ...imported.table, rows };
  return unfilled;
}

/** Rolls the import found no table for, and where the page's tables point. */
export function previewImport(text: string, options: ImportOptions = {}): ImportPreview {
  const empty = (message: string, line: number | null = null): ImportPreview => ({
    format: 'unknown',
    tables: [],
    table: null,
    rowLines: [],
    problems: [{ line, message }],
    notes: [],
    links: [],
    gaps: { needed: false, chosen: options.gaps ?? null, tables: [] },
    list: null,
  });
  if (typeof text !== 'string' || !text.trim()) return empty('The text is empty: paste a table, or open a file');
  if (text.length > MAX_TEXT)
    return empty(
      `The text is ${text.length.toLocaleString('en-GB')} characters; at most ${MAX_TEXT.toLocaleString('en-GB')} can be imported at once: split it into several imports`,
    );
  // A byte-order mark (Windows editors, some exports) is no part of the text.
  text = text.replace(/^\ufeff/, '');

  let format: ImportFormat;
  const drafts: Draft[] = [];
  const notes: ImportProblem[] = [];
  const problems: ImportProblem[] = [];
  let list: ImportPreview['list'] = null;
  if (looksLikeFoundry(text)) {
    const read = readFoundry(text);
    problems.push(...read.problems);
    notes.push(...read.notes);
    drafts.push(...read.documents.map(foundryDrafts));
    format = 'foundry';
  } else {
    const source = text.replace(/\r\n?/g, '\n');
    const exported = source.split('\n').some((l) => META.test(l.trim()));
    const unmarked = unmark(source, exported);
    notes.push(...unmarked.notes);
    const filled = unmarked.lines.filter((l) => l.text.trim());
    if (options.asList) {
      drafts.push(listDraft(unmarked.lines));
      format = 'list';
    } else {
      const page = readPage(unmarked.lines);
      for (const section of page.sections) {
        const d = section.body.kind === 'lines' ? linesDraft(section, section.body) : gridDraft(section, section.body);
        drafts.push(d);
      }
      // No keys at all, but every line says how often it comes up: a table rolled by weight.
      const weights = drafts.length === 0 && !unmarked.markup ? weightsDraft(unmarked.lines) : null;
      if (weights) {
        drafts.push(weights);
        page.leftOut = [];
      }
      // Prose around the tables: one note per paragraph, not per line.
      const paragraphs: { line: number; last: number; text: string }[] = [];
      for (const l of page.leftOut.filter((x) => x.text.trim()).sort((a, b) => a.line - b.line)) {
        const prev = paragraphs[paragraphs.length - 1];
        if (prev && prev.last === l.line - 1) prev.last = l.line;
        else paragraphs.push({ line: l.line, last: l.line, text: l.text });
      }
      for (const p of paragraphs) {
        const what =
          p.last > p.line ? `Lines ${p.line}-${p.last} (“${short(p.text, 40)}”) are` : `“${short(p.text, 60)}” is`;
        notes.push({
          line: p.line,
          message: `${what} not part of a table and ${p.last > p.line ? 'were' : 'was'} left out`,
        });
      }
      for (const f of page.furniture)
        notes.push({
          line: f.line,
          message: `“${short(f.text, 40)}” between the rows is read as ${f.why} and left out`,
        });
      format = drafts.length > 1 ? 'page' : (drafts[0]?.format ?? 'unknown');
      // Offer a plain list when no table was found, or when numbered lines 1..N miss the die's last faces.
      // Lines read out of HTML or BBCode count as entries only when they are list items.
      const entries = unmarked.markup ? filled.filter((l) => /^(?:- |\d+\. )/.test(l.text)) : filled;
      if (drafts.length === 0 && entries.length >= 2)
        list = {
          entries:
            entries.length - (!unmarked.markup && /:$/.test(entries[0]!.text.trim()) && entries.length > 2 ? 1 : 0),
          die: '',
        };
      const only = drafts.length === 1 ? drafts[0]! : null;
      if (
        only &&
        only.format === 'lines' &&
        only.dieHow !== 'read' &&
        only.rows.every((r, i) => r.key?.from === i + 1 && r.key.to === i + 1)
      ) {
        const n = only.rows.length;
        if (!STANDARD_DICE.includes(n)) list = { entries: n, die: `d${n}` };
      }
      if (list && !list.die) list.die = list.entries >= 2 ? `d${list.entries}` : 'weights';

      if (drafts.length === 0 && !list && unmarked.markup) {
        const what = unmarked.markup === 'html' ? 'HTML' : 'BBCode';
        return {
          ...empty(
            `The text is ${what}, and its tags hold no table this app can read (a table whose first column is the die, or a numbered list): copy the table from the page as text, or paste it as Markdown`,
            1,
          ),
          notes,
        };
      }
    }
  }
  if (drafts.length === 0 && problems.length === 0) {
    const result = empty(
      list
        ? 'No roll values were found: this reads as a plain list; tick “Import as a plain list” to roll it as a uniform table'
        : 'No table rows were found: start each row with its roll value (1 = …, 2-3: …), or paste a Markdown table whose first column is the die',
    );
    return { ...result, notes, list };
  }

  // Keys: as exported, else from the names, unique within the import.
  const single = drafts.length === 1;
  const used = new Set<string>();
  const unique = (base: string) => {
    let k = base || 'table';
    for (let n = 2; used.has(k); n++) k = `${base.slice(0, 52).replace(/-+$/, '')}-${n}`;
    used.add(k);
    return k;
  };
  // A section that gave no rows says why among the problems, and makes no table (a table this
  // app exported with no rows is that table, empty).
  const keeps = (d: Draft) => d.rows.length > 0 || (d.exact !== null && d.problems.length === 0);
  for (const d of drafts) {
    if (keeps(d)) continue;
    problems.push(...d.problems);
    notes.push(...d.notes);
  }
  let untitled = 0;
  const built: Built[] = drafts.filter(keeps).map((d) => {
    settle(d, single ? options.die?.trim() || undefined : undefined);
    // Tables with no title on one page are told apart by number.
    if (!d.exact?.name && !d.name && !single) d.name = ++untitled > 1 ? `Imported table ${untitled}` : null;
    const name = (single && options.name?.trim()) || d.exact?.name || d.name || 'Imported table';
    const key = unique((single && options.key) || d.exact?.key || slugify(name));
    return build(d, key, options, single);
  });
  for (const b of built) {
    problems.push(...b.draft.problems);
    notes.push(...b.draft.notes);
  }
  // Every table, empty ones too: an exported table with no rows rolls "no entry" on every result.
  for (const b of built) coverageProblems(b, problems, built.length > 1);

  // Links: prose in pasted tables, document results in Foundry ones, nested rolls in both.
  const links: ImportLink[] = [];
  const named: NamedTable[] = built.map((b) => ({ key: b.imported.table.key, name: b.imported.table.name }));
  const known = (options.known ?? []).filter((k) => !named.some((n) => n.key === k.key));
  const againRows = new Map<Built, Set<number>>();
  const byFoundryId = new Map(built.flatMap((b) => (b.draft.foundryId ? [[b.draft.foundryId, b] as const] : [])));
  const byExportedKey = new Map(built.flatMap((b) => (b.draft.exact?.key ? [[b.draft.exact.key, b] as const] : [])));
  for (const b of built) {
    const t = b.imported.table;
    const rows = t.rows.map((r) => ({ ...r }));
    t.rows.forEach((r, i) => {
      const line = b.imported.rowLines[i] ?? null;
      if (r.rollOn) {
        // An exported link keeps its target, renamed with it if the import renamed it.
        const target = byExportedKey.get(r.rollOn.table);
        if (target && target.imported.table.key !== r.rollOn.table)
          rows[i] = { ...r, rollOn: { ...r.rollOn, table: target.imported.table.key } };
        return;
      }
      const draftRow = b.draft.rows[i];
      if (draftRow?.foundryTarget) {
        const ft = draftRow.foundryTarget;
        const hit = byFoundryId.get(ft.id);
        // A table of the same file by its id, else a campaign table by the name Foundry shows.
        const inCampaign = !hit && ft.name ? resolveTarget(ft.name, known) : null;
        const resolved = hit
          ? { key: hit.imported.table.key, name: hit.imported.table.name, existing: false }
          : inCampaign
            ? { key: inCampaign.key, name: inCampaign.name, existing: true }
            : null;
        links.push({
          table: t.key,
          row: i,
          line,
          kind: 'foundry',
          phrase: `links the roll table ${ft.name ? `“${ft.name}”` : ft.id}`,
          target: ft.name || ft.id,
          times: 1,
          resolved,
          match: inCampaign?.how ?? null,
          doubt: null,
        });
        if (resolved) rows[i] = { ...r, rollOn: { table: resolved.key, times: 1, modifier: 0 } };
        else
          b.imported.rowNotes[i]!.push(
            `links a roll table that is not in this file (${ft.name || ft.id}): kept as text`,
          );
        return;
      }
      if (b.draft.exact || b.draft.format === 'foundry' || b.draft.format === 'list' || options.links === false) return;
      const found = findLinks(b.texts[i] ?? '');
      const link = found[0];
      if (!link) return;
      if (found.length > 1)
        b.imported.rowNotes[i]!.push(
          `holds ${found.length} links; only the first (“${short(link.phrase, 40)}”) becomes a nested roll`,
        );
      let resolved: ImportLink['resolved'] = null;
      let match: string | null = null;
      let self = link.target === null;
      if (link.target !== null) {
        const onPage = resolveTarget(link.target, named);
        const inCampaign = onPage ? null : resolveTarget(link.target, known);
        const hit = onPage ?? inCampaign;
        if (onPage?.key === t.key) self = true;
        else if (hit) {
          resolved = { key: hit.key, name: hit.name, existing: hit === inCampaign };
          match = hit.how;
        }
      }
      if (link.doubt)
        b.imported.rowNotes[i]!.push(
          `“${short(link.phrase, 40)}” is read as a roll to make, though ${link.doubt}: untick the links box if it is not meant for the roller`,
        );
      if (match && resolved)
        b.imported.rowNotes[i]!.push(
          `“${short(link.target ?? '', 30)}” is no table's name: it rolls on ${resolved.name}, found ${match}`,
        );
      if (self) {
        const set = againRows.get(b) ?? new Set<number>();
        set.add(i);
        againRows.set(b, set);
        links.push({
          table: t.key,
          row: i,
          line,
          kind: link.kind === 'roll-on' ? 'reroll' : link.kind,
          phrase: link.phrase,
          target: null,
          times: link.times,
          resolved: null,
          match: null,
          doubt: link.doubt,
        });
        return;
      }
      links.push({
        table: t.key,
        row: i,
        line,
        kind: link.kind,
        phrase: link.phrase,
        target: link.target,
        times: link.times,
        resolved,
        match,
        doubt: link.doubt,
      });
      if (resolved) rows[i] = { ...r, rollOn: { table: resolved.key, times: link.times, modifier: 0 } };
      else
        b.imported.rowNotes[i]!.push(
          `names “${short(link.target ?? '', 40)}”, which is not a table on this page or in the campaign: kept as text`,
        );
    });
    b.imported.table = { ...t, rows };
  }

  // Gaps: shown before saving; the Judge chooses fill, re-roll or keep "no entry".
  // Every table goes through this, exported ones too: a row deleted by hand leaves a gap.
  const gapTables = built.filter(
    (b) => b.imported.coverage && b.imported.coverage.uncoveredCount > 0 && b.imported.coverage.outside.length === 0,
  );
  const gaps: ImportPreview['gaps'] = {
    needed: gapTables.length > 0 && !options.gaps,
    chosen: options.gaps ?? null,
    tables: gapTables.map((b) => ({
      key: b.imported.table.key,
      name: b.imported.table.name,
      uncovered: b.imported.coverage!.uncovered.map(runText).join(', '),
      line: b.imported.titleLine ?? b.draft.line,
    })),
  };
  if (options.gaps === 'fill') {
    for (const b of gapTables) {
      const left = fillGaps(b.imported);
      if (left.length) {
        problems.push({
          line: b.imported.titleLine ?? b.draft.line,
          message: `${b.imported.table.name}: fill cannot cover ${left.map(runText).join(', ')}, as no row has a key to stretch over ${left.length === 1 ? 'it' : 'them'}: choose re-roll or keep, or add rows`,
        });
      }
    }
  }
  if (options.gaps === 'reroll') {
    for (const b of gapTables) {
      const t = b.imported.table;
      if (t.rows.length === 0) {
        problems.push({
          line: b.imported.titleLine ?? b.draft.line,
          message: `${t.name}: re-roll has no row to land on, as the table has none: choose keep, or add rows`,
        });
        continue;
      }
      const set = againRows.get(b) ?? new Set<number>();
      const extra = b.imported.coverage!.uncovered.map(
        (run) =>
          ({
            range: { from: run.from, to: run.to },
            weight: null,
            label: 'Roll again',
            details: '',
            fields: {},
            loot: null,
            room: null,
            entity: null,
            spell: null,
            rollOn: null,
          }) as TableRow,
      );
      extra.forEach((_, n) => set.add(t.rows.length + n));
      againRows.set(b, set);
      b.imported.table = { ...t, rows: [...t.rows, ...extra] };
      b.imported.rowLines.push(...extra.map(() => null));
      b.imported.rowNotes.push(...extra.map((r) => [`added for ${formatRun(r)}, which no row covered: rolls again`]));
    }
  }

  // Rolling again on a table goes through its companion of the other rows.
  const companions: ImportedTable[] = [];
  for (const [b, set] of againRows) {
    const t = b.imported.table;
    const key = unique(`${t.key.slice(0, 50)}-again`);
    const made = companionTable(t, key, set);
    if (!made.table) {
      problems.push({
        line: b.imported.rowLines[[...set][0]!] ?? b.draft.line,
        message: `${t.name}: cannot roll again: ${made.error}; edit the row to say what happens instead`,
      });
      continue;
    }
    const times = new Map(
      links.filter((l) => l.table === t.key && l.resolved === null && l.target === null).map((l) => [l.row, l.times]),
    );
    b.imported.table = {
      ...t,
      rows: t.rows.map((r, i) =>
        set.has(i) ? { ...r, rollOn: { table: key, times: times.get(i) ?? 1, modifier: 0 } } : r,
      ),
    };
    for (const l of links)
      if (l.table === t.key && l.target === null) l.resolved = { key, name: made.table.name, existing: false };
    const lines = made.table.rows.map(
      (r) => b.imported.rowLines[t.rows.findIndex((o) => o.label === r.label && o.details === r.details)] ?? null,
    );
    companions.push({
      table: made.table,
      rowLines: lines,
      rowNotes: made.table.rows.map((r) => [`weight ${r.weight}: its share of ${t.die}`]),
      titleLine: b.imported.titleLine,
      die: {
        how: 'weights',
        line: null,
        note: `the rows of ${t.name} that do not roll again, weighted by their share of ${t.die}`,
      },
      coverage: null,
      companionOf: t.key,
    });
  }

  const tables = [...built.map((b) => b.imported), ...companions];
  // Coverage after the choice, so the dialog shows what will be saved.
  for (const t of tables) if (!t.companionOf) t.coverage = coverageOf(t.table);
  // Fill and re-roll promise every result a row; whatever still has none is a refusal, never a quiet "no entry".
  if (options.gaps === 'fill' || options.gaps === 'reroll') {
    for (const b of gapTables) {
      const c = b.imported.coverage;
      const name = b.imported.table.name;
      if (c && c.uncoveredCount > 0 && !problems.some((p) => p.message.startsWith(`${name}: `))) {
        problems.push({
          line: b.imported.titleLine ?? b.draft.line,
          message: `${name}: after ${options.gaps === 'fill' ? 'fill' : 're-roll'} no row covers ${c.uncovered.map(runText).join(', ')} yet: choose keep, or add rows for them`,
        });
      }
    }
  }

  // Links must not loop: the roll would never end.
  const cycle = findCycle(new Map(tables.map((t) => [t.table.key, t.table])));
  if (cycle) {
    const from = links.find((l) => l.table === cycle[0] && l.resolved?.key === cycle[1]);
    problems.push({
      line: from?.line ?? null,
      message: `The tables roll on each other in a loop (${cycle.join(' → ')}): remove or reword one of these links`,
    });
  }
  for (const t of tables) {
    const v = tableDefSchema.safeParse(t.table);
    if (!v.success) problems.push({ line: t.titleLine, message: `${t.table.name}: ${describeIssues(v.error)}` });
  }
  const first = tables[0] ?? null;
  return {
    format,
    tables,
    table: first?.table ?? null,
    rowLines: first?.rowLines ?? [],
    problems: dedupe(problems),
    notes,
    links,
    gaps,
    list,
  };
}

const formatRun = (r: TableRow) => (r.range ? runText({ from: r.range.from, to: r.range.to ?? r.range.from }) : '');

function dedupe(problems: ImportProblem[]): ImportProblem[] {
  const seen = new Set<string>();
  return problems
    .filter((p) => {
      const k = `${p.line}|${p.message}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** Why a preview cannot be saved as it stands, in one sentence; null when it can. */
export function refusal(preview: ImportPreview): string | null {
  if (preview.problems.length || preview.tables.length === 0) {
    const first = preview.problems.slice(0, 3).map((p) => (p.line ? `line ${p.line}: ${p.message}` : p.message));
    return `Not imported: ${first.join('; ') || 'no table was found'}${preview.problems.length > 3 ? ` (and ${preview.problems.length - 3} more)` : ''}.`;
  }
  if (preview.gaps.needed) {
    const t = preview.gaps.tables[0]!;
    return `Not imported: ${t.line ? `line ${t.line}: ` : ''}no row of ${t.name} covers ${t.uncovered}. Choose what those rolls do: fill (stretch the row above), re-roll, or keep “no entry”.`;
  }
  return null;
}
