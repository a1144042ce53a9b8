// Reading one Lichslayer's row where a command needs it: the whole row, or a clear refusal.
import type { Database } from 'better-sqlite3';
import type { LichslayerRow } from '../views/judge-view.ts';
import { CommandFailure } from '../state/failures.ts';

export type { LichslayerRow };

export function requireLichslayer(db: Database, id: number): LichslayerRow {
  const row = db.prepare(`SELECT * FROM lichslayer WHERE id = ?`).get(id) as LichslayerRow | undefined;
  if (!row) throw new CommandFailure('not-found', `No Lichslayer with id ${id} in this campaign.`);
  return row;
}

/** Whether a Lichslayer holds a skill, in a skill slot or the capstone slot (ch.2), by its name in any case. */
export const holdsSkill = (
  l: Pick<LichslayerRow, 'skill1' | 'skill2' | 'skill3' | 'capstone'>,
  skill: string,
): boolean =>
  [l.skill1, l.skill2, l.skill3, l.capstone].some((k) => k.trim().toLowerCase() === skill.trim().toLowerCase());
