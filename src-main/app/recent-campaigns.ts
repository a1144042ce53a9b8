// The campaigns opened lately, newest first, kept in recent.json (only this user may read it).
import fs from 'node:fs';
import { writePrivateFile } from './file-names.ts';

export class RecentCampaigns {
  constructor(private readonly file: string) {}

  list(): string[] {
    try {
      const raw: unknown = JSON.parse(fs.readFileSync(this.file, 'utf8'));
      return Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : [];
    } catch {
      return [];
    }
  }

  remember(campaign: string): void {
    this.write([campaign, ...this.list().filter((p) => p !== campaign)].slice(0, 20));
  }

  forget(campaign: string): void {
    this.write(this.list().filter((p) => p !== campaign));
  }

  private write(list: string[]): void {
    writePrivateFile(this.file, JSON.stringify(list, null, 2));
  }
}
