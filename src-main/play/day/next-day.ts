// "Next day" (rulebook ch.4-8, ch.16, ch.17): the day's rolls in ch.5's order — the Inn, Retainers,
// the Forest, the Square; the weeks' ends and starts (the Giver's hunger, the Smith, the Idols); the
// Attention's clocks; each Lichslayer's survival clock and night; then the morning of the next day.
// One world is loaded, a sequence of rules runs over it with the campaign's dice, and everything is
// written at the end, in one transaction with its report.
import { rosterRows } from '../../state/roster.ts';
import type { PlayReader, PlaySession } from '../../state/session.ts';
import { retainerStreaks } from '../skills/aristocrat.ts';
import { medicineRefills } from '../skills/doctor.ts';
import type { DayReport } from '@shared/contract.ts';
import type { TownState } from '@shared/town.ts';
import { readWorld, writeWorld } from '../../state/board.ts';
import { currentSession } from '../../state/sessions.ts';
import { readHouseRules, writeSetting } from '../../state/settings.ts';
import { readTown, today, writeTown } from '../../state/town.ts';
import { weeksAtClose } from '../../rules/calendar.ts';
import type { Dice } from '../../rules/dice.ts';
import {
  activeVanity,
  lastVanityIdolGone,
  destructionDone,
  properlyInscribed,
  VANITY_DAILY_TARGET,
} from '../../rules/idol.ts';
import { rollInn, rollInnNegativeFirst } from '../../rules/inn.ts';
import { innNightToday } from '../inn-today.ts';
import type { AttentionStage } from '../../rules/lich-attention.ts';
import { turningStatus } from '../../rules/lich.ts';
import { RETAINER_GRADES, rollRetainers, waryLeaves } from '../../rules/retainers.ts';
import { dayPay } from '../../rules/retainer-pay.ts';
import { skillRollBonuses } from '../skills/skill-facts.ts';
import { squareEventDue, squareGift, watchUnderStage } from '../../rules/square.ts';
import { GRAYED_REGION_TARGET } from '../../rules/forest.ts';
import { forestMorning } from './forest-day.ts';
import { attentionActor, attentionStage, diveActor } from '../machines.ts';
import { turnedOnDay } from '../../state/lichslayer.ts';
import { entryText } from '../../tables/table-entries.ts';
import { ensureSmith, idolEffects, removeToken } from '../town.ts';

import { challenge, line, partyInTown, type DayOut, type DayWorld } from './day-world.ts';
import { weekEnds, weekStarts } from './week-turn.ts';
import { nightStep } from './night.ts';

/** The day at the Inn as the Retainers read it (ch.7): its roll, and Stage 1's negative event before it. */
interface InnDay {
  value: number;
  closed: boolean;
  negativeFirst: number | null;
}

/**
 * The Inn's event for the day that begins (ch.5), so that what it does to the day's prices falls on
 * a day not yet paid for: at Stage 1 a negative event first (house rule), then the d12 with its
 * modifiers (the patron gold given on the day now closing, a Vanity Idol's 7-day Town effects, ch.6).
 */
function innStep(dice: Dice, w: DayWorld, out: DayOut): InnDay {
  const day = w.day + 1;
  const first = rollInnNegativeFirst(
    dice,
    { attentionStage: w.stage, negativeUpTo: w.rules.innNegativeUpTo, rule: w.rules.stageOneNegativeFirst },
    `Inn, day ${day}: a negative event first at Stage 1`,
  );
  if (first) {
    const explain = `${first.explain}: ${entryText(w.tables, 'inn-events', first.value)}`;
    out.records.push({
      cause: `Inn, day ${day}: a negative event first at Stage 1 (ch.5, house rule)`,
      table: 'inn-events',
      explain,
      result: first,
    });
    line(out, 'roll', `Inn, day ${day}, first: ${explain}`);
  }
  const vt = w.town.vanityTown;
  const r = rollInn(
    dice,
    {
      contributedYesterday: w.town.contributed.inn,
      activeRetainers: w.town.retainers.length,
      festival: w.world.festival,
      squareEmpty: w.world.squareEmpty,
      attentionStage: w.stage,
      turnedCharacters: w.dive.turned.length,
      // The Vanity's 7 days are counted on the closing day, as they were set at a close (ch.6).
      vanityNegativeShift: vt.innShiftUntil !== null && w.day <= vt.innShiftUntil ? w.rules.vanityInnShift : 0,
      ...(vt.innLockUntil !== null && w.day <= vt.innLockUntil ? { vanityLockTo: w.rules.innNegativeUpTo } : {}),
    },
    `Inn, day ${day}`,
  );
  const explain = r.closed ? r.explain : `${r.explain}: ${entryText(w.tables, 'inn-events', r.value)}`;
  out.records.push({ cause: `Inn, day ${day} (ch.5)`, table: 'inn-events', explain, result: r });
  line(out, 'roll', `Inn, day ${day}: ${explain}`);
  w.town = { ...w.town, innEvent: r.closed ? null : { day, value: r.value, first: first?.value ?? null } };
  return { value: r.value, closed: r.closed, negativeFirst: first?.value ?? null };
}

/** ch.7: wages paid (double for loyalty), the unpaid and the Wary on a bad Inn night leave, then the d8. */
function retainerStep(dice: Dice, w: DayWorld, out: DayOut, inn: InnDay): Set<number> {
  const paidDouble = new Set<number>();
  if (!w.town.retainers.length) return paidDouble;
  const kept: TownState['retainers'] = [];
  for (const r of w.town.retainers) {
    const boss = w.roster.get(r.employer);
    const pay = dayPay(
      {
        name: r.name,
        grade: r.grade,
        loyalty: r.loyalty,
        double: r.double,
        excused: r.holidayOn === w.day,
        employer: boss?.name ?? '',
        employerGold: boss?.gold ?? null,
      },
      w.rules.unpaidRetainer,
    );
    if (boss && pay.paid) w.roster.set(boss.id, { ...boss, gold: boss.gold - pay.paid });
    if (pay.paid > RETAINER_GRADES[r.grade].wage) paidDouble.add(r.id);
    if (pay.loyalty === 'leaves') {
      line(out, 'change', pay.explain);
      out.tokensGone.push(r.tokenId);
      continue;
    }
    if (pay.loyalty !== r.loyalty || r.double || !pay.paid) line(out, 'change', pay.explain);
    // Stage 1's negative event first is a negative Inn event as much as the day's roll (ch.5, ch.7).
    const bad = inn.negativeFirst ?? inn.value;
    if (waryLeaves(pay.loyalty, { closed: inn.closed, value: bad }, w.rules.innNegativeUpTo)) {
      line(
        out,
        'change',
        `${r.name}, Wary, leaves after a negative Inn event (${bad}; negative up to ${w.rules.innNegativeUpTo}, house rule) (ch.7)`,
      );
      out.tokensGone.push(r.tokenId);
      continue;
    }
    kept.push({ ...r, loyalty: pay.loyalty, double: false });
  }
  w.town = { ...w.town, retainers: kept };
  if (kept.length) {
    const vanityIdols = activeVanity(w.effects.idols, w.day);
    const r = rollRetainers(
      dice,
      { devoted: kept.filter((k) => k.loyalty === 'devoted').length, activeVanityIdols: vanityIdols },
      `Retainers, day ${w.day}`,
    );
    const explain = `${r.explain}: ${entryText(w.tables, 'retainer-events', Math.max(1, Math.min(8, r.value)))}`;
    out.records.push({ cause: `Retainers, day ${w.day} (ch.7)`, table: 'retainer-events', explain, result: r });
    line(out, 'roll', `Retainers: ${explain}`);
  }
  return paidDouble;
}

/** ch.17: a day spent in a grayed region forces a Sanity Challenge on everyone there. */
function grayedRegionStep(dice: Dice, w: DayWorld, out: DayOut): void {
  if (!w.town.forest.regionGray) return;
  for (const id of w.town.forest.present)
    challenge(dice, w, out, id, GRAYED_REGION_TARGET, 'A day in a grayed region of the Forest (ch.17)', 'forest');
}

/** ch.5: the Square's d6 when 100+ gold was given today; ch.4: the gift's bonus tomorrow. */
function squareStep(dice: Dice, w: DayWorld, out: DayOut): void {
  const given = w.town.contributed.square;
  if (squareEventDue(given)) {
    const d6 = dice.die(6, `The Square, day ${w.day}`);
    const explain = `${d6.natural} on d6 (${given} gold given): ${entryText(w.tables, 'square-events', d6.natural)} (ch.5)`;
    out.records.push({
      cause: `The Square, day ${w.day} (ch.5)`,
      table: 'square-events',
      explain,
      result: d6,
      public: true,
    });
    line(out, 'roll', `Square: ${explain}`);
  }
  const gift = squareGift(given, w.day, w.rules);
  if (gift) line(out, 'change', gift.explain);
  w.town = {
    ...w.town,
    squareGift: gift ? { day: gift.day, bonus: gift.bonus } : null,
    contributed: { inn: 0, square: 0 },
  };
  // ch.5 (Modifier table): a Festival lasts one in-game day.
  if (w.world.festival) {
    w.world = { ...w.world, festival: false };
    line(out, 'change', 'The Festival is over (ch.5)');
  }
}

/** ch.6: destructions whose days are done; the last Vanity Idol gone at Stage 3 brings the Attention down (ch.5). */
function idolStep(w: DayWorld, out: DayOut): void {
  const finished = w.town.idols.filter((i) => destructionDone(i, w.day));
  if (!finished.length) return;
  w.town = {
    ...w.town,
    idols: w.town.idols.map((i) => (finished.some((f) => f.id === i.id) ? { ...i, destroyed: true } : i)),
  };
  for (const f of finished) {
    const proper = properlyInscribed(f);
    const by = f.destroyedBy !== null ? w.roster.get(f.destroyedBy) : undefined;
    const destroyer = by?.name ?? 'the destroyer';
    // ch.6: the blessing's +1 to a Rating of their choice is one stat point, spent as a level's are.
    if (proper && by) w.roster.set(by.id, { ...by, stat_points: by.stat_points + 1 });
    line(
      out,
      'change',
      `The Tier ${f.tier} Idol${f.subject ? ` of ${f.subject}` : ''} is destroyed${f.rareItem && f.tier === 3 ? `; ${f.rareItem} is consumed in the breaking` : ''}${f.crown ? "; the Lich's Crown's corruption remains" : ''}${proper ? `; its inscription's entity blesses ${destroyer}: +1 to a Rating of their choice, a stat point to spend on the Gauntlet` : ''} (ch.6)`,
    );
  }
  const standing = new Set(w.town.idols.filter((i) => !i.destroyed).map((i) => i.id));
  // the Attention's machine decides whether the deed brings it down (only from Stage 3)
  if (lastVanityIdolGone(w.effects.idols, standing, w.day))
    out.attentionEvents.push({ type: 'RESOLVED', deed: 'vanity-idols-destroyed' });
}

/** The party as the Town's weekly effects reach them: everyone on the roster not lost for good or turned. */
/** ch.5, ch.16: the Attention's clocks and what the day sent it; each turned character's Pilgrimage. */
function attentionStep(ps: PlayReader, w: DayWorld, out: DayOut) {
  const attention = attentionActor(ps);
  for (const e of out.attentionEvents) attention.send(e);
  const before = w.stage;
  attention.send({ type: 'DAY_PASSED', deepestFloorDived: w.dive.floor ?? 0, banquet: w.town.banquetOn === w.day });
  const after = attention.getSnapshot().context;
  if (after.stage !== before)
    line(out, 'change', `Lich's Attention: Stage ${before} → ${after.stage}${after.last ? ` — ${after.last}` : ''}`);
  if (w.town.banquetOn === w.day) w.town = { ...w.town, banquetOn: null };
  for (const id of w.dive.turned) {
    const t = w.roster.get(id);
    const on = turnedOnDay(ps, id);
    if (t && on !== null)
      line(out, 'change', `${t.name}, turned on day ${on}: ${turningStatus(on, w.day + 1).explain}`);
  }
  return { snapshot: attention.getPersistedSnapshot(), stage: after.stage as AttentionStage };
}

/** The morning of the next day (the world's day already moved on): a Vanity Idol's dedicators roll their Sanity Challenge (ch.6). */
function morningStep(dice: Dice, w: DayWorld, out: DayOut): void {
  const { vanity } = w.effects;
  for (const id of vanity.dailyChallenge) {
    if (!w.roster.has(id) || w.dive.lost.includes(id)) continue;
    challenge(
      dice,
      w,
      out,
      id,
      VANITY_DAILY_TARGET,
      `A Vanity Idol's dedicator at the start of day ${w.day} (ch.6)`,
      'town',
    );
  }
}

/** One in-game day passes for the whole campaign (ch.5's order); returns the day's report. */
export function nextDay(ps: PlaySession): DayReport {
  const day = today(ps);
  const rules = readHouseRules(ps);
  const diveCtx = diveActor(ps).getSnapshot().context;
  const roster = new Map(rosterRows(ps).map((l) => [l.id, l]));
  const lines: DayReport['lines'] = [];
  const town = ensureSmith(ps, readTown(ps), lines);
  const before = new Map(roster);
  const result = ps.roll('town.nextDay', ({ dice, tables }) => {
    const world: DayWorld = {
      day,
      rules,
      stage: attentionStage(ps),
      world: readWorld(ps),
      dive: { floor: diveCtx.floor, lost: diveCtx.lost, turned: diveCtx.turned, present: diveCtx.present },
      town,
      roster,
      tables,
      effects: idolEffects(ps, town, day),
      skills: (row) => skillRollBonuses(ps, row),
    };
    const refresh = () => (world.effects = idolEffects(ps, world.town, world.day));
    const out: DayOut = { lines, records: [], tokensGone: [], attentionEvents: [] };
    // The night closes the day now ending, under that day's Inn event; the step below rolls the next.
    const tonight = innNightToday(ps);
    const inn = innStep(dice, world, out);
    const paidDouble = retainerStep(dice, world, out, inn);
    grayedRegionStep(dice, world, out);
    squareStep(dice, world, out);
    idolStep(world, out);
    refresh();
    const weeks = weeksAtClose(day, world.town.weeks, rules);
    weekEnds(world, out, weeks.close);
    if (weeks.open !== null) weekStarts(dice, world, out, weeks.open, paidDouble);
    const attention = attentionStep(ps, world, out);
    const watch = watchUnderStage(world.town.squareWatch, attention.stage);
    if (watch.explain) line(out, 'change', watch.explain);
    world.town = { ...world.town, squareWatch: watch.watch };
    nightStep(dice, world, out, tonight);
    world.day += 1;
    refresh();
    morningStep(dice, world, out);
    const forest = forestMorning(dice, {
      day: world.day,
      stage: attention.stage,
      town: world.town,
      roster: world.roster,
      tables,
      rules,
      players: partyInTown(world).length,
    });
    world.town = forest.town;
    out.records.push(...forest.records);
    for (const l of forest.lines) line(out, 'roll', l);
    return { value: { world, out, attention }, records: out.records };
  });
  const { world, out, attention } = result;
  for (const [id, l] of world.roster) {
    const was = before.get(id)!;
    const patch = Object.fromEntries(
      Object.entries(l).filter(([k, v]) => (was as unknown as Record<string, unknown>)[k] !== v),
    );
    if (Object.keys(patch).length) ps.update('lichslayer', id, patch);
  }
  for (const tokenId of out.tokensGone) removeToken(ps, tokenId);
  writeTown(ps, world.town);
  writeWorld(ps, world.world);
  writeSetting(ps, 'machine:attention', attention.snapshot);
  ps.update('town', 1, { day: day + 1 });
  // ch.2: the Aristocrats' days with 3 active Retainers, toward Influence.
  for (const text of retainerStreaks(ps)) line(out, 'change', text);
  // ch.2: Medicine Bay enhanced replenishes a Medicine Slot item at the new day's start.
  for (const text of medicineRefills(ps)) line(out, 'change', text);
  const report: DayReport = { day, session: currentSession(ps), lines: out.lines };
  ps.append('day_report', { day, report: JSON.stringify(report) });
  return report;
}
