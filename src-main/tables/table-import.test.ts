// Paste import and export round trips (the Loot Table of ch.13 and the room tables of ch.10 are its models).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tableDefSchema } from '@shared/tables.ts';
import { previewImport } from './table-import.ts';
import { exportMarkdown, exportPack, exportPackMarkdown, readPack } from './table-export.ts';

describe('paste import', () => {
  it('reads a Markdown table whose first column is the die, other columns becoming fields', () => {
    const p = previewImport(`| d6 | Type | Effect | Weight |
|----|------|--------|--------|
| 1-2 | Hall | Dust and echoes | light |
| 3–4 | Chamber | A broken altar | |
| 5 | Vault | Coins in the dark | heavy |
| 6 | Shrine | Candles still lit | |`);
    expect(p.format).toBe('markdown');
    expect(p.problems).toEqual([]);
    expect(p.table!.die).toBe('d6');
    expect(p.table!.rows.map((r) => [r.range, r.label, r.details, r.fields])).toEqual([
      [{ from: 1, to: 2 }, 'Hall', 'Dust and echoes', { Weight: 'light' }],
      [{ from: 3, to: 4 }, 'Chamber', 'A broken altar', {}],
      [{ from: 5, to: 5 }, 'Vault', 'Coins in the dark', { Weight: 'heavy' }],
      [{ from: 6, to: 6 }, 'Shrine', 'Candles still lit', {}],
    ]);
  });

  it('reads "| 2d6 |" and "| Roll |" headers, inferring the die from the keys', () => {
    expect(previewImport('| 2d6 | Event |\n|---|---|\n| 2-6 | Calm |\n| 7 | Storm |\n| 8-12 | Fog |').table!.die).toBe(
      '2d6',
    );
    const roll = previewImport('| Roll | Event |\n|---|---|\n| 1-4 | Calm |\n| 5-8 | Storm |');
    expect(roll.table!.die).toBe('d8');
  });

  it('reads CSV of the same shape, with quotes, and TSV from a spreadsheet', () => {
    const csv = previewImport('d4,Result,Details\n1,"Rope, frayed",\n2,Lantern,"Lit, barely"\n3-4,Nothing,');
    expect(csv.format).toBe('csv');
    expect(csv.table!.rows.map((r) => r.label)).toEqual(['Rope, frayed', 'Lantern', 'Nothing']);
    expect(csv.table!.rows[1]!.details).toBe('Lit, barely');
    const tsv = previewImport('d4\tResult\n1-2\tA\n3-4\tB');
    expect(tsv.table!.rows).toHaveLength(2);
  });

  it('reads numbered lines in every common style, with blank lines between', () => {
    const p = previewImport(
      'd12 Weather\n1 = Ash rain\n\n2. Still air\n3-5: Cold wind\n6–10 Grey fog\n11) Thunder\n12+ Red sky',
    );
    expect(p.format).toBe('lines');
    expect(p.problems).toEqual([]);
    expect(p.table!.name).toBe('Weather');
    expect(p.table!.die).toBe('d12');
    expect(p.table!.rows.map((r) => r.label)).toEqual([
      'Ash rain',
      'Still air',
      'Cold wind',
      'Grey fog',
      'Thunder',
      'Red sky',
    ]);
    expect(p.table!.rows[5]!.range).toEqual({ from: 12, to: null });
  });

  it('a header without a die column is refused with a clear error', () => {
    const p = previewImport('| Name | Effect |\n|---|---|\n| Torch | Light |');
    expect(p.table).toBeNull();
    expect(p.problems[0]).toEqual({
      line: 1,
      message:
        'The first column must be the die (such as “d6”, “2d6” or “Roll”); found “Name”. Put the die or “Roll” in the first header cell, or tick “Import as a plain list”',
    });
  });

  it('duplicate and overlapping keys are errors on their lines', () => {
    const p = previewImport('| d6 | R |\n|---|---|\n| 1-3 | a |\n| 3 | b |\n| 4-6 | c |\n| 4-6 | d |');
    expect(p.problems.map((x) => x.line)).toEqual([4, 6]);
    expect(p.problems[0]!.message).toMatch(/overlaps/);
  });

  it('marks lines that are not rows', () => {
    const p = previewImport('1 = Rat\ntwo = Bat\n3 = Cat');
    expect(p.problems).toEqual([
      { line: 2, message: expect.stringMatching(/“two = Bat” does not start with a roll value/) },
    ]);
  });

  it('reads typed loot columns and refuses a bad value on its line', () => {
    const good = previewImport(
      '| d100 | Result | loot.tier | loot.colour | loot.itemType | loot.actions |\n|---|---|---|---|---|---|\n| 1-100 | Coin | common | Red | treasure | equip, influence |',
      { category: 'loot' },
    );
    expect(good.table!.rows[0]!.loot).toEqual({
      tier: 'common',
      colour: 'Red',
      itemType: 'treasure',
      actions: ['equip', 'influence'],
      breakable: true,
    });
    const bad = previewImport(
      '| d100 | Result | loot.tier | loot.colour | loot.itemType | loot.actions |\n|---|---|---|---|---|---|\n| 1-100 | Coin | legendary | Red | treasure | equip |',
    );
    expect(bad.problems[0]).toMatchObject({
      line: 3,
      message: expect.stringMatching(/loot.tier: “legendary” is not one of/),
    });
  });
});

describe('export and round trips', () => {
  const loot = tableDefSchema.parse({
    key: 'loot',
    name: 'Loot | Table',
    category: 'loot',
    die: 'd100',
    span: { min: 1, max: 121 },
    rows: [
      {
        label: 'Coin',
        range: { from: 1, to: 60 },
        details: 'A worn | coin',
        fields: { Weight: 'light' },
        loot: { tier: 'common', colour: 'Red', itemType: 'treasure', actions: ['equip'] },
      },
      {
        label: 'Gem',
        range: { from: 61, to: 121 },
        loot: {
          tier: 'rare',
          colour: 'All-Color',
          itemType: 'gem',
          actions: ['channel', 'inscribe'],
          breakable: false,
        },
        rollOn: { table: 'loot', times: 2, modifier: -3 },
      },
    ],
  });

  it('Markdown export imports back to the same table', () => {
    const back = previewImport(exportMarkdown(loot));
    expect(back.table).toEqual(loot);
  });

  it('a JSON pack imports back to the same tables; so does a Markdown pack', () => {
    const other = tableDefSchema.parse({
      key: 'w',
      name: 'Weights',
      die: null,
      rows: [
        { label: 'x', weight: 2 },
        { label: 'y', weight: 5 },
      ],
    });
    const fixed = { ...loot, rows: loot.rows.map((r) => ({ ...r, rollOn: null })) };
    expect(readPack(exportPack([fixed, other], 'mine')).tables).toEqual([fixed, other]);
    expect(readPack(exportPackMarkdown([fixed, other])).tables).toEqual([fixed, other]);
  });

  it('a pack from a newer app, or not a pack at all, is refused clearly', () => {
    expect(readPack('{"format":"lichslayer-table-pack","version":99,"tables":[]}').problems[0]!.message).toMatch(
      /newer version/,
    );
    expect(readPack('{"format":"something"}').problems[0]!.message).toMatch(/Not a Lichslayer Judge table pack/);
    expect(readPack('{ nope').problems[0]!.message).toMatch(/not valid JSON/);
  });

  it('fuzz: random and mutated text never throws', () => {
    const seeds = [exportMarkdown(loot), '| d6 | R |\n|---|---|\n| 1 | a |', '1 = a\n2 = b', 'd4,R\n1,a'];
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.string(), fc.nat(200), (seed, junk, at) => {
        const text = seed.slice(0, at) + junk + seed.slice(at);
        const p = previewImport(text);
        return p.table === null || tableDefSchema.safeParse(p.table).success;
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string(), (s) => Array.isArray(readPack(s).problems)),
      { numRuns: 300 },
    );
  });
});

describe('one range grammar for every format', () => {
  it('reads every dash, “to”, “or less”/≤, “or more”/+, and 00/000 as 100/1000', async () => {
    const { readRowKey, parseRowKey } = await import('@shared/row-key.ts');
    const dashes = ['-', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212', '\ufe63', '\uff0d'];
    for (const d of dashes)
      expect([parseRowKey(`17${d}19`), parseRowKey(`17 ${d} 19`)]).toEqual([
        { from: 17, to: 19 },
        { from: 17, to: 19 },
      ]);
    expect(
      ['17 to 19', '17 through 19', '17 thru 19', '96-00', '000', '901-000', '01–05'].map((k) => parseRowKey(k)),
    ).toEqual([
      { from: 17, to: 19 },
      { from: 17, to: 19 },
      { from: 17, to: 19 },
      { from: 96, to: 100 },
      { from: 1000, to: 1000 },
      { from: 901, to: 1000 },
      { from: 1, to: 5 },
    ]);
    expect(
      ['12+', '12 +', '12 or more', '12 or higher', '≥12', '>=12', '12 and up'].map((k) => parseRowKey(k)),
    ).toEqual(Array(7).fill({ from: 12, to: null }));
    expect(['≤2', '<= 2', '2 or less', '2 or lower', 'up to 2'].map((k) => readRowKey(k))).toEqual(
      Array(5).fill({ from: null, to: 2, zero: false }),
    );
    // "or less" starts where the die does: 2d6 from 2.
    expect(parseRowKey('4 or less', 2)).toEqual({ from: 2, to: 4 });
    expect(readRowKey('0')).toEqual({ from: 0, to: 0, zero: true });
    expect(['seven', '1-2-3', '5-3', '', 'd6', '1d6'].map((k) => readRowKey(k))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads tildes, listed values that run on, and 00 opening a range as 0 (the grammar the table editor shares)', async () => {
    const { readRowKey, parseRowKey } = await import('@shared/row-key.ts');
    expect(['1~2', '1 ～ 2', '1〜2', '1, 2', '3,4,5', '00-09', '000-099'].map((k) => parseRowKey(k))).toEqual([
      { from: 1, to: 2 },
      { from: 1, to: 2 },
      { from: 1, to: 2 },
      { from: 1, to: 2 },
      { from: 3, to: 5 },
      { from: 0, to: 9 },
      { from: 0, to: 99 },
    ]);
    // Values that skip are not one row's key.
    expect(['1, 3', '2, 1'].map((k) => readRowKey(k))).toEqual([null, null]);
  });

  it('the same keys read alike in Markdown, CSV and numbered lines', () => {
    const keys = ['1 to 2', '3\u20114', '5\u22126', '7 or more'];
    const md = previewImport(`| d8 | R |\n|---|---|\n${keys.map((k, i) => `| ${k} | r${i} |`).join('\n')}`);
    const csv = previewImport(`d8,R\n${keys.map((k, i) => `${k},r${i}`).join('\n')}`);
    const lines = previewImport(`d8 R\n${keys.map((k, i) => `${k}: r${i}`).join('\n')}`);
    const ranges = [
      { from: 1, to: 2 },
      { from: 3, to: 4 },
      { from: 5, to: 6 },
      { from: 7, to: null },
    ];
    for (const p of [md, csv, lines]) expect(p.table!.rows.map((r) => r.range)).toEqual(ranges);
  });
});

describe('what the preview tells', () => {
  it('the die: read from a header or title, guessed from the keys (and said so), or typed by the Judge', () => {
    expect(previewImport('| d20 | E |\n|---|---|\n| 1-19 | a |').tables[0]!.die).toEqual({
      how: 'read',
      line: 1,
      note: 'from the header on line 1',
    });
    expect(previewImport('1-4 a\n5-19 b').tables[0]).toMatchObject({
      table: { die: 'd20' },
      die: { how: 'guessed' },
      coverage: { uncovered: [{ from: 20, to: 20 }] },
    });
    expect(previewImport('1-4 a\n5-19 b', { die: 'd19' }).tables[0]).toMatchObject({
      table: { die: 'd19' },
      die: { how: 'given' },
      coverage: { uncoveredCount: 0 },
    });
  });

  it('a plain list imports as a uniform table only when the Judge says so', () => {
    const text = '- The Drowned Rat\n- The Gilded Goose\n- The Ninth Bell';
    const asked = previewImport(text);
    expect(asked.tables).toEqual([]);
    expect(asked.list).toEqual({ entries: 3, die: 'd3' });
    const list = previewImport(text, { asList: true });
    expect(list.table).toMatchObject({
      die: 'd3',
      rows: [
        { range: { from: 1, to: 1 }, label: 'The Drowned Rat' },
        { range: { from: 2, to: 2 } },
        { range: { from: 3, to: 3 }, label: 'The Ninth Bell' },
      ],
    });
    const grid = previewImport('| Name | Effect |\n|---|---|\n| Torch | Light |\n| Rope | Climb |', { asList: true });
    expect(grid.table!.rows.map((r) => [r.label, r.details])).toEqual([
      ['Torch', 'Light'],
      ['Rope', 'Climb'],
    ]);
  });

  it('every refusal names its line and what to change', () => {
    const texts = [
      '| d6 | R |\n|---|---|\n| 1 | a |\n| x | b |',
      '1 = a\n2 = b\n2 = c',
      'd6 X\n1-2 a\n3-7 b',
      '| Name | X |\n|---|---|\n| a | b |',
    ];
    for (const t of texts) {
      const p = previewImport(t);
      expect(p.problems.length).toBeGreaterThan(0);
      for (const problem of p.problems) {
        expect(problem.line).toEqual(expect.any(Number));
        expect(problem.message).toMatch(/[:.] (write|change|put|shorten|remove|delete)\b/i);
      }
    }
  });
});

describe('links', () => {
  it('prose links become nested rolls, unless the Judge leaves them as text', () => {
    const page = 'A - Roll a d2\n1 Up. Roll on B.\n2 Down. Reroll.\n\nB - Roll a d2\n1 Left\n2 Right';
    const linked = previewImport(page);
    expect(linked.tables.map((t) => t.table.rows.map((r) => r.rollOn?.table ?? null))).toEqual([
      ['b', 'a-again'],
      [null, null],
      ['b'],
    ]);
    const plain = previewImport(page, { links: false });
    expect(plain.links).toEqual([]);
    expect(plain.tables.map((t) => t.table.rows.map((r) => r.rollOn))).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
