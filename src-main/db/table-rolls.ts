// Rolling on the campaign's tables from any feature: one path that gives the roll the campaign's
// dice and tables, writes the ledger, and saves draws without replacement with it. Call inside a
// transaction, so the roll, its ledger entries and its draws commit together or not at all.
import type { Database } from 'better-sqlite3';
import type { CommandName } from '@shared/contract.ts';
import type { TableDef, TableRow } from '@shared/tables.ts';
import type { Dice } from '../rules/dice.ts';
import { rollWithLedger, type RollRecord } from './ledger.ts';
import { loadAllTables, saveDraws } from './tables-repo.ts';
import { rowAt, TableRollError, type DrawState } from '../tables/table-roll.ts';
import { CommandFailure } from '../state/failures.ts';

export interface TableRollKit {
  dice: Dice;
  tables: ReadonlyMap<string, TableDef>;
  drawn: DrawState;
}

export function rollWithTables<T>(
  database: Database,
  command: string,
  roll: (kit: TableRollKit) => { value: T; records: RollRecord[] },
): T {
  const all = loadAllTables(database);
  const drawn: DrawState = new Map([...all].map(([k, t]) => [k, new Set(t.drawn)]));
  const tables = new Map([...all].map(([k, t]) => [k, t.def]));
  try {
    const { value } = rollWithLedger(database, command, (dice) => roll({ dice, tables, drawn }));
    for (const [k, t] of all) {
      const now = drawn.get(k);
      if (t.def.drawWithoutReplacement && now && now.size !== t.drawn.length) saveDraws(database, t.id, [...now]);
    }
    return value;
  } catch (error) {
    // A table that cannot be rolled (missing, exhausted, too deep) is a refusal the Judge can act on.
    if (error instanceof TableRollError || error instanceof RangeError)
      throw new CommandFailure('refused', error.message);
    throw error;
  }
}
