// Channel buffs (rulebook ch.13) as the campaign keeps them: by Lichslayer, until the dive ends.
import type { PlayReader, PlaySession } from './session.ts';
import { z } from 'zod';
import { readSetting, writeSetting } from './settings.ts';

const buffSchema = z.record(z.string(), z.array(z.strictObject({ name: z.string(), details: z.string() })));
export type ChannelBuffs = z.output<typeof buffSchema>;
export const readBuffs = (s: PlayReader): ChannelBuffs => readSetting(s, 'channel-buffs', buffSchema, {});

/** ch.13: every Channel buff ends when the dive ends. */
export function endChannelBuffs(s: PlaySession, notices: string[]): void {
  if (!Object.values(readBuffs(s)).some((b) => b.length)) return;
  writeSetting(s, 'channel-buffs', {});
  notices.push('The dive is over: every Channel buff ends (ch.13)');
}
