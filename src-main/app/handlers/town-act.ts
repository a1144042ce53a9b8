// A Town action as its handlers share it: one undoable step on the Town's state, answered with the
// Town as it now stands.
import type { CommandName } from '@shared/contract.ts';
import type { TownState, TownStateView } from '@shared/town.ts';
import type { PlaySession } from '../../state/session.ts';
import { readTown, writeTown } from '../../state/town.ts';
import { townView } from '../../views/town-view.ts';
import type { HandlerContext } from '../handler-context.ts';

/** One Town action as one undoable step, answered with the Town as it now stands. */
export function townAct<A>(
  ctx: HandlerContext,
  name: CommandName,
  label: (a: A) => string,
  change: (ps: PlaySession, state: TownState, args: A) => TownState,
): (args: A) => TownStateView {
  return (args: A) =>
    ctx.transact(name, args, label(args), (ps) => {
      writeTown(ps, change(ps, readTown(ps), args));
      return townView(ps);
    });
}
