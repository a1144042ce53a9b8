// Where things sit on the canvas: one geometry for the Judge's board, the players' screen, the
// browser tests and the bench. Rooms are CELL tall; on a wide stage they widen (up to 1.8×) so
// names fit and tokens get more room, rather than leaving the sides of the stage black.
export const CELL = 180;
export const GAP = 10;
export const PAD = 20;
export const GRID = 5;
/** The world's height, and its width with square rooms. */
export const WORLD = PAD * 2 + GRID * CELL + (GRID - 1) * GAP;
/** The band at a room's top that holds its name and line of facts; tokens sit below it. */
export const TITLE_BAND = 50;
const INSET = 6;
const MAX_WIDEN = 1.8;

export const worldWidth = (cellW = CELL) => PAD * 2 + GRID * cellW + (GRID - 1) * GAP;

/** How the floor fits a stage of w × h pixels: the rooms' width, the scale and the offsets. */
export function stageLayout(
  w: number,
  h: number,
  zoom = 1,
): { cellW: number; worldW: number; scale: number; offsetX: number; offsetY: number } {
  const ideal = ((w / Math.max(1, h)) * WORLD - PAD * 2 - (GRID - 1) * GAP) / GRID;
  const cellW = Math.max(CELL, Math.min(CELL * MAX_WIDEN, ideal));
  const worldW = worldWidth(cellW);
  const scale = Math.max(0.2, Math.min(w / worldW, h / WORLD)) * zoom;
  return {
    cellW,
    worldW,
    scale,
    offsetX: Math.max(0, (w - worldW * scale) / 2),
    offsetY: Math.max(0, (h - WORLD * scale) / 2),
  };
}

export const cellOrigin = (x: number, y: number, cellW = CELL) => ({
  x: PAD + x * (cellW + GAP),
  y: PAD + y * (CELL + GAP),
});

/** The height of a token's Health bar, under it. */
export const barHeight = (r: number) => Math.max(5, Math.round(r * 0.28));

/**
 * How `count` tokens share a w × h area: the grid that draws them biggest (radius in world
 * units, at most 36), so a lone Lichslayer is large and a crowd still fits without overlap.
 */
export function roomLayout(
  count: number,
  w = CELL - INSET * 2,
  h = CELL - TITLE_BAND - INSET,
): { cols: number; rows: number; r: number } {
  let best = { cols: 1, rows: Math.max(1, count), r: 0 };
  for (let cols = 1; cols <= Math.max(1, count); cols++) {
    const rows = Math.ceil(Math.max(1, count) / cols);
    // Each slot holds a token, its Health bar (about 0.28 r) and a little air.
    const r = Math.min(36, w / cols / 2 - 3, (h / rows - 6) / 2.28);
    if (r > best.r) best = { cols, rows, r };
  }
  return { ...best, r: Math.max(6, best.r) };
}

/** The centre and radius of the index-th of `count` tokens in a room, laid out without overlap. */
export function tokenSlot(
  x: number,
  y: number,
  index: number,
  count: number,
  band = TITLE_BAND,
  cellW = CELL,
): { x: number; y: number; r: number } {
  const w = cellW - INSET * 2;
  const h = CELL - band - INSET;
  const { cols, rows, r } = roomLayout(count, w, h);
  const o = cellOrigin(x, y, cellW);
  const i = Math.min(index, cols * rows - 1);
  // The slot holds the token and its bar: the token's centre sits up by half the bar.
  return {
    x: o.x + INSET + ((i % cols) + 0.5) * (w / cols),
    y: o.y + band + (Math.floor(i / cols) + 0.5) * (h / rows) - (barHeight(r) + 3) / 2,
    r,
  };
}

/** The room under a point in world coordinates, or null between rooms or off the grid. */
export function cellAt(px: number, py: number, cellW = CELL): { x: number; y: number } | null {
  const gx = Math.floor((px - PAD) / (cellW + GAP));
  const gy = Math.floor((py - PAD) / (CELL + GAP));
  if (gx < 0 || gy < 0 || gx >= GRID || gy >= GRID) return null;
  const o = cellOrigin(gx, gy, cellW);
  if (px > o.x + cellW || py > o.y + CELL) return null;
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

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The ink a token's label takes on its colour: white or near-black, whichever reads better (WCAG contrast). */
export function labelInk(colour: string): string {
  const l = luminance(COLOUR_HEX[colour] ?? '#888888');
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

export const ROOM_FILL: Record<string, string> = {
  hall: '#3b3350',
  chamber: '#34475a',
  vault: '#5a4828',
  antechamber: '#41404a',
  shrine: '#2c4c3c',
};

/** What each side looks like on the board: party tokens are light-ringed, enemies red-ringed, each kind its own shape. */
export const KIND_LOOK: Record<
  string,
  { shape: 'circle' | 'square' | 'diamond' | 'hexagon' | 'star'; stroke: string; label: string }
> = {
  lichslayer: { shape: 'circle', stroke: '#f4efe6', label: 'Lichslayer' },
  retainer: { shape: 'square', stroke: '#9fd8cf', label: 'Retainer' },
  familiar: { shape: 'diamond', stroke: '#c9b8ff', label: 'Familiar' },
  entity: { shape: 'hexagon', stroke: '#ff5a5f', label: 'Enemy' },
  phylactery: { shape: 'star', stroke: '#f3d58b', label: 'Phylactery' },
};

/** Health bar colour: green above half, amber above a quarter, red below. */
export function healthColour(health: number, max: number): string {
  const f = max > 0 ? health / max : 0;
  return f > 0.5 ? '#6fbf73' : f > 0.25 ? '#e0b34a' : '#e0575b';
}
