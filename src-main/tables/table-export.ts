// Export tables as a versioned JSON pack, as Markdown or as Foundry VTT RollTables; each
// imports back to the same tables (the round-trip property test holds every format to it).
// Tables that roll on each other in a loop import as they are, each loop named with its chain.
import {
  formatRange,
  PACK_FORMAT,
  PACK_VERSION,
  tablePackSchema,
  type TableDef,
  type TablePack,
} from '@shared/tables.ts';
import { describeIssues } from '@shared/contract.ts';
import { typedCell, typedColumnsFor } from './table-columns.ts';
import { previewImport, type ImportProblem } from './table-import.ts';
import { loopLinks, type LoopLink } from './table-loops.ts';
import { writeCell } from './markdown-cells.ts';
export { exportFoundry } from './foundry-export.ts';

export function exportPack(tables: readonly TableDef[], name = ''): string {
  const pack: TablePack = {
    format: PACK_FORMAT,
    version: PACK_VERSION,
    name,
    tables: tables.map((t) => ({ ...t, starter: false })),
  };
  return JSON.stringify(pack, null, 2);
}

export function exportMarkdown(table: TableDef): string {
  const typed = typedColumnsFor(table.rows);
  const fieldNames = [...new Set(table.rows.flatMap((r) => Object.keys(r.fields)))];
  // The field columns are named in the meta line, so a field called "Details" or "loot.tier" reads back as a field.
  const meta = {
    key: table.key,
    name: table.name,
    category: table.category,
    die: table.die,
    span: table.span,
    drawWithoutReplacement: table.drawWithoutReplacement,
    fields: fieldNames,
  };
  const head = [table.die ?? 'Weight', 'Result', 'Details', ...fieldNames, ...typed.map((c) => c.name)];
  const lines = [
    `## ${table.name.replace(/\s+/g, ' ')}`,
    `<!-- lichslayer-table ${JSON.stringify(meta)} -->`,
    '',
    `| ${head.map(writeCell).join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...table.rows.map(
      (r) =>
        `| ${[table.die === null ? String(r.weight ?? 1) : formatRange(r.range, r.weight), r.label, r.details, ...fieldNames.map((f) => r.fields[f] ?? ''), ...typed.map((c) => typedCell(r, c))].map(writeCell).join(' | ')} |`,
    ),
  ];
  return lines.join('\n') + '\n';
}

export function exportPackMarkdown(tables: readonly TableDef[]): string {
  return tables.map(exportMarkdown).join('\n');
}

export interface PackPreview {
  tables: TableDef[];
  problems: ImportProblem[];
  /** Links that go back along a roll from the pack's first table: kept, a roll ends there. */
  loops: LoopLink[];
}

const withLoops = (tables: TableDef[], problems: ImportProblem[]): PackPreview => ({
  tables,
  problems,
  loops: loopLinks(new Map(tables.map((t) => [t.key, t]))),
});

/** Reads a pack from JSON or from exported Markdown (one table per "##" section). */
export function readPack(text: string): PackPreview {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let raw: unknown;
    try {
      raw = JSON.parse(trimmed);
    } catch (error) {
      return withLoops(
        [],
        [
          {
            line: null,
            message: `The pack is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
          },
        ],
      );
    }
    const parsed = tablePackSchema.safeParse(raw);
    if (!parsed.success)
      return withLoops([], [{ line: null, message: `The pack is not valid: ${describeIssues(parsed.error)}` }]);
    const keys = parsed.data.tables.map((t) => t.key);
    const dup = keys.find((k, i) => keys.indexOf(k) !== i);
    if (dup) return withLoops([], [{ line: null, message: `The pack holds two tables keyed “${dup}”` }]);
    return withLoops(parsed.data.tables, []);
  }
  // Markdown: each "##" section with its meta line is one exported table, read as written.
  const page = previewImport(text, { gaps: 'keep' });
  return withLoops(
    page.tables.filter((t) => !t.companionOf).map((t) => t.table),
    page.problems,
  );
}
