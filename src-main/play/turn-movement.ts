// The rooms a Lichslayer moves on their own turn in a fight (rulebook ch.8, ch.9): counted in the
// fight's state, one per move the Judge makes for them, so a Lost character's "−1 movement every
// other round" refuses the step past the allowance (house rule roomsPerTurn; none by default).
import type { TokenView } from '@shared/board.ts';
import type { PlaySession } from '../state/session.ts';
import { readHouseRules } from '../state/settings.ts';
import { turnStepRefusal } from '../rules/sanity.ts';
import { CommandFailure } from '../state/failures.ts';
import { combatActor, stored } from './machines.ts';
import { readFight, writeFight } from './fight-state.ts';

/**
 * A step of a Lichslayer's own turn: refused past the allowance, else counted. Moves outside their
 * turn (a skill's, the Judge's between turns) and outside a fight are not counted.
 */
export function countTurnStep(ps: PlaySession, token: TokenView): void {
  if (token.kind !== 'lichslayer' || token.lichslayerId === null || !stored(ps, 'machine:combat')) return;
  const snap = combatActor(ps).getSnapshot();
  if (snap.value === 'idle' || snap.context.current !== token.id) return;
  const l = ps.byId('lichslayer', token.lichslayerId);
  if (!l) return;
  const fight = readFight(ps);
  const key = String(l.id);
  const now = { serial: fight.serial, round: snap.context.round, turn: snap.context.acted.length };
  const last = fight.moved[key];
  const same = last && last.serial === now.serial && last.round === now.round && last.turn === now.turn;
  const rooms = same ? last.rooms : 0;
  const refused = turnStepRefusal({ name: l.name, sanity: l.sanity }, now.round, rooms, readHouseRules(ps));
  if (refused) throw new CommandFailure('refused', `${refused}. ${token.name} stays where they were.`);
  writeFight(ps, { ...fight, moved: { ...fight.moved, [key]: { ...now, rooms: rooms + 1 } } });
}
