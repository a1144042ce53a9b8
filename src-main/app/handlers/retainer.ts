// retainer.*: Retainers (rulebook ch.7): hired by the Aristocrat up to their level, a token on the
// turn stack, dismissed, or paid double to win their loyalty.
import { removeToken } from '../../play/town.ts';
import { townAct } from './town-act.ts';
import { hireRetainer } from '../../play/retainers.ts';
import type { HandlerContext, HandlersOf } from '../handler-context.ts';
import { CommandFailure } from '../../state/failures.ts';

export function retainerHandlers(ctx: HandlerContext): HandlersOf<'retainer'> {
  return {
    'retainer.hire': townAct(
      ctx,
      'retainer.hire',
      (a: { employer: number; name: string; grade: 'common' | 'skilled' | 'exceptional' }) => `Hire ${a.name}`,
      (ps, state, a) => hireRetainer(ps, state, a),
    ),
    'retainer.dismiss': townAct(
      ctx,
      'retainer.dismiss',
      (a: { retainer: number }) => `Dismiss Retainer ${a.retainer}`,
      (ps, state, a) => {
        const r = state.retainers.find((x) => x.id === a.retainer);
        if (!r) throw new CommandFailure('not-found', `No Retainer ${a.retainer}.`);
        removeToken(ps, r.tokenId);
        return { ...state, retainers: state.retainers.filter((r) => r.id !== a.retainer) };
      },
    ),
    'retainer.payDouble': townAct(
      ctx,
      'retainer.payDouble',
      (a: { retainer: number }) => `Double wage for Retainer ${a.retainer}`,
      (_ps, state, a) => {
        if (!state.retainers.some((r) => r.id === a.retainer))
          throw new CommandFailure('not-found', `No Retainer ${a.retainer}.`);
        return { ...state, retainers: state.retainers.map((r) => (r.id === a.retainer ? { ...r, double: true } : r)) };
      },
    ),
  };
}
