// File names the app makes for campaigns and writes for itself.
import fs from 'node:fs';
import { PRIVATE_FILE_MODE } from '../db/campaign-file.ts';

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A file only this user may read (0600): campaigns and the app's own files hold a Judge's secrets. */
export function writePrivateFile(file: string, data: string): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
}

export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w\- ]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 48);
  return cleaned || 'campaign';
}
