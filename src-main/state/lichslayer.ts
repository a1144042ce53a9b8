// Reading one Lichslayer's row where a command needs it: the whole row, or a clear refusal.
import type { PlayReader } from './session.ts';
import type { LichslayerRow } from './rows.ts';
import { CommandFailure } from './failures.ts';

export type { LichslayerRow };

/** One Lichslayer's row, or undefined when there is none (a roll or a hook then skips them). */
export const lichslayerOf = (r: PlayReader, id: number): LichslayerRow | undefined =>
  r.byId('lichslayer', id) ?? undefined;

/** The day a turned character was turned (ch.16), for the Pilgrimage's six days; null when never. */
export const turnedOnDay = (s: PlayReader, lichslayerId: number): number | null =>
  s.byId('lichslayer', lichslayerId)?.turned_on_day ?? null;

export function requireLichslayer(s: PlayReader, id: number): LichslayerRow {
  const row = s.byId('lichslayer', id);
  if (!row) throw new CommandFailure('not-found', `No Lichslayer with id ${id} in this campaign.`);
  return row;
}

/** Whether a Lichslayer holds a skill, in a skill slot or the capstone slot (ch.2), by its name in any case. */
export const holdsSkill = (
  l: Pick<LichslayerRow, 'skill1' | 'skill2' | 'skill3' | 'capstone'>,
  skill: string,
): boolean =>
  [l.skill1, l.skill2, l.skill3, l.capstone].some((k) => k.trim().toLowerCase() === skill.trim().toLowerCase());
