// Every change rebuilds the Judge's view, which looks items up in the loot tables. A homebrewer's
// large table of another kind (rooms, events) must never be read for it, and no table is read again
// until one changes.
import { describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { openDemo } from '../test-support/temp-app.ts';
import { forgetStatements } from './statements.ts';

/** The table ids of every rtable_row row the connection hands back from now on. */
function rowsReadByTable(db: Database): Set<number> {
  const seen = new Set<number>();
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (!/\bFROM rtable_row\b/.test(sql) || !/\btable_id\b/.test(sql)) return statement;
    const all = statement.all.bind(statement);
    (statement as unknown as { all: (...a: unknown[]) => unknown[] }).all = (...args: unknown[]) => {
      const rows = all(...args) as { table_id?: number }[];
      for (const r of rows) if (r.table_id !== undefined) seen.add(r.table_id);
      return rows;
    };
    return statement;
  }) as Database['prepare'];
  // Statements compiled before the spy are compiled again through it.
  forgetStatements(db);
  return seen;
}

describe('the loot lookup of the Judge view', () => {
  it('a change reads no table while none changed; a loot edit reads the loot tables again, never the events', async () => {
    const { app, roster } = await openDemo(18);
    // The Judge's screen is listening: every change builds the Judge's view for it.
    app.subscribe(() => undefined);
    const text = Array.from({ length: 2000 }, (_, i) => `${i + 1} = Event number ${i + 1}`).join('\n');
    await app.call('tables.importSave', { text, name: 'Big Events', die: 'd2000' });
    const db = app.current()!.db;
    const big = db.prepare(`SELECT id, category FROM rtable WHERE name = 'Big Events'`).get() as {
      id: number;
      category: string;
    };
    expect(big.category).not.toBe('loot');
    const loot = (db.prepare(`SELECT id FROM rtable WHERE key = 'loot'`).get() as { id: number }).id;
    // The backup taken on opening has finished (its connection's reads are not this command's).
    await app.idle();
    await app.call('lichslayer.update', { id: roster[0]!.id, patch: { notes: 'Tables read again' } });
    const quiet = rowsReadByTable(db);
    await app.call('lichslayer.update', { id: roster[0]!.id, patch: { notes: 'A change' } });
    // The tables were read when they last changed: this change reads not one row of any of them.
    expect([...quiet]).toEqual([]);
    const row = (await app.call('tables.get', { key: 'loot' })).table.rows[0]!;
    const read = rowsReadByTable(db);
    await app.call('tables.setRow', { key: 'loot', index: 0, row: { ...row, details: 'Edited' } });
    await app.idle();
    // The edit and the view it publishes read the loot table again (so the spy sees their reads)…
    expect(read.has(loot)).toBe(true);
    // …and not one row of the 2,000-row event table.
    expect(read.has(big.id)).toBe(false);
    app.close();
  });
});
