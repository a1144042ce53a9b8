// challenge.*: Challenges of every kind (rulebook ch.1, ch.2, ch.8, ch.9, ch.11, ch.12): the named ones that
// arise where the roller stands, and the roll itself — one undoable step, in the ledger.
import { allTokens } from '../../db/board-repo.ts';
import { challengeSetup, runChallenge } from '../challenge-ops.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { recordResult } from '../fight-state.ts';

export function challengeHandlers(ctx: HandlerContext): HandlersOf<'challenge'> {
  const db = () => ctx.require().db;
  const who = (a: { lichslayerId?: number | undefined; tokenId?: number | undefined }) =>
    a.lichslayerId !== undefined
      ? ((db().prepare(`SELECT name FROM lichslayer WHERE id = ?`).get(a.lichslayerId) as { name: string } | undefined)
          ?.name ?? 'someone')
      : (allTokens(db()).find((t) => t.id === a.tokenId)?.name ?? 'someone');
  return {
    'challenge.presets': (args) => challengeSetup(db(), args),
    'challenge.roll': (args) => {
      const step = `Challenge: ${who(args)}`;
      return ctx.transact('challenge.roll', args, step, (w, database) =>
        recordResult(w, database, step, runChallenge(w, database, args, 'challenge.roll')),
      );
    },
  };
}
