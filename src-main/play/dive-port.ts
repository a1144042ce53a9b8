// The one seam between the board and the fight and the dive they happen in. Entering a floor can
// spring a trap that fells a Lichslayer, and a felling moves the dive on, which can take the party
// off the board: the dive's events sit above both, so the board and the fight send them through
// here, and the dive events (dive-events.ts) provide what sending one does.
import type { DiveEvent } from '../machines/dive-machine.ts';
import type { PlaySession } from '../state/session.ts';

export type SendDiveEvent = (
  ps: PlaySession,
  event: DiveEvent,
  notices: string[],
  entrance?: { x: number; y: number },
  opts?: { alliesShaken?: boolean },
) => void;

let provided: SendDiveEvent | null = null;

export function provideDiveEvents(send: SendDiveEvent): void {
  provided = send;
}

/** Applies a dive event as the dive events do (the machine stepped, and what it entails on the board). */
export const sendDiveEvent: SendDiveEvent = (ps, event, notices, entrance, opts) => {
  if (!provided) throw new Error('The dive events are not loaded: import the play engine before deciding.');
  provided(ps, event, notices, entrance, opts);
};
