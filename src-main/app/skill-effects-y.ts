// The app side of the Aristocrat's enhanced Retainers (rulebook ch.2): what it reads from the campaign, the rule it calls, what it writes in the caller's
// transaction.
import type { Database } from 'better-sqlite3';
import type { RecordingWriter } from '../db/history.ts';
import { readTown, writeTown } from '../db/town-repo.ts';
import { payHolidayRefusal } from '../rules/retainer-pay.ts';
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

