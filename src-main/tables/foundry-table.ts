// Foundry VTT RollTable documents, read. This takes the shapes Foundry has exported over the
// years — numeric result types with `collection`/`resultId` (v9), numeric types with
// `documentCollection`/`documentId` (v10-11), string types "text"/"document"/"pack" (v12),
// `name`/`description`/`documentUuid` (v13+) — a single document, an array of them, or a
// compendium file with one document per line. Writing is foundry-export.ts.
import { z } from 'zod';
import { TABLE_CATEGORIES, tableRowSchema } from '@shared/tables.ts';
import { parseDice } from '../rules/dice-expression.ts';
import { decodeEntities, lineFinder } from './paste-markup.ts';

export const FLAG_SCOPE = 'lichslayer-judge';

const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
const optionalText = z.string().nullable().optional();

const resultSchema = loose({
  _id: optionalText,
  type: z.union([z.number(), z.string()]).nullable().optional(),
  text: optionalText,
  name: optionalText,
  description: optionalText,
  range: z.array(z.number()).nullable().optional(),
  weight: z.number().nullable().optional(),
  collection: optionalText,
  resultId: optionalText,
  documentCollection: optionalText,
  documentId: optionalText,
  documentUuid: optionalText,
  flags: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type FoundryResult = z.output<typeof resultSchema>;

const documentSchema = loose({
  _id: optionalText,
  name: z.string({ error: 'A Foundry RollTable needs a name' }),
  formula: optionalText,
  replacement: z.boolean().nullable().optional(),
  description: optionalText,
  results: z.array(z.unknown(), { error: 'A Foundry RollTable needs a "results" list' }),
  flags: z.record(z.string(), z.unknown()).nullable().optional(),
});

const tableFlagSchema = z.looseObject({
  key: z.string().optional(),
  category: z.enum(TABLE_CATEGORIES).optional(),
  die: z.string().nullable().optional(),
  span: z.strictObject({ min: z.number().int(), max: z.number().int() }).nullable().optional(),
});
const rowFlagSchema = tableRowSchema
  .pick({ fields: true, loot: true, room: true, entity: true, spell: true, trap: true, inn: true, rollOn: true })
  .partial()
  .extend({
    openEnd: z.boolean().optional(),
    weighted: z.boolean().optional(),
    label: z.string().optional(),
  });

export interface FoundryDocument {
  /** The document's own `_id`, which other results point at. */
  id: string | null;
  name: string;
  formula: string | null;
  replacement: boolean;
  results: FoundryResult[];
  /** Where each result starts in the text (1-based), when it can be found. */
  resultLines: (number | null)[];
  line: number;
  flags: z.output<typeof tableFlagSchema> | null;
}

export interface FoundryRead {
  documents: FoundryDocument[];
  problems: { line: number | null; message: string }[];
  /** Documents passed over (deleted in a compendium file, replaced by a later version, not a RollTable). */
  notes: { line: number | null; message: string }[];
}

/** Whether a text is Foundry VTT JSON at all (one document, a list, or a compendium file). */
export function looksLikeFoundry(text: string): boolean {
  const t = text.trimStart();
  return (
    (t.startsWith('{') || t.startsWith('[')) &&
    /"results"\s*:/.test(text) &&
    !/"format"\s*:\s*"lichslayer-table-pack"/.test(text)
  );
}

/** Reads Foundry JSON; every document that is not a RollTable is named with its line. */
export function readFoundry(text: string): FoundryRead {
  const problems: FoundryRead['problems'] = [];
  const notes: FoundryRead['notes'] = [];
  const documents: FoundryDocument[] = [];
  const lineAt = lineFinder(text);
  const raws: { value: unknown; line: number }[] = [];
  try {
    const whole: unknown = JSON.parse(text);
    const list = Array.isArray(whole) ? whole : [whole];
    list.forEach((value) => raws.push({ value, line: 1 }));
  } catch (error) {
    // A compendium file (.db) holds one document per line.
    const lines = text.split('\n');
    const perLine = lines.map((l, i) => ({ l: l.trim(), i })).filter((x) => x.l);
    const parsed = perLine.map((x) => {
      try {
        return { value: JSON.parse(x.l) as unknown, line: x.i + 1 };
      } catch {
        return null;
      }
    });
    if (perLine.length > 1 && parsed.every((p) => p)) raws.push(...(parsed as { value: unknown; line: number }[]));
    else {
      const message = error instanceof Error ? error.message : String(error);
      const at = /position (\d+)/.exec(message);
      const line = at ? lineAt(Number(at[1])) : null;
      problems.push({
        line,
        message: `This is not valid JSON (${message.replace(/^JSON\.parse: /, '')}): check the quotes and commas around that line, or paste the whole exported file`,
      });
      return { documents: [], problems, notes };
    }
  }
  // A compendium file is a log: a later line with the same _id replaces the document, and a
  // "$$deleted" line removes it. The same _id twice in an export is read the same way.
  const latest = new Map<string, number>();
  raws.forEach(({ value }, n) => {
    const id =
      value && typeof value === 'object' && typeof (value as { _id?: unknown })._id === 'string'
        ? (value as { _id: string })._id
        : null;
    if (id !== null) latest.set(id, n);
  });
  const names = new Map<string, string>();
  raws.forEach(({ value }) => {
    const v = value as { _id?: unknown; name?: unknown } | null;
    if (v && typeof v._id === 'string' && typeof v.name === 'string') names.set(v._id, v.name);
  });
  const isTable = (value: unknown) => documentSchema.safeParse(value).success;
  const tableCount = raws.filter(({ value }, n) => {
    const id = (value as { _id?: unknown } | null)?._id;
    return isTable(value) && (typeof id !== 'string' || latest.get(id) === n);
  }).length;
  // Locate documents and results in the text for line numbers: by their _id where they have one.
  const idAt = new Map<string, number>();
  for (const m of text.matchAll(/"_id"\s*:\s*"([^"\\]{1,64})"/g)) if (!idAt.has(m[1]!)) idAt.set(m[1]!, m.index);
  const idLine = (id: string | null | undefined, from: number): number | null => {
    const at = id ? idAt.get(id) : undefined;
    return at !== undefined ? lineAt(at) : from || null;
  };
  raws.forEach(({ value, line }, n) => {
    const v = value as { _id?: unknown; $$deleted?: unknown } | null;
    const id = v && typeof v === 'object' && typeof v._id === 'string' ? v._id : null;
    if (v && typeof v === 'object' && v.$$deleted === true) {
      notes.push({
        line,
        message: `line ${line} deletes ${id && names.has(id) ? `“${names.get(id)}”` : `the document ${id ?? ''}`.trim()} (a “$$deleted” entry of the compendium file): it is left out`,
      });
      return;
    }
    if (id !== null && latest.get(id) !== n) {
      const later = raws[latest.get(id)!]!;
      const deleted = (later.value as { $$deleted?: unknown }).$$deleted === true;
      if (!deleted)
        notes.push({
          line,
          message: `${names.get(id) ? `“${names.get(id)}”` : `The document ${id}`} appears again on line ${later.line} with the same _id: the later version is read, this one left out`,
        });
      return;
    }
    const doc = documentSchema.safeParse(value);
    if (!doc.success && tableCount > 0) {
      const what =
        value && typeof value === 'object' && 'type' in value
          ? `a ${String((value as { type: unknown }).type)}`
          : 'not a RollTable';
      const name =
        value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string'
          ? ` “${(value as { name: string }).name}”`
          : '';
      notes.push({
        line: idLine(id, line),
        message: `document ${n + 1}${name} (${what}) is not a roll table and is left out`,
      });
      return;
    }
    if (!doc.success) {
      const what =
        value && typeof value === 'object' && 'type' in value
          ? ` (a ${String((value as { type: unknown }).type)})`
          : '';
      problems.push({
        line,
        message: `Document ${n + 1}${what} is not a Foundry RollTable: ${doc.error.issues[0]?.message ?? 'unexpected shape'}. Export the roll table itself from Foundry (right-click it, Export Data)`,
      });
      return;
    }
    const results: FoundryResult[] = [];
    const resultLines: (number | null)[] = [];
    // Results without an _id are found by their text, in order.
    let searchFrom = text.indexOf('"results"');
    const textLine = (r: FoundryResult): number | null => {
      const written = r.text ?? r.name ?? null;
      if (written === null || searchFrom < 0) return null;
      const at = text.indexOf(JSON.stringify(written), searchFrom);
      if (at < 0) return null;
      searchFrom = at + 1;
      return lineAt(at);
    };
    doc.data.results.forEach((r, i) => {
      const parsed = resultSchema.safeParse(r);
      if (!parsed.success) {
        problems.push({
          line: idLine(doc.data._id, line),
          message: `${doc.data.name}: result ${i + 1} is not a table result (${parsed.error.issues[0]?.message ?? 'unexpected shape'})`,
        });
        return;
      }
      results.push(parsed.data);
      resultLines.push(parsed.data._id ? idLine(parsed.data._id, line) : (textLine(parsed.data) ?? line));
    });
    const flags = tableFlagSchema.safeParse(doc.data.flags?.[FLAG_SCOPE] ?? null);
    documents.push({
      id: doc.data._id ?? null,
      name: doc.data.name,
      formula: doc.data.formula ?? null,
      replacement: doc.data.replacement ?? true,
      results,
      resultLines,
      line: idLine(doc.data._id, line) ?? line,
      flags: flags.success ? flags.data : null,
    });
  });
  return { documents, problems, notes };
}

// ---------- HTML of results, both ways ----------

/** Foundry result text is HTML: paragraphs and breaks become line breaks, other tags go. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/\r\n?/g, '\n')
      .replace(/\n/g, ' ')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*<p[^>]*>/gi, '\n')
      .replace(/<\/?(?:p|div)[^>]*>/gi, '')
      .replace(/<li[^>]*>/gi, '\n• ')
      .replace(/<[^>]+>/g, ''),
  );
}

/**
 * Foundry's inline links and rolls in a result's text — `@UUID[…]{Label}`, v9's
 * `@Compendium[…]{Label}`, `@Item[…]{Label}`, `[[/r 1d6]]` — as the words a reader sees,
 * each link kept aside so the row can say what it pointed at.
 */
export function inlineLinks(text: string): { text: string; links: string[] } {
  const links: string[] = [];
  const out = text
    .replace(
      /@(\w+)\[([^\]\n]*)\](?:\{([^}\n]*)\})?/g,
      (all, kind: string, target: string, label: string | undefined) => {
        links.push(all);
        return label ?? (kind === 'UUID' ? (target.split('.').pop() ?? target) : target);
      },
    )
    .replace(
      /\[\[\s*(?:\/(?:r|roll|gmr|br|sr)\s+)?([^\]\n]+?)\s*\]\](?:\{([^}\n]*)\})?/gi,
      (all, formula: string, label: string | undefined) => {
        links.push(all);
        return label ?? formula.replace(/\s*#.*$/, '');
      },
    );
  return { text: out, links };
}

/** The exact inverse of htmlToText for plain text: escapes, and line breaks as <br>. */
export function textToHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '<br>');
}

/** The die a Foundry formula stands for, when this app can roll it. */
export function dieFromFormula(formula: string): string | null {
  const f = formula.replace(/\s+/g, '');
  if (/^\(?1d6\*10\)?\+1d6$/i.test(f)) return 'd66';
  try {
    parseDice(f);
    return f
      .replace(/^1d/i, 'd')
      .replace(/([+-])1d/gi, '$1d')
      .toLowerCase();
  } catch {
    return null;
  }
}

/** What kind of result it is, across the numeric (v9-11) and string (v12+) types. */
export function resultKind(r: FoundryResult): 'text' | 'table' | 'document' {
  const uuid = r.documentUuid ?? '';
  const collection = r.documentCollection ?? r.collection ?? '';
  const type = r.type;
  const isText = type === 0 || type === 'text' || type === undefined || type === null;
  if (/(^|\.)RollTable\./.test(uuid) || (!isText && collection === 'RollTable')) return 'table';
  if (uuid || (!isText && (collection || r.documentId || r.resultId))) return 'document';
  return 'text';
}

/** The id of the table a result points at, when it points at one. */
export function targetId(r: FoundryResult): string | null {
  if (r.documentUuid) return /RollTable\.([A-Za-z0-9]+)$/.exec(r.documentUuid)?.[1] ?? null;
  return r.documentId ?? r.resultId ?? null;
}

/** The link of a result to a document of another kind (an item, a compendium entry). */
export function documentLink(r: FoundryResult): string {
  if (r.documentUuid) return r.documentUuid;
  const collection = r.documentCollection ?? r.collection ?? '';
  const id = r.documentId ?? r.resultId ?? '';
  const pack = r.type === 2 || r.type === 'pack';
  return pack ? `Compendium.${collection}.${id}` : `${collection}.${id}`;
}

/** The label and details of a result as written in Foundry (name/description in v13, text before). */
export function resultText(r: FoundryResult): {
  label: string;
  details: string;
  flagged: z.output<typeof rowFlagSchema> | null;
} {
  const flag = rowFlagSchema.safeParse(r.flags?.[FLAG_SCOPE] ?? null);
  const name = r.name ?? '';
  const description = r.description ?? '';
  if (name.trim() || (r.name !== undefined && r.description !== undefined && r.text === undefined)) {
    return { label: name, details: htmlToText(description), flagged: flag.success ? flag.data : null };
  }
  const text = htmlToText(r.text ?? description);
  return { label: text, details: '', flagged: flag.success ? flag.data : null };
}
