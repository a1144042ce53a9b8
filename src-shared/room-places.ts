// Who fills a room and what that marks it, shared by main (which decides) and the board (which
// foresees a drop at mouse-up). Free of the validation library, so the renderer can import it.
import type { TokenView } from './board.ts';

/**
 * Whether a token takes one of a room's places (ch.9): everyone standing, the party as the enemies
 * (RULINGS: a full room blocks every token); the Phylactery is a vessel on the floor, not one who
 * stands in the way. Main counts occupancy by it; the board foresees a drop by it.
 */
export const takesAPlace = (t: Pick<TokenView, 'kind' | 'defeated'>): boolean => t.kind !== 'phylactery' && !t.defeated;

/**
 * A revealed room's marks from who stands in it: full at the number it holds (`held` null for a
 * safe Shrine, never full), cleared once entered and empty (ch.9, ch.10).
 */
export function roomMarks(
  revealed: boolean,
  entered: boolean,
  held: number | null,
  occupancy: number,
): { full: boolean; cleared: boolean } {
  return { full: revealed && held !== null && occupancy >= held, cleared: revealed && entered && occupancy === 0 };
}
