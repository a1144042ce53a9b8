// Paste import: whatever a Judge pastes or opens — a Markdown table (with or without outer
// pipes), CSV/TSV whose first cell is the die, numbered lines from a PDF or a forum post, a
// whole page of titled tables that send the reader to each other, a plain list, or a Foundry
// VTT RollTable export — becomes draft tables with every row traced to its source line, the
// die read or guessed (and said which), the coverage of the die, the links between tables,
// and every refusal naming its line and what to change. Nothing here saves; the save command
// runs this same function, so what the preview shows is exactly what is saved.
import { tableDefSchema } from '@shared/tables.ts';
import { describeIssues } from '@shared/contract.ts';
import { coverageOf } from './table-coverage.ts';
import { readPage } from './paste-page.ts';
import { META } from './paste-classify.ts';
import { unmark } from './paste-markup.ts';
import { looksLikeFoundry, readFoundry } from './foundry-table.ts';
import {
  short,
  slugify,
  type Draft,
  type ImportFormat,
  type ImportOptions,
  type ImportPreview,
  type ImportProblem,
} from './import-draft.ts';
import { gridDraft } from './import-grid.ts';
import { linesDraft, listDraft, weightsDraft } from './import-lines.ts';
import { foundryDrafts } from './foundry-draft.ts';
import { build, coverageProblems, settle, STANDARD_DICE, type Built } from './import-build.ts';
import { linkTables } from './import-links.ts';
import { settleLoops } from './import-loops.ts';
import { rollAgainCompanions, settleGaps, unfilledProblems } from './import-gaps.ts';

export { slugify } from './import-draft.ts';
export type { ImportOptions, ImportProblem } from './import-draft.ts';

export const MAX_TEXT = 2_000_000;

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

  const { links, againRows } = linkTables(built, options);
  settleLoops(built, links, options, problems, notes);
  const { gaps, gapTables } = settleGaps(built, options, problems, againRows);
  const companions = rollAgainCompanions(againRows, links, unique, problems);
  const tables = [...built.map((b) => b.imported), ...companions];
  // Coverage after the choice, so the dialog shows what will be saved.
  for (const t of tables) if (!t.companionOf) t.coverage = coverageOf(t.table);
  unfilledProblems(gapTables, options, problems);

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
