// The players' view, computed from the database with every secret left out: unrevealed rooms,
// hidden tokens, traps, chests, the stair, the Phylactery, stat blocks, intentions, hidden classes.
// Counts and orders are computed from what players can see, so nothing hidden can be inferred.
import { countBuild } from './view-builds.ts';
import type { Database } from 'better-sqlite3';
import type { PlayReader } from '../state/session.ts';
import type { PlayerToken, PlayerView } from '@shared/board.ts';
import { roomCapacity, shrineSafety } from '../rules/board-facts.ts';
import { readHouseRules } from '../state/settings.ts';
import { allTokens, occupants, roomsOfFloor } from '../state/board.ts';
import { roomMarks } from '@shared/room-places.ts';
import { turnOrder } from './turn-order.ts';
import { attentionStage, partyFloor, stored } from '../play/machines.ts';
import { publicRolls } from '../db/public-rolls.ts';
import { campaignName } from '../db/campaign-meta.ts';
import { tableNames } from './table-names.ts';
import { playersSummary } from './players-summary.ts';

const PARTY_KINDS = new Set(['lichslayer', 'retainer', 'familiar']);

/**
 * What the table can see of the board: the visible tokens, their names as players know them, and
 * whose turn the highlight shows. One home for the players' view and each private screen.
 */
export function playersSight(ps: PlayReader) {
  const floor = partyFloor(ps);
  const tokens = allTokens(ps);
  const revealedRooms = floor === null ? [] : roomsOfFloor(ps, floor).filter((r) => r.revealed === 1);
  const revealedAt = new Set(revealedRooms.map((r) => `${r.x},${r.y}`));
  // Visible: on the party's floor, in a revealed room, not hidden, not defeated; never the Phylactery until found.
  const visible = tokens.filter(
    (t) =>
      t.floor === floor &&
      t.x !== null &&
      t.y !== null &&
      revealedAt.has(`${t.x},${t.y}`) &&
      !t.hidden &&
      !t.defeated &&
      t.kind !== 'phylactery',
  );
  const visibleIds = new Set(visible.map((t) => t.id));
  const entities = visible.filter((t) => t.kind === 'entity');
  const shownName = new Map<number, string>(visible.map((t) => [t.id, t.name]));
  tableNames(entities.map((t) => t.name)).forEach((name, i) => shownName.set(entities[i]!.id, name));
  // Whose turn players see: the current one if visible; during a hidden entrant's turn, the next
  // visible one (as "up next"), so no gap in the highlight betrays it.
  const saved = stored(ps, 'machine:combat');
  const turn = saved && saved.value !== 'idle' ? saved.context : null;
  const highlighted = turn
    ? ([turn.current, ...turn.queue].find((id) => id !== null && visibleIds.has(id)) ??
      [...turn.acted].reverse().find((id) => visibleIds.has(id)) ??
      null)
    : null;
  return { floor, revealedRooms, visible, visibleIds, shownName, highlighted, turn };
}

export function playerView(db: Database, ps: PlayReader): PlayerView {
  countBuild('players');
  const { floor, revealedRooms, visible, visibleIds, shownName, highlighted, turn } = playersSight(ps);
  const playerTokens: Omit<PlayerToken, 'current'>[] = visible.map((t, i) => ({
    key: `t${i}`,
    kind: t.kind,
    name: shownName.get(t.id)!,
    colour: t.colour,
    x: t.x!,
    y: t.y!,
    health: PARTY_KINDS.has(t.kind) ? t.health : null,
    maxHealth: PARTY_KINDS.has(t.kind) ? t.maxHealth : null,
    armor: PARTY_KINDS.has(t.kind) ? t.armor : null,
  }));
  const shrines = shrineSafety(attentionStage(ps), readHouseRules(ps));
  const rooms = revealedRooms.map((r) => {
    // Counted as the Judge's board counts it (the party too, ch.9), from visible tokens only.
    const occupancy = floor !== null ? occupants(visible, floor, r.x, r.y).length : 0;
    const held = r.room_type && floor !== null ? roomCapacity(r.room_type, floor, shrines) : null;
    const capacity = r.room_type ? (held ?? 0) : null;
    return {
      x: r.x,
      y: r.y,
      type: r.room_type,
      name: r.name,
      occupancy,
      capacity,
      full: roomMarks(true, r.entered === 1, held, occupancy).full,
      // Cleared for the table once no enemy they can see is left, the party standing in it or not.
      cleared: r.entered === 1 && !visible.some((t) => t.x === r.x && t.y === r.y && t.kind === 'entity'),
    };
  });
  return {
    campaign: campaignName(db),
    floor,
    rooms,
    tokens: playerTokens.map((t, i) => ({ ...t, current: visible[i]!.id === highlighted })),
    turnOrder: turnOrder(ps)
      .filter((e) => visibleIds.has(e.tokenId))
      .map((e) => ({
        name: shownName.get(e.tokenId)!,
        kind: e.kind,
        colour: e.colour,
        current: e.tokenId === highlighted,
        // "Done" would show a hidden entrant's turn as a gap: players see it only for the visible.
        done: e.done && e.tokenId !== highlighted,
        health: PARTY_KINDS.has(e.kind) ? e.health : null,
        maxHealth: PARTY_KINDS.has(e.kind) ? e.maxHealth : null,
        conditions: e.publicConditions,
      })),
    round: turn ? turn.round : null,
    rolls: [...publicRolls(db, floor)],
    summary: playersSummary(db, ps),
  };
}
