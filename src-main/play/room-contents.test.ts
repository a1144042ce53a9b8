// A room revealed where its first roll cannot stand (ch.10): the Judge's ledger keeps every
// attempt, but players see only the roll that made the room — never the discarded one.
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES } from '@shared/house-rules.ts';
import type { TableDef } from '@shared/tables.ts';
import { tableCatalog } from '../db/table-catalog.ts';
import { Dice } from '../rules/dice.ts';
import { SeededRandom } from '../rules/random-source.ts';
import { openDemo } from '../test-support/temp-app.ts';
import { rollRoomContents, type RevealSetting } from './room-contents.ts';

let rooms: TableDef;
let tables: Map<string, TableDef>;

beforeAll(async () => {
  const { app } = await openDemo(1);
  const [c] = await app.call('campaign.list', {});
  await app.close();
  const file = new Database(c!.path, { readonly: true });
  tables = new Map(tableCatalog(file).defs);
  file.close();
  rooms = tables.get('rooms-upper')!;
});

/** The floor-1 room table with the rows the filter picks impossible after a Sanity Break. */
function withImpossible(pick: (index: number) => boolean): Map<string, TableDef> {
  const rows = rooms.rows.map((r, i) =>
    r.room && pick(i) ? { ...r, room: { ...r.room, impossibleWhen: 'sanity-break' as const } } : r,
  );
  return new Map([...tables, ['rooms-upper', { ...rooms, rows }]]);
}

function reveal(seed: number, table: Map<string, TableDef>) {
  const setting: RevealSetting = {
    dice: new Dice(new SeededRandom(seed)),
    tables: table,
    drawn: new Map(),
    rules: DEFAULT_HOUSE_RULES,
    world: { festival: false, squareEmpty: false },
    attentionStage: 0,
    players: 4,
    floor: 1,
    where: 'F1 (3,2)',
    facts: { sanityBreak: true, merchantDispatched: false },
  };
  return rollRoomContents(setting);
}

describe('an impossible room re-rolled (ch.10)', () => {
  it('the first roll is kept for the Judge only; players see the re-roll that made the room', () => {
    // Seed 3 first rolls a row made impossible here; the re-roll lands on another, which stands.
    const first = reveal(3, new Map(tables)).records.find((r) => r.table === 'rooms-upper')!;
    const impossibleRow = (first.result as { row: number }).row;
    const room = reveal(
      3,
      withImpossible((i) => i === impossibleRow),
    );
    const attempts = room.records.filter((r) => r.table === 'rooms-upper');
    expect(attempts.map((r) => r.cause)).toEqual(['Reveal F1 (3,2)', 'Reveal F1 (3,2): re-roll']);
    expect(attempts.map((r) => r.public)).toEqual([false, true]);
    expect(room.records.find((r) => r.cause.endsWith('impossible room'))!.public).toBe(false);
    expect(room.name).not.toBe(rooms.rows[impossibleRow]!.label);
  });

  it('both rolls impossible: the room is empty and no attempt reaches the players', () => {
    const room = reveal(
      3,
      withImpossible(() => true),
    );
    expect(room.name).toBe('Empty room');
    expect(room.records.filter((r) => r.table === 'rooms-upper').map((r) => r.public)).toEqual([false, false]);
  });
});
