// The end of one Lichslayer's day (rulebook ch.4, ch.8), shared by "next day" in the Town and the
// days on the road between Towns.
import type { Database } from 'better-sqlite3';
import type { DayReport } from '@shared/contract.ts';
import type { RecordingWriter } from '../db/history.ts';
import { readHouseRules } from '../db/settings.ts';
import { dropSanity, sanityAfterNight, SANITY_LADDER } from '../rules/sanity.ts';
import { endOfDay, restRecovery } from '../rules/survival-clock.ts';
import { rollWithTables } from './table-rolls.ts';
import type { LichslayerRow } from './lichslayer-row.ts';


/**
 * One Lichslayer's day ends (ch.4, ch.8): the survival clock with its penalties, and after a fed,
 * sheltered night, rest and a night's Sanity. The one place a day closes, in Town or on the road.
 */
export function closeDay(w: RecordingWriter, database: Database, l: LichslayerRow, opts: { ate: boolean; sheltered: boolean; day: number; stage: 0 | 1 | 2 | 3 | 4 }): DayReport['lines'][number] {
  const { ate, sheltered, day, stage } = opts;
  const out = endOfDay(
    { daysWithoutMeal: l.days_without_meal, daysWithoutShelter: l.days_without_shelter, maxHealth: l.max_health, hungerMaxHealthLost: l.hunger_lost, health: l.health, missedDaysSinceRest: l.missed_since_rest },
    { ate, sheltered },
    readHouseRules(database),
  );
  let sanity = l.sanity;
  for (let i = 0; i < out.sanityDrops; i++) sanity = dropSanity(sanity);
  let health = out.state.health;
  let missed = out.state.missedDaysSinceRest;
  const notes = [...out.notes];
  if (ate && sheltered) {
    // A full night with a meal: Health back by rest (ch.8), Sanity by a night's sleep.
    const rest = rollWithTables(database, 'town.nextDay', ({ dice }) => {
      const r = restRecovery(dice, { level: l.level, missedDaysSinceRest: missed, health, maxHealth: out.state.maxHealth }, `${l.name} rests, day ${day}`);
      return { value: r, records: [{ cause: `${l.name} rests, day ${day} (ch.8)`, character: l.name, explain: r.explain, result: r }] };
    });
    health = rest.health;
    missed = 0;
    if (rest.healed && health > l.health) notes.push(`Rest: ${rest.explain}`);
    const night = sanityAfterNight({ sanity, daysSinceMeal: out.state.daysWithoutMeal, sheltered, attentionStage: stage, lostNights: 0 });
    if (night.sanity !== sanity) notes.push(night.explain);
    sanity = night.sanity;
  }
  if (sanity !== l.sanity && !notes.some((n) => n.includes('Sanity'))) notes.push(`Sanity: ${SANITY_LADDER[l.sanity].label} → ${SANITY_LADDER[sanity].label}`);
  w.update('lichslayer', l.id, {
    days_without_meal: out.state.daysWithoutMeal,
    days_without_shelter: out.state.daysWithoutShelter,
    max_health: out.state.maxHealth,
    hunger_lost: out.state.hungerMaxHealthLost,
    health: Math.min(health, out.state.maxHealth),
    missed_since_rest: missed,
    sanity,
    ate_today: 0,
    sheltered_today: 0,
  });
  const status = `${ate ? 'ate' : 'no meal'}, ${sheltered ? 'sheltered' : 'no shelter'}`;
  return { kind: notes.length || out.penalties.length ? 'change' : 'note', text: `${l.name} (${status}): ${notes.length ? notes.join('; ') : 'no change'}${out.penalties.length ? ` · penalties now ${out.penalties.map((p) => `${p.source} ${p.value}`).join(', ')}` : ''}` };
}
