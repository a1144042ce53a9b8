// Floor 10's rounds (rulebook ch.10): the waves entering at the Gate and the Phylactery's spell.
import { roomSteps, allTokens, joinTurnStack, nextPlacement, readWorld } from '../state/board.ts';
import type { PlaySession } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import { readHouseRules } from '../state/settings.ts';
import { DEFAULT_ENTRANCE } from '../rules/board-moves.ts';
import { lichSpell } from './round-hooks.ts';
import { rollWave } from './room-contents.ts';
import { attentionStage } from './machines.ts';
import { partySize, PARTY_KINDS } from './floor-facts.ts';
import { nearestWithSpace } from './room-space.ts';
import { entityStats } from './room-reveal.ts';

/**
 * The start of a round on Floor 10 (ch.10): a wave enters at the Gate while the Phylactery stands,
 * filling the Gate and then the nearest rooms with space (a full room blocks passage, ch.9); and
 * the Phylactery's spell goes to the nearest character (RULINGS: fewest room steps; ties are the Judge's).
 */
export function floorTenRound(ps: PlaySession, notices: string[]): void {
  const tokens = allTokens(ps);
  const phylactery = tokens.find((t) => t.kind === 'phylactery' && t.floor === 10 && !t.defeated);
  const wave = ps.roll('phase.nextTurn', ({ dice, tables, drawn }) => {
    const w10 = rollWave({
      dice,
      tables,
      drawn,
      rules: readHouseRules(ps),
      world: readWorld(ps),
      attentionStage: attentionStage(ps),
      players: partySize(ps),
      floor: 10,
      where: 'the Gate',
    });
    return { value: w10, records: w10.records };
  });
  // The Gate first, then the nearest rooms with space (a full room blocks passage, ch.9).
  const gate = DEFAULT_ENTRANCE;
  let waiting = 0;
  for (const e of wave.entities) {
    const spot = nearestWithSpace(ps, 10, gate, { enemy: true, reveals: false });
    if (!spot) {
      waiting++;
      continue;
    }
    const id = ps.insert('token', {
      kind: 'entity',
      name: e.name,
      colour: e.fields.colour,
      floor: 10,
      x: spot.x,
      y: spot.y,
      health: e.health,
      max_health: e.health,
      armor: e.fields.armor,
      stats: entityStats(e),
      placed_at: nextPlacement(ps),
    });
    joinTurnStack(ps, id);
  }
  notices.push(
    `${wave.entities.length} entities enter at the Gate (ch.10)${waiting ? `; ${waiting} wait outside: every room near the Gate is full` : ''}`,
  );
  if (phylactery && phylactery.x !== null && phylactery.y !== null) {
    const party = allTokens(ps).filter(
      (t) => PARTY_KINDS.has(t.kind) && t.floor === 10 && !t.defeated && t.x !== null && t.y !== null,
    );
    const steps = (t: TokenView) => roomSteps(t, phylactery);
    const nearest = Math.min(...party.map(steps));
    const targets = party.filter((t) => steps(t) === nearest).map((t) => t.name);
    if (targets.length)
      notices.push(
        `The Phylactery casts ${lichSpell(ps, 'The Phylactery’s spell')} at ${targets.length > 1 ? `the nearest: ${targets.join(' or ')} (the Judge picks)` : targets[0]} — ${nearest} room${nearest === 1 ? '' : 's'} away (ch.10)`,
      );
  }
}
