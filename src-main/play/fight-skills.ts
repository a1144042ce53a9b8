// Class skills that act through the fight's rules (rulebook ch.2): the Breaker's Crush and the Lich
// Doctor's Diagnose and Bandage.
import type { PlayReader, PlaySession } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import { allTokens } from '../state/board.ts';
import { reachRefusal } from '../rules/attack.ts';
import { crushRefusal, rollBandage, type Bandaged } from '../rules/skills.ts';
import { rollModifiersFor } from './gear.ts';
import { CommandFailure } from '../state/failures.ts';
import type { LichslayerRow } from '../state/lichslayer.ts';
import { row, tokenOf, townFighters, positionOf } from './fight-reach.ts';
import { defenderOf, emptyResult, applyHit } from './fight-outcomes.ts';

/**
 * Crush (the Breaker's capstone, ch.2): one target in reach to 0 Health — felled through the same
 * path as any hit, counted for XP — or to 0 Armor; never the Lich.
 */
export function crushToken(
  ps: PlaySession,
  breaker: LichslayerRow,
  tokenId: number | undefined,
  choice: 'health' | 'armor' | undefined,
  lines: string[],
): string {
  if (tokenId === undefined || !choice)
    throw new CommandFailure(
      'invalid-args',
      'Crush needs a target and a choice: its Health or its Armor to 0 (ch.2). Nothing changed.',
    );
  const target = tokenOf(ps, tokenId);
  const refused = crushRefusal({ name: target.name, lich: !!target.stats.lich, defeated: target.defeated });
  if (refused) throw new CommandFailure('refused', `${refused}. Nothing changed.`);
  const me = allTokens(ps).find((t) => t.lichslayerId === breaker.id);
  const town = townFighters(ps);
  const reach = me
    ? reachRefusal(positionOf(me, town), positionOf(target, town))
    : `${breaker.name} is not on the board`;
  if (reach) throw new CommandFailure('refused', `${reach}. Nothing changed.`);
  const defender = defenderOf(ps, target, null);
  let explain: string;
  if (choice === 'armor') {
    if (target.lichslayerId !== null) ps.update('lichslayer', target.lichslayerId, { armor: 0 });
    else ps.update('token', target.id, { armor: 0 });
    explain = `${breaker.name} Crushes ${target.name}'s Armor: ${defender.armor} → 0 (ch.2)`;
    lines.push(explain);
  } else {
    lines.push(`${breaker.name} Crushes ${target.name} to 0 Health (ch.2)`);
    const hit = applyHit(
      ps,
      target,
      { colour: null, physical: false, bypassArmor: true, crush: true, label: 'Crush' },
      defender.health,
      'skill.use',
      lines,
      emptyResult(),
      breaker.id,
    );
    explain = `${breaker.name} Crushes ${target.name}: ${hit.explain}`;
  }
  ps.roll('skill.use', () => ({
    value: null,
    records: [
      { cause: `${breaker.name} uses Crush on ${target.name}`, character: breaker.name, explain, result: null },
    ],
  }));
  return target.name;
}

/** Diagnose and Bandage (the Lich Doctor's Skill 1, ch.2): up to level characters healed (level)d6 each, the Lich among those it works on. */
export function bandageTokens(
  ps: PlaySession,
  doctor: LichslayerRow,
  tokenIds: readonly number[] | undefined,
  enhanced: boolean,
  lines: string[],
): void {
  if (!tokenIds?.length)
    throw new CommandFailure('invalid-args', 'Choose the characters Diagnose and Bandage heals. Nothing changed.');
  const targets = [...new Set(tokenIds)].map((id) => tokenOf(ps, id));
  // ch.4, ch.8: the heal is the Doctor's roll, so their penalties to all rolls apply.
  const modifiers = rollModifiersFor(ps, doctor).all;
  const bandaged = ps.roll('skill.use', ({ dice }) => {
    let healed: Bandaged[];
    try {
      healed = rollBandage(dice, {
        doctor: doctor.name,
        level: doctor.level,
        enhanced,
        modifiers,
        targets: targets.map((t) => ({ ...vitalsFor(ps, t), name: t.name })),
      });
    } catch (e) {
      throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
    }
    return {
      value: healed,
      records: healed.map((h) => ({
        cause: `${doctor.name} uses Diagnose and Bandage on ${h.name}`,
        character: doctor.name,
        explain: h.explain,
        result: h,
      })),
    };
  });
  bandaged.forEach((h, i) => {
    const t = targets[i]!;
    if (t.lichslayerId !== null) ps.update('lichslayer', t.lichslayerId, { health: h.health, armor: h.armor });
    else ps.update('token', t.id, { health: h.health, armor: h.armor });
    lines.push(h.explain);
  });
}

/** Health, its maximum and Armor where they live: the Gauntlet for a Lichslayer, the token otherwise. */
function vitalsFor(
  ps: PlayReader,
  t: TokenView,
): { health: number; maxHealth: number; armor: number; maxArmor: number | null } {
  if (t.lichslayerId !== null) {
    const l = row(ps, t.lichslayerId)!;
    return { health: l.health, maxHealth: l.max_health, armor: l.armor, maxArmor: l.max_armor };
  }
  return { health: t.health ?? 0, maxHealth: t.maxHealth ?? t.health ?? 0, armor: t.armor ?? 0, maxArmor: null };
}
