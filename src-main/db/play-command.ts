// One play command from load to apply: the play state loaded once (kept from the last command when
// nothing else wrote), decided on a draft that touches no database, and applied in one transaction.
import crypto from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { CommandName } from '@shared/contract.ts';
import { Draft, type EnteredDice, type TableFace } from '../state/draft.ts';
import { CommandFailure } from '../state/failures.ts';
import type { PlaySession } from '../state/session.ts';
import { pushHistory, RecordingWriter } from './history.ts';
import { ledgerReads, nextRollId, tieRollsToStep } from './ledger.ts';
import { applyDecision, keepAppliedState, loadPlayState } from './play-store.ts';
import { skillUseReads } from './skill-uses.ts';
import { tableCatalog } from './table-catalog.ts';
import { watchedTransaction } from './table-revision.ts';

export interface PlayOutcome<T> {
  value: T;
  /** The undo step the command made, or null when it changed nothing undo could revert. */
  step: number | null;
}

/** Faces entered by hand for the next play command, set only for the span of one handler call. */
let entering: EnteredDice | null = null;

/**
 * Runs a handler with faces rolled at the table: its play command draws them instead of the seeded
 * source. Refused when the handler ran no play command (the faces would silently go unused).
 */
export function withEnteredDice<T>(entered: EnteredDice, run: () => T): T {
  entering = entered;
  try {
    const value = run();
    if (entering !== null) throw new CommandFailure('refused', 'That command rolls no dice here. Nothing changed.');
    return value;
  } finally {
    entering = null;
  }
}

/** The dice a play command would ask of the table, while a preview runs; null otherwise. */
let previewing: { faces: TableFace[] | null } | null = null;

/** Ends a previewed handler at its play command, before anything is applied. */
class PreviewReached extends Error {}

/**
 * The dice faces entered at the table would stand in for, if the handler's play command ran now:
 * decided on a draft that is thrown away, so nothing is written, rolled or pushed, and on neutral
 * faces, so it lists the dice a roll asks first and shows nothing of the app's next outcome. Empty
 * when the handler runs no play command. A refusal is thrown as the command would throw it.
 */
export function previewTableDice(run: () => unknown): TableFace[] {
  const held: { faces: TableFace[] | null } = { faces: null };
  previewing = held;
  try {
    const value = run();
    // A handler that went on after returning would run its play command outside the preview.
    if (typeof (value as { then?: unknown } | null)?.then === 'function')
      throw new Error('A preview runs only a handler that finishes before it returns.');
  } catch (error) {
    if (!(error instanceof PreviewReached)) throw error;
  } finally {
    previewing = null;
  }
  return held.faces ?? [];
}

export function runPlayCommand<T>(
  db: Database,
  command: CommandName,
  label: string,
  decide: (ps: PlaySession) => T,
): PlayOutcome<T> {
  const entered = entering;
  entering = null;
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
    entered: entered ?? undefined,
    preview: previewing !== null,
  });
  const value = decide(draft);
  if (previewing) {
    previewing.faces = draft.tableFaces;
    throw new PreviewReached();
  }
  const decision = draft.decision();
  const next = draft.next();
  const step = watchedTransaction(db, () => applyDecision(db, base, decision, next, label, now));
  keepAppliedState(db, next);
  return { value, step };
}

/**
 * One Judge action written by hand (not decided on the play state): in one transaction, with its
 * undo step and the rolls it made tied to that step.
 */
export function runEdit<T>(db: Database, label: string, change: (writer: RecordingWriter, db: Database) => T): T {
  return watchedTransaction(db, () => {
    const writer = new RecordingWriter(db);
    const firstRoll = nextRollId(db);
    const value = change(writer, db);
    const step = pushHistory(db, label, writer.changes);
    if (step !== null) tieRollsToStep(db, step, firstRoll, writer.changes);
    return value;
  });
}
