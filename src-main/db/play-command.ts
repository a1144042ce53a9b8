// One play command from load to apply: the play state loaded once (kept from the last command when
// nothing else wrote), decided on a draft that touches no database, and applied in one transaction.
import crypto from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { CommandName } from '@shared/contract.ts';
import { Draft } from '../state/draft.ts';
import { CommandFailure } from '../state/failures.ts';
import type { PlaySession } from '../state/session.ts';
import { ledgerReads } from './ledger.ts';
import { applyDecision, keepAppliedState, loadPlayState } from './play-store.ts';
import { skillUseReads } from './skill-uses.ts';
import { tableCatalog } from './table-catalog.ts';

export interface PlayOutcome<T> {
  value: T;
  /** The undo step the command made, or null when it changed nothing undo could revert. */
  step: number | null;
}

export function runPlayCommand<T>(
  db: Database,
  command: CommandName,
  label: string,
  decide: (ps: PlaySession) => T,
): PlayOutcome<T> {
  const base = loadPlayState(db);
  const now = new Date().toISOString();
  const draft = new Draft(base, {
    command,
    now,
    tables: tableCatalog(db),
    // Used only by a campaign that has never rolled: its random source starts from a fresh seed.
    freshSeed: crypto.randomInt(0, 2 ** 31),
    ledger: ledgerReads(db),
    skillUses: skillUseReads(db),
    refuse: (message) => new CommandFailure('refused', message),
  });
  const value = decide(draft);
  const decision = draft.decision();
  const next = draft.next();
  const step = db.transaction(() => applyDecision(db, base, decision, next, label, now))();
  keepAppliedState(db, next);
  return { value, step };
}
