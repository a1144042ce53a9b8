// Where a token's card goes: beside the token, inside the canvas, over no other token; on a floor
// too crowded for that, beside the board, where it hides no token at all.

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A token as it sits on screen: its centre and the box of its shape and Health bar. */
export interface TokenBox {
  key: string;
  box: Rect;
}

const overlaps = (a: Rect, b: Rect) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

/** Screen distance from a point to the nearest point of a rectangle. */
function distance(x: number, y: number, r: Rect): number {
  const dx = Math.max(r.left - x, 0, x - (r.left + r.width));
  const dy = Math.max(r.top - y, 0, y - (r.top + r.height));
  return Math.hypot(dx, dy);
}

/** How finely the canvas is searched for a free spot, in screen pixels. */
const STEP = 12;
const MARGIN = 4;

/**
 * The card's top-left corner, in the canvas's own pixels, or null when no spot inside the canvas
 * leaves every other token in sight (the caller then puts it beside the board).
 */
export function cardSpotOnCanvas(
  token: TokenBox,
  others: readonly TokenBox[],
  card: { width: number; height: number },
  canvas: { width: number; height: number },
): { left: number; top: number } | null {
  const cx = token.box.left + token.box.width / 2;
  const cy = token.box.top + token.box.height / 2;
  const blockers = [token, ...others].map((t) => t.box);
  let best: { left: number; top: number; d: number } | null = null;
  for (let top = MARGIN; top + card.height <= canvas.height - MARGIN; top += STEP) {
    for (let left = MARGIN; left + card.width <= canvas.width - MARGIN; left += STEP) {
      const spot = { left, top, width: card.width, height: card.height };
      // Nearest first; between spots as near, the one centred on the token.
      const d = distance(cx, cy, spot) + 0.001 * Math.hypot(left + card.width / 2 - cx, top + card.height / 2 - cy);
      if (best && d >= best.d) continue;
      if (blockers.some((b) => overlaps(spot, b))) continue;
      best = { left, top, d };
    }
  }
  return best && { left: best.left, top: best.top };
}

/**
 * Beside the board: right of the canvas when the window has room there, else left of it, level
 * with the token and inside the window. In window pixels (the card is fixed, not clipped by the canvas).
 */
export function cardSpotBeside(
  tokenTop: number,
  canvas: Rect,
  card: { width: number; height: number },
  viewport: { width: number; height: number },
): { left: number; top: number } {
  const right = canvas.left + canvas.width + 8;
  const left = right + card.width <= viewport.width - MARGIN ? right : Math.max(MARGIN, canvas.left - 8 - card.width);
  const top = Math.max(MARGIN, Math.min(tokenTop, viewport.height - card.height - MARGIN));
  return { left, top };
}
