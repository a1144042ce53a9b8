// journal.*: the session journal and the Judge's notes beside it.
import { currentSession } from '../../db/ledger.ts';
import { writeSetting } from '../../db/settings.ts';
import { journal } from '../../views/journal-view.ts';
import { CommandFailure } from '../../state/failures.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function journalHandlers(ctx: HandlerContext): HandlersOf<'journal'> {
  return {
    'journal.view': (args) => journal(ctx.require().db, args),
    'journal.setNotes': (args) =>
      ctx.transact('journal.setNotes', args, `Journal, session ${args.session}`, (w, database) => {
        if (args.session > currentSession(database))
          throw new CommandFailure(
            'refused',
            `There is no session ${args.session} yet: this is session ${currentSession(database)}. Nothing changed.`,
          );
        writeSetting(w, database, `journal:${args.session}`, args.text);
        return journal(database);
      }),
  };
}
