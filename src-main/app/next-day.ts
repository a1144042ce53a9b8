// "Next day" (rulebook ch.4, ch.5, ch.7, ch.8, ch.16, ch.17): the day's rolls in ch.5's order — the
// Inn, Retainers, the Forest, the Square; weekly the Smith, the Idols and the Giver; the Attention's
// clocks; each Lichslayer's survival clock and night — written as one step with its report.
import type { Database } from 'better-sqlite3';
import type { DayReport } from '@shared/contract.ts';
import { type TownState } from '@shared/town.ts';
import { readWorld, writeWorld } from '../db/board-repo.ts';
import type { RecordingWriter } from '../db/history.ts';
import { currentSession } from '../db/ledger.ts';
import { readHouseRules, writeSetting } from '../db/settings.ts';
import { readTown, today, writeTown } from '../db/town-repo.ts';
import { isWeeklyRollDay, weekOf } from '../rules/calendar.ts';
import { IDOL_TIERS, vanityStage } from '../rules/idol.ts';
import { rollInn } from '../rules/inn.ts';
import { attentionEffects } from '../rules/lich-attention.ts';
import { turningStatus } from '../rules/lich.ts';
import { afterMissedWage, loyaltyAfterPay, rollRetainers, RETAINER_GRADES } from '../rules/retainers.ts';
import { sanityChallenge } from './combat-hooks.ts';
import { closeDay } from './day-close.ts';
import type { LichslayerRow } from './lichslayer-row.ts';
import { attentionActor, attentionStage, diveActor, turnedOn } from './phase-store.ts';
import { entryText, rollWithTables } from './table-rolls.ts';
import { activeVanity, asIdol, ensureSmith, removeToken } from './town-ops.ts';

/**
 * The Town's part of "next day" (ch.5, ch.7, ch.17): Retainers' wages and d8, the Forest's d6 for
 * each party member there, the Square's d6 when 100+ gold was given; weekly, the Idols' Vanity
 * stage and the Giver's hunger. Runs after the Inn's roll, before the survival clocks.
 */
export function townDay(w: RecordingWriter, db: Database, day: number, inn: { value: number; closed: boolean }, lines: DayReport['lines']): void {
  let state = ensureSmith(db, readTown(db), lines);
  const stage = attentionStage(db);
  // Retainers: wages from their employer, loyalty by pay, the wary leave on a bad Inn night (ch.7).
  if (state.retainers.length) {
    const kept: TownState['retainers'] = [];
    for (const r of state.retainers) {
      const boss = db.prepare(`SELECT id, name, gold FROM lichslayer WHERE id = ?`).get(r.employer) as { id: number; name: string; gold: number } | undefined;
      const wage = RETAINER_GRADES[r.grade].wage * (r.double ? 2 : 1);
      let loyalty = r.loyalty;
      if (boss && boss.gold >= wage) {
        w.update('lichslayer', boss.id, { gold: boss.gold - wage });
        loyalty = loyaltyAfterPay(loyalty, r.double ? 'double' : 'wage');
      } else {
        // ch.7 reads two ways (a house rule): a missed wage costs a loyalty step, or the unpaid leave.
        const after = afterMissedWage(loyalty, readHouseRules(db).unpaidRetainer);
        if (after === 'leaves') {
          lines.push({ kind: 'change', text: `${r.name} is not paid and leaves (ch.7)` });
          removeToken(w, db, r.tokenId);
          continue;
        }
        loyalty = after;
        lines.push({ kind: 'change', text: `${r.name} is not paid: ${r.loyalty} → ${loyalty} (ch.7)` });
      }
      if (loyalty === 'wary' && !inn.closed && inn.value <= 6) {
        lines.push({ kind: 'change', text: `${r.name}, Wary, leaves after a bad night at the Inn (ch.7)` });
        removeToken(w, db, r.tokenId);
        continue;
      }
      if (loyalty !== r.loyalty && boss && boss.gold >= wage) lines.push({ kind: 'change', text: `${r.name}: ${r.loyalty} → ${loyalty} (${r.double ? 'paid double' : 'paid'}, ch.7)` });
      kept.push({ ...r, loyalty, double: false });
    }
    state = { ...state, retainers: kept };
    if (kept.length) {
      const text = rollWithTables(db, 'town.nextDay', ({ dice, tables }) => {
        const vanityIdols = activeVanity(state, day);
        const r = rollRetainers(dice, { devoted: kept.filter((k) => k.loyalty === 'devoted').length, activeVanityIdols: vanityIdols }, `Retainers, day ${day}`);
        const explain = `${r.explain}: ${entryText(tables, 'retainer-events', Math.max(1, Math.min(8, r.value)))}`;
        return { value: explain, records: [{ cause: `Retainers, day ${day} (ch.7)`, table: 'retainer-events', explain, result: r }] };
      });
      lines.push({ kind: 'roll', text: `Retainers: ${text}` });
    }
  }
  // The Forest: 1d6 for each party member there (ch.5, ch.17); hostile at Stage 4.
  for (const id of state.forest.present) {
    const p = db.prepare(`SELECT name FROM lichslayer WHERE id = ?`).get(id) as { name: string } | undefined;
    if (!p) continue;
    const text = rollWithTables(db, 'town.nextDay', ({ dice, tables }) => {
      const d6 = dice.die(6, `The Forest for ${p.name}, day ${day}`);
      const mods = [...(state.forest.fedThisWeek ? [{ source: 'the Giver fed this week', value: 1 }] : []), ...(state.forest.griefing ? [{ source: 'griefing', value: -state.forest.griefing }] : []), ...(state.forest.giverHealth <= 0 ? [{ source: 'the Giver is dead', value: -2 }] : [])];
      const value = Math.max(1, Math.min(6, d6.natural + mods.reduce((a, m) => a + m.value, 0)));
      const explain = `${value} = ${d6.natural} on d6${mods.map((m) => ` ${m.value > 0 ? '+' : '−'} ${Math.abs(m.value)} (${m.source})`).join('')}: ${entryText(tables, 'forest-conditions', value)}${attentionEffects(stage).forestHostile ? '; and the Forest is hostile: an extra Floor 7-9 encounter (ch.5)' : ''} (ch.17)`;
      return { value: explain, records: [{ cause: `The Forest for ${p.name}, day ${day} (ch.5)`, table: 'forest-conditions', character: p.name, explain, result: d6 }] };
    });
    lines.push({ kind: 'roll', text: `Forest (${p.name}): ${text}` });
  }
  // ch.17: a day spent in a grayed region forces a Sanity Challenge, target 12.
  if (state.forest.regionGray) {
    for (const id of state.forest.present) lines.push({ kind: 'change', text: sanityChallenge(w, db, 'town.nextDay', { lichslayerId: id, target: 12, cause: 'A day in a grayed region of the Forest (ch.17)', where: 'forest' }).explain });
  }
  // The Square: its d6 when 100 or more gold was given today (ch.5).
  if (state.contributed.square >= 100) {
    const text = rollWithTables(db, 'town.nextDay', ({ dice, tables }) => {
      const d6 = dice.die(6, `The Square, day ${day}`);
      const explain = `${d6.natural} on d6 (${state.contributed.square} gold given): ${entryText(tables, 'square-events', d6.natural)} (ch.5)`;
      return { value: explain, records: [{ cause: `The Square, day ${day} (ch.5)`, table: 'square-events', explain, result: d6, public: true }] };
    });
    lines.push({ kind: 'roll', text: `Square: ${text}` });
  }
  state = { ...state, contributed: { inn: 0, square: 0, innYesterday: state.contributed.inn } };
  // ch.5 (Modifier table): a Festival lasts one in-game day.
  const world = readWorld(db);
  if (world.festival) {
    writeWorld(w, db, { ...world, festival: false });
    lines.push({ kind: 'change', text: 'The Festival is over (ch.5)' });
  }
  // ch.16: at Stage 4 the Watch counter is reset to 0.
  if (attentionEffects(stage).watch.resetToZero && state.squareWatch) state = { ...state, squareWatch: 0 };
  // Idols: destructions finish, and a new one completes.
  state = { ...state, idols: state.idols.map((i) => (i.destroyOrdered !== null && !i.destroyed && day + 1 >= i.destroyOrdered + IDOL_TIERS[i.tier].destroyDays ? { ...i, destroyed: true } : i)) };
  writeTown(w, db, state);
}

/** The Town's weekly step (ch.5): the Idols' Vanity stage moves the Lich's Attention (ch.6); the Giver's hunger (ch.17). */
export function townWeek(w: RecordingWriter, db: Database, day: number, lines: DayReport['lines']): void {
  let state = readTown(db);
  const stage = attentionStage(db);
  const v = vanityStage(state.idols.map(asIdol), day);
  if (v.stage !== state.lastVanityStage) {
    lines.push({ kind: 'change', text: `Vanity stage ${state.lastVanityStage} → ${v.stage}: ${v.explain}` });
    if (v.stage > 0) {
      const attention = attentionActor(db);
      attention.send({ type: 'VANITY', stage: v.stage as 1 | 2 | 3 | 4 });
      writeSetting(w, db, 'machine:attention', attention.getPersistedSnapshot());
    }
    state = { ...state, lastVanityStage: v.stage };
  }
  // ch.17: the Giver loses 60 Health for each week unfed (twice as fast at Stage 3, ch.5).
  // The first week has only begun on the campaign's first weekly day: nothing has gone unfed yet.
  if (day > readHouseRules(db).weekStartDay && !state.forest.fedThisWeek && state.forest.giverHealth > 0) {
    const loss = 60 * attentionEffects(stage).giverHungerFactor;
    const health = Math.max(0, state.forest.giverHealth - loss);
    lines.push({ kind: 'change', text: `The Giver goes unfed: −${loss} Health, ${health} left${health === 0 ? ': it dies and the Forest collapses by half' : ''} (ch.17)` });
    state = { ...state, forest: { ...state.forest, giverHealth: health } };
  }
  state = { ...state, forest: { ...state.forest, fedThisWeek: false } };
  writeTown(w, db, state);
}

/** One in-game day passes for the whole campaign (ch.5's order); returns the day's report. */
export function nextDay(w: RecordingWriter, database: Database): DayReport {
  const rules = readHouseRules(database);
  const day = today(database);
  const stage = attentionStage(database);
  const world = readWorld(database);
  const dive = diveActor(database).getSnapshot();
  const lines: DayReport['lines'] = [];
  // ch.5's order: the Inn's d12 first, then the weekly Smith, then the Attention's clocks,
  // then each Lichslayer's survival clock.
  const town = readTown(database);
  const inn = rollWithTables(database, 'town.nextDay', ({ dice, tables }) => {
    const r = rollInn(
      dice,
      { contributedYesterday: town.contributed.innYesterday, activeRetainers: town.retainers.length, festival: world.festival, squareEmpty: world.squareEmpty, attentionStage: stage, turnedCharacters: dive.context.turned.length },
      `Inn, day ${day}`,
    );
    const explain = r.closed ? r.explain : `${r.explain}: ${entryText(tables, 'inn-events', r.value)}`;
    return { value: { explain, value: r.value, closed: r.closed }, records: [{ cause: `Inn, day ${day} (ch.5)`, table: 'inn-events', explain, result: r }] };
  });
  lines.push({ kind: 'roll', text: `Inn: ${inn.explain}` });
  townDay(w, database, day, inn, lines);
  if (isWeeklyRollDay(day, rules)) {
    const smith = rollWithTables(database, 'town.nextDay', ({ dice, tables }) => {
      const roll = dice.die(8, `Smith, week ${weekOf(day, rules)}`);
      const explain = `1d8 = ${roll.natural}: ${entryText(tables, 'smith-events', roll.natural)}`;
      return { value: explain, records: [{ cause: `Smith, week ${weekOf(day, rules)} (ch.5)`, table: 'smith-events', explain, result: roll }] };
    });
    lines.push({ kind: 'roll', text: `Smith (weekly): ${attentionEffects(stage).smithGone ? 'the Smith has fled (ch.5)' : smith}` });
  }
  if (isWeeklyRollDay(day, rules)) townWeek(w, database, day, lines);
  const attention = attentionActor(database);
  const before = attention.getSnapshot().context.stage;
  attention.send({ type: 'DAY_PASSED', deepestFloorDived: dive.context.floor ?? 0 });
  const after = attention.getSnapshot().context;
  if (after.stage !== before) lines.push({ kind: 'change', text: `Lich's Attention: Stage ${before} → ${after.stage}${after.last ? ` — ${after.last}` : ''}` });
  writeSetting(w, database, 'machine:attention', attention.getPersistedSnapshot());

  // ch.16: each turned character's Pilgrimage clock.
  const since = turnedOn(database);
  for (const id of dive.context.turned) {
    const t = database.prepare(`SELECT name FROM lichslayer WHERE id = ?`).get(id) as { name: string } | undefined;
    const on = since[String(id)];
    if (t && on !== undefined) lines.push({ kind: 'change', text: `${t.name}, turned on day ${on}: ${turningStatus(on, day + 1).explain}` });
  }
  const roster = database.prepare(`SELECT * FROM lichslayer ORDER BY position, id`).all() as LichslayerRow[];
  for (const l of roster) {
    if (dive.context.lost.includes(l.id)) continue;
    // Stage 4: the Inn is closed and the clock runs unchecked (ch.16).
    const innOpen = !attentionEffects(stage).innClosed;
    lines.push(closeDay(w, database, l, { ate: innOpen && l.ate_today === 1, sheltered: innOpen && l.sheltered_today === 1, day, stage }));
  }
  w.update('town', 1, { day: day + 1 });
  const report: DayReport = { day, session: currentSession(database), lines };
  w.insert('day_report', { day, report: JSON.stringify(report) });
  return report;
}
