// The app side of the Aristocrat's enhanced Retainers (rulebook ch.2) and the Familiar's skill
// enhancement: what each reads from the campaign, the rule it calls, what it writes in the caller's
// transaction.
import type { Database } from 'better-sqlite3';
import type { RecordingWriter } from '../db/history.ts';
import { readTown, writeTown } from '../db/town-repo.ts';
import { payHolidayRefusal } from '../rules/retainer-pay.ts';
import { FAMILIAR_SKILL, hasFamiliarSkill } from '../rules/familiar.ts';
import { summonedFamiliar } from '../rules/familiar-summon.ts';
import { CommandFailure } from './command-failure.ts';
import type { LichslayerRow } from './lichslayer-row.ts';
import { enhancedSkill } from './skill-effects-w.ts';

/** Retainers enhanced (ch.2): the chosen Retainer of the Aristocrat's needs no pay at today's close. */
export function excusePay(w: RecordingWriter, db: Database, aristocrat: LichslayerRow, retainerId: number, day: number, lines: string[]): string {
  const town = readTown(db);
  const mine = town.retainers.filter((r) => r.employer === aristocrat.id);
  const r = mine.find((k) => k.id === retainerId) ?? null;
  const refused = payHolidayRefusal({
    aristocrat: aristocrat.name,
    enhanced: enhancedSkill(db, aristocrat, 'Retainers'),
    retainer: r,
    day,
    excusedToday: mine.find((k) => k.holidayOn === day)?.name ?? null,
  });
  if (refused || !r) throw new CommandFailure('refused', `${refused}. Nothing changed.`);
  writeTown(w, db, { ...town, retainers: town.retainers.map((k) => (k.id === r.id ? { ...k, holidayOn: day } : k)) });
  lines.push(`${aristocrat.name} excuses ${r.name} from pay for day ${day}: no wage is due at the day's close (ch.2)`);
  return r.name;
}

/** A Familiar placed for its Witch (ch.2): her Familiar skill must be held; enhanced, its Health is doubled. */
export function familiarHealth(db: Database, args: { kind: string; name: string; health: number | null; witch?: number | undefined }, lines: string[]): number | null {
  if (args.witch === undefined) return args.health;
  if (args.kind !== 'familiar') throw new CommandFailure('invalid-args', `Only a Familiar has a Witch: ${args.name} is not a Familiar token. Nothing changed.`);
  const l = db.prepare(`SELECT * FROM lichslayer WHERE id = ?`).get(args.witch) as LichslayerRow | undefined;
  if (!l) throw new CommandFailure('not-found', `No Lichslayer with id ${args.witch} in this campaign. Nothing changed.`);
  const placed = summonedFamiliar({ witch: l.name, holdsSkill: hasFamiliarSkill([l.skill1, l.skill2, l.skill3]), enhanced: enhancedSkill(db, l, FAMILIAR_SKILL), name: args.name, health: args.health });
  if ('refused' in placed) throw new CommandFailure('refused', `${placed.refused}. ${args.name} was not added.`);
  if (placed.explain) lines.push(placed.explain);
  return placed.health;
}
