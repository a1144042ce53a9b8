// Exporting what a chart shows: its numbers as CSV (the same table the screen reader reads) and
// its picture as PNG, with the chart's title drawn above it so the file stands on its own.

export interface ChartTable {
  /** Column headers; the first names the x values. */
  columns: string[];
  rows: (string | number)[][];
}

function csvCell(v: string | number): string {
  const s = typeof v === 'number' ? String(v) : v;
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(table: ChartTable): string {
  return [table.columns, ...table.rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}

export function fileSlug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[^\w\- ]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'chart'
  );
}

export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadCsv(title: string, table: ChartTable): void {
  download(`${fileSlug(title)}.csv`, new Blob([toCsv(table)], { type: 'text/csv' }));
}

/** The canvas under `root` (uPlot draws plot and axes on one), on the dark background, titled. */
export async function downloadPng(title: string, canvas: HTMLCanvasElement, legend: string[] = []): Promise<void> {
  const pad = 12;
  const titleH = 28;
  const legendH = legend.length ? 22 : 0;
  const out = document.createElement('canvas');
  out.width = canvas.width + pad * 2;
  out.height = canvas.height + pad * 2 + titleH + legendH;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw a PNG');
  ctx.fillStyle = '#201c27';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = '#ece6f2';
  ctx.font = '600 16px system-ui, sans-serif';
  ctx.fillText(title, pad, pad + 16);
  ctx.font = '13px system-ui, sans-serif';
  ctx.fillStyle = '#a69db3';
  ctx.fillText(legend.join('   '), pad, pad + titleH + 14);
  ctx.drawImage(canvas, pad, pad + titleH + legendH);
  const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The chart could not be turned into a PNG');
  download(`${fileSlug(title)}.png`, blob);
}
