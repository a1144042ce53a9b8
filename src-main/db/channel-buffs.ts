// Channel buffs (rulebook ch.13) as the campaign keeps them: by Lichslayer, until the dive ends.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import type { RecordingWriter } from './history.ts';
import { readSetting, writeSetting } from './settings.ts';

const buffSchema = z.record(z.string(), z.array(z.strictObject({ name: z.string(), details: z.string() })));
export type ChannelBuffs = z.output<typeof buffSchema>;
export const readBuffs = (db: Database): ChannelBuffs => readSetting(db, 'channel-buffs', buffSchema, {});

/** ch.13: every Channel buff ends when the dive ends. */
export function endChannelBuffs(w: RecordingWriter, db: Database, notices: string[]): void {
  if (!Object.values(readBuffs(db)).some((b) => b.length)) return;
  writeSetting(w, db, 'channel-buffs', {});
  notices.push('The dive is over: every Channel buff ends (ch.13)');
}
