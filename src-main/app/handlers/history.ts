// history.*: undo and redo of any Judge action, kept in the campaign so they survive a restart.
import type { Database } from 'better-sqlite3';
import type { CampaignView } from '@shared/contract.ts';
import { redo, undo } from '../../db/history.ts';
import { watchedTransaction } from '../../db/table-revision.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function historyHandlers(ctx: HandlerContext): HandlersOf<'history'> {
  function step(move: (db: Database) => string | null, nothing: string): CampaignView {
    const { db } = ctx.require();
    const label = watchedTransaction(db, () => move(db));
    if (label === null) throw new CommandFailure('refused', nothing);
    ctx.changed();
    return ctx.view();
  }
  return {
    'history.undo': () => step(undo, 'Nothing to undo.'),
    'history.redo': () => step(redo, 'Nothing to redo.'),
  };
}
