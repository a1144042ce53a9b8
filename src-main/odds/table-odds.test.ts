import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { tableDefSchema, tablePackSchema, type TableDef, type TableDefInput } from '@shared/tables.ts';
import { Dice } from '../rules/dice.ts';
import { rollOnTable, type DrawState, type RollContext } from '../tables/table-roll.ts';
import { enumerateOutcomes } from './enumerate.ts';
import { tableOdds } from './table-odds.ts';

const pack = tablePackSchema.parse(
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../resources/starter/tables.json'), 'utf8')),
);
const starter = new Map(pack.tables.map((t) => [t.key, t]));

const def = (t: Partial<TableDefInput> & { key: string; rows: TableDefInput['rows'] }): TableDef =>
  tableDefSchema.parse({ name: t.key, die: 'd6', ...t });
const ranged = (...ranges: [number, number | null][]) =>
  ranges.map(([from, to], i) => ({ range: { from, to }, label: `r${i + 1}` }));

/** The real roller, run on every sequence of faces: the chance of each row, of no entry, and of each nested row. */
function bruteForce(
  tables: ReadonlyMap<string, TableDef>,
  key: string,
  ctx: RollContext,
  drawn: DrawState,
  maxDice = 8,
) {
  const copy = (d: DrawState): DrawState => new Map([...d].map(([k, v]) => [k, new Set(v)]));
  const { outcomes, unexplored } = enumerateOutcomes(
    (source) => rollOnTable({ dice: new Dice(source), tables, drawn: copy(drawn), cause: 'check' }, key, ctx),
    maxDice,
  );
  const n = tables.get(key)!.rows.length;
  const rows = new Array<number>(n).fill(0);
  let noEntry = 0;
  const nested = new Map<string, number[]>();
  for (const { value, p } of outcomes) {
    if (value.row === null) noEntry += p;
    else rows[value.row]! += p;
    value.children.forEach((c, t) => {
      const k = `${value.row}/${t}`;
      const acc = nested.get(k) ?? new Array<number>(tables.get(c.table)!.rows.length).fill(0);
      if (c.row !== null) acc[c.row]! += p;
      nested.set(k, acc);
    });
  }
  return { rows, noEntry, nested, unexplored };
}

function expectAgreement(
  tables: ReadonlyMap<string, TableDef>,
  key: string,
  ctx: RollContext = {},
  drawn: DrawState = new Map(),
  maxDice = 8,
) {
  const exact = tableOdds(tables, key, ctx, drawn);
  const brute = bruteForce(tables, key, ctx, drawn, maxDice);
  // Enumeration stops at maxDice faces: the chance it did not follow bounds the difference.
  const tolerance = brute.unexplored + 1e-12;
  exact.rows.forEach((r, i) => expect(Math.abs(r.p - brute.rows[i]!)).toBeLessThanOrEqual(tolerance));
  expect(Math.abs(exact.noEntry - brute.noEntry)).toBeLessThanOrEqual(tolerance);
  for (const n of exact.nested) {
    const b = brute.nested.get(n.path.join('/'))!;
    n.rows.forEach((p, j) => expect(Math.abs(p - b[j]!)).toBeLessThanOrEqual(tolerance));
  }
  expect(exact.nested.length).toBe(brute.nested.size);
  return { exact, brute };
}

describe('exact table odds agree with the real roller run on every sequence of faces', () => {
  it('a d6 table with a gap: 4 is no entry', () => {
    const t = def({ key: 'gap', rows: ranged([1, 2], [3, 3], [5, 6]) });
    const { exact } = expectAgreement(new Map([[t.key, t]]), 'gap');
    expect(exact.rows.map((r) => r.p)).toEqual([2 / 6, 1 / 6, 2 / 6]);
    expect(exact.noEntry).toBeCloseTo(1 / 6, 15);
  });

  it('small dice expressions: 2d4 + 1d3 − 1, d66, 10 − d4, 3d3 − 1d4', () => {
    for (const [die, ranges] of [
      ['2d4 + 1d3 - 1', ranged([2, 4], [5, 6], [7, 10])],
      ['d66', ranged([11, 26], [31, 46], [51, 66])],
      ['10 - d4', ranged([6, 7], [8, 9])],
      ['3d3 - 1d4', ranged([-1, 2], [3, 5], [6, null])],
    ] as const) {
      const t = def({ key: 't', die, rows: [...ranges] });
      expectAgreement(new Map([[t.key, t]]), 't');
    }
  });

  it('a loot table: floor offset, two Influence dice, the clamp into its span, and a named tier', () => {
    const t = def({
      key: 'loot',
      category: 'loot',
      die: 'd20',
      span: { min: 1, max: 30 },
      rows: ranged([1, 5], [6, 12], [13, 20], [21, 29], [30, 30]),
    });
    const tables = new Map([[t.key, t]]);
    expectAgreement(tables, 'loot', {
      floor: 6,
      influence: [
        { source: 'coin', sides: 4 },
        { source: 'bone', sides: 3 },
      ],
    });
    expectAgreement(tables, 'loot', { floor: 1, extra: [{ source: 'Judge', value: 3 }] });
    expectAgreement(tables, 'loot', { tier: 'common', influence: [{ source: 'coin', sides: 4 }] });
  });

  it('a room table: Attention, Festival and a Lost character re-rolling a natural 1', () => {
    const t = def({ key: 'room', category: 'room', die: 'd8', rows: ranged([1, 1], [2, 4], [5, 7], [8, 8]) });
    const tables = new Map([[t.key, t]]);
    expectAgreement(tables, 'room', { attentionStage: 2, festival: true, lostReroll: true });
    const { exact } = expectAgreement(tables, 'room', { lostReroll: true, extra: [{ source: 'Judge', value: -1 }] });
    // Value 1 comes from a total of 1 or 2 (− 1, clamped): a natural 1 is re-rolled, a natural 2 stays.
    expect(exact.rows[0]!.p).toBeCloseTo((1 / 8) * (2 / 8) + 1 / 8, 15);
  });

  it('draws without replacement: drawn rows are rolled again with the same Influence, a Lost 1 only on the first roll', () => {
    const t = def({
      key: 'draw',
      category: 'loot',
      die: 'd4',
      span: { min: 1, max: 6 },
      drawWithoutReplacement: true,
      rows: ranged([1, 2], [3, 3], [4, 5], [6, 6]),
    });
    const tables = new Map([[t.key, t]]);
    const drawn: DrawState = new Map([['draw', new Set([1, 3])]]);
    const { exact, brute } = expectAgreement(
      tables,
      'draw',
      { influence: [{ source: 'coin', sides: 2 }], lostReroll: true },
      drawn,
      12,
    );
    expect(brute.unexplored).toBeLessThan(0.01);
    expect(exact.rows[1]!.p).toBe(0);
    expect(exact.rows[3]!.p).toBe(0);
    expect(exact.rows[0]!.p + exact.rows[2]!.p + exact.noEntry + exact.refused).toBeCloseTo(1, 12);
  });

  it('weighted tables, with drawn rows left out', () => {
    const t = def({
      key: 'w',
      die: null,
      drawWithoutReplacement: true,
      rows: [1, 2, 3, 4].map((w) => ({ weight: w, label: `w${w}` })),
    });
    const tables = new Map([[t.key, t]]);
    const { exact } = expectAgreement(tables, 'w', {}, new Map([['w', new Set([3])]]));
    expect(exact.rows.map((r) => r.p)).toEqual([1 / 6, 2 / 6, 3 / 6, 0]);
  });

  it('nested rolls: a row rolls twice on a table drawn without replacement, with its own modifier', () => {
    const child = def({
      key: 'child',
      die: 'd4',
      drawWithoutReplacement: true,
      rows: ranged([1, 1], [2, 2], [3, 3], [4, 4]),
    });
    const parent = def({
      key: 'parent',
      die: 'd3',
      rows: [
        ...ranged([1, 1], [2, 2]),
        { range: { from: 3, to: 3 }, label: 'twice', rollOn: { table: 'child', times: 2, modifier: 1 } },
      ],
    });
    const tables = new Map([
      [child.key, child],
      [parent.key, parent],
    ]);
    const { exact } = expectAgreement(tables, 'parent', {}, new Map(), 10);
    const second = exact.nested.find((n) => n.path.join('/') === '2/1')!;
    expect(second.ordinal).toBe(2);
    // The first roll is d4 + 1 (rows 2-4); the second never repeats it.
    const first = exact.nested.find((n) => n.path.join('/') === '2/0')!;
    expect(first.rows[0]).toBe(0);
    expect(first.rows[3]).toBeCloseTo((1 / 3) * (2 / 4), 15);
  });

  it('every starter table, plain and with the contexts the app rolls them with', () => {
    const contexts: RollContext[] = [
      {},
      { floor: 9, influence: [{ source: 'coin', sides: 6 }] },
      { attentionStage: 3, squareEmpty: true, lostReroll: true },
    ];
    for (const key of starter.keys()) for (const ctx of contexts) expectAgreement(starter, key, ctx, new Map(), 3);
  });
});

describe('fixed figures from the book', () => {
  it('ch.1: on Floor 1 the loot roll is d100 − 40, so the first entry takes every roll up to 41', () => {
    const odds = tableOdds(starter, 'loot', { floor: 1 });
    expect(odds.rows[0]!.p).toBeCloseTo(0.41, 15);
    expect(odds.rows[59]!.p).toBeCloseTo(0.01, 15);
    expect(odds.rows[60]!.p).toBe(0);
  });

  it('ch.1: on Floor 10 (+50) the last entry, 121, takes every roll from 71', () => {
    const odds = tableOdds(starter, 'loot', { floor: 10 });
    expect(odds.rows[120]!.p).toBeCloseTo(0.3, 15);
    expect(odds.rows[49]!.p).toBe(0);
  });
});

describe('exact probabilities sum to 1', () => {
  it('for random tables, dice, contexts and draws', () => {
    const dice = fc.constantFrom('d6', 'd20', '2d6', 'd66', '3d4 - 2', 'd100', '1d8 + 1d6', '4d10');
    fc.assert(
      fc.property(
        dice,
        fc.array(fc.tuple(fc.integer({ min: -5, max: 110 }), fc.integer({ min: 0, max: 30 })), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.constantFrom('loot', 'room', 'custom'),
        fc.boolean(),
        fc.array(fc.nat(19), { maxLength: 5 }),
        fc.record({
          floor: fc.integer({ min: 1, max: 9 }),
          lostReroll: fc.boolean(),
          influence: fc.array(fc.integer({ min: 2, max: 12 }), { maxLength: 2 }),
        }),
        (die, ranges, category, draw, drawnRows, c) => {
          const t = def({
            key: 'p',
            die,
            category,
            drawWithoutReplacement: draw,
            rows: ranges.map(([from, len], i) => ({ range: { from, to: from + len }, label: `r${i}` })),
          });
          const drawn: DrawState = new Map([
            ['p', new Set(drawnRows.filter((r) => r < t.rows.length && r < t.rows.length - 1))],
          ]);
          const ctx: RollContext = {
            floor: c.floor,
            lostReroll: c.lostReroll,
            influence: c.influence.map((sides) => ({ source: 'i', sides })),
          };
          const odds = tableOdds(new Map([['p', t]]), 'p', ctx, drawn);
          const sum = odds.rows.reduce((a, r) => a + r.p, 0) + odds.noEntry + odds.refused;
          expect(sum).toBeCloseTo(1, 9);
          for (const r of odds.rows) expect(r.p).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300, seed: 19 },
    );
  });
});
