// Per-Lichslayer records (undoable like any edit): where XP came from (ch.1), and Skill Points with
// the skills they enhanced (ch.2). The counts are the Lichslayer's own columns; each enhanced skill
// is a row, removed with them.
import type { PlayReader, PlaySession } from './session.ts';

export interface LifeRecord {
  enemiesFelled: number;
  floorsCleared: number;
  skillPoints: number;
  /** The skills enhanced, in the order enhanced. */
  enhanced: string[];
}

const NONE: Readonly<LifeRecord> = { enemiesFelled: 0, floorsCleared: 0, skillPoints: 0, enhanced: [] };

export function lifeRecord(s: PlayReader, id: number): LifeRecord {
  const l = s.byId('lichslayer', id);
  if (!l) return { ...NONE, enhanced: [] };
  return {
    enemiesFelled: l.enemies_felled,
    floorsCleared: l.floors_cleared,
    skillPoints: l.skill_points,
    enhanced: s
      .all('enhanced_skill')
      .filter((e) => e.lichslayer_id === id)
      .map((e) => e.skill),
  };
}

/** Writes what differs from the Lichslayer's record as it stands. */
export function writeLifeRecord(s: PlaySession, id: number, record: LifeRecord): void {
  const l = s.byId('lichslayer', id);
  if (!l) return;
  const patch = {
    ...(record.enemiesFelled !== l.enemies_felled ? { enemies_felled: record.enemiesFelled } : {}),
    ...(record.floorsCleared !== l.floors_cleared ? { floors_cleared: record.floorsCleared } : {}),
    ...(record.skillPoints !== l.skill_points ? { skill_points: record.skillPoints } : {}),
  };
  s.update('lichslayer', id, patch);
  const held = s.all('enhanced_skill').filter((e) => e.lichslayer_id === id);
  for (const e of held) if (!record.enhanced.includes(e.skill)) s.delete('enhanced_skill', e.id);
  for (const skill of new Set(record.enhanced))
    if (!held.some((e) => e.skill === skill)) s.insert('enhanced_skill', { lichslayer_id: id, skill });
}
