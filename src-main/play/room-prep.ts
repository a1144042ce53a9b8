import { allTokens, ensureRoom, joinTurnStack, nextPlacement, parseTrap } from '../state/board.ts';
import { PHYLACTERY } from '../rules/lich.ts';
import { CommandFailure } from '../state/failures.ts';
import type { ParsedArgsOf } from '@shared/contract.ts';
import type { PlaySession } from '../state/session.ts';

/** A room set by hand: its type, name, trap, chest, gold and notes, kept hidden (prepared) until revealed */
export function setRoomByHand(ps: PlaySession, args: ParsedArgsOf<'board.setRoom'>) {
  const room = ensureRoom(ps, args.floor, args.x, args.y);
  const p = args.patch;
  const patch: Record<string, unknown> = {};
  if (p.type !== undefined) patch.room_type = p.type;
  if (p.name !== undefined) patch.name = p.name;
  if (p.details !== undefined) patch.details = p.details;
  if (p.trap !== undefined) {
    const triggeredFor = parseTrap(room.trap)?.triggeredFor ?? [];
    patch.trap = p.trap
      ? JSON.stringify(
          p.trap.effect
            ? { label: p.trap.label, disabled: p.trap.disabled, triggeredFor, effect: p.trap.effect }
            : { label: p.trap.label, disabled: p.trap.disabled, triggeredFor, roll: true },
        )
      : null;
  }
  if (p.chest !== undefined)
    patch.chest = p.chest ? (room.chest ?? JSON.stringify({ opened: false, hasLoot: null, contents: '' })) : null;
  if (p.sanityTest !== undefined) patch.sanity_test = p.sanityTest ? 1 : 0;
  if (p.stair !== undefined) patch.stair = p.stair ? 1 : 0;
  if (p.gold !== undefined) patch.gold = p.gold;
  if (p.notes !== undefined) patch.notes = p.notes;
  if (p.phylactery !== undefined) {
    if (args.floor !== 10 && p.phylactery)
      throw new CommandFailure('refused', 'The Phylactery lies on Floor 10 (ch.10).');
    patch.phylactery = p.phylactery ? 1 : 0;
    const existing = allTokens(ps).find((t) => t.kind === 'phylactery');
    if (p.phylactery) {
      if (existing) ps.update('token', existing.id, { floor: args.floor, x: args.x, y: args.y, hidden: 1 });
      // ch.12: its block, from the one home of it.
      else
        ps.insert('token', {
          kind: 'phylactery',
          name: PHYLACTERY.name,
          colour: 'Colourless',
          floor: args.floor,
          x: args.x,
          y: args.y,
          health: PHYLACTERY.health,
          max_health: PHYLACTERY.health,
          armor: PHYLACTERY.armor,
          hidden: 1,
          placed_at: nextPlacement(ps),
        });
      ps.all('room')
        .filter((r) => r.floor === args.floor && r.phylactery === 1 && r.id !== room.id)
        .forEach((r) => ps.update('room', r.id, { phylactery: 0 }));
    } else if (existing && existing.x === args.x && existing.y === args.y) ps.delete('token', existing.id);
  }
  if (args.revealed !== undefined) patch.revealed = args.revealed ? 1 : 0;
  if (
    !room.revealed &&
    args.revealed !== true &&
    Object.keys(patch).some((k) => ['room_type', 'name', 'details', 'trap', 'chest'].includes(k))
  )
    patch.prepared = 1;
  if (patch.room_type === undefined && room.room_type === null && (args.revealed || patch.name))
    patch.room_type = 'chamber';
  ps.update('room', room.id, patch);
  if (args.revealed)
    for (const t of allTokens(ps))
      if (t.floor === args.floor && t.x === args.x && t.y === args.y && t.kind === 'entity') joinTurnStack(ps, t.id);
}
