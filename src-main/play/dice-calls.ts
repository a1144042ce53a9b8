// A roll the Judge has called for one Lichslayer, kept as play state without an undo step (like the
// random source): their own screen shows it, and their player may send the faces rolled at the
// table for it — for that roll only. Sending is refused when nothing is asked of that Lichslayer.
import { z } from 'zod';
import { HAND_ROLLED_COMMANDS, type DiceCallView, type HandRolledCommand } from '@shared/contract/dice-entry.ts';
import { readSetting } from '../state/settings.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
import { CommandFailure } from '../state/failures.ts';

const KEY = 'dice-call';

const callSchema = z
  .strictObject({
    lichslayerId: z.number().int().positive(),
    command: z.enum(HAND_ROLLED_COMMANDS),
    what: z.string().max(160),
    offered: z.array(z.number().int()).max(60).nullable(),
  })
  .nullable();

type StoredCall = NonNullable<z.output<typeof callSchema>>;

const storedCall = (r: PlayReader): StoredCall | null => readSetting(r, KEY, callSchema, null);

/** The roll called now, as the Judge's dialog and the player's screen show it; null when none is. */
export function currentCall(r: PlayReader): DiceCallView | null {
  const call = storedCall(r);
  if (!call) return null;
  const who = r.byId('lichslayer', call.lichslayerId);
  // A call outlives nothing: the Lichslayer it named is gone, so nothing is asked.
  if (!who) return null;
  return { ...call, offered: call.offered ? [...call.offered] : null, name: who.name };
}

/**
 * The Judge asks a Lichslayer's player for a roll (any other call is replaced). Asked again of the
 * same Lichslayer for the same command — the Judge changed the target — the faces sent are kept:
 * they are the dice rolled, whatever the roll is against.
 */
export function callRoll(
  ps: PlaySession,
  lichslayerId: number,
  command: HandRolledCommand,
  what: string,
): DiceCallView {
  if (!ps.byId('lichslayer', lichslayerId))
    throw new CommandFailure('not-found', `No Lichslayer ${lichslayerId} in this campaign.`);
  const was = storedCall(ps);
  const same = was !== null && was.lichslayerId === lichslayerId && was.command === command;
  ps.setUntracked(KEY, { lichslayerId, command, what, offered: same ? was.offered : null } satisfies StoredCall);
  return currentCall(ps)!;
}

/** Nothing is asked any more (the dialog closed, the roll was made). */
export function endCall(ps: PlaySession): void {
  if (storedCall(ps)) ps.setUntracked(KEY, null);
}

/** A player sends faces: only for the roll called for their own Lichslayer; a second send replaces the first. */
export function offerFaces(ps: PlaySession, lichslayerId: number, faces: readonly number[]): void {
  const call = storedCall(ps);
  if (!call || call.lichslayerId !== lichslayerId)
    throw new CommandFailure(
      'refused',
      'No roll is asked of your Lichslayer right now: the Judge calls for a roll first. Nothing was sent.',
    );
  ps.setUntracked(KEY, { ...call, offered: [...faces] } satisfies StoredCall);
}

/** The called roll with the faces its player sent, for the Judge to accept; refused when none were sent. */
export function offeredCall(r: PlayReader): DiceCallView & { offered: number[] } {
  const call = currentCall(r);
  if (!call) throw new CommandFailure('refused', 'No roll is called now. Nothing changed.');
  if (!call.offered)
    throw new CommandFailure('refused', `${call.name}'s player has sent no faces yet. Nothing changed.`);
  return { ...call, offered: call.offered };
}
