// Paste import: a table as found in a rulebook or a forum post — a Markdown table whose first
// column is the die, CSV/TSV of the same shape, or numbered lines — becomes a draft table
// with every problem marked by line, before anything is saved.
import { readTypedColumns, type TypedColumn } from './table-columns.ts';
import { tableDefSchema, type TableCategory, type TableDef, type TableRow } from '@shared/tables.ts';
import { describeIssues } from '@shared/contract.ts';
import { parseDice } from '../rules/dice-expression.ts';
import { parseRowKey } from '@shared/row-key.ts';
import { validateTable } from './table-validate.ts';

export interface ImportProblem {
  line: number | null;
  message: string;
}

export interface ImportOptions {
  name?: string;
  key?: string;
  category?: TableCategory;
  /** Overrides the die found in (or inferred from) the text. */
  die?: string;
}

export interface ImportPreview {
  format: 'markdown' | 'csv' | 'lines' | 'unknown';
  table: TableDef | null;
  problems: ImportProblem[];
  /** Row index → source line, so the preview marks the line a problem came from. */
  rowLines: number[];
}

const ROLL_WORDS = /^(roll|result|#|die|dice|d%|n|no\.?|value|range)$/i;
const DETAIL_WORDS = /^(effect|effects|description|details|text|notes)$/i;
const MAX_TEXT = 2_000_000;

export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'table'
  );
}

/** Picks the die a table's keys were written for, when the text does not name it. */
export function inferDie(min: number, max: number): string {
  if (min >= 11 && max <= 66 && max > 12) return 'd66';
  if (min === 2 && max === 12) return '2d6';
  if (min === 3 && max === 18) return '3d6';
  return `d${Math.max(2, max)}`;
}

function splitMarkdownRow(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

function parseCsvLine(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
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
  cells.push(cur.trim());
  return cells;
}

function dieFromHeader(cell: string): string | null | 'roll' | 'weight' {
  const c = cell.trim().replace(/^1d/i, 'd');
  if (/^weights?$/i.test(c)) return 'weight';
  if (ROLL_WORDS.test(c)) return c.toLowerCase() === 'd%' ? 'd100' : 'roll';
  try {
    parseDice(c);
    return c.toLowerCase();
  } catch {
    return null;
  }
}

interface Grid {
  header: string[];
  headerLine: number;
  rows: { cells: string[]; line: number }[];
}

function fromGrid(grid: Grid, format: 'markdown' | 'csv', options: ImportOptions, meta: Partial<TableDef>): ImportPreview {
  const problems: ImportProblem[] = [];
  const die = dieFromHeader(grid.header[0] ?? '');
  if (die === null) {
    return {
      format,
      table: null,
      rowLines: [],
      problems: [{ line: grid.headerLine, message: `The first column must be the die (such as “d6”, “2d6” or “Roll”); found “${grid.header[0] ?? ''}”` }],
    };
  }
  const columns = grid.header.slice(1);
  const typed = readTypedColumns(columns);
  const detailCol = columns.findIndex((c, i) => i > 0 && DETAIL_WORDS.test(c) && !typed.has(i));
  const rows: TableRow[] = [];
  const rowLines: number[] = [];
  for (const { cells, line } of grid.rows) {
    const weightMatch = die === 'weight' ? /^(?:weight\s+)?(\d{1,7})$/i.exec((cells[0] ?? '').trim()) : null;
    const key = die === 'weight' ? null : parseRowKey(cells[0] ?? '');
    if (die === 'weight' && (!weightMatch || Number(weightMatch[1]) < 1)) {
      problems.push({ line, message: `“${cells[0] ?? ''}” is not a weight (a whole number of 1 or more)` });
      continue;
    }
    if (!key && die !== 'weight') {
      problems.push({ line, message: `“${cells[0] ?? ''}” is not a roll value or range (write 7, 5-6, 11–12 or 12+)` });
      continue;
    }
    const rest = cells.slice(1);
    const label = rest[0]?.trim() ?? '';
    if (!label) {
      problems.push({ line, message: 'This row has no text after its roll value' });
      continue;
    }
    const fields: Record<string, string> = {};
    columns.forEach((name, i) => {
      if (i === 0 || i === detailCol || typed.has(i)) return;
      const v = rest[i]?.trim() ?? '';
      if (v) fields[name || `column ${i + 2}`] = v;
    });
    const typedValues = typed.size ? readRowTyped(typed, rest, line, problems) : {};
    rows.push({
      range: key,
      weight: weightMatch ? Number(weightMatch[1]) : null,
      label,
      details: detailCol >= 0 ? (rest[detailCol] ?? '') : '',
      fields,
      loot: null,
      room: null,
      entity: null,
      spell: null,
      rollOn: null,
      ...typedValues,
    });
    rowLines.push(line);
  }
  return finish(format, rows, rowLines, problems, options, die === 'roll' ? null : die, meta, die === 'weight');
}

function readRowTyped(typed: Map<number, TypedColumn>, cells: string[], line: number, problems: ImportProblem[]): Partial<TableRow> {
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
  return groups as Partial<TableRow>;
}

function finish(
  format: ImportPreview['format'],
  rows: TableRow[],
  rowLines: number[],
  problems: ImportProblem[],
  options: ImportOptions,
  foundDie: string | null,
  meta: Partial<TableDef>,
  weighted = false,
): ImportPreview {
  if (rows.length === 0 && problems.length === 0) problems.push({ line: null, message: 'No table rows were found in the text' });
  const values = rows.flatMap((r) => (r.range ? [r.range.from, r.range.to ?? r.range.from] : []));
  const die = weighted ? null : (options.die ?? meta.die ?? foundDie ?? (values.length ? inferDie(Math.min(...values), Math.max(...values)) : 'd6'));
  const name = options.name?.trim() || meta.name || 'Imported table';
  const candidate = {
    key: options.key ?? meta.key ?? slugify(name),
    name,
    category: options.category ?? meta.category ?? (rows.some((r) => r.loot) ? 'loot' : rows.some((r) => r.room) ? 'room' : rows.some((r) => r.entity) ? 'entity' : rows.some((r) => r.spell) ? 'spell' : 'custom'),
    die,
    span: meta.span ?? null,
    drawWithoutReplacement: meta.drawWithoutReplacement ?? false,
    starter: false,
    rows,
  };
  const parsed = tableDefSchema.safeParse(candidate);
  if (!parsed.success) {
    problems.push({ line: null, message: describeIssues(parsed.error) });
    return { format, table: null, problems, rowLines };
  }
  for (const issue of validateTable(parsed.data)) {
    if (issue.severity === 'error') problems.push({ line: issue.row !== null ? (rowLines[issue.row] ?? null) : null, message: issue.message });
  }
  return { format, table: parsed.data, problems, rowLines };
}

const META = /^<!--\s*lichslayer-table\s+(\{.*\})\s*-->$/;

function readMeta(line: string): Partial<TableDef> {
  const m = META.exec(line.trim());
  if (!m?.[1]) return {};
  try {
    const raw = JSON.parse(m[1]) as Record<string, unknown>;
    const picked = tableDefSchema.pick({ key: true, name: true, category: true, die: true, span: true, drawWithoutReplacement: true }).partial().safeParse(raw);
    return picked.success ? (picked.data as Partial<TableDef>) : {};
  } catch {
    return {};
  }
}

/** Parses pasted text into a draft table; never throws, never saves. */
export function previewImport(text: string, options: ImportOptions = {}): ImportPreview {
  if (typeof text !== 'string') return { format: 'unknown', table: null, problems: [{ line: null, message: 'Nothing to import' }], rowLines: [] };
  if (text.length > MAX_TEXT) return { format: 'unknown', table: null, problems: [{ line: null, message: `The text is longer than ${MAX_TEXT.toLocaleString('en-GB')} characters` }], rowLines: [] };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let meta: Partial<TableDef> = {};
  let heading: string | undefined;
  const content: { text: string; line: number }[] = [];
  lines.forEach((l, i) => {
    if (META.test(l.trim())) meta = readMeta(l);
    else if (/^#{1,6}\s+/.test(l.trim())) heading ??= l.trim().replace(/^#{1,6}\s+/, '');
    else if (l.trim() !== '') content.push({ text: l, line: i + 1 });
  });
  if (heading && !meta.name) meta = { ...meta, name: heading };
  if (content.length === 0) return { format: 'unknown', table: null, problems: [{ line: null, message: 'The text is empty' }], rowLines: [] };

  if (content[0]!.text.trim().startsWith('|')) {
    const tableLines = content.filter((c) => c.text.trim().startsWith('|'));
    const stray = content.find((c) => !c.text.trim().startsWith('|'));
    const problems: ImportProblem[] = stray ? [{ line: stray.line, message: 'This line is not part of the Markdown table and was left out' }] : [];
    const [head, ...body] = tableLines;
    const rows = body.filter((r) => !/^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/.test(r.text.trim()));
    const preview = fromGrid({ header: splitMarkdownRow(head!.text), headerLine: head!.line, rows: rows.map((r) => ({ cells: splitMarkdownRow(r.text), line: r.line })) }, 'markdown', options, meta);
    return { ...preview, problems: [...problems, ...preview.problems] };
  }

  const first = content[0]!.text;
  const sep = first.includes('\t') ? '\t' : first.includes(',') || first.includes(';') ? (first.split(';').length > first.split(',').length ? ';' : ',') : null;
  if (sep) {
    const header = parseCsvLine(first, sep);
    if (dieFromHeader(header[0] ?? '') !== null || content.length > 1) {
      const grid = { header, headerLine: content[0]!.line, rows: content.slice(1).map((c) => ({ cells: parseCsvLine(c.text, sep), line: c.line })) };
      if (dieFromHeader(header[0] ?? '') !== null || parseRowKey(header[0] ?? '') === null) return fromGrid(grid, 'csv', options, meta);
    }
  }

  // Numbered lines: "1 = text", "1. text", "1-2: text", "11-12 text", "12+ text", "3) text".
  const problems: ImportProblem[] = [];
  const rows: TableRow[] = [];
  const rowLines: number[] = [];
  let die: string | null = null;
  content.forEach(({ text: raw, line }, n) => {
    const t = raw.trim();
    const head = /^(\d*d(?:\d+|%))\s*(?:[:\-–—]\s*)?(.*)$/i.exec(t);
    if (n === 0 && head) {
      try {
        parseDice(head[1]!.replace('%', '100'));
        die = head[1]!.toLowerCase().replace('d%', 'd100');
        if (head[2] && !meta.name) meta = { ...meta, name: head[2].trim() };
        return;
      } catch {
        /* not a die heading: read it as a row */
      }
    }
    const m = /^(\d{1,6}(?:\s*[-–—]\s*\d{1,6}|\s*\+)?)\s*(?:[=:.)\]]|\s)\s*(.+)$/.exec(t);
    const key = m ? parseRowKey(m[1]!) : null;
    if (!m || !key) {
      problems.push({ line, message: `“${t.length > 40 ? t.slice(0, 39) + '…' : t}” does not start with a roll value (write “1 = text”, “1. text”, “1-2: text” or “11-12 text”)` });
      return;
    }
    const [label, ...rest] = m[2]!.split(/\s+[—–-]\s+|:\s+/);
    rows.push({ range: key, weight: null, label: (label ?? m[2]!).trim(), details: rest.join(' — ').trim(), fields: {}, loot: null, room: null, entity: null, spell: null, rollOn: null });
    rowLines.push(line);
  });
  return finish('lines', rows, rowLines, problems, options, die, meta);
}
