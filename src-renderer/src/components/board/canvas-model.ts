// What the board's canvas draws, as its callers (the Judge's board, the players' screen) hand it
// over, and where each token sits once the room's share of tokens is known.
import { keyedMap } from '../../lib/keyed.ts';
import { tokenSlot } from './board-geometry.ts';
import { shortLabels } from './token-labels.ts';

export interface CanvasRoom {
  x: number;
  y: number;
  revealed: boolean;
  title: string;
  subtitle: string;
  type: string | null;
  full: boolean;
  cleared: boolean;
  /** Judge-only marks (trap, chest, stair, Phylactery, pre-rolled): an icon on the canvas, words in the text mirror. */
  marks: { icon: string; text: string }[];
  /** Drawn as darkness: a room the players have not seen (the players' screen). */
  dark: boolean;
  /** On the TV: the short fact drawn right of the name (occupancy). */
  corner?: string;
}

export interface CanvasToken {
  key: string;
  id: number | null;
  x: number;
  y: number;
  name: string;
  colour: string;
  kind: string;
  health: number | null;
  maxHealth: number | null;
  hidden: boolean;
  draggable: boolean;
  /** Whose turn it is: ringed in gold on the board. */
  current: boolean;
  /** The token's card, shown on hover or focus: a line per fact. */
  card: string[];
  /** Its short label when the caller keeps labels unique beyond this board (the tracker). */
  label?: string | undefined;
  /** Brought to 0 Health in a fight: drawn faded and crossed out (ch.11). */
  felled?: boolean;
}

/** A token with its place in its room: centre, radius, label and the label's size. */
export interface PlacedToken extends CanvasToken {
  pos: { x: number; y: number; r: number };
  r: number;
  text: string;
  fontSize: number;
}

/**
 * A placer: each token in its room's grid, in the order given, each room's tokens sharing its
 * space. A token whose row, place in its room and sizes are as last time keeps its placed object,
 * so its Konva node is left alone; the list is the last one when no token moved.
 */
export function tokenPlacer(): (
  tokens: readonly CanvasToken[],
  band: number,
  cellW: number,
  minFont: number,
) => PlacedToken[] {
  const map = keyedMap<CanvasToken, PlacedToken>();
  let namesKey = '';
  let names: string[] = [];
  return (tokens, band, cellW, minFont) => {
    const counts = new Map<string, number>();
    for (const t of tokens) counts.set(`${t.x},${t.y}`, (counts.get(`${t.x},${t.y}`) ?? 0) + 1);
    const seen = new Map<string, number>();
    const index = tokens.map((t) => {
      const k = `${t.x},${t.y}`;
      const i = seen.get(k) ?? 0;
      seen.set(k, i + 1);
      return i;
    });
    // Labels for tokens the caller left unlabelled (the players' screen), worked out once per set of names.
    if (tokens.some((t) => t.label === undefined)) {
      const key = tokens.map((t) => t.name).join('\n');
      if (key !== namesKey) [namesKey, names] = [key, shortLabels(tokens.map((t) => t.name))];
    }
    return map(
      tokens,
      (t) => t.key,
      (t, i) => [t, index[i], counts.get(`${t.x},${t.y}`), band, cellW, minFont, t.label ?? names[i]],
      (t, i) => {
        const slot = tokenSlot(t.x, t.y, index[i]!, counts.get(`${t.x},${t.y}`)!, band, cellW);
        const text = t.label ?? names[i]!;
        return {
          ...t,
          pos: slot,
          r: slot.r,
          text,
          fontSize: Math.max(minFont, slot.r * (text.length <= 2 ? 0.9 : text.length === 3 ? 0.72 : 0.58)),
        };
      },
    );
  };
}
