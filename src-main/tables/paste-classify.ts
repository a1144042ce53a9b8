// Each pasted line by its kind — blank, an export's meta line, a heading, a Markdown table's
// separator or pipe line, a CSV header, a numbered row, or text — and CSV records read across lines.
import { rowCandidate } from './paste-rows.ts';
import { dieHeader } from './paste-dice.ts';
import { BOLD, HEADING } from './paste-titles.ts';
import type { PasteLine } from './paste-markup.ts';

export const META = /^<!--\s*lichslayer-table\s+(\{.*\})\s*-->$/;
export const MD_SEPARATOR = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;

export function csvSeparator(line: string): string | null {
  if (line.includes('\t')) return dieHeader(line.split('\t')[0] ?? '') ? '\t' : null;
  if (!/[,;]/.test(line)) return null;
  const first = line.split(/[,;]/)[0] ?? '';
  if (!dieHeader(first.replace(/^"|"$/g, ''))) return null;
  return line.split(';').length > line.split(',').length ? ';' : ',';
}

/** One CSV record, which may run over several lines inside quotes. */
export function readCsvRecord(lines: readonly string[], start: number, sep: string): { cells: string[]; next: number } {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  let i = start;
  let line = lines[i] ?? '';
  for (let c = 0; ; c++) {
    if (c >= line.length) {
      if (quoted && i + 1 < lines.length) {
        cur += '\n';
        i++;
        line = lines[i]!;
        c = -1;
        continue;
      }
      break;
    }
    const ch = line[c]!;
    if (quoted) {
      if (ch === '"' && line[c + 1] === '"') {
        cur += '"';
        c++;
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
  cells.push(sep === '\t' ? cur.replace(/^ +| +$/g, '') : cur.trim());
  return { cells, next: i + 1 };
}
export type Kind = 'blank' | 'meta' | 'heading' | 'text' | 'row' | 'pipe' | 'separator' | 'csv';

export interface Classified {
  text: string;
  line: number;
  kind: Kind;
  joined: { line: number; why: string }[];
  notes: string[];
}

export function classify(p: PasteLine): Classified {
  const t = p.text.trim();
  const kind: Kind = !t
    ? 'blank'
    : META.test(t)
      ? 'meta'
      : HEADING.test(t) || BOLD.test(t)
        ? 'heading'
        : MD_SEPARATOR.test(t) && t.includes('|')
          ? 'separator'
          : csvSeparator(t)
            ? 'csv'
            : rowCandidate(t)
              ? 'row'
              : t.includes('|')
                ? 'pipe'
                : 'text';
  return { text: p.text, line: p.line, kind, joined: p.joined ?? [], notes: p.notes ?? [] };
}
