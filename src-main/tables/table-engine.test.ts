// The table engine (ch.1 loot rolls, ch.10 room rolls, ch.13 the Loot Table's shape).
import { describe, expect, it } from 'vitest';
import { tableDefSchema, type TableDef, type TableDefInput } from '@shared/tables.ts';
import { Dice } from '../rules/dice.ts';
import { ScriptedRandom, SeededRandom } from '../rules/random-source.ts';
import { parseDice, rollExpression } from '../rules/dice-expression.ts';
import { parseRowKey } from '@shared/row-key.ts';
import { validateTable } from './table-validate.ts';
import { loopLinks } from './table-loops.ts';
import { rollOnTable, type DrawState } from './table-roll.ts';

const table = (input: Partial<TableDefInput> & { rows: TableDefInput['rows'] }): TableDef =>
  tableDefSchema.parse({ key: 'test', name: 'Test', die: 'd6', ...input });
const rows = (...labels: [string, number, number | null][]) =>
  labels.map(([label, from, to]) => ({ label, range: { from, to } }));
const env = (tables: TableDef[], faces: number[] | number, drawn: DrawState = new Map()) => ({
  dice: new Dice(typeof faces === 'number' ? new SeededRandom(faces) : new ScriptedRandom(faces)),
  tables: new Map(tables.map((t) => [t.key, t])),
  drawn,
  cause: 'test',
});

describe('die expressions', () => {
  it('parses common dice and their spans', () => {
    expect(
      ['d6', '2d6', 'd100', 'd%', '3d6+2', 'd20 - 1', '2d6 + 1d4 − 1'].map((s) => [parseDice(s).min, parseDice(s).max]),
    ).toEqual([
      [1, 6],
      [2, 12],
      [1, 100],
      [1, 100],
      [5, 20],
      [0, 19],
      [2, 15],
    ]);
  });

  it('d66 reads two d6 as tens and units, with holes in its span', () => {
    const d66 = parseDice('d66');
    expect(d66.values).toHaveLength(36);
    expect(d66.values).not.toContain(17);
    expect(rollExpression(new Dice(new ScriptedRandom([3, 5])), d66, 'x').total).toBe(35);
  });

  it('names the column where parsing failed', () => {
    expect(() => parseDice('2d')).toThrow(/expected the number of sides after "d" \(column 3 of "2d"\)/);
    expect(() => parseDice('d6 * 2')).toThrow(/expected \+ or −, found "\*" \(column 4/);
    expect(() => parseDice('d1')).toThrow(/at least 2 sides \(column 2/);
    expect(() => parseDice('')).toThrow(/empty die expression/);
  });

  it('refuses more than 100 dice', () => {
    expect(() => parseDice('101d6')).toThrow(/at most 100 dice/);
    expect(() => parseDice('60d6+41d6')).toThrow(/at most 100 dice/);
    expect(parseDice('100d6').max).toBe(600);
  });
});

describe('row keys', () => {
  it('reads single values, ranges with hyphens or en-dashes, open ranges and 00', () => {
    expect(['7', '61-100', '11–12', '12+', '01-05', '00', '5 to 6'].map(parseRowKey)).toEqual([
      { from: 7, to: 7 },
      { from: 61, to: 100 },
      { from: 11, to: 12 },
      { from: 12, to: null },
      { from: 1, to: 5 },
      { from: 100, to: 100 },
      { from: 5, to: 6 },
    ]);
    expect(parseRowKey('seven')).toBeNull();
    expect(parseRowKey('1-2-3')).toBeNull();
  });
});

describe('validation', () => {
  it('finds gaps and overlaps', () => {
    const issues = validateTable(table({ rows: rows(['a', 1, 2], ['b', 2, 3], ['c', 6, 6]) }));
    expect(issues.map((i) => i.message)).toEqual([
      expect.stringMatching(/row 2 \(“b”\) overlaps row 1 \(“a”\) on 2/),
      'No row covers 4-5',
    ]);
    expect(issues[0]!.severity).toBe('error');
    expect(issues[1]!.severity).toBe('warning');
  });

  it('flags rows outside the die span, unless the table has a wider span (the Loot Table)', () => {
    expect(validateTable(table({ rows: rows(['a', 1, 6], ['b', 7, 7]) }))[0]!.message).toMatch(/7 is outside 1-6/);
    const loot = table({
      die: 'd100',
      span: { min: 1, max: 121 },
      rows: rows(['low', 1, 60], ['mid', 61, 100], ['high', 101, 121]),
    });
    expect(validateTable(loot)).toEqual([]);
  });

  it('names unknown references and an unparseable die with its column', () => {
    const t = table({ die: '2d', rows: [{ label: 'x', range: { from: 1, to: 1 }, rollOn: { table: 'nowhere' } }] });
    const messages = validateTable(t, new Set(['test'])).map((i) => i.message);
    expect(messages).toContain('Die: expected the number of sides after "d" (column 3 of "2d")');
    expect(messages.some((m) => /rolls on “nowhere”, which is not a table/.test(m))).toBe(true);
  });

  it('names the one link that goes back on a roll from the first table, with its chain; forward links are not loops', () => {
    const a = table({ key: 'a', rows: [{ label: 'to b', range: { from: 1, to: 6 }, rollOn: { table: 'b' } }] });
    const b = table({ key: 'b', rows: [{ label: 'to c', range: { from: 1, to: 6 }, rollOn: { table: 'c' } }] });
    const c = table({ key: 'c', rows: [{ label: 'to a', range: { from: 1, to: 6 }, rollOn: { table: 'a' } }] });
    expect(loopLinks(new Map([a, b, c].map((t) => [t.key, t])))).toEqual([
      { table: 'c', row: 0, chain: ['a', 'b', 'c', 'a'] },
    ]);
    expect(loopLinks(new Map([a, b].map((t) => [t.key, t])))).toEqual([]);
  });
});

describe('rolling', () => {
  const loot = table({
    key: 'loot',
    name: 'Loot Table',
    category: 'loot',
    die: 'd100',
    span: { min: 1, max: 121 },
    rows: rows(['Rusty Nail', 1, 60], ['Moon Coin', 61, 100], ['Crown Shard', 101, 121]),
  });

  it('ch.1: applies the floor offset, explains the result in one line', () => {
    const node = rollOnTable(env([loot], [67]), 'loot', { floor: 7 });
    expect(node.value).toBe(87);
    expect(node.explain).toBe('87 = 67 on d100 + 20 (Floor 7) → Uncommon: Moon Coin (Loot Table)');
  });

  it('ch.1: clamps to the table span and to a named tier', () => {
    expect(rollOnTable(env([loot], [100]), 'loot', { floor: 9 })).toMatchObject({
      raw: 140,
      value: 121,
      label: 'Crown Shard',
    });
    expect(rollOnTable(env([loot], [20]), 'loot', { tier: 'rare' })).toMatchObject({
      value: 101,
      label: 'Crown Shard',
    });
  });

  it('ch.1: influence dice and the Judge’s own modifiers are added and listed', () => {
    const node = rollOnTable(env([loot], [50, 4]), 'loot', {
      floor: 5,
      influence: [{ source: 'Bone Die', sides: 6 }],
      extra: [{ source: 'Judge', value: 7 }],
    });
    expect(node.value).toBe(61);
    expect(node.modifiers.map((m) => m.source)).toEqual(['Floor 5', 'influence: Bone Die', 'Judge']);
  });

  it('ch.10: room tables take Attention and Square modifiers, clamped 1..12', () => {
    const rooms = table({ key: 'rooms', category: 'room', die: 'd12', rows: rows(['Low', 1, 6], ['High', 7, 12]) });
    expect(rollOnTable(env([rooms], [2]), 'rooms', { attentionStage: 3 })).toMatchObject({
      value: 1,
      clamps: ['-1 below 1 counts as 1'],
    });
    expect(rollOnTable(env([rooms], [11]), 'rooms', { festival: true })).toMatchObject({ value: 12 });
    expect(rollOnTable(env([rooms], [1, 9]), 'rooms', { lostReroll: true })).toMatchObject({
      value: 9,
      rerolls: ['natural 1 re-rolled by a Lost character (ch.10)'],
    });
  });

  it('nested rolls with their own modifier and a repeat count make a tree', () => {
    const gems = table({ key: 'gems', name: 'Gems', rows: rows(['Jet', 1, 3], ['Opal', 4, 6]) });
    const chest = table({
      key: 'chest',
      name: 'Chest',
      rows: [{ label: 'Two gems', range: { from: 1, to: 6 }, rollOn: { table: 'gems', times: 2, modifier: 2 } }],
    });
    const node = rollOnTable(env([gems, chest], [5, 1, 3]), 'chest');
    expect(node.children.map((c) => [c.value, c.label])).toEqual([
      [3, 'Jet'],
      [5, 'Opal'],
    ]);
    expect(node.explain).toContain('⟶ 3 = 1 on d6 + 2 (from Chest: Two gems) → Jet (Gems)');
  });

  it('depth is bounded: a chain of ten tables, each rolling on the next, is refused at the ninth', () => {
    const chain = Array.from({ length: 10 }, (_, i) =>
      table({
        key: `t${i}`,
        rows: [{ label: 'on', range: { from: 1, to: 6 }, rollOn: i < 9 ? { table: `t${i + 1}` } : null }],
      }),
    );
    expect(() => rollOnTable(env(chain, 1), 't0')).toThrow('Nested rolls went deeper than 8 tables (at “t9”)');
  });

  it('a row that rolls its own table rolls it again; landing on that row again ends the roll there and says so (ch.10 tables)', () => {
    const self = table({
      key: 'self',
      name: 'Self',
      rows: [{ label: 'again', range: { from: 1, to: 6 }, rollOn: { table: 'self' } }],
    });
    const node = rollOnTable(env([self], 1), 'self');
    expect(node.children).toHaveLength(1);
    expect(node.children[0]!.children).toEqual([]);
    expect(node.explain).toMatch(
      / ⟶ \d = \d on d6 → again \(Self\) ⟶ loops back to Self, already on this roll \(Self → Self → Self\): the roll ends here$/,
    );
  });

  it('draw without replacement exhausts the table, then refuses until reset', () => {
    const deck = table({
      key: 'deck',
      die: 'd4',
      drawWithoutReplacement: true,
      rows: rows(['a', 1, 1], ['b', 2, 2], ['c', 3, 3], ['d', 4, 4]),
    });
    const drawn: DrawState = new Map();
    const e = env([deck], 99, drawn);
    const labels = [1, 2, 3, 4].map(() => rollOnTable(e, 'deck').label);
    expect(new Set(labels).size).toBe(4);
    expect(() => rollOnTable(e, 'deck')).toThrow(/every row has been drawn/);
    drawn.delete('deck');
    expect(() => rollOnTable(e, 'deck')).not.toThrow();
  });

  it('weighted tables pick by weight', () => {
    const w = table({
      key: 'w',
      die: null,
      rows: [
        { label: 'common', weight: 3 },
        { label: 'rare', weight: 1 },
      ],
    });
    expect([1, 3, 4].map((f) => rollOnTable(env([w], [f]), 'w').label)).toEqual(['common', 'common', 'rare']);
  });

  it('seeded replay reproduces every result', () => {
    const a = Array.from({ length: 30 }, (_, i) => rollOnTable(env([loot], 4242 + i), 'loot', { floor: 3 }).explain);
    const b = Array.from({ length: 30 }, (_, i) => rollOnTable(env([loot], 4242 + i), 'loot', { floor: 3 }).explain);
    expect(a).toEqual(b);
  });
});
