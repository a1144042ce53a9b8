// The party on the board as a dive goes (rulebook ch.9, ch.11): a Lichslayer's token made, the party
// entering a floor at its entrance, the Retainers kept behind their Aristocrats, the party leaving.
import { allTokens, joinTurnStack, nextPlacement, roomAt, turnStack } from '../state/board.ts';
import type { PlaySession } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import { readTown } from '../state/town.ts';
import { familiarFollows, retainersAfterEmployers } from '../rules/turn-order.ts';
import { DEFAULT_ENTRANCE } from '../rules/board-moves.ts';
import { CommandFailure } from '../state/failures.ts';
import { requireLichslayer } from '../state/lichslayer.ts';
import { diveActor } from './machines.ts';
import { where } from './floor-facts.ts';
import { nearestWithSpace, roomTakes, type Spot } from './room-space.ts';
import { reveal } from './room-reveal.ts';
import { arrive } from './token-move.ts';

export function lichslayerToken(ps: PlaySession, lichslayerId: number): TokenView {
  const existing = allTokens(ps).find((t) => t.lichslayerId === lichslayerId);
  if (existing) return existing;
  const l = requireLichslayer(ps, lichslayerId);
  const colour =
    ps.all('item').find((i) => i.lichslayer_id === lichslayerId && i.slot === 'gear')?.colour ?? 'Colourless';
  const id = ps.insert('token', {
    kind: 'lichslayer',
    lichslayer_id: lichslayerId,
    name: l.name,
    colour,
    placed_at: nextPlacement(ps),
  });
  joinTurnStack(ps, id);
  return allTokens(ps).find((t) => t.id === id)!;
}

/**
 * The party on the dive — the Lichslayers still present, with the Retainers and the Familiar —
 * arrives at a floor's entrance, revealing it if need be. The dive machine says who and where;
 * this puts their tokens there.
 */
export function enterFloor(
  ps: PlaySession,
  floor: number,
  present: readonly number[],
  entrance: { x: number; y: number } | undefined,
  notices: string[],
  diveStarts = true,
): void {
  const { x, y } = entrance ?? DEFAULT_ENTRANCE;
  if (present.length === 0)
    throw new CommandFailure('refused', 'There are no Lichslayers in this campaign to send into the Tombs.');
  const familiars = allTokens(ps).filter((t) => t.kind === 'familiar');
  const party = [
    ...present.map((id) => lichslayerToken(ps, id)),
    ...allTokens(ps).filter((t) => t.kind === 'retainer'),
    ...(familiarFollows(diveStarts) ? familiars : []),
  ];
  // ch.3: a Familiar lasts for its floor; on the next floor it is gone until the next dive summons it.
  if (!familiarFollows(diveStarts)) {
    for (const t of familiars.filter((f) => f.floor !== null)) {
      ps.update('token', t.id, { floor: null, x: null, y: null });
      notices.push(`${t.name} stays behind: a Familiar lasts for the floor it was summoned on (ch.3)`);
    }
  }
  placeRetainers(ps);
  const room = reveal(ps, floor, x, y, 'board.enterFloor', party);
  placeParty(ps, floor, { x, y }, party, notices);
  notices.unshift(`The party enters Floor ${floor} at ${room.name || 'the entrance'}`);
}

/**
 * The party takes its places from the entrance (ch.9; RULINGS: a full room blocks every token): as
 * many as the entrance holds, in the order they arrive; the rest step on into the nearest room with
 * space, revealing it if need be (ch.10), as a party stepping through would.
 */
function placeParty(ps: PlaySession, floor: number, entrance: Spot, party: readonly TokenView[], notices: string[]) {
  const waiting = [...party];
  const entranceName = roomAt(ps, floor, entrance.x, entrance.y)?.name || 'the entrance';
  while (waiting.length) {
    const spot = nearestWithSpace(ps, floor, entrance, { enemy: false, reveals: true });
    if (!spot) {
      notices.push(`${waiting.map((t) => t.name).join(', ')} find no room with space on Floor ${floor} (ch.9)`);
      return;
    }
    if (roomTakes(ps, floor, spot, false) === null) reveal(ps, floor, spot.x, spot.y, 'board.enterFloor', waiting);
    const placed: TokenView[] = [];
    while (waiting.length && roomTakes(ps, floor, spot, false)?.ok) {
      const t = waiting.shift()!;
      ps.update('token', t.id, { floor, x: spot.x, y: spot.y });
      arrive(
        ps,
        { ...t, floor, x: spot.x, y: spot.y },
        roomAt(ps, floor, spot.x, spot.y)!,
        notices,
        'board.enterFloor',
      );
      placed.push(t);
    }
    if (placed.length && (spot.x !== entrance.x || spot.y !== entrance.y)) {
      const there = roomAt(ps, floor, spot.x, spot.y)!;
      notices.push(
        `${entranceName} is full: ${placed.map((t) => t.name).join(', ')} ${placed.length === 1 ? 'steps' : 'step'} on into ${there.name || 'a room'} at ${where(floor, spot.x, spot.y)} (ch.9)`,
      );
    }
  }
}

/** The turn stack with each Retainer right after its Aristocrat (ch.2), as hired and on each floor's entry. */
export function placeRetainers(
  ps: PlaySession,
  retainers: readonly { employer: number; tokenId: number | null }[] = readTown(ps).retainers,
): void {
  const stack = turnStack(ps);
  const tokens = new Map(allTokens(ps).map((t) => [t.id, t]));
  const byLichslayer = new Map(
    [...tokens.values()]
      .filter((t) => t.kind === 'lichslayer' && t.lichslayerId !== null)
      .map((t) => [t.lichslayerId!, t.id]),
  );
  const employerOf = new Map<number, number>();
  for (const r of retainers) {
    const boss = byLichslayer.get(r.employer);
    if (r.tokenId !== null && boss !== undefined) employerOf.set(r.tokenId, boss);
  }
  const order = retainersAfterEmployers(
    stack.map((e) => e.token_id),
    employerOf,
  );
  order.forEach((tokenId, position) => {
    const entry = stack.find((e) => e.token_id === tokenId)!;
    if (entry.position !== position) ps.update('turn_stack', entry.id, { position });
  });
}

/** Party tokens leave the board: the dive is over for them (withdrawal, the Town, ch.11). */
export function leaveBoard(ps: PlaySession, lichslayerIds: readonly number[] | 'everyone'): void {
  // ch.16: the turned stay in the Tombs, where the Lich keeps them.
  const turned = diveActor(ps).getSnapshot().context.turned;
  for (const t of allTokens(ps)) {
    if (t.floor === null || (t.lichslayerId !== null && turned.includes(t.lichslayerId))) continue;
    const leaves =
      t.kind === 'lichslayer'
        ? lichslayerIds === 'everyone' || (t.lichslayerId !== null && lichslayerIds.includes(t.lichslayerId))
        : lichslayerIds === 'everyone' && (t.kind === 'retainer' || t.kind === 'familiar');
    if (leaves) ps.update('token', t.id, { floor: null, x: null, y: null });
  }
}
