// The Judge's board: every room and token of a floor with all its secrets, for the board
// and the hidden-info pane.
import type { Database } from 'better-sqlite3';
import { GRID, type BoardView, type RoomView, type TokenView } from '@shared/board.ts';
import { ROOM_CAPACITY } from '../rules/board-facts.ts';
import { DEFAULT_ENTRANCE } from '../rules/board-moves.ts';
import { skillsUnlocked } from '../rules/character.ts';
import { attentionStage, partyFloor, stored } from '../app/phase-store.ts';
import { allTokens, parseChest, parseTrap, readWorld, roomsOfFloor, turnStack, type RoomRecord } from '../db/board-repo.ts';

/** Entities standing in a room: the number capacity counts (ch.9). */
export function occupants(tokens: readonly TokenView[], floor: number, x: number, y: number): TokenView[] {
  return tokens.filter((t) => t.floor === floor && t.x === x && t.y === y && t.kind === 'entity' && !t.defeated);
}

export function roomView(rec: RoomRecord | undefined, floor: number, x: number, y: number, tokens: readonly TokenView[]): RoomView {
  const occupancy = occupants(tokens, floor, x, y).length;
  const type = rec?.room_type ?? null;
  const capacity = type ? ROOM_CAPACITY[type] : null;
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
    full: revealed && capacity !== null && type !== 'shrine' && occupancy >= capacity,
    cleared: revealed && rec?.entered === 1 && occupancy === 0,
    trap: parseTrap(rec?.trap ?? null),
    chest: parseChest(rec?.chest ?? null),
    sanityTest: rec?.sanity_test === 1,
    stair: rec?.stair === 1,
    phylactery: rec?.phylactery === 1,
    gold: rec?.gold ?? 0,
    notes: rec?.notes ?? '',
  };
}

export function floorRooms(db: Database, floor: number, tokens: readonly TokenView[]): RoomView[] {
  const recs = new Map(roomsOfFloor(db, floor).map((r) => [`${r.x},${r.y}`, r]));
  const rooms: RoomView[] = [];
  for (let y = 0; y < GRID; y++) for (let x = 0; x < GRID; x++) rooms.push(roomView(recs.get(`${x},${y}`), floor, x, y, tokens));
  return rooms;
}

export function boardView(db: Database, floor: number): BoardView {
  const tokens = allTokens(db);
  const rooms = floorRooms(db, floor, tokens);
  const placed = new Set(tokens.filter((t) => t.lichslayerId !== null && t.floor !== null).map((t) => t.lichslayerId));
  const roster = db.prepare(`SELECT id, name, level, hidden_class FROM lichslayer ORDER BY position, id`).all() as { id: number; name: string; level: number; hidden_class: string | null }[];
  const byId = new Map(tokens.map((t) => [t.id, t]));
  const secrets = rooms
    .map((r) => {
      const lines: string[] = [];
      if (!r.revealed && r.prepared) lines.push(`Pre-rolled: ${r.name || 'room'}${r.type ? ` (${r.type})` : ''}`);
      if (r.trap) lines.push(`Trap: ${r.trap.label}${r.trap.disabled ? ' (disabled)' : ''}`);
      if (r.chest) lines.push(`Chest: ${r.chest.opened ? (r.chest.hasLoot ? r.chest.contents : 'empty') : 'unopened'}`);
      if (r.stair) lines.push('The stair down');
      if (r.phylactery) lines.push('The Phylactery');
      if (r.gold && !r.revealed) lines.push(`${r.gold} gold`);
      if (r.notes) lines.push(`Note: ${r.notes}`);
      for (const t of tokens) {
        if (t.floor !== floor || t.x !== r.x || t.y !== r.y || t.kind !== 'entity' || t.defeated) continue;
        const s = t.stats;
        lines.push(`${t.name}${t.hidden ? ' (hidden)' : ''}: L${s.level ?? '?'} ${s.faction ?? ''} · ${t.health}/${t.maxHealth} HP · ${t.armor} Armor · Speed ${s.speed ?? '?'} · ${s.attack ?? '—'}${t.intention ? ` · intends: ${t.intention}` : ''}`);
      }
      return { x: r.x, y: r.y, lines };
    })
    .filter((s) => s.lines.length);
  return {
    floor,
    partyFloor: partyFloor(db),
    rooms,
    tokens: tokens.filter((t) => t.floor === floor),
    offBoard: roster.filter((l) => !placed.has(l.id)).map((l) => ({ lichslayerId: l.id, name: l.name })),
    turnStack: turnStack(db).flatMap((e) => {
      const t = byId.get(e.token_id);
      return t ? [{ tokenId: t.id, name: t.name, kind: t.kind, hidden: t.hidden, floor: t.floor }] : [];
    }),
    world: readWorld(db),
    attentionStage: attentionStage(db),
    entrance: { ...DEFAULT_ENTRANCE },
    hiddenClasses: roster.filter((l) => l.hidden_class && !skillsUnlocked(l.level).classRevealed).map((l) => ({ name: l.name, className: l.hidden_class! })),
    secrets,
    currentTurn: currentTurn(db),
  };
}

function currentTurn(db: Database): number | null {
  return stored(db, 'machine:combat')?.context.current ?? null;
}
