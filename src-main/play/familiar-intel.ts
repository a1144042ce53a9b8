// The Familiar's intelligence (rulebook ch.3): on its Witch's turn it tells of one room beside it or its
// own — what the room is and who waits there — once per Round (the skill's limit). A room no one has
// rolled yet is rolled now (prepared, not revealed) so the Judge reads what it really holds.
import type { SkillCall } from './skills/skill-call.ts';
import { allTokens, ensureRoom, roomAt } from '../state/board.ts';
import { contentsFor, fillRoom } from './room-reveal.ts';
import { CommandFailure } from '../state/failures.ts';
import { familiarOnBoard } from './familiar-bonds.ts';

export function familiarIntel(c: SkillCall<'Familiar'>): { target: string; tokenId: number } {
  const familiar = familiarOnBoard(c.ps, c.l.id);
  if (!familiar || familiar.floor === null || familiar.x === null || familiar.y === null)
    throw new CommandFailure(
      'refused',
      `${c.l.name} has no Familiar on the board: it tells only of the rooms beside it (ch.3). Nothing changed.`,
    );
  const [at] = c.rooms;
  if (!at || c.rooms.length > 1)
    throw new CommandFailure('invalid-args', `Choose the one room ${familiar.name} tells of. Nothing changed.`);
  const steps = Math.abs(at.x - familiar.x) + Math.abs(at.y - familiar.y);
  if (steps > 1)
    throw new CommandFailure(
      'refused',
      `${familiar.name} tells of its own room or one beside it: (${at.x + 1},${at.y + 1}) is ${steps} rooms away (ch.3). Nothing changed.`,
    );
  const floor = familiar.floor;
  const made = ensureRoom(c.ps, floor, at.x, at.y);
  if (!made.revealed && !made.prepared) fillRoom(c.ps, made, contentsFor(c.ps, floor, at.x, at.y, 'skill.use'), false);
  const room = roomAt(c.ps, floor, at.x, at.y)!;
  const here = allTokens(c.ps)
    .filter((t) => t.kind === 'entity' && !t.defeated && t.floor === floor && t.x === at.x && t.y === at.y)
    .map((t) => t.name);
  const parts = [`${room.name || 'an unnamed room'}${room.room_type ? ` (${room.room_type})` : ''}`];
  if (room.trap !== null) parts.push('trapped');
  if (room.chest !== null) parts.push('a chest');
  if (room.gold) parts.push(`${room.gold} gold`);
  parts.push(here.length ? `waiting there: ${here.join(', ')}` : 'no one waits there');
  c.notes.push(
    `${familiar.name}, ${c.l.name}'s Familiar, tells of F${floor} (${at.x + 1},${at.y + 1}): ${parts.join('; ')} (ch.3)`,
  );
  return { target: familiar.name, tokenId: familiar.id };
}
