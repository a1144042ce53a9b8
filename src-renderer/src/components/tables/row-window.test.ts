// The table editor's drawn window of rows: rows past an open row's drawer keep their place on the
// page while the open row scrolls out of the window.
import { describe, expect, it } from 'vitest';
import { rowWindow } from './row-window.ts';

describe('the rows a scrolled table draws', () => {
  it('with no row open, draws from five rows above the view at their own height', () => {
    expect(rowWindow(38 * 20, 480, 300, null, 280)).toEqual({ first: 15, count: 23, offset: 570, height: 11400 });
  });

  it('with row 2 open, a row beneath it sits the drawer lower whether row 2 is drawn or has scrolled out of the window', () => {
    const drawer = 280;
    // Row 2 (position 1) still drawn: the rows after it follow its drawer in the page's flow.
    expect(rowWindow(38 * 6, 480, 300, 1, drawer)).toMatchObject({ first: 1, offset: 38 });
    // One row further, row 2 leaves the window: row 3 keeps its place, 2 × 38 + 280 down, not 280 higher.
    expect(rowWindow(38 * 7, 480, 300, 1, drawer)).toMatchObject({ first: 2, offset: 2 * 38 + drawer });
    // Far below: the window counts from beneath the drawer.
    const far = rowWindow(888, 480, 300, 1, drawer);
    expect([far.first, far.offset, far.height]).toEqual([11, 11 * 38 + drawer, 300 * 38 + drawer]);
  });

  it('while the open row is still in the window, draws from the scroll position as with none open', () => {
    expect(rowWindow(38 * 8, 480, 300, 20, 280)).toMatchObject({ first: 3, offset: 114 });
  });
});
