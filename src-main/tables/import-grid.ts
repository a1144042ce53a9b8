// Grid pastes — a Markdown table, CSV or TSV — read into drafts: the die from the header cell
// or the title, each row's key, label, details, kept columns and typed columns, a table printed
// as column pairs side by side, and a header repeated over a page break left out.
import { tableDefSchema, type TableDef, type TableRow } from '@shared/tables.ts';
import { readRowKey, type KeyRead } from '@shared/row-key.ts';
import { readTypedColumns, type TypedColumn } from './table-columns.ts';
import { readExactCell, readPastedCell } from './markdown-cells.ts';
import { cleanPasted } from './paste-markup.ts';
import { dieHeader } from './paste-dice.ts';
import { META } from './paste-classify.ts';
import type { GridRow, Section } from './paste-sections.ts';
import { applyTitle, emptyDraft, keyCell, short, splitLong, type Draft, type ImportProblem } from './import-draft.ts';

const DETAIL_WORDS = /^(effect|effects|description|details|text|notes|what happens)$/i;
const LABEL_WORDS = /^(result|results|entry|name|item|outcome|event|encounter)$/i;

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

export function gridDraft(section: Section, body: Extract<Section['body'], { kind: 'markdown' | 'csv' }>): Draft {
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
