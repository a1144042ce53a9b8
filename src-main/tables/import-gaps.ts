// Results no row covers, after the Judge's choice: fill stretches the row above, re-roll adds
// "Roll again" rows, keep leaves "no entry". Rolling again goes through a companion table of the
// other rows; whatever fill or re-roll still leaves uncovered is refused, never a quiet "no entry".
import type { TableRow } from '@shared/tables.ts';
import { runText } from './table-coverage.ts';
import { companionTable } from './table-links.ts';
import { fillGaps, formatRun, type Built } from './import-build.ts';
import type { ImportedTable, ImportLink, ImportOptions, ImportPreview, ImportProblem } from './import-draft.ts';

/** The tables with uncovered results, and what the Judge's choice does to them. */
export function settleGaps(
  built: readonly Built[],
  options: ImportOptions,
  problems: ImportProblem[],
  againRows: Map<Built, Set<number>>,
): { gaps: ImportPreview['gaps']; gapTables: Built[] } {
  // Every table goes through this, exported ones too: a row deleted by hand leaves a gap.
  const gapTables = built.filter(
    (b) => b.imported.coverage && b.imported.coverage.uncoveredCount > 0 && b.imported.coverage.outside.length === 0,
  );
  const gaps: ImportPreview['gaps'] = {
    needed: gapTables.length > 0 && !options.gaps,
    chosen: options.gaps ?? null,
    tables: gapTables.map((b) => ({
      key: b.imported.table.key,
      name: b.imported.table.name,
      uncovered: b.imported.coverage!.uncovered.map(runText).join(', '),
      line: b.imported.titleLine ?? b.draft.line,
    })),
  };
  if (options.gaps === 'fill') {
    for (const b of gapTables) {
      const left = fillGaps(b.imported);
      if (left.length) {
        problems.push({
          line: b.imported.titleLine ?? b.draft.line,
          message: `${b.imported.table.name}: fill cannot cover ${left.map(runText).join(', ')}, as no row has a key to stretch over ${left.length === 1 ? 'it' : 'them'}: choose re-roll or keep, or add rows`,
        });
      }
    }
  }
  if (options.gaps === 'reroll') {
    for (const b of gapTables) {
      const t = b.imported.table;
      if (t.rows.length === 0) {
        problems.push({
          line: b.imported.titleLine ?? b.draft.line,
          message: `${t.name}: re-roll has no row to land on, as the table has none: choose keep, or add rows`,
        });
        continue;
      }
      const set = againRows.get(b) ?? new Set<number>();
      const extra = b.imported.coverage!.uncovered.map(
        (run) =>
          ({
            range: { from: run.from, to: run.to },
            weight: null,
            label: 'Roll again',
            details: '',
            fields: {},
            loot: null,
            room: null,
            entity: null,
            spell: null,
            rollOn: null,
          }) as TableRow,
      );
      extra.forEach((_, n) => set.add(t.rows.length + n));
      againRows.set(b, set);
      b.imported.table = { ...t, rows: [...t.rows, ...extra] };
      b.imported.rowLines.push(...extra.map(() => null));
      b.imported.rowNotes.push(...extra.map((r) => [`added for ${formatRun(r)}, which no row covered: rolls again`]));
    }
  }
  return { gaps, gapTables };
}

/** The companion of each table that rolls again on itself, its rows set to roll on it. */
export function rollAgainCompanions(
  againRows: ReadonlyMap<Built, Set<number>>,
  links: ImportLink[],
  unique: (base: string) => string,
  problems: ImportProblem[],
): ImportedTable[] {
  const companions: ImportedTable[] = [];
  for (const [b, set] of againRows) {
    const t = b.imported.table;
    const key = unique(`${t.key.slice(0, 50)}-again`);
    // Rows that roll this table twice roll it themselves: the companion leaves them out too.
    const rerolled = new Set([...set, ...t.rows.flatMap((r, i) => (r.rollOn?.table === t.key ? [i] : []))]);
    const made = companionTable(t, key, rerolled);
    if (!made.table) {
      problems.push({
        line: b.imported.rowLines[[...set][0]!] ?? b.draft.line,
        message: `${t.name}: cannot roll again: ${made.error}; edit the row to say what happens instead`,
      });
      continue;
    }
    const times = new Map(
      links.filter((l) => l.table === t.key && l.resolved === null && l.target === null).map((l) => [l.row, l.times]),
    );
    b.imported.table = {
      ...t,
      rows: t.rows.map((r, i) =>
        set.has(i) ? { ...r, rollOn: { table: key, times: times.get(i) ?? 1, modifier: 0 } } : r,
      ),
    };
    for (const l of links)
      if (l.table === t.key && l.target === null && set.has(l.row))
        l.resolved = { key, name: made.table.name, existing: false };
    const lines = made.table.rows.map(
      (r) => b.imported.rowLines[t.rows.findIndex((o) => o.label === r.label && o.details === r.details)] ?? null,
    );
    companions.push({
      table: made.table,
      rowLines: lines,
      rowNotes: made.table.rows.map((r) => [`weight ${r.weight}: its share of ${t.die}`]),
      titleLine: b.imported.titleLine,
      die: {
        how: 'weights',
        line: null,
        note: `the rows of ${t.name} that do not roll again, weighted by their share of ${t.die}`,
      },
      coverage: null,
      companionOf: t.key,
    });
  }
  return companions;
}

/** Fill and re-roll promise every result a row: what still has none is a refusal. */
export function unfilledProblems(gapTables: readonly Built[], options: ImportOptions, problems: ImportProblem[]): void {
  if (options.gaps === 'fill' || options.gaps === 'reroll') {
    for (const b of gapTables) {
      const c = b.imported.coverage;
      const name = b.imported.table.name;
      if (c && c.uncoveredCount > 0 && !problems.some((p) => p.message.startsWith(`${name}: `))) {
        problems.push({
          line: b.imported.titleLine ?? b.draft.line,
          message: `${name}: after ${options.gaps === 'fill' ? 'fill' : 're-roll'} no row covers ${c.uncovered.map(runText).join(', ')} yet: choose keep, or add rows for them`,
        });
      }
    }
  }
}
