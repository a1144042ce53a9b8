// A Lichslayer's growth as the app applies it (rulebook ch.1, ch.2): XP from any source, and the
// levels, stat points, class reveal and skills it brings. The one place XP is added.
import type { PlaySession } from '../state/session.ts';
import { lifeRecord, writeLifeRecord } from '../state/life-records.ts';
import { readHouseRules } from '../state/settings.ts';
import { levelForXp, levelUp, unlockedSkillsMissing, xpFromGold, type GrowthState } from '../rules/character.ts';
import { classSkill } from '../rules/skills.ts';
import { requireLichslayer, type LichslayerRow } from '../state/lichslayer.ts';
import { skillGrantColumns } from './skills/skill-facts.ts';

/** A Lichslayer's row as the growth rules read it. */
export function growthState(l: LichslayerRow): GrowthState {
  return {
    name: l.name,
    level: l.level,
    statPoints: l.stat_points,
    hiddenClass: l.hidden_class,
    skill1: l.skill1,
    skill2: l.skill2,
    skill3: l.skill3,
  };
}

/** The columns a level-up writes. */
export function growthColumns(patch: Partial<GrowthState>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (patch.level !== undefined) columns.level = patch.level;
  if (patch.statPoints !== undefined) columns.stat_points = patch.statPoints;
  for (const k of ['skill1', 'skill2', 'skill3'] as const) if (patch[k] !== undefined) columns[k] = patch[k];
  return columns;
}

const skillOfClass = (className: string | null, slot: 1 | 2 | 3) => classSkill(className, slot)?.name;

/** What reaching a level brings a Lichslayer (ch.1, ch.2), as columns to write and notes. */
export function levelUpColumns(l: LichslayerRow, to: number): { columns: Record<string, unknown>; notes: string[] } {
  const r = levelUp(growthState(l), to, skillOfClass);
  return { columns: growthColumns(r.patch), notes: r.notes };
}

/**
 * The Judge's own edit of level or class follows the same rules as growth (ch.1, ch.2): a higher level
 * brings its stat points, and every skill the level and class unlock fills its empty slot.
 */
export function editedGrowthColumns(
  l: LichslayerRow,
  edit: { level?: number | undefined; hiddenClass?: string | null | undefined },
): Record<string, unknown> {
  const up = edit.level !== undefined ? levelUpColumns(l, edit.level).columns : {};
  const after = {
    ...growthState(l),
    ...(edit.level !== undefined ? { level: edit.level } : {}),
    ...(edit.hiddenClass !== undefined ? { hiddenClass: edit.hiddenClass } : {}),
    ...pickSkills(up),
  };
  return { ...up, ...unlockedSkillsMissing(after, skillOfClass) };
}

const pickSkills = (columns: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(columns).filter(([k]) => k.startsWith('skill'))) as Partial<GrowthState>;

/**
 * XP earned, and what it brings (ch.1, ch.2): the level the XP reaches on the house-rule table, with
 * everything a level-up gives. The one place XP is added, whatever earned it.
 */
export function addXp(
  ps: PlaySession,
  id: number,
  gained: number,
  notes: string[] = [],
  source: 'gold' | 'enemy' | 'floor' = 'gold',
): void {
  const l = requireLichslayer(ps, id);
  // Gold is counted on the Gauntlet itself; enemies and floors in the Lichslayer's record (ch.1).
  if (source !== 'gold') {
    const r = lifeRecord(ps, id);
    writeLifeRecord(
      ps,
      id,
      source === 'enemy' ? { ...r, enemiesFelled: r.enemiesFelled + 1 } : { ...r, floorsCleared: r.floorsCleared + 1 },
    );
  }
  const xp = l.xp + gained;
  const up = levelUpColumns(l, levelForXp(xp, readHouseRules(ps)).value);
  notes.push(...up.notes);
  ps.update('lichslayer', id, { xp, ...up.columns, ...skillGrantColumns(l, up.columns, notes) });
}

/**
 * Gold entering a Gauntlet (ch.1): it is counted once, as it enters, for XP at 1 per 36; spending it
 * later never takes the XP back. The one path gold found takes, by hand or from a chest or a room.
 */
export function gainGold(ps: PlaySession, id: number, amount: number, notes: string[] = []): void {
  const l = requireLichslayer(ps, id);
  const gained = xpFromGold(l.gold_gained + amount).value - xpFromGold(l.gold_gained).value;
  ps.update('lichslayer', id, { gold: Math.min(10_000_000, l.gold + amount), gold_gained: l.gold_gained + amount });
  notes.push(`${l.name} gains ${amount} gold: ${xpFromGold(l.gold_gained + amount).explain}`);
  if (gained) addXp(ps, id, gained, notes);
}
