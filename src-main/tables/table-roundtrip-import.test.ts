// Every way the app exports tables — Markdown (one table or a pack), the JSON pack, Foundry VTT
// RollTable JSON — imports back to the identical tables: pipes, backslashes, line breaks in
// details, edge spaces, typed loot fields, nested rolls, weights, open-ended keys and spans.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COLOURS } from '@shared/gauntlet.ts';
import {
  ITEM_TYPES,
  LOOT_ACTIONS,
  LOOT_TIER_NAMES,
  TABLE_CATEGORIES,
  tableDefSchema,
  tablePackSchema,
  type TableDef,
  type TableRow,
} from '@shared/tables.ts';
import { parseDice } from '../rules/dice-expression.ts';
import { exportFoundry, exportMarkdown, exportPack, exportPackMarkdown, readPack } from './table-export.ts';
import { previewImport } from './table-import.ts';
import { loopLinks } from './table-loops.ts';

// Pieces a Judge's text really holds, and the ones that break naive codecs.
const PIECES = [
  'Crows',
  'a',
  'rusty key',
  ' ',
  ' ',
  '|',
  '\\',
  '\\|',
  '<br>',
  '<BR/>',
  '\n',
  '\n\n',
  '–',
  '—',
  '−',
  '"',
  "'",
  ',',
  ';',
  ':',
  '&amp;',
  '&',
  '<b>',
  '#',
  '**',
  '1-2',
  '00',
  'Roll on Weather.',
  "Go to the section 'WEATHER'",
  '\t',
  '\u00a0',
  'é',
  'ß',
  '🎲',
  '<!-- x -->',
  '\\u{20}',
  '@',
  '\r',
];
const text = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 8 }).map((p) => p.join(''));
const label = text.map((t) => t.trim().slice(0, 200)).filter((t) => t.length > 0);
const details = text.map((t) => t.slice(0, 2000));
const fieldName = fc.constantFrom('Weight', 'Source', 'Details', 'loot.tier', 'Notes | 2', 'Result');
const fields = fc.dictionary(
  fieldName,
  text.filter((t) => t !== ''),
  { maxKeys: 2 },
);
const loot = fc.record({
  tier: fc.constantFrom(...LOOT_TIER_NAMES),
  colour: fc.constantFrom(...COLOURS),
  itemType: fc.constantFrom(...ITEM_TYPES),
  actions: fc.uniqueArray(fc.constantFrom(...LOOT_ACTIONS), { maxLength: 3 }),
  breakable: fc.boolean(),
});
const DICE = ['d4', 'd6', 'd8', 'd20', '2d6', 'd66', 'd100', '3d6+2', 'd10-1'];

/** A set of tables with unique keys, linking to any table of the set (loops back included). */
const tableSet = fc
  .uniqueArray(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,59}$/), { minLength: 1, maxLength: 3 })
  .chain((keys) =>
    fc.tuple(
      ...keys.map((key) =>
        fc
          .record({
            name: label.map((n) => n.replace(/\s+/g, ' ').slice(0, 80).trim()).filter((n) => n.length > 0),
            category: fc.constantFrom(...TABLE_CATEGORIES),
            die: fc.option(fc.constantFrom(...DICE), { nil: null, freq: 4 }),
            wide: fc.boolean(),
            draw: fc.boolean(),
            openEnd: fc.boolean(),
            cuts: fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: 0, maxLength: 6 }),
            rows: fc.array(
              fc.record({
                label,
                details,
                fields,
                weight: fc.integer({ min: 1, max: 1000 }),
                loot: fc.option(loot, { nil: null }),
                link: fc.option(
                  fc.record({
                    to: fc.nat(),
                    times: fc.integer({ min: 1, max: 10 }),
                    modifier: fc.integer({ min: -1000, max: 1000 }),
                  }),
                  { nil: null },
                ),
              }),
              // No rows at all too: an empty table exports and comes back empty.
              { minLength: 0, maxLength: 7 },
            ),
          })
          .map((g): TableDef => {
            const expr = g.die ? parseDice(g.die) : null;
            const span = expr && g.wide ? { min: expr.min, max: expr.max + 20 } : null;
            const lo = span?.min ?? expr?.min ?? 0;
            const hi = span?.max ?? expr?.max ?? 0;
            // Consecutive ranges from cut points inside the span (gaps allowed: a table may be saved with them).
            const n = g.rows.length;
            const starts = expr
              ? [
                  lo,
                  ...[...new Set(g.cuts.map((c) => lo + 1 + (c % Math.max(1, hi - lo))))].sort((a, b) => a - b),
                ].slice(0, n)
              : [];
            const rows: TableRow[] = g.rows.slice(0, expr ? starts.length : n).map((r, i) => ({
              range: expr
                ? { from: starts[i]!, to: i === starts.length - 1 ? (g.openEnd ? null : hi) : starts[i + 1]! - 1 }
                : null,
              weight: expr ? null : r.weight,
              label: r.label,
              details: r.details,
              fields: r.fields,
              loot: r.loot,
              room: null,
              entity: null,
              spell: null,
              rollOn: r.link
                ? { table: keys[r.link.to % keys.length]!, times: r.link.times, modifier: r.link.modifier }
                : null,
            }));
            return tableDefSchema.parse({
              key,
              name: g.name,
              category: g.category,
              die: g.die,
              span,
              drawWithoutReplacement: g.draw,
              starter: false,
              rows,
            });
          }),
      ),
    ),
  );

const RUNS = 300;

describe('export → import round trips', () => {
  it(`Markdown, one table at a time: identical (${RUNS} random tables)`, () => {
    fc.assert(
      fc.property(tableSet, (tables) => {
        for (const t of tables) {
          const back = previewImport(exportMarkdown(t));
          expect(back.problems).toEqual([]);
          expect(back.tables.map((x) => x.table)).toEqual([t]);
        }
      }),
      { numRuns: RUNS, seed: 15 },
    );
  });

  it(`a Markdown pack and a JSON pack: identical (${RUNS} random sets)`, () => {
    fc.assert(
      fc.property(tableSet, (tables) => {
        const loops = loopLinks(new Map(tables.map((t) => [t.key, t])));
        expect(readPack(exportPackMarkdown(tables))).toEqual({ tables, problems: [], loops });
        expect(readPack(exportPack(tables))).toEqual({ tables, problems: [], loops });
      }),
      { numRuns: RUNS, seed: 16 },
    );
  });

  it(`Foundry VTT RollTable JSON, one table or several: identical (${RUNS} random sets)`, () => {
    fc.assert(
      fc.property(tableSet, (tables) => {
        const back = previewImport(exportFoundry(tables));
        expect(back.format).toBe('foundry');
        expect(back.problems).toEqual([]);
        expect(back.tables.map((x) => x.table)).toEqual(tables);
      }),
      { numRuns: RUNS, seed: 17 },
    );
  });

  it('every starter table of the app, in every format', () => {
    const pack = tablePackSchema.parse(
      JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../resources/starter/tables.json'), 'utf8')),
    );
    const tables = pack.tables.map((t) => ({ ...t, starter: false }));
    expect(tables.length).toBeGreaterThan(20);
    for (const t of tables) expect(previewImport(exportMarkdown(t)).tables.map((x) => x.table)).toEqual([t]);
    expect(readPack(exportPackMarkdown(tables)).tables).toEqual(tables);
    const foundry = previewImport(exportFoundry(tables));
    expect(foundry.problems).toEqual([]);
    expect(foundry.tables.map((x) => x.table)).toEqual(tables);
  });

  it('a table with no rows comes back empty, in every format (a die with nothing on it, and one rolled by weight)', () => {
    for (const die of ['d6', null]) {
      const t = tableDefSchema.parse({ key: 'empty', name: 'Empty', die, rows: [] });
      expect(previewImport(exportMarkdown(t)).tables.map((x) => x.table)).toEqual([t]);
      expect(readPack(exportPackMarkdown([t]))).toEqual({ tables: [t], problems: [], loops: [] });
      expect(readPack(exportPack([t]))).toEqual({ tables: [t], problems: [], loops: [] });
      const foundry = previewImport(exportFoundry([t]));
      expect(foundry.problems).toEqual([]);
      expect(foundry.tables.map((x) => x.table)).toEqual([t]);
    }
  });

  it('line breaks inside details survive Markdown, with <br> as written kept apart from a line break', () => {
    const t = tableDefSchema.parse({
      key: 'notes',
      name: 'Notes',
      die: 'd2',
      rows: [
        { range: { from: 1, to: 1 }, label: 'Door', details: 'Locked.\nThe key is <br> under the mat.\n' },
        { range: { from: 2, to: 2 }, label: 'Hall', details: ' edge spaces ' },
      ],
    });
    const md = exportMarkdown(t);
    expect(md).toContain('| 1 | Door | Locked.<br>The key is \\<br> under the mat.<br> |');
    expect(previewImport(md).table).toEqual(t);
  });
});
