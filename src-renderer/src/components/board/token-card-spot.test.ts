import { describe, expect, it } from 'vitest';
import { cardSpotBeside, cardSpotOnCanvas, type TokenBox } from './token-card-spot.ts';

const box = (key: string, left: number, top: number, size = 40): TokenBox => ({
  key,
  box: { left, top, width: size, height: size },
});
const CARD = { width: 240, height: 100 };
const hits = (spot: { left: number; top: number }, t: TokenBox) =>
  spot.left < t.box.left + t.box.width &&
  t.box.left < spot.left + CARD.width &&
  spot.top < t.box.top + t.box.height &&
  t.box.top < spot.top + CARD.height;

describe("a token's card on the board (ch.9: the board shows every token in its room)", () => {
  it('sits next to its token, over neither it nor the tokens beside it', () => {
    const odile = box('OV', 300, 200);
    const beside = [box('BQ', 350, 200), box('SH', 300, 250), box('WO', 350, 250), box('SH12', 420, 210)];
    const spot = cardSpotOnCanvas(odile, beside, CARD, { width: 800, height: 600 })!;
    expect(spot).not.toBeNull();
    expect([odile, ...beside].filter((t) => hits(spot, t))).toEqual([]);
    // The nearest free spot: just above the four, centred on Odile.
    expect(spot).toEqual({ left: 196, top: 100 });
  });

  it('finds no spot on a floor whose every part holds a token, and then goes beside the board', () => {
    const crowd = Array.from({ length: 20 * 15 }, (_, i) => box(`t${i}`, (i % 20) * 40, Math.floor(i / 20) * 40));
    const [token, ...others] = crowd;
    expect(cardSpotOnCanvas(token!, others, CARD, { width: 800, height: 600 })).toBeNull();
    const canvas = { left: 240, top: 110, width: 780, height: 650 };
    // Right of the canvas (over the side column, not the board), level with the token.
    expect(cardSpotBeside(400, canvas, CARD, { width: 1366, height: 768 })).toEqual({ left: 1028, top: 400 });
    // No room on the right: left of the canvas; kept inside the window at the bottom.
    expect(cardSpotBeside(700, { ...canvas, left: 500, width: 860 }, CARD, { width: 1366, height: 768 })).toEqual({
      left: 252,
      top: 664,
    });
  });
});
