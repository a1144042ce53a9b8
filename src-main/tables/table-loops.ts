// Tables that roll on each other in a loop. A page of rooms whose every section ends "go back to
// the first room" loops by nature: the next room is the next turn. A roll follows its links
// forward; a link back to a table already on that roll's chain is not followed — the roll ends
// there and says so. Imports and packs keep such links, and name each one with its chain.
import type { TableDef } from '@shared/tables.ts';

/** A row whose link goes back along the chain that reached it. */
export interface LoopLink {
  table: string;
  row: number;
  /** Keys from the table the link goes back to, through each table rolled on the way, to it again. */
  chain: string[];
}

/** Whether a link from the last table of `chain` (the tables this roll has rolled on, in order) goes back along it. */
export function loopsBack(chain: readonly string[], target: string): boolean {
  return chain.includes(target);
}

/** What a roll says where a link went back: the table, and the chain that came round to it (by name). */
export function loopText(names: readonly string[]): string {
  return `loops back to ${names[0]}, already on this roll (${names.join(' → ')}): the roll ends here`;
}

/**
 * The links that go back, for a roll from the first table (as a page is read), then from each
 * table that roll never reaches: a link is named when its target is on the chain that reached its
 * row. A roll started elsewhere checks its own chain as it goes, so it ends wherever it comes round.
 */
export function loopLinks(tables: ReadonlyMap<string, Pick<TableDef, 'rows'>>): LoopLink[] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: LoopLink[] = [];
  const visit = (key: string): void => {
    state.set(key, 'open');
    path.push(key);
    tables.get(key)!.rows.forEach((r, row) => {
      const to = r.rollOn?.table;
      // A row that rolls its own table again ("roll twice") is a repeat, not a loop through others.
      if (!to || to === key || !tables.has(to)) return;
      if (state.get(to) === 'open') found.push({ table: key, row, chain: [...path.slice(path.indexOf(to)), to] });
      else if (!state.has(to)) visit(to);
    });
    path.pop();
    state.set(key, 'done');
  };
  for (const key of tables.keys()) if (!state.has(key)) visit(key);
  // In the order the tables and their rows are written, as the preview lists links.
  const order = [...tables.keys()];
  return found.sort((a, b) => order.indexOf(a.table) - order.indexOf(b.table) || a.row - b.row);
}
