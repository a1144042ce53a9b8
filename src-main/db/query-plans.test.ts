// The queries a Judge's commands and views run against the tables that grow with every session
// (history, the ledger, skill uses, day reports) find their rows through an index: their cost does
// not grow with the campaign. The statements are the ones the app really ran for real commands,
// each explained with SQLite's EXPLAIN QUERY PLAN and the arguments it ran with.
import { describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { openDemo } from '../test-support/temp-app.ts';
import { forgetStatements } from './statements.ts';

const GROWING = ['history', 'roll_log', 'skill_use', 'day_report'];

interface Ran {
  sql: string;
  args: unknown[];
}

/** Records every statement the campaign's connection runs, with its arguments. */
function recordStatements(db: Database): Ran[] {
  const ran: Ran[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    const methods = statement as unknown as Record<'run' | 'get' | 'all' | 'iterate', (...a: unknown[]) => unknown>;
    for (const method of ['run', 'get', 'all', 'iterate'] as const) {
      const original = methods[method].bind(statement);
      methods[method] = (...args: unknown[]) => {
        ran.push({ sql, args });
        return original(...args);
      };
    }
    return statement;
  }) as Database['prepare'];
  // Statements compiled before the spy are compiled again through it.
  forgetStatements(db);
  return ran;
}

/** The plan's lines, and the indexes it uses. */
function explain(db: Database, { sql, args }: Ran): { lines: string[]; indexes: string[] } {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[];
  const lines = rows.map((r) => r.detail);
  return { lines, indexes: lines.flatMap((l) => /USING (?:COVERING )?INDEX (\w+)/.exec(l)?.[1] ?? []) };
}

describe('query plans of the hot queries', () => {
  it('every read of a growing table by a command or view goes through an index', async () => {
    const { app, roster } = await openDemo(18);
    const db = app.current()!.db;
    const ran = recordStatements(db);
    const [odile, , sable] = roster;
    // A session's worth of commands and views, as the Judge uses them.
    await app.call('lichslayer.update', {
      id: sable!.id,
      patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', level: 6 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('skill.use', { id: odile!.id, skill: 'Break', rooms: [{ x: 2, y: 1 }] });
    await app.call('skill.use', { id: sable!.id, skill: 'Burgle' });
    const token = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === odile!.id)!;
    await app.call('board.moveToken', { tokenId: token.id, floor: 1, x: 2, y: 0, override: true });
    await app.call('tables.roll', { key: 'loot', context: { floor: 1 } });
    await app.call('history.undo', {});
    await app.call('history.redo', {});
    // Burgle from an entity: once per entity, whoever tried (its token); Cheat counts distinct tokens.
    await app.call('board.setRoom', {
      floor: 1,
      x: 4,
      y: 4,
      patch: { type: 'vault', name: 'Rat Vault' },
      revealed: true,
    });
    const sableAt = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.lichslayerId === sable!.id)!;
    await app.call('board.moveToken', { tokenId: sableAt.id, floor: 1, x: 4, y: 4, override: true });
    const rat = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Bone Rat',
        colour: 'Red',
        floor: 1,
        x: 4,
        y: 4,
        health: 6,
        armor: 0,
      })
    ).tokens.find((t) => t.name === 'Bone Rat')!;
    await app.call('skill.use', { id: sable!.id, skill: 'Burgle', tokenId: rat.id });
    // A room cleared withdraws its rolls; an undone step replaced by a new action retires its rolls.
    await app.call('board.resetRoom', { floor: 1, x: 2, y: 1 });
    await app.call('history.undo', {});
    await app.call('lichslayer.update', { id: odile!.id, patch: { notes: 'Undo replaced' } });
    await app.call('town.nextDay', { duringDive: true });
    await app.call('journal.view', {});
    await app.call('players.view', {});
    await app.call('phase.view', {});
    await app.call('ledger.list', { session: 1 });
    await app.call('ledger.list', { table: 'loot' });
    await app.call('ledger.list', { floor: 1 });
    await app.call('ledger.list', { character: odile!.name });
    // Part of a name: the distinct names are read through the character index, then the rows by name.
    await app.call('ledger.list', { character: 'odile' });
    await app.call('ledger.newSession', {});
    await app.call('lichslayer.update', { id: odile!.id, patch: { notes: 'Session two' } });
    await app.call('journal.view', {});

    const used = new Set<string>();
    const scans: string[] = [];
    const reads = ran.filter((r) => !/^\s*INSERT INTO \w+ \(/i.test(r.sql) || /SELECT/i.test(r.sql));
    for (const r of reads) {
      if (!GROWING.some((t) => new RegExp(`\\b${t}\\b`).test(r.sql))) continue;
      const plan = explain(db, r);
      plan.indexes.forEach((i) => used.add(i));
      // Walking the table in id order from one end is bounded by the LIMIT when nothing filters the rows.
      const newestOnly = !/\bWHERE\b/i.test(r.sql) && /ORDER BY id (DESC|ASC) LIMIT/i.test(r.sql);
      for (const line of plan.lines)
        if (!newestOnly && new RegExp(`^SCAN (\\w+\\.)?(${GROWING.join('|')})$`).test(line))
          scans.push(`${line}: ${r.sql.replace(/\s+/g, ' ').slice(0, 140)}`);
    }
    expect(scans).toEqual([]);
    // The indexes the hot paths need, each used by the commands above.
    for (const index of [
      'history_by_undone', // undo, redo and clearing the redo stack
      'history_by_session', // the journal's changes of a session
      'history_dive_steps', // the journal's dives of a session
      'roll_log_by_session', // the ledger of a session
      'roll_log_by_table',
      'roll_log_by_floor',
      'roll_log_by_character',
      'roll_log_notable', // the journal's notable rolls of a session
      'roll_log_public', // the players' screen's rolls
      'skill_use_by_session', // usage limits
      'skill_use_by_fight', // round and turn limits, within a fight
      'skill_use_by_visit', // floor limits, within a visit to the floor
      'skill_use_by_target', // capstone progress: enemies Burgled before tokens were kept
      'skill_use_by_token', // capstone progress: distinct entities Burgled
      'skill_use_on_token', // an entity is Burgled once, whoever tried
      'roll_log_by_step', // discarding undone steps: their rolls
      'roll_log_by_withdrawal', // discarding undone steps: rolls they had withdrawn
      'roll_log_by_room', // clearing a room withdraws its rolls
      'day_report_by_session', // the journal's days of a session
    ]) {
      expect([...used]).toContain(index);
    }
    app.close();
  });
});
