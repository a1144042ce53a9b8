// ledger.* and dice.*: the roll ledger (every roll with its cause and working), replaying a session
// from its stored random states, starting a new session, and seeding the campaign's dice.
import { compactCampaign } from '../../db/campaign-storage.ts';
import { listLedger, reseed, verifyLedger } from '../../db/ledger.ts';
import { startSession } from '../../state/sessions.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function ledgerHandlers(ctx: HandlerContext): HandlersOf<'ledger'> {
  return {
    'ledger.list': (args) => listLedger(ctx.require().db, args),
    'ledger.verify': (args) => verifyLedger(ctx.require().db, args.session),
    'ledger.newSession': async () => {
      const session = ctx.transact('ledger.newSession', {}, 'A new session', (ps) => startSession(ps));
      // A new session is when the oldest one kept falls out of undo and out of the campaign file.
      await compactCampaign(ctx.require().db, ctx.files.backupsDir);
      ctx.changed();
      return { session };
    },
  };
}

export function diceHandlers(ctx: HandlerContext): HandlersOf<'dice'> {
  return {
    'dice.setSeed': (args) => {
      reseed(ctx.require().db, args.seed);
      return { seed: args.seed };
    },
  };
}
