// A Lichslayer's growth as the app applies it (rulebook ch.1, ch.2): XP from any source, and the
// levels, stat points, class reveal and skills it brings. The one place XP is added.
import type { Database } from 'better-sqlite3';
import type { RecordingWriter } from '../db/history.ts';
import { lifeRecord, writeLifeRecord } from '../db/life-records.ts';
import { readHouseRules } from '../db/settings.ts';
import { levelForXp, statPointsForLevels } from '../rules/character.ts';
import { classSkill } from '../rules/skills.ts';
import { requireLichslayer } from './lichslayer-row.ts';

/**
 * XP earned, and what it brings (ch.1, ch.2): each level reached gives two stat points; level 2
 * reveals the class and unlocks its first skill; levels 4 and 6 the next two.
 */
export function addXp(w: RecordingWriter, db: Database, id: number, gained: number, notes: string[] = [], source: 'gold' | 'enemy' | 'floor' = 'gold'): void {
  const l = requireLichslayer(db, id);
  // Gold is counted on the Gauntlet itself; enemies and floors in the Lichslayer's record (ch.1).
  if (source !== 'gold') {
    const r = lifeRecord(db, id);
    writeLifeRecord(w, db, id, source === 'enemy' ? { ...r, enemiesFelled: r.enemiesFelled + 1 } : { ...r, floorsCleared: r.floorsCleared + 1 });
  }
  const xp = l.xp + gained;
  const level = Math.max(l.level, levelForXp(xp, readHouseRules(db)).value);
  const patch: Record<string, unknown> = { xp };
  if (level > l.level) {
    patch.level = level;
    patch.stat_points = l.stat_points + statPointsForLevels(l.level, level);
    notes.push(`${l.name} reaches level ${level}: +${statPointsForLevels(l.level, level)} stat points (ch.1)`);
    if (l.level < 2 && level >= 2 && l.hidden_class) {
      const skill = classSkill(l.hidden_class, 1)?.name;
      if (skill && !l.skill1) patch.skill1 = skill;
      notes.push(`${l.name}'s class is revealed: ${l.hidden_class}${skill ? `, Skill 1 ${skill} unlocked` : ''} (ch.1, ch.2)`);
    }
    // ch.2: Skills 2 and 3 unlock at levels 4 and 6.
    for (const [at, slot, field] of [[4, 2, 'skill2'], [6, 3, 'skill3']] as const) {
      const skill = classSkill(l.hidden_class, slot);
      if (l.level < at && level >= at && skill && !l[field]) {
        patch[field] = skill.name;
        notes.push(`${l.name} unlocks Skill ${slot}: ${skill.name} (ch.2)`);
      }
    }
  }
  w.update('lichslayer', id, patch);
}
