// What the class skills change in every roll and reading: a skill enhanced, Investiture's Magic and
// bonus, Rumble Hat's Health and Armor, Recall's assist, and Crush's count of tiers felled (ch.2).
import { lichslayerOf, holdsSkill, type LichslayerRow } from '../../state/lichslayer.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import { allTokens } from '../../state/board.ts';
import { lifeRecord } from '../../state/life-records.ts';
import { CommandFailure } from '../../state/failures.ts';
import { roundNow } from '../fight-state.ts';
import { crushTiers, rumbleHatBonus, rumbleHatGrant, type Vitals } from '../../rules/skills-breaker.ts';
import type { Modifier } from '../../rules/dice.ts';
import { recallAssist } from '../../rules/skills-veteran.ts';
import { INVESTITURE_MAGIC, investitureBonus } from '../../rules/skills-scholar.ts';

/** Whether a skill is enhanced for this Lichslayer (ch.2). */
export const enhancedSkill = (ps: PlayReader, l: LichslayerRow, skill: string): boolean =>
  lifeRecord(ps, l.id).enhanced.includes(skill);

/** The Scholars whose Investiture reaches this Lichslayer now: granted at this Round's start, the Scholar not moved away. */
export function investedBy(ps: PlayReader, lichslayerId: number): LichslayerRow[] {
  // Asked for every Lichslayer in every view: the grants first, as there are seldom any.
  const grants = ps.all('investiture').filter((g) => g.lichslayer_id === lichslayerId);
  if (!grants.length) return [];
  const now = roundNow(ps);
  if (!now) return [];
  const tokens = allTokens(ps);
  return grants
    .filter((g) => g.serial === now.serial && g.round === now.round)
    .filter((g) => {
      const t = tokens.find((k) => k.lichslayerId === g.scholar_id);
      return !!t && !t.defeated && t.floor === g.floor && t.x === g.x && t.y === g.y;
    })
    .map((g) => lichslayerOf(ps, g.scholar_id))
    .filter((r): r is LichslayerRow => !!r);
}

/** What class skills add to all of this Lichslayer's rolls now (ch.2): Rumble Hat enhanced at half Health, Investiture. */
export function skillRollBonuses(ps: PlayReader, l: LichslayerRow): Modifier[] {
  const out: Modifier[] = [];
  if (holdsSkill(l, 'Rumble Hat')) {
    const hat = rumbleHatBonus({
      enhanced: enhancedSkill(ps, l, 'Rumble Hat'),
      health: l.health,
      maxHealth: l.max_health,
    });
    if (hat) out.push(hat);
  }
  // One bonus however many Scholars: Investiture grants +1, it does not stack with itself.
  const scholars = investedBy(ps, l.id);
  if (scholars.length) out.push(investitureBonus(scholars[0]!.name));
  return out;
}

/** The Magic class skills add now (ch.2): Investiture's +1 while it holds. */
export function skillMagic(ps: PlayReader, lichslayerId: number): Modifier[] {
  const scholars = investedBy(ps, lichslayerId);
  return scholars.length ? [{ source: `Investiture from ${scholars[0]!.name} (ch.2)`, value: INVESTITURE_MAGIC }] : [];
}

/** Recall's assist (ch.2): a Veteran holding Recall adds their Power to another Lichslayer's Challenge. */
export function recallAssistFor(ps: PlayReader, veteranId: number, rollerLichslayerId: number | null): Modifier {
  const v = lichslayerOf(ps, veteranId);
  if (!v) throw new CommandFailure('not-found', `No Lichslayer with id ${veteranId} in this campaign.`);
  if (!holdsSkill(v, 'Recall'))
    throw new CommandFailure(
      'refused',
      `${v.name} does not hold Recall: only the Veteran's Recall assists a Challenge (ch.2). Nothing changed.`,
    );
  if (rollerLichslayerId === null)
    throw new CommandFailure(
      'refused',
      `Recall assists another character's Challenge: an entity's roll takes no assist (ch.2). Nothing changed.`,
    );
  try {
    return recallAssist(
      { name: v.name, power: v.power },
      { name: lichslayerOf(ps, rollerLichslayerId)?.name ?? '', isVeteran: rollerLichslayerId === v.id },
    );
  } catch (e) {
    throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
  }
}

/**
 * What gaining or losing a skill does to the Gauntlet's own numbers (ch.2: Rumble Hat's +6 Health and
 * +1 Armor), for the columns about to be written to a Lichslayer — by a level reached, a Skill Point
 * or the Judge's edit. The extra columns to write with them (empty when no such skill comes or goes).
 */
export function skillGrantColumns(
  before: LichslayerRow,
  columns: Record<string, unknown>,
  notes?: string[],
): Partial<Vitals> {
  const skills = (r: Record<string, unknown>) =>
    ['skill1', 'skill2', 'skill3', 'capstone'].map((k) =>
      String(r[k] ?? '')
        .trim()
        .toLowerCase(),
    );
  const merged = { ...before, ...columns } as unknown as Record<string, unknown>;
  const had = skills(before as unknown as Record<string, unknown>).includes('rumble hat');
  const has = skills(merged).includes('rumble hat');
  const grant = rumbleHatGrant(had, has, {
    health: Number(merged.health),
    max_health: Number(merged.max_health),
    armor: Number(merged.armor),
    max_armor: Number(merged.max_armor),
  });
  if (!grant) return {};
  notes?.push(grant.explain);
  return grant.columns;
}

/**
 * An enemy felled by a Lichslayer (ch.2): a Breaker's floor tier is counted toward Crush, which
 * unlocks once every tier has one and Skills 1-3 are held.
 */
export function noteFelledForCapstone(
  ps: PlaySession,
  byLichslayerId: number,
  floor: number | null,
  lines: string[],
): void {
  const l = lichslayerOf(ps, byLichslayerId);
  if (!l || l.hidden_class !== 'The Breaker') return;
  const before = ps
    .all('crush_tier')
    .filter((t) => t.lichslayer_id === l.id)
    .map((t) => t.tier);
  const r = crushTiers(before, floor);
  for (const tier of r.tiers) if (!before.includes(tier)) ps.insert('crush_tier', { lichslayer_id: l.id, tier });
  if (r.met && !l.capstone.trim() && l.skill1 && l.skill2 && l.skill3) {
    ps.update('lichslayer', l.id, { capstone: 'Crush' });
    lines.push(`${l.name}'s capstone condition is met (${r.explain}): Crush unlocks (ch.2)`);
  }
}
