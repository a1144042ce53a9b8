// Where things sit on the canvas: one geometry for the Judge's board and the players' screen.
export const CELL = 180;
export const GAP = 10;
export const PAD = 20;
export const GRID = 5;
export const WORLD = PAD * 2 + GRID * CELL + (GRID - 1) * GAP;
export const TOKEN_R = 18;
const COLS = 4;
const ROWS = 3;

export const cellOrigin = (x: number, y: number) => ({ x: PAD + x * (CELL + GAP), y: PAD + y * (CELL + GAP) });

/** Several tokens in one room lay out on a 4 × 3 grid without overlap; beyond twelve they stack. */
export function tokenSlot(x: number, y: number, index: number): { x: number; y: number } {
  const o = cellOrigin(x, y);
  const i = Math.min(index, COLS * ROWS - 1);
  return { x: o.x + 26 + (i % COLS) * 43, y: o.y + 78 + Math.floor(i / COLS) * 40 };
}

/** The room under a point in world coordinates, or null between rooms or off the grid. */
export function cellAt(px: number, py: number): { x: number; y: number } | null {
  const gx = Math.floor((px - PAD) / (CELL + GAP));
  const gy = Math.floor((py - PAD) / (CELL + GAP));
  if (gx < 0 || gy < 0 || gx >= GRID || gy >= GRID) return null;
  const o = cellOrigin(gx, gy);
  if (px > o.x + CELL || py > o.y + CELL) return null;
  return { x: gx, y: gy };
}

export const COLOUR_HEX: Record<string, string> = {
  Red: '#c8383c',
  Blue: '#3b6fd1',
  Green: '#3f9c54',
  Purple: '#8a4fc4',
  Black: '#2a2a2a',
  Orange: '#e08a2c',
  Colourless: '#bbb7c1',
  'All-Color': '#e6cf5a',
};

export const ROOM_FILL: Record<string, string> = {
  hall: '#3b3350',
  chamber: '#34475a',
  vault: '#5a4828',
  antechamber: '#41404a',
  shrine: '#2c4c3c',
};

export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? parts[0]?.[1] ?? '')).toUpperCase();
}
