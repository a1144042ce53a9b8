// The print view as Chromium prints it: a PDF read back with pdftotext, and its page count.
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The print view the page shows now, printed to a PDF and read back. */
export async function printedPdf(page: Page): Promise<{ text: string; pages: number; file: string }> {
  await page.locator('.print-area[data-ready="true"]').waitFor();
  await page.emulateMedia({ media: 'print' });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lj-pdf-')), 'out.pdf');
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  return { text, pages, file };
}
