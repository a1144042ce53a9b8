// Floor 9's Gate condition (ch.10): each Lichslayer standing in a room there once it is cleared.
import type { PlaySession } from '../state/session.ts';
import { allTokens, roomAt, enemiesIn } from '../state/board.ts';
import { diveActor } from './machines.ts';
import { sendDiveEvent } from './dive-port.ts';

/** On Floor 9, a Lichslayer standing in a room now cleared has cleared a room there: the Gate's condition (ch.10). */
export function noteClearedOnNine(ps: PlaySession, floor: number, x: number, y: number, notices: string[]): void {
  if (floor !== 9) return;
  const room = roomAt(ps, floor, x, y);
  const tokens = allTokens(ps);
  if (!room?.revealed || enemiesIn(tokens, floor, x, y).length > 0) return;
  for (const t of tokens) {
    if (t.kind !== 'lichslayer' || t.lichslayerId === null || t.floor !== floor || t.x !== x || t.y !== y) continue;
    const event = { type: 'ROOM_CLEARED', lichslayer: t.lichslayerId } as const;
    const dive = diveActor(ps).getSnapshot();
    if (
      dive.context.clearedOnNine.includes(t.lichslayerId) ||
      !dive.context.present.includes(t.lichslayerId) ||
      !dive.can(event)
    )
      continue;
    sendDiveEvent(ps, event, notices);
    notices.push(`${t.name} has cleared a room on Floor 9: the Gate counts it (ch.10)`);
  }
}
