// The Judge's board: every room and token of a floor with all its secrets, for the board
// and the hidden-info pane.
import { onenessNow } from '../play/oneness-state.ts';
import { countBuild } from './view-builds.ts';
import {
  occupants,
  allTokens,
  parseChest,
  parseTrap,
  readWorld,
  roomsOfFloor,
  type RoomRecord,
} from '../state/board.ts';
import { rosterRows } from '../state/roster.ts';
import type { PlayReader } from '../state/session.ts';
import { GRID, type ActingView, type BoardView, type RoomView, type TokenView } from '@shared/board.ts';
import { roomMarks } from '@shared/room-places.ts';
import { roomCapacity, shrineSafety, type ShrineSafety } from '../rules/board-facts.ts';
import { readHouseRules } from '../state/settings.ts';
import { DEFAULT_ENTRANCE } from '../rules/board-moves.ts';
import { skillsUnlocked } from '../rules/character.ts';
import { attentionStage, diveActor, partyFloor, stored } from '../play/machines.ts';
import { zeroHealthOutcome } from '../rules/damage.ts';
import { turnOrder } from './turn-order.ts';
import { skillOffers } from './skill-offers.ts';
import { enemiesThatMayMove } from '../play/enemies.ts';
import { fightOptions } from '../play/fight.ts';

/** Entities standing in a room: the number capacity counts (ch.9). */

export function roomView(
  rec: RoomRecord | undefined,
  floor: number,
  x: number,
  y: number,
  tokens: readonly TokenView[],
  shrines: ShrineSafety,
): RoomView {
  const occupancy = occupants(tokens, floor, x, y).length;
  const type = rec?.room_type ?? null;
  // A safe Shrine holds no enemies: capacity 0, never full (ch.9); an unsafe one holds the house rule's number (ch.5).
  const held = type ? roomCapacity(type, floor, shrines) : null;
  const capacity = type ? (held ?? 0) : null;
  const revealed = rec?.revealed === 1;
  return {
    id: rec?.id ?? 0,
    floor,
    x,
    y,
    revealed,
    prepared: rec?.prepared === 1,
    entered: rec?.entered === 1,
    type,
    name: rec?.name ?? '',
    details: rec?.details ?? '',
    capacity,
    occupancy,
    ...roomMarks(revealed, rec?.entered === 1, held, occupancy),
    trap: parseTrap(rec?.trap ?? null),
    chest: parseChest(rec?.chest ?? null),
    sanityTest: rec?.sanity_test === 1,
    stair: rec?.stair === 1,
    phylactery: rec?.phylactery === 1,
    gold: rec?.gold ?? 0,
    notes: rec?.notes ?? '',
  };
}

/** A floor's 25 rooms as the board shows them. */
export function floorRooms(ps: PlayReader, floor: number, tokens: readonly TokenView[]): RoomView[] {
  const recs = new Map(roomsOfFloor(ps, floor).map((r) => [`${r.x},${r.y}`, r]));
  const shrines = shrineSafety(attentionStage(ps), readHouseRules(ps));
  const rooms: RoomView[] = [];
  for (let y = 0; y < GRID; y++)
    for (let x = 0; x < GRID; x++) rooms.push(roomView(recs.get(`${x},${y}`), floor, x, y, tokens, shrines));
  return rooms;
}

export function boardView(ps: PlayReader, floor: number): BoardView {
  countBuild('board');
  const tokens = allTokens(ps);
  const rooms = floorRooms(ps, floor, tokens);
  const placed = new Set(tokens.filter((t) => t.lichslayerId !== null && t.floor !== null).map((t) => t.lichslayerId));
  const roster = rosterRows(ps);
  const secrets = rooms
    .map((r) => {
      const lines: string[] = [];
      if (!r.revealed && r.prepared) lines.push(`Pre-rolled: ${r.name || 'room'}${r.type ? ` (${r.type})` : ''}`);
      if (r.trap)
        lines.push(
          `Trap: ${r.trap.label}${r.trap.effect ? ` (${[r.trap.effect.damage, r.trap.effect.challenge ? `${r.trap.effect.challenge.sanity ? 'Sanity ' : ''}Challenge ${r.trap.effect.challenge.target}` : '', r.trap.effect.loseTurn ? 'loses a turn' : ''].filter(Boolean).join(', ') || 'no effect'})` : r.trap.roll ? ' — 1d6 on the tier table at each entry' : ''}${r.trap.disabled ? ' (disabled)' : ''}`,
        );
      if (r.chest)
        lines.push(
          `Chest: ${r.chest.opened ? `opened${r.chest.openedBy ? ` by ${r.chest.openedBy}` : ''}${r.chest.gold ? `, ${r.chest.gold} gold` : ''}${r.chest.contents ? `; ${r.chest.contents} left in it` : r.chest.hasLoot === false ? '; no loot' : ''}` : 'unopened'}`,
        );
      if (r.stair) lines.push('The stair down');
      if (r.phylactery) lines.push('The Phylactery');
      if (r.gold && !r.revealed) lines.push(`${r.gold} gold`);
      if (r.notes) lines.push(`Note: ${r.notes}`);
      for (const t of tokens) {
        if (t.floor !== floor || t.x !== r.x || t.y !== r.y || t.kind !== 'entity' || t.defeated) continue;
        const s = t.stats;
        lines.push(
          `${t.name}${t.hidden ? ' (hidden)' : ''}: L${s.level ?? '?'} ${s.faction ?? ''} · ${t.health}/${t.maxHealth} HP · ${t.armor} Armor · Speed ${s.speed ?? '?'} · ${s.attack ?? '—'}${t.intention ? ` · intends: ${t.intention}` : ''}`,
        );
      }
      return { x: r.x, y: r.y, lines };
    })
    .filter((s) => s.lines.length);
  return {
    floor,
    partyFloor: partyFloor(ps),
    rooms,
    tokens: tokens.filter((t) => t.floor === floor),
    offBoard: roster.filter((l) => !placed.has(l.id)).map((l) => ({ lichslayerId: l.id, name: l.name })),
    turnStack: turnOrder(ps),
    world: readWorld(ps),
    attentionStage: attentionStage(ps),
    entrance: { ...DEFAULT_ENTRANCE },
    hiddenClasses: roster
      .filter((l) => l.hidden_class && !skillsUnlocked(l.level).classRevealed)
      .map((l) => ({ name: l.name, className: l.hidden_class! })),
    secrets,
    currentTurn: currentTurn(ps),
    acting: actingView(ps, tokens, rooms),
    offers: skillOffers(ps, floor, rooms, tokens, inFight(ps)),
    enemiesMayMove: stored(ps, 'machine:combat')?.value === 'between' ? enemiesThatMayMove(ps) : [],
    awaitingZero: awaitingZero(ps),
    oneness: onenessNow(ps).map(({ witch, body }) => ({
      lichslayerId: witch.id,
      witch: witch.name,
      witchTokenId: tokens.find((t) => t.lichslayerId === witch.id)?.id ?? null,
      bodyTokenId: body.id,
      body: body.name,
    })),
  };
}

const inFight = (ps: PlayReader): boolean => {
  const value = stored(ps, 'machine:combat')?.value;
  return value !== undefined && value !== 'idle';
};

/** The entrant whose turn it is, with what it can do where it stands (ch.9, ch.11). */
function actingView(ps: PlayReader, tokens: readonly TokenView[], shown: readonly RoomView[]): ActingView | null {
  const combat = stored(ps, 'machine:combat');
  const id = combat?.context.current ?? null;
  const t = id !== null && inFight(ps) ? tokens.find((k) => k.id === id) : undefined;
  if (!combat || !t) return null;
  // The room is read on the entrant's own floor, which may not be the floor the board shows.
  const room =
    t.floor !== null && t.x !== null && t.y !== null
      ? (shown.find((r) => r.floor === t.floor && r.x === t.x && r.y === t.y) ??
        floorRooms(ps, t.floor, tokens).find((r) => r.x === t.x && r.y === t.y))
      : undefined;
  const lichslayer = t.kind === 'lichslayer' && t.lichslayerId !== null;
  return {
    tokenId: t.id,
    name: t.name,
    kind: t.kind,
    hidden: t.hidden,
    lichslayerId: t.lichslayerId,
    floor: t.floor,
    x: t.x,
    y: t.y,
    round: combat.context.round,
    attackRefused: fightOptions(ps, t.id).refused,
    chest: lichslayer && !!room?.revealed && !!room.chest && !room.chest.opened,
    trap: !!room?.trap && !room.trap.disabled,
    gold: room?.revealed ? room.gold : 0,
  };
}

/** Lichslayers on the dive at 0 Health who have not yet chosen to withdraw or press on (ch.11). */
function awaitingZero(ps: PlayReader): BoardView['awaitingZero'] {
  const dive = diveActor(ps).getSnapshot().context;
  if (!dive.present.length) return [];
  const rows = ps.all('lichslayer').filter((l) => l.health === 0 && dive.present.includes(l.id));
  return rows.map((r) => ({
    lichslayerId: r.id,
    name: r.name,
    explain: zeroHealthOutcome(dive.floor, (dive.zeroes[String(r.id)] ?? 0) + 1).explain,
  }));
}

function currentTurn(ps: PlayReader): number | null {
  return stored(ps, 'machine:combat')?.context.current ?? null;
}
