// A private link as a QR code a phone's camera opens: the modules of the code (error correction M,
// the smallest version that holds the link), drawn by the Judge's screen as one SVG path.
import qrcode from 'qrcode-generator';

export interface QrDrawing {
  /** Modules per side, the quiet zone left out. */
  size: number;
  /** One path of 1×1 squares, one per dark module, in module units. */
  path: string;
}

export function qrDrawing(text: string): QrDrawing {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  const squares: string[] = [];
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) squares.push(`M${col} ${row}h1v1h-1z`);
  return { size, path: squares.join('') };
}
