// Export tables as a versioned JSON pack or as Markdown; both import back to the same tables.
import { formatRange, PACK_FORMAT, PACK_VERSION, tablePackSchema, type TableDef, type TablePack } from '@shared/tables.ts';
import { describeIssues } from '@shared/contract.ts';
import { typedCell, typedColumnsFor } from './table-columns.ts';
import { previewImport, type ImportProblem } from './table-import.ts';
import { findCycle } from './table-validate.ts';

export function exportPack(tables: readonly TableDef[], name = ''): string {
  const pack: TablePack = { format: PACK_FORMAT, version: PACK_VERSION, name, tables: tables.map((t) => ({ ...t, starter: false })) };
  return JSON.stringify(pack, null, 2);
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function exportMarkdown(table: TableDef): string {
  const typed = typedColumnsFor(table.rows);
  const fieldNames = [...new Set(table.rows.flatMap((r) => Object.keys(r.fields)))];
  const meta = { key: table.key, name: table.name, category: table.category, die: table.die, span: table.span, drawWithoutReplacement: table.drawWithoutReplacement };
  const head = [table.die ?? 'Weight', 'Result', 'Details', ...fieldNames, ...typed.map((c) => c.name)];
  const lines = [
    `## ${table.name}`,
    `<!-- lichslayer-table ${JSON.stringify(meta)} -->`,
    '',
    `| ${head.map(cell).join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...table.rows.map((r) => `| ${[table.die === null ? String(r.weight ?? 1) : formatRange(r.range, r.weight), r.label, r.details, ...fieldNames.map((f) => r.fields[f] ?? ''), ...typed.map((c) => typedCell(r, c))].map(cell).join(' | ')} |`),
  ];
  return lines.join('\n') + '\n';
}

export function exportPackMarkdown(tables: readonly TableDef[]): string {
  return tables.map(exportMarkdown).join('\n');
}

export interface PackPreview {
  tables: TableDef[];
  problems: ImportProblem[];
}

/** Reads a pack from JSON or from exported Markdown (one table per "##" section). */
export function readPack(text: string): PackPreview {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let raw: unknown;
    try {
      raw = JSON.parse(trimmed);
    } catch (error) {
      return { tables: [], problems: [{ line: null, message: `The pack is not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
    }
    const parsed = tablePackSchema.safeParse(raw);
    if (!parsed.success) return { tables: [], problems: [{ line: null, message: `The pack is not valid: ${describeIssues(parsed.error)}` }] };
    const keys = parsed.data.tables.map((t) => t.key);
    const dup = keys.find((k, i) => keys.indexOf(k) !== i);
    if (dup) return { tables: [], problems: [{ line: null, message: `The pack holds two tables keyed “${dup}”` }] };
    const cycle = findCycle(new Map(parsed.data.tables.map((t) => [t.key, t])));
    if (cycle) return { tables: [], problems: [{ line: null, message: `The pack's tables roll on each other in a loop: ${cycle.join(' → ')}` }] };
    return { tables: parsed.data.tables, problems: [] };
  }
  // Markdown: split at headings, keep line numbers by padding each section's offset.
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const starts = lines.flatMap((l, i) => (/^##\s+/.test(l) ? [i] : []));
  if (starts.length <= 1) {
    const one = previewImport(text);
    return { tables: one.table ? [one.table] : [], problems: one.problems };
  }
  const tables: TableDef[] = [];
  const problems: ImportProblem[] = [];
  starts.forEach((start, n) => {
    const end = starts[n + 1] ?? lines.length;
    const section = [...Array<string>(start).fill(''), ...lines.slice(start, end)].join('\n');
    const preview = previewImport(section);
    problems.push(...preview.problems);
    if (preview.table) tables.push(preview.table);
  });
  return { tables, problems };
}
