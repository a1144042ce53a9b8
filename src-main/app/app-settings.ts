// settings.json, the app's own preferences (the backup retention). Missing is empty; damaged is a
// problem reported by name, never silently replaced by defaults: a default retention could delete
// backups the Judge chose to keep.
import fs from 'node:fs';
import { describeIssues } from '@shared/contract.ts';
import { DEFAULT_RETENTION, retentionSchema, type Retention } from '../db/backups.ts';
import { CommandFailure } from '../state/failures.ts';
import { capitalise, writePrivateFile } from './file-names.ts';

export class AppSettings {
  constructor(readonly file: string) {}

  /** Whether the app has run before here (its first launch writes the file). */
  exists(): boolean {
    return fs.existsSync(this.file);
  }

  markFirstLaunch(): void {
    writePrivateFile(this.file, JSON.stringify({ demoCreated: new Date().toISOString() }, null, 2));
  }

  private read(): { settings: Record<string, unknown> } | { problem: string } {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: {} };
      return { problem: `the app's settings file ${this.file} could not be read (${(error as Error).message})` };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { problem: `the app's settings file ${this.file} is damaged (it is not valid JSON)` };
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      return { problem: `the app's settings file ${this.file} is damaged (it is not a JSON object)` };
    return { settings: raw as Record<string, unknown> };
  }

  /** The retention, or why it cannot be read. */
  readRetention(): { retention: Retention } | { problem: string } {
    const read = this.read();
    if ('problem' in read) return read;
    if (read.settings.backupRetention === undefined) return { retention: DEFAULT_RETENTION };
    const parsed = retentionSchema.safeParse(read.settings.backupRetention);
    if (!parsed.success)
      return {
        problem: `the backup retention in ${this.file} is damaged (${describeIssues(parsed.error).slice(0, 200)})`,
      };
    return { retention: parsed.data };
  }

  retention(): Retention {
    const read = this.readRetention();
    if ('problem' in read)
      throw new CommandFailure(
        'refused',
        `${capitalise(read.problem)}. No backup is deleted until the retention is set again: set it below and save.`,
      );
    return read.retention;
  }

  setRetention(retention: Retention): Retention {
    const read = this.read();
    if ('problem' in read && fs.existsSync(this.file)) {
      // The damaged file is kept beside, for whoever wants to see what went wrong.
      fs.renameSync(this.file, `${this.file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    }
    const settings = 'settings' in read ? read.settings : {};
    writePrivateFile(this.file, JSON.stringify({ ...settings, backupRetention: retention }, null, 2));
    return this.retention();
  }
}
