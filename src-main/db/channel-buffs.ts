// Channel buffs (rulebook ch.13) as the campaign keeps them: by Lichslayer, until the dive ends.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { readSetting } from './settings.ts';

const buffSchema = z.record(z.string(), z.array(z.strictObject({ name: z.string(), details: z.string() })));
export type ChannelBuffs = z.output<typeof buffSchema>;
export const readBuffs = (db: Database): ChannelBuffs => readSetting(db, 'channel-buffs', buffSchema, {});
