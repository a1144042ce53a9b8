// A week's end and a new week's start in "Next day" (ch.4-7): the Giver's hunger, the Smith, the
// Idols' weekly rules, and the Retainers' pay doubled at the new week.
import { daysOfWeek } from '../../rules/calendar.ts';
import type { Dice } from '../../rules/dice.ts';
import { celestialWeek, VANITY_TOWN_DAYS, VANITY_WEEKLY_TARGET, vanityShift } from '../../rules/idol.ts';
import { residentsWhoMayLeave, retainersWhoMayTurnWary } from '../../rules/residents.ts';
import { SANITY_LADDER } from '../../rules/sanity.ts';
import { rollSmithWeek } from '../../rules/smith.ts';
import { giverAfterWeek, giverHungerRuns, patchAtNewWeek } from '../../rules/forest.ts';
import { entryText } from '../../tables/table-entries.ts';
import { boonStrength, giverHealthOf } from '../town.ts';

import { challenge, line, partyInTown, type DayOut, type DayWorld } from './day-world.ts';

/** ch.17: the end of each in-game week: the Giver's hunger, and the Flora patches left to double. */
export function weekEnds(w: DayWorld, out: DayOut, weeks: readonly number[]): void {
  for (const week of weeks) {
    const f = w.town.forest;
    const health = giverHealthOf(w.town, w.rules);
    const fed = f.fedWeeks.includes(week);
    const hungerRunning = giverHungerRuns(
      { firstVisit: f.firstVisit, weekLastDay: daysOfWeek(week, w.rules).last },
      w.rules,
    );
    const g = giverAfterWeek({ health, fed, stage: w.stage, week, hungerRunning });
    if (g.explain) line(out, 'change', g.explain);
    const patches = f.patches.map((p) => ({ ...p, count: patchAtNewWeek(p), harvested: false }));
    for (const [i, p] of f.patches.entries())
      if (patches[i]!.count !== p.count)
        line(out, 'change', `The ${p.flora} patch left with ${p.count} doubles to ${patches[i]!.count} (ch.17)`);
    w.town = {
      ...w.town,
      forest: { ...f, giverHealth: g.loss ? g.health : f.giverHealth, patches: patches.filter((p) => p.count > 0) },
      weeks: { ...w.town.weeks, closed: week },
    };
  }
}

/**
 * ch.5: the start of an in-game week: the Smith's d8 (re-rolled once on 1-2 at Stage 2), the Idols'
 * Vanity stage (a rise moves the Attention, ch.6), a Town NPC leaving at Stage 2, and the weekly
 * Vanity and Celestial effects (ch.6).
 */
export function weekStarts(dice: Dice, w: DayWorld, out: DayOut, week: number, paidDouble: ReadonlySet<number>): void {
  const smith = rollSmithWeek(dice, { week, stage: w.stage });
  const explain =
    smith.value === null ? smith.explain : `${smith.explain}: ${entryText(w.tables, 'smith-events', smith.value)}`;
  if (smith.rolls.length)
    out.records.push({ cause: `Smith, week ${week} (ch.5)`, table: 'smith-events', explain, result: smith.rolls });
  line(out, 'roll', `Smith (week ${week}): ${explain}`);

  const { vanity, boons } = w.effects;
  const shift = vanityShift(w.town.lastVanityStage, vanity.stage);
  if (shift.explain) line(out, 'change', shift.raise ? `${shift.explain} (ch.6)` : shift.explain);
  if (shift.raise) {
    out.attentionEvents.push({ type: 'VANITY', stage: shift.raise as 1 | 2 | 3 | 4 });
    const reached = w.town.lastVanityStage;
    if (shift.raise >= 2 && reached < 2) {
      // ch.6 Vanity stage 2: one Retainer shifts to Wary; the Inn leans negative for 7 days.
      w.town = { ...w.town, vanityTown: { ...w.town.vanityTown, innShiftUntil: w.day + VANITY_TOWN_DAYS } };
      const pool = retainersWhoMayTurnWary(w.town.retainers);
      if (pool.length) {
        const pick = dice.die(pool.length, 'Vanity stage 2: which Retainer turns Wary');
        const r = pool[pick.natural - 1]!;
        out.records.push({
          cause: 'Vanity stage 2: a Retainer turns Wary (ch.6)',
          explain: `1d${pool.length} = ${pick.natural}: ${r.name}`,
          result: pick,
        });
        w.town = { ...w.town, retainers: w.town.retainers.map((x) => (x.id === r.id ? { ...x, loyalty: 'wary' } : x)) };
        line(out, 'change', `Vanity stage 2: ${r.name} shifts to Wary (1d${pool.length} = ${pick.natural}) (ch.6)`);
      }
    }
    if (shift.raise >= 3 && reached < 3)
      w.town = { ...w.town, vanityTown: { ...w.town.vanityTown, innLockUntil: w.day + VANITY_TOWN_DAYS } };
  }
  w.town = { ...w.town, lastVanityStage: vanity.stage, weeks: { ...w.town.weeks, opened: week } };

  // ch.5 Stage 2 and ch.6 Vanity stage 3: a Town resident leaves each week (never a Devoted Retainer, ch.7).
  const leaving = residentsWhoMayLeave({
    stage: w.stage,
    vanityStage: vanity.stage,
    npcs: w.town.npcs,
    retainers: w.town.retainers,
    paidDouble,
  });
  if (leaving?.pool.length) {
    const pick = dice.die(leaving.pool.length, `A Town resident leaves: ${leaving.why}`);
    const gone = leaving.pool[pick.natural - 1]!;
    out.records.push({
      cause: `A Town resident leaves: ${leaving.why}`,
      explain: `1d${leaving.pool.length} = ${pick.natural}: ${gone.name}`,
      result: pick,
    });
    if (gone.kind === 'npc') w.town = { ...w.town, npcs: w.town.npcs.filter((n) => n.id !== gone.id) };
    else {
      out.tokensGone.push(w.town.retainers.find((r) => r.id === gone.id)?.tokenId ?? null);
      w.town = { ...w.town, retainers: w.town.retainers.filter((r) => r.id !== gone.id) };
    }
    line(
      out,
      'change',
      `${gone.name} leaves the Town quietly: ${leaving.why} (1d${leaving.pool.length} = ${pick.natural})`,
    );
  } else if (leaving) line(out, 'note', `A Town resident would leave (${leaving.why}), but none is listed in the Town`);
  // ch.6 Vanity stage 2: the whole party rolls a Sanity Challenge (target 12) once a week.
  if (vanity.weeklyPartyChallenge)
    for (const id of partyInTown(w))
      challenge(dice, w, out, id, VANITY_WEEKLY_TARGET, `A Vanity Idol's weekly toll, week ${week} (ch.6)`, 'town');
  // ch.6 the Celestial Mark: full Sanity for the dedicating party once a week.
  for (const id of partyInTown(w)) {
    const l = w.roster.get(id)!;
    const c = celestialWeek(l.sanity, boonStrength(boons, 'celestial-mark', id, w.rules));
    if (c.restore) {
      w.roster.set(id, { ...l, sanity: 'whole' });
      line(out, 'change', `${l.name}: ${c.explain}, ${SANITY_LADDER[l.sanity].label} → Whole (ch.6)`);
    }
  }
}
