// A session whose reads and writes go straight to the open campaign, inside the command's
// transaction: the bridge while each family of commands moves onto the draft.
import type { Database } from 'better-sqlite3';
import type { CommandName } from '@shared/contract.ts';
import type { Row } from '../state/play-state.ts';
import type { AppendTable, PlayRows, PlayTable } from '../state/rows.ts';
import type { PlaySession, RollRecord, TableRollKit } from '../state/session.ts';
import { ledgerReads, writePlayState } from './ledger.ts';
import type { RecordingWriter } from './history.ts';
import { rollWithTables } from './table-rolls.ts';
import { tableCatalog } from './table-catalog.ts';
import { skillUseReads } from './skill-uses.ts';
import { skillUseRow } from '../state/skill-uses.ts';
import type { SkillUse } from '../rules/skills.ts';

export class DbSession implements PlaySession {
  readonly now = new Date().toISOString();
  constructor(
    readonly db: Database,
    readonly writer: RecordingWriter,
    readonly command: CommandName,
  ) {}

  get ledger() {
    return ledgerReads(this.db);
  }

  get skillUses() {
    return skillUseReads(this.db);
  }

  recordSkillUse(use: SkillUse): void {
    this.writer.insert('skill_use', skillUseRow(use));
  }

  get tables() {
    return tableCatalog(this.db);
  }

  all<T extends PlayTable>(table: T): readonly Readonly<PlayRows[T]>[] {
    return this.db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as PlayRows[T][];
  }

  byId<T extends PlayTable>(table: T, id: number): Readonly<PlayRows[T]> | null {
    return (this.db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as PlayRows[T] | undefined) ?? null;
  }

  settingText(key: string): string | null {
    const row = this.db.prepare(`SELECT value FROM setting WHERE key = ?`).get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  parsed<V>(key: string, parse: (text: string) => V): V | undefined {
    const text = this.settingText(key);
    return text === null ? undefined : parse(text);
  }

  insert<T extends PlayTable>(table: T, row: Partial<PlayRows[T]>): number {
    return this.writer.insert(table, row as Row);
  }

  update<T extends PlayTable>(table: T, id: number, patch: Partial<PlayRows[T]>): void {
    this.writer.update(table, id, patch as Row);
  }

  delete(table: PlayTable, id: number): void {
    this.writer.delete(table, id);
  }

  append(table: AppendTable, row: Row): void {
    this.writer.insert(table, row);
  }

  roll<T>(command: string, run: (kit: TableRollKit) => { value: T; records: RollRecord[] }): T {
    return rollWithTables(this.db, command, run);
  }

  setUntracked(key: string, value: unknown): void {
    writePlayState(this.db, key, value);
  }
}
