// The Lich Doctor's skills (ch.2): Diagnose and Bandage's lifting of ailments, Cure, the heals from 0
// Health that unlock it, and Medicine Bay's daily refill.
import { enhancedSkill } from './skill-facts.ts';
import { tokenOf, allTokens } from '../../state/board.ts';
import { lichslayerOf, type LichslayerRow } from '../../state/lichslayer.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import type { Ailment } from '@shared/ailments.ts';
import { liftOne } from '../../rules/ailments.ts';
import { cureProgress, rollCure } from '../../rules/skills-doctor.ts';
import { influenceProgress } from '../../rules/skills-aristocrat.ts';
import { CommandFailure } from '../../state/failures.ts';
import { carrierOf, ailmentsOf, writeAilments } from './ailments.ts';
import { MEDICINE_SLOTS } from '@shared/gauntlet.ts';
import { slotLabel } from '../../rules/gauntlet-slots.ts';
import { MEDICINE_REFILL_GOLD, medicineRefill, refillChoiceRefusal } from '../../rules/medicine-refill.ts';

/** Diagnose and Bandage also removes one physical ailment from each target healed (ch.2): the chosen one, or the first. */
export function liftAfterBandage(
  ps: PlaySession,
  doctor: LichslayerRow,
  tokenIds: readonly number[] | undefined,
  chosen: readonly { tokenId: number; ailment: Ailment }[] | undefined,
  lines: string[],
): void {
  const ids = [...new Set(tokenIds ?? [])];
  const stray = (chosen ?? []).find((c) => !ids.includes(c.tokenId));
  if (stray)
    throw new CommandFailure(
      'invalid-args',
      `Token ${stray.tokenId} is not among the characters healed: Diagnose and Bandage lifts an ailment only from those it heals (ch.2). Nothing changed.`,
    );
  for (const id of ids) {
    const t = tokenOf(ps, id);
    const who = carrierOf(t);
    const picks = (chosen ?? []).filter((c) => c.tokenId === id);
    if (picks.length > 1)
      throw new CommandFailure(
        'invalid-args',
        `Diagnose and Bandage removes one ailment from each target: ${picks.length} were chosen for ${t.name} (ch.2). Nothing changed.`,
      );
    let lift: ReturnType<typeof liftOne>;
    try {
      lift = liftOne(
        { name: t.name, ailments: ailmentsOf(ps, who) },
        picks[0]?.ailment,
        `${doctor.name}’s Diagnose and Bandage`,
      );
    } catch (e) {
      throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
    }
    if (!lift.lifted) continue;
    writeAilments(ps, who, lift.ailments);
    lines.push(lift.explain!);
  }
}

/** Cure (ch.2) on a living target: one ailment lifted, 25% of maximum Health restored rounded up, 1d6 Rounds acting from 0 as at 1. */
export function cureToken(
  ps: PlaySession,
  doctor: LichslayerRow,
  tokenId: number | undefined,
  chosen: Ailment | undefined,
  lines: string[],
): string {
  if (tokenId === undefined)
    throw new CommandFailure('invalid-args', 'Choose whom Cure is cast on (a token). Nothing changed.');
  const t = tokenOf(ps, tokenId);
  if (t.kind === 'phylactery')
    throw new CommandFailure(
      'refused',
      'The Phylactery is an object: Cure works on characters and entities (ch.2). Nothing changed.',
    );
  if (t.defeated)
    throw new CommandFailure(
      'refused',
      `${t.name} has fallen: Cure's revival of a fallen character is the Judge's to apply (ch.2). Nothing changed.`,
    );
  const who = carrierOf(t);
  const l = t.lichslayerId !== null ? lichslayerOf(ps, t.lichslayerId) : undefined;
  const vitals = l
    ? { health: l.health, maxHealth: l.max_health }
    : { health: t.health ?? 0, maxHealth: t.maxHealth ?? t.health ?? 0 };
  const cured = ps.roll('skill.use', ({ dice }) => {
    let c: ReturnType<typeof rollCure>;
    try {
      c = rollCure(dice, doctor.name, { name: t.name, ...vitals, ailments: ailmentsOf(ps, who) }, chosen);
    } catch (e) {
      throw new CommandFailure('refused', `${(e as Error).message}. Nothing changed.`);
    }
    return {
      value: c,
      records: [
        { cause: `${doctor.name} uses Cure on ${t.name}`, character: doctor.name, explain: c.explain, result: c },
      ],
    };
  });
  if (l) ps.update('lichslayer', l.id, { health: cured.health });
  else ps.update('token', t.id, { health: cured.health });
  if (cured.lifted) writeAilments(ps, who, cured.ailments);
  lines.push(cured.explain);
  return t.name;
}

/** The tokens at 0 Health among those about to be healed. */
export function atZeroHealth(ps: PlayReader, tokenIds: readonly number[] | undefined): number[] {
  return [...new Set(tokenIds ?? [])].filter((id) => {
    const t = allTokens(ps).find((k) => k.id === id);
    return t !== undefined && t.health === 0;
  });
}

/** Counts the characters just healed back from 0 toward Cure, and unlocks it once the count is met with all three skills held (ch.2). */
export function countHealsFromZero(
  ps: PlaySession,
  doctor: LichslayerRow,
  wereAtZero: readonly number[],
  lines: string[],
): void {
  const back = wereAtZero.filter((id) => (allTokens(ps).find((k) => k.id === id)?.health ?? 0) > 0).length;
  if (!back) return;
  const total = doctor.heals_from_zero + back;
  ps.update('lichslayer', doctor.id, { heals_from_zero: total });
  const p = cureProgress(total);
  lines.push(`${doctor.name}: ${p.explain}`);
  if (p.have >= p.need && !doctor.capstone && doctor.skill1 && doctor.skill2 && doctor.skill3) {
    ps.update('lichslayer', doctor.id, { capstone: p.capstone });
    lines.push(`${doctor.name}'s capstone condition is met: ${p.capstone} unlocks (ch.2)`);
  }
}

/** Capstone progress the Gauntlet shows beyond the Bandit's and the Scholar's (ch.2): the Lich Doctor's Cure, the Aristocrat's Influence. */
export function doctorCapstone(
  ps: PlayReader,
  l: Pick<LichslayerRow, 'hidden_class' | 'heals_from_zero' | 'retainer_streak'>,
): ReturnType<typeof cureProgress> | null {
  if (l.hidden_class === 'The Lich Doctor') return cureProgress(l.heals_from_zero);
  if (l.hidden_class === 'The Aristocrat') return influenceProgress(l.retainer_streak);
  return null;
}

export const itemIn = (ps: PlayReader, lichslayerId: number, slot: string) =>
  ps.all('item').find((i) => i.lichslayer_id === lichslayerId && i.slot === slot);

/** Medicine Bay enhanced (ch.2): the Doctor chooses the Medicine Slot whose item replenishes each day. */
export function chooseRefill(
  ps: PlaySession,
  doctor: LichslayerRow,
  slot: (typeof MEDICINE_SLOTS)[number],
  lines: string[],
): string {
  const item = itemIn(ps, doctor.id, slot);
  const refused = refillChoiceRefusal({
    doctor: doctor.name,
    enhanced: enhancedSkill(ps, doctor, 'Medicine Bay'),
    slotLabel: slotLabel(slot),
    item: item?.name ?? null,
  });
  if (refused || !item) throw new CommandFailure('refused', `${refused}. Nothing changed.`);
  const refill = { slot, name: item.name, colour: item.colour, notes: item.notes, loot_ref: item.loot_ref };
  const held = ps.all('medicine_refill').find((r) => r.lichslayer_id === doctor.id);
  if (held) ps.update('medicine_refill', held.id, refill);
  else ps.insert('medicine_refill', { lichslayer_id: doctor.id, ...refill });
  lines.push(
    `${doctor.name}'s ${item.name} in ${slotLabel(slot)} will replenish at the start of each day for ${MEDICINE_REFILL_GOLD} gold, paid at the Inn (ch.2)`,
  );
  return item.name;
}

/** A new day's start (ch.2): each Doctor's chosen Medicine Slot item comes back if it was used, for 36 gold. */
export function medicineRefills(ps: PlaySession): string[] {
  const lines: string[] = [];
  for (const r of ps.all('medicine_refill')) {
    const l = ps.byId('lichslayer', r.lichslayer_id);
    if (!l || !enhancedSkill(ps, l, 'Medicine Bay')) continue;
    const verdict = medicineRefill({
      doctor: l.name,
      item: r.name,
      slotLabel: slotLabel(r.slot),
      slotHolds: itemIn(ps, l.id, r.slot)?.name ?? null,
      gold: l.gold,
    });
    if (verdict.refill) {
      ps.insert('item', {
        lichslayer_id: l.id,
        slot: r.slot,
        name: r.name,
        colour: r.colour,
        broken: 0,
        notes: r.notes,
        loot_ref: r.loot_ref,
      });
      ps.update('lichslayer', l.id, { gold: l.gold - verdict.paid });
    }
    if (verdict.explain) lines.push(verdict.explain);
  }
  return lines;
}
