// Which rows of a long table the editor draws for its scroll position, and where: only those in
// view (and a few either side) exist in the page. An open row's drawer sits beneath it, so rows
// past it lie lower by the drawer's height; counting it keeps them still when the open row scrolls
// out of the drawn window instead of jumping up by the drawer's height under the pointer.

export const ROW_HEIGHT = 38;
/** Rows drawn beyond each edge of the view, so a quick scroll shows no gap. */
const SPARE = 5;

export interface RowWindow {
  /** The position (among the rows shown) of the first row drawn. */
  first: number;
  /** How many rows are drawn from there. */
  count: number;
  /** How far down the first drawn row sits, in pixels. */
  offset: number;
  /** The height of all the rows shown, with the open row's drawer. */
  height: number;
}

/** Where a row (by its position among the rows shown) sits from the top: past an open row, its drawer lower. */
export const rowTop = (pos: number, open: number | null, drawer: number): number =>
  pos * ROW_HEIGHT + (open !== null && pos > open ? drawer : 0);

/**
 * @param open the position of the open row among the rows shown, or null when none is open
 * @param drawer the open row's drawer height in pixels
 */
export function rowWindow(
  scrollTop: number,
  viewport: number,
  rows: number,
  open: number | null,
  drawer: number,
): RowWindow {
  const count = Math.ceil(viewport / ROW_HEIGHT) + 2 * SPARE;
  const height = rows * ROW_HEIGHT + (open !== null ? drawer : 0);
  const from = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - SPARE);
  if (open === null || from <= open) return { first: from, count, offset: from * ROW_HEIGHT, height };
  // Past the open row: its drawer is above the window, and every row beneath it sits lower by it.
  const first = Math.max(open + 1, Math.floor((scrollTop - drawer) / ROW_HEIGHT) - SPARE);
  return { first, count, offset: rowTop(first, open, drawer), height };
}
