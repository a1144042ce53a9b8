// The private link's QR code: a fixed link comes out as a fixed code, with the three finder
// squares a phone's camera looks for in their corners.
import { describe, expect, it } from 'vitest';
import { qrDrawing } from './qr-code.ts';

const LINK = 'http://192.168.1.20:5178/me?token=QmFzZTY0VG9rZW5Gb3JUZXN0aW5nT25seTEyMzQ1Njc4OQ';

/** The dark modules the path draws, as "col,row". */
const dark = (path: string) => new Set([...path.matchAll(/M(\d+) (\d+)/g)].map((m) => `${m[1]},${m[2]}`));

describe('the private link as a QR code', () => {
  it('an 80-character link takes version 5 (it holds up to 84 bytes) at correction level M: 37 modules a side', () => {
    expect(LINK.length).toBe(80);
    expect(qrDrawing(LINK).size).toBe(37);
  });

  it('has a finder square (7×7 ring, 3×3 core, white between) in the top-left, top-right and bottom-left corners, and none in the bottom-right', () => {
    const { size, path } = qrDrawing(LINK);
    const on = dark(path);
    const finderAt = (x: number, y: number) =>
      [0, 1, 2, 3, 4, 5, 6].every((i) =>
        [0, 1, 2, 3, 4, 5, 6].every((j) => {
          const ring = i === 0 || i === 6 || j === 0 || j === 6;
          const core = i >= 2 && i <= 4 && j >= 2 && j <= 4;
          return on.has(`${x + i},${y + j}`) === (ring || core);
        }),
      );
    expect([finderAt(0, 0), finderAt(size - 7, 0), finderAt(0, size - 7), finderAt(size - 7, size - 7)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('the same link always draws the same code', () => {
    expect(qrDrawing(LINK).path).toBe(qrDrawing(LINK).path);
    expect(qrDrawing(LINK).path).not.toBe(qrDrawing(`${LINK}x`).path);
  });
});
