// From drafts to tables: the die settled (zeros, "or less", a die typed by the Judge, "+ level"),
// each row checked against the table model, coverage refusals on their lines, and gaps filled.
import {
  LIMITS_TABLES,
  tableDefSchema,
  tableRowSchema,
  type TableCategory,
  type TableDef,
  type TableRow,
  type TableRowInput,
} from '@shared/tables.ts';
import { describeIssues } from '@shared/contract.ts';
import { keyRange } from '@shared/row-key.ts';
import { parseDice } from '../rules/dice-expression.ts';
import { coverageOf, runText, type Run } from './table-coverage.ts';
import { short, type Draft, type ImportedTable, type ImportOptions, type ImportProblem } from './import-draft.ts';

/** The dice tables are usually written for, smallest first. */
export const STANDARD_DICE = [2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 30, 100, 1000];

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

export interface Built {
  draft: Draft;
  imported: ImportedTable;
  /** Rows' prose, for links. */
  texts: string[];
}

/** Settles the die and the keys of a draft (zeros, "or less", a die given by the Judge). */
export function settle(draft: Draft, given: string | undefined): void {
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

export function build(draft: Draft, key: string, options: ImportOptions, single: boolean): Built {
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
            : rows.some((r) => r.inn)
              ? 'event'
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
export function coverageProblems(b: Built, problems: ImportProblem[], several: boolean): void {
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
export function fillGaps(imported: ImportedTable): Run[] {
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

export const formatRun = (r: TableRow) =>
  r.range ? runText({ from: r.range.from, to: r.range.to ?? r.range.from }) : '';
