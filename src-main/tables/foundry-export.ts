// Foundry VTT RollTable documents, written: the current shape with the older `text` alongside,
// and what Foundry has no field for kept in the document's flags, so a table exported here and
// imported back (foundry-table.ts) is the same table.
import { ROW_FIELD_GROUPS, type TableDef, type TableRow } from '@shared/tables.ts';
import { tableSpan } from './table-span.ts';
import { FLAG_SCOPE, textToHtml } from './foundry-table.ts';

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A stable 16-character Foundry id for a key, so links between exported tables hold. */
export function foundryId(seed: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  let out = '';
  for (let round = 0; out.length < 16; round++) {
    for (let i = 0; i < seed.length; i++) {
      h1 = Math.imul(h1 ^ seed.charCodeAt(i), 0x01000193) >>> 0;
      h2 = Math.imul(h2 ^ (seed.charCodeAt(i) + round), 0x5bd1e995) >>> 0;
    }
    h1 = Math.imul(h1 ^ round, 0x01000193) >>> 0;
    out += ID_CHARS[h1 % 62]! + ID_CHARS[h2 % 62]!;
  }
  return out.slice(0, 16);
}

/** Foundry's formula for a die expression ("d6" → "1d6", "d66" → "1d6*10+1d6"). */
export function foundryFormula(die: string): string {
  return die
    .replace(/(^|[^\d])d%/gi, '$11d100')
    .replace(/(^|[^\d])d66\b/gi, '$1(1d6*10+1d6)')
    .replace(/(^|[^\d])d(\d)/gi, '$11d$2')
    .replace(/[−–]/g, '-');
}

function cleanFlags(row: TableRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (Object.keys(row.fields).length) out.fields = row.fields;
  for (const k of ROW_FIELD_GROUPS) if (row[k]) out[k] = row[k];
  if (row.range && row.range.to === null) out.openEnd = true;
  return out;
}

/** One table as a Foundry RollTable document (current shape, with `text` for older Foundry). */
export function toFoundry(table: TableDef, names: ReadonlyMap<string, string> = new Map()): Record<string, unknown> {
  const { span } = tableSpan(table);
  let cursor = 0;
  const total = table.rows.reduce((a, r) => a + (r.weight ?? 1), 0);
  const results = table.rows.map((row, i) => {
    let range: [number, number];
    if (table.die === null) {
      const w = row.weight ?? 1;
      range = [cursor + 1, cursor + w];
      cursor += w;
    } else {
      const from = row.range?.from ?? 0;
      range = [from, row.range?.to ?? Math.max(from, span?.max ?? from)];
    }
    const link = row.rollOn;
    const targetId = link ? foundryId(link.table) : null;
    const targetName = link ? (names.get(link.table) ?? link.table) : null;
    const text = link
      ? (targetName ?? row.label)
      : textToHtml(row.label) + (row.details ? `<br>${textToHtml(row.details)}` : '');
    return {
      _id: foundryId(`${table.key}#${i}`),
      type: link ? 'document' : 'text',
      name: row.label,
      description: textToHtml(row.details),
      text,
      img: 'icons/svg/d20-black.svg',
      ...(link ? { documentCollection: 'RollTable', documentId: targetId, documentUuid: `RollTable.${targetId}` } : {}),
      weight: table.die === null ? (row.weight ?? 1) : range[1] - range[0] + 1,
      range,
      drawn: false,
      flags: {
        [FLAG_SCOPE]: {
          ...cleanFlags(row),
          ...(link ? { label: row.label } : {}),
          ...(table.die === null ? { weighted: true } : {}),
        },
      },
    };
  });
  return {
    _id: foundryId(table.key),
    name: table.name,
    img: 'icons/svg/d20-grey.svg',
    description: '',
    results,
    formula: table.die === null ? `1d${Math.max(1, total)}` : foundryFormula(table.die),
    replacement: !table.drawWithoutReplacement,
    displayRoll: true,
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: { [FLAG_SCOPE]: { key: table.key, category: table.category, die: table.die, span: table.span } },
  };
}

/** One table as one document; several as a list (Foundry imports one per file; this app reads both). */
export function exportFoundry(tables: readonly TableDef[]): string {
  const names = new Map(tables.map((t) => [t.key, t.name]));
  const docs = tables.map((t) => toFoundry(t, names));
  return JSON.stringify(docs.length === 1 ? docs[0] : docs, null, 2);
}

// ---------- Reading into rows ----------
