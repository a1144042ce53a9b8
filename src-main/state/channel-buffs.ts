// Channel buffs (rulebook ch.13) as the campaign keeps them: a row per buff a Lichslayer channelled,
// removed with them, until the dive ends.
import type { PlayReader, PlaySession } from './session.ts';
import type { ChannelBuffRow } from './rows.ts';

export type ChannelBuff = Pick<ChannelBuffRow, 'name' | 'details'>;

/** The buffs a Lichslayer holds now, in the order they were channelled. */
export function buffsOf(s: PlayReader, lichslayerId: number): ChannelBuff[] {
  return s
    .all('channel_buff')
    .filter((b) => b.lichslayer_id === lichslayerId)
    .map((b) => ({ name: b.name, details: b.details }));
}

export function addChannelBuff(s: PlaySession, lichslayerId: number, buff: ChannelBuff): void {
  s.insert('channel_buff', { lichslayer_id: lichslayerId, name: buff.name, details: buff.details });
}

/** ch.13: every Channel buff ends when the dive ends. */
export function endChannelBuffs(s: PlaySession, notices: string[]): void {
  const buffs = s.all('channel_buff');
  if (!buffs.length) return;
  for (const b of buffs) s.delete('channel_buff', b.id);
  notices.push('The dive is over: every Channel buff ends (ch.13)');
}
