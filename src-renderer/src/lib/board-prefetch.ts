// The board asked for as soon as a campaign is open, while the Judge is still on the picker or the
// Roster, so the board screen draws at once when they go there.
import type { BoardView } from '@shared/board.ts';
import { send } from './api.ts';

let pending: { floor: number; reply: Promise<BoardView | null> } | null = null;

/** The floor the board screen shows first: the one it showed last in this window. */
export const storedFloor = (): number => Number(sessionStorage.getItem('lichslayer-floor') ?? 1) || 1;

/** Asks for the board of the stored floor now; a refusal (no campaign open) is simply no board. */
export function prefetchBoard(): void {
  const floor = storedFloor();
  pending = { floor, reply: send('board.view', { floor }).catch(() => null) };
}

/** The board asked for ahead for this floor, taken once; null when none was. */
export function takePrefetched(floor: number): Promise<BoardView | null> | null {
  const p = pending;
  pending = null;
  return p && p.floor === floor ? p.reply : null;
}
