// journal.*: the session journal and the Judge's notes beside it.
import { currentSession } from '../../state/sessions.ts';
import { writeSetting } from '../../state/settings.ts';
import { journal, journalBook, latestSummary } from '../../views/journal-view.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function journalHandlers(ctx: HandlerContext): HandlersOf<'journal'> {
  return {
    'journal.view': (args) => journal(ctx.require().db, ctx.state(), args),
    'journal.read': (args) => journalBook(ctx.require().db, ctx.state(), args),
    'journal.summary': (args) => latestSummary(ctx.require().db, ctx.state(), args.of),
    'journal.setNotes': (args) => {
      ctx.transact('journal.setNotes', args, `Journal, session ${args.session}`, (ps) => {
        if (args.session > currentSession(ps))
          throw new CommandFailure(
            'refused',
            `There is no session ${args.session} yet: this is session ${currentSession(ps)}. Nothing changed.`,
          );
        writeSetting(ps, `journal:${args.session}`, args.text);
      });
      return journal(ctx.require().db, ctx.state());
    },
  };
}
