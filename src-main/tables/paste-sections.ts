// The shapes a pasted page is read into: sections (a titled table with its captions and rows),
// each row with the source lines it came from, and what was left out of every table.
import type { KeyRead } from '@shared/row-key.ts';

export interface SourceLine {
  text: string;
  line: number;
}

export interface LinesRow {
  key: KeyRead;
  keyText: string;
  text: string;
  line: number;
  /** Written with "=", ":", "." … after its key rather than a bare space. */
  explicit: boolean;
  /** The last source line of the entry as written, to see whether it ends a sentence. */
  lastLine: string;
  /** What follows the key: "=", ":", "." … or "" for a bare space. */
  separator: string;
  /** Lines joined to this entry, with why. */
  joined: { line: number; why: string }[];
  /** How the row was read (a share printed after its key, a column beside another). */
  notes: string[];
  /** Paragraphs printed under the entry (a blog's entry with its description below it). */
  paragraphs: string[];
}

export interface GridRow {
  cells: string[];
  line: number;
  /** Extra source lines a quoted CSV cell ran over. */
  joined: { line: number; why: string }[];
}

export type SectionBody =
  | { kind: 'markdown'; header: string[]; headerLine: number; rows: GridRow[]; headerless: boolean }
  | { kind: 'csv'; header: string[]; headerLine: number; rows: GridRow[]; separator: string; headerless: boolean }
  | { kind: 'lines'; rows: LinesRow[]; bad: SourceLine[] };

export interface Section {
  title: SourceLine | null;
  /** Lines between the title and the rows ("Roll once each morning."). */
  captions: SourceLine[];
  /** A `<!-- lichslayer-table {…} -->` line: the section was exported by this app. */
  meta: SourceLine | null;
  body: SectionBody;
  /** How the section was read, for the preview. */
  notes: { line: number | null; message: string }[];
}

export interface Page {
  sections: Section[];
  /** Lines that belong to no table (prose, a trailing caption). */
  leftOut: SourceLine[];
  /** Page numbers, running headers and repeated titles found between rows, and left out. */
  furniture: (SourceLine & { why: string })[];
}
export type LinesBody = Extract<SectionBody, { kind: 'lines' }>;
