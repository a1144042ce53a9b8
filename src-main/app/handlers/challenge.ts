// challenge.*: Challenges of every kind (rulebook ch.1, ch.2, ch.8, ch.9, ch.11, ch.12): the named ones that
// arise where the roller stands, and the roll itself — one undoable step, in the ledger.
import { allTokens } from '../../state/board.ts';
import { challengeSetup, runChallenge } from '../../play/challenge.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { recordResult } from '../../play/fight-state.ts';

export function challengeHandlers(ctx: HandlerContext): HandlersOf<'challenge'> {
  const who = (a: { lichslayerId?: number | undefined; tokenId?: number | undefined }) =>
    a.lichslayerId !== undefined
      ? (ctx.state().byId('lichslayer', a.lichslayerId)?.name ?? 'someone')
      : (allTokens(ctx.state()).find((t) => t.id === a.tokenId)?.name ?? 'someone');
  return {
    'challenge.presets': (args) => challengeSetup(ctx.state(), args),
    'challenge.roll': (args) => {
      const step = `Challenge: ${who(args)}`;
      return ctx.transact('challenge.roll', args, step, (ps) =>
        recordResult(ps, step, runChallenge(ps, args, 'challenge.roll')),
      );
    },
  };
}
