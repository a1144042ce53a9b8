import { describe, expect, it } from 'vitest';
import { TITLE_BAND, tokenSlot } from './board-geometry.ts';
import { tokenPlacer, type CanvasToken } from './canvas-model.ts';

const token = (id: number, x: number, name: string): CanvasToken => ({
  key: String(id),
  id,
  x,
  y: 0,
  name,
  colour: 'Red',
  kind: 'entity',
  health: 10,
  maxHealth: 10,
  hidden: false,
  draggable: true,
  current: false,
  card: [],
});

describe('tokens placed on the board (ch.9: the rooms of a floor hold its tokens)', () => {
  it('keeps the placed object of a token whose room did not change, and re-lays the two rooms a move touched', () => {
    const place = tokenPlacer();
    const odile = token(1, 2, 'Odile Vantreck');
    const quillam = token(2, 2, 'Brother Quillam');
    const shade = token(3, 4, 'Shade');
    const before = place([odile, quillam, shade], TITLE_BAND, 180, 0);
    expect(place([odile, quillam, shade], TITLE_BAND, 180, 0)).toBe(before);
    const moved = { ...odile, x: 1 };
    const after = place([moved, quillam, shade], TITLE_BAND, 180, 0);
    expect(after[2]).toBe(before[2]);
    expect(after[0]!.pos.x).toBeLessThan(before[0]!.pos.x);
    // Brother Quillam now has his room to himself: he moves to its middle, so his node changes too.
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.pos).toEqual(tokenSlot(2, 0, 0, 1, TITLE_BAND, 180));
    expect(after.map((t) => t.text)).toEqual(['OV', 'BQ', 'SH']);
  });
});
