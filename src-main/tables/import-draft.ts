// Drafts of a paste import: what the text says about each table before its die is settled —
// the shared shapes and options of the import, the title and caption read, and the helpers every
// reader (grid, numbered lines, lists, Foundry) uses to turn a row's words into a label and details.
import { LIMITS_TABLES, type TableCategory, type TableDef, type TableRow } from '@shared/tables.ts';
import type {
  ImportedTableView,
  ImportGapChoice,
  ImportLinkView,
  ImportLoopDrop,
  ImportPreviewBody,
  ImportProblemView,
} from '@shared/contract.ts';
import type { KeyRead } from '@shared/row-key.ts';
import type { NamedTable } from './table-links.ts';
import { cleanPasted } from './paste-markup.ts';
import { halfWidth, SHARE } from './paste-rows.ts';
import { readDieIn } from './paste-dice.ts';
import { nameFromTitle } from './paste-titles.ts';
import type { Section } from './paste-sections.ts';

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
  /** Loop links the Judge drops: their rows' words stay text. */
  dropLoops?: readonly ImportLoopDrop[];
}

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

export const short = (t: string, n = 40) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);

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

export interface DraftRow {
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

export interface Draft {
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

export const emptyDraft = (format: Draft['format'], line: number): Draft => ({
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

/** The title and captions of a section: its name, and the dice named there. */
export function applyTitle(draft: Draft, section: Section): void {
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
export function keyCell(text: string): { text: string; share: string | null } {
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
