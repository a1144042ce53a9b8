// The app side of the Aristocrat's enhanced Retainers, the Familiar's and Medicine Bay's enhancements
// (rulebook ch.2): what each reads from the campaign, the rule it calls, what it writes in the caller's
// transaction.
import type { Colour } from '@shared/gauntlet.ts';
import type { PlayReader, PlaySession } from '../state/session.ts';
import { z } from 'zod';
import { MEDICINE_SLOTS } from '@shared/gauntlet.ts';
import { readSetting, writeSetting } from '../state/settings.ts';
import { slotLabel } from '../rules/gauntlet-slots.ts';
import { MEDICINE_REFILL_GOLD, medicineRefill, refillChoiceRefusal } from '../rules/medicine-refill.ts';
import { readTown, writeTown } from '../state/town.ts';
import { payHolidayRefusal } from '../rules/retainer-pay.ts';
import { FAMILIAR_SKILL, hasFamiliarSkill } from '../rules/familiar.ts';
import { summonedFamiliar } from '../rules/familiar-summon.ts';
import { CommandFailure } from '../state/failures.ts';
import type { LichslayerRow } from './lichslayer-row.ts';
import { enhancedSkill } from './skill-effects-w.ts';

/** Retainers enhanced (ch.2): the chosen Retainer of the Aristocrat's needs no pay at today's close. */
export function excusePay(
  ps: PlaySession,
  aristocrat: LichslayerRow,
  retainerId: number,
  day: number,
  lines: string[],
): string {
  const town = readTown(ps);
  const mine = town.retainers.filter((r) => r.employer === aristocrat.id);
  const r = mine.find((k) => k.id === retainerId) ?? null;
  const refused = payHolidayRefusal({
    aristocrat: aristocrat.name,
    enhanced: enhancedSkill(ps, aristocrat, 'Retainers'),
    retainer: r,
    day,
    excusedToday: mine.find((k) => k.holidayOn === day)?.name ?? null,
  });
  if (refused || !r) throw new CommandFailure('refused', `${refused}. Nothing changed.`);
  writeTown(ps, { ...town, retainers: town.retainers.map((k) => (k.id === r.id ? { ...k, holidayOn: day } : k)) });
  lines.push(`${aristocrat.name} excuses ${r.name} from pay for day ${day}: no wage is due at the day's close (ch.2)`);
  return r.name;
}

/** A Familiar placed for its Witch (ch.2): her Familiar skill must be held; enhanced, its Health is doubled. */
export function familiarHealth(
  ps: PlayReader,
  args: { kind: string; name: string; health: number | null; witch?: number | undefined },
  lines: string[],
): number | null {
  if (args.witch === undefined) return args.health;
  if (args.kind !== 'familiar')
    throw new CommandFailure(
      'invalid-args',
      `Only a Familiar has a Witch: ${args.name} is not a Familiar token. Nothing changed.`,
    );
  const l = ps.byId('lichslayer', args.witch) ?? undefined;
  if (!l)
    throw new CommandFailure('not-found', `No Lichslayer with id ${args.witch} in this campaign. Nothing changed.`);
  const placed = summonedFamiliar({
    witch: l.name,
    holdsSkill: hasFamiliarSkill([l.skill1, l.skill2, l.skill3]),
    enhanced: enhancedSkill(ps, l, FAMILIAR_SKILL),
    name: args.name,
    health: args.health,
  });
  if ('refused' in placed) throw new CommandFailure('refused', `${placed.refused}. ${args.name} was not added.`);
  if (placed.explain) lines.push(placed.explain);
  return placed.health;
}

// ch.2 Medicine Bay enhanced: each Doctor's chosen Medicine Slot and the item it replenishes.
const refillsSchema = z.record(
  z.string(),
  z.object({
    slot: z.enum(MEDICINE_SLOTS),
    name: z.string().max(200),
    colour: z.string().max(40),
    notes: z.string().max(20_000),
  }),
);
const readRefills = (ps: PlayReader) => readSetting(ps, 'medicine-refills', refillsSchema, {});
const itemIn = (ps: PlayReader, lichslayerId: number, slot: string) =>
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
  writeSetting(ps, 'medicine-refills', {
    ...readRefills(ps),
    [String(doctor.id)]: { slot, name: item.name, colour: item.colour, notes: item.notes },
  });
  lines.push(
    `${doctor.name}'s ${item.name} in ${slotLabel(slot)} will replenish at the start of each day for ${MEDICINE_REFILL_GOLD} gold, paid at the Inn (ch.2)`,
  );
  return item.name;
}

/** A new day's start (ch.2): each Doctor's chosen Medicine Slot item comes back if it was used, for 36 gold. */
export function medicineRefills(ps: PlaySession): string[] {
  const lines: string[] = [];
  for (const [key, r] of Object.entries(readRefills(ps))) {
    const l = ps.byId('lichslayer', Number(key));
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
        colour: r.colour as Colour,
        broken: 0,
        notes: r.notes,
      });
      ps.update('lichslayer', l.id, { gold: l.gold - verdict.paid });
    }
    if (verdict.explain) lines.push(verdict.explain);
  }
  return lines;
}
