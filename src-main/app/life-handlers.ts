// Campaign life between dives (rulebook ch.1, ch.4, ch.5, ch.8): creating a Lichslayer by the
// book, growth from XP, the Inn's meal and shelter, and "next day" with its report. Every roll is
// in the ledger; every change is one undoable step.
import type { Database } from 'better-sqlite3';
import type { CommandName, DayReport } from '@shared/contract.ts';
import { readWorld } from '../db/board-repo.ts';
import type { RecordingWriter } from '../db/history.ts';
import { currentSession, type RollRecord } from '../db/ledger.ts';
import { readHouseRules } from '../db/settings.ts';
import { isWeeklyRollDay, weekOf } from '../rules/calendar.ts';
import { XP_PER_ENEMY, levelForXp, rollClass, rollStatPoints, statPointsForLevels, STAT_POINT_EFFECT, xpFromGold } from '../rules/character.ts';
import { INN_PRICES, rollInn } from '../rules/inn.ts';
import { rollStartingLoot } from '../rules/loot-roll.ts';
import { startingGauntlet } from '../rules/starting-stats.ts';
import { lifeRecord, writeLifeRecord } from '../db/life-records.ts';
import { classSkill } from '../rules/skills.ts';
import { CommandFailure } from './command-failure.ts';
import { turningStatus } from '../rules/lich.ts';
import { closeDay } from './day-close.ts';
import { requireLichslayer as row, type LichslayerRow } from './lichslayer-row.ts';
import { today } from '../db/town-repo.ts';
import type { HandlerContext, Handlers } from './campaign-app.ts';
import { attentionActor, attentionStage, diveActor, turnedOn } from './phase-store.ts';
import { entryAt, entryText, rollWithTables } from './table-rolls.ts';
import { readTown, townDay, townWeek } from './town-handlers.ts';
import { writeSetting } from '../db/settings.ts';

type LifeCommand = Extract<CommandName, 'lichslayer.levelUp' | 'lichslayer.felled' | 'lichslayer.roll' | 'lichslayer.spendPoint' | 'lichslayer.gainGold' | 'town.buy' | 'town.nextDay' | 'town.reports'>;



/**
 * XP earned, and what it brings (ch.1, ch.2): each level reached gives two stat points; level 2
 * reveals the class and unlocks its first skill. The one place XP is added, whatever earned it.
 */
export function addXp(w: RecordingWriter, db: Database, id: number, gained: number, notes: string[] = [], source: 'gold' | 'enemy' | 'floor' = 'gold'): void {
  const l = row(db, id);
  // Gold is counted on the Gauntlet itself; enemies and floors in the Lichslayer's record (ch.1).
  if (source !== 'gold') {
    const r = lifeRecord(db, id);
    writeLifeRecord(w, db, id, source === 'enemy' ? { ...r, enemiesFelled: r.enemiesFelled + 1 } : { ...r, floorsCleared: r.floorsCleared + 1 });
  }
  const xp = l.xp + gained;
  const level = Math.max(l.level, levelForXp(xp, readHouseRules(db)).value);
  const patch: Record<string, unknown> = { xp };
  if (level > l.level) {
    patch.level = level;
    patch.stat_points = l.stat_points + statPointsForLevels(l.level, level);
    notes.push(`${l.name} reaches level ${level}: +${statPointsForLevels(l.level, level)} stat points (ch.1)`);
    if (l.level < 2 && level >= 2 && l.hidden_class) {
      const skill = classSkill(l.hidden_class, 1)?.name;
      if (skill && !l.skill1) patch.skill1 = skill;
      notes.push(`${l.name}'s class is revealed: ${l.hidden_class}${skill ? `, Skill 1 ${skill} unlocked` : ''} (ch.1, ch.2)`);
    }
    // ch.2: Skills 2 and 3 unlock at levels 4 and 6.
    for (const [at, slot, field] of [[4, 2, 'skill2'], [6, 3, 'skill3']] as const) {
      const skill = classSkill(l.hidden_class, slot);
      if (l.level < at && level >= at && skill && !(l as unknown as Record<string, string>)[field]) {
        patch[field] = skill.name;
        notes.push(`${l.name} unlocks Skill ${slot}: ${skill.name} (ch.2)`);
      }
    }
  }
  w.update('lichslayer', id, patch);
}


export function lifeHandlers(ctx: HandlerContext): Pick<Handlers, LifeCommand> {
  const db = () => ctx.require().db;
  const view = (database: Database, notes: string[]) => ({ day: today(database), notes });

  return {
    'lichslayer.roll': (args) =>
      ctx.transact('lichslayer.roll', args, `Roll up ${args.name}`, (w, database) => {
        const rules = readHouseRules(database);
        const start = startingGauntlet(rules);
        const cause = `Creation of ${args.name}`;
        // ch.1: starting loot three times (1d100 − 40, influence allowed), stat points 6 × 1d6, class on d8.
        const rolled = rollWithTables(database, 'lichslayer.roll', ({ dice, tables }) => {
          const influence = args.influence.map((sides, i) => (sides ? [{ source: `influence die ${i + 1}`, sides }] : []));
          const loot = rollStartingLoot(dice, influence, `${cause}: starting loot`);
          const items = loot.map((l) => {
            const entry = entryAt(tables, 'loot', l.value);
            return { value: l.value, name: entry?.label ?? `Loot ${l.value}`, colour: entry?.loot?.colour ?? 'Colourless', notes: entry?.details ?? '' };
          });
          const points = rollStatPoints(dice, rules, `${cause}: stat points`);
          const cls = rollClass(dice, rules, `${cause}: class (hidden)`);
          const records: RollRecord[] = [
            ...loot.map((l, i) => ({ cause: `${cause}: starting loot ${i + 1}`, character: args.name, table: 'loot', explain: `${l.explain}: ${items[i]!.name}`, result: l })),
            { cause: `${cause}: stat points`, character: args.name, explain: points.explain, result: points },
            { cause: `${cause}: class (hidden)`, character: args.name, explain: cls.explain, result: cls },
          ];
          return { value: { items, points, cls }, records };
        });
        const stats = { power: start.power, speed: start.speed, maxHealth: start.maxHealth, maxArmor: start.maxArmor, magicBonus: 0 };
        let choice = 0;
        for (const p of rolled.points.points) {
          if (p === 'choice') choice++;
          else stats[STAT_POINT_EFFECT[p].field] += STAT_POINT_EFFECT[p].amount;
        }
        const next = (database.prepare(`SELECT coalesce(max(position), -1) + 1 AS n FROM lichslayer`).get() as { n: number }).n;
        const id = w.insert('lichslayer', {
          position: next,
          name: args.name,
          level: 1,
          health: stats.maxHealth,
          max_health: stats.maxHealth,
          armor: stats.maxArmor,
          max_armor: stats.maxArmor,
          power: stats.power,
          speed: stats.speed,
          sanity: start.sanity,
          gold: start.gold,
          hidden_class: rolled.cls.className,
          magic_bonus: stats.magicBonus,
          stat_points: choice,
        });
        (['loot1', 'loot2', 'loot3'] as const).forEach((slot, i) => {
          const item = rolled.items[i]!;
          w.insert('item', { lichslayer_id: id, slot, name: item.name, colour: item.colour, broken: 0, notes: item.notes });
        });
        return {
          id,
          loot: rolled.items.map((i) => ({ value: i.value, name: i.name, colour: i.colour })),
          points: rolled.points.points,
          pointsExplain: rolled.points.explain.replace(/ \(ch\.4\)$/, ''),
          toChoose: choice,
        };
      }),

    'lichslayer.spendPoint': (args) =>
      ctx.transact('lichslayer.spendPoint', args, `Stat point: ${args.stat}`, (w, database) => {
        const l = row(database, args.id);
        if (l.stat_points < 1) throw new CommandFailure('refused', `${l.name} has no stat points to spend. Nothing changed.`);
        const effect = STAT_POINT_EFFECT[args.stat];
        const column = { power: 'power', speed: 'speed', maxHealth: 'max_health', maxArmor: 'max_armor', magicBonus: 'magic_bonus' }[effect.field];
        const patch: Record<string, unknown> = { stat_points: l.stat_points - 1, [column]: (l as unknown as Record<string, number>)[column]! + effect.amount };
        // A point of Health raises the maximum and the current alike; so does Armor (RULINGS).
        if (effect.field === 'maxHealth') patch.health = l.health + effect.amount;
        if (effect.field === 'maxArmor') patch.armor = l.armor + effect.amount;
        w.update('lichslayer', args.id, patch);
        return view(database, [`${l.name}: +${effect.amount} ${args.stat}`]);
      }),

    'lichslayer.levelUp': (args) =>
      ctx.transact('lichslayer.levelUp', args, 'Level up', (w, database) => {
        const l = row(database, args.id);
        const due = levelForXp(l.xp, readHouseRules(database));
        if (due.value <= l.level) throw new CommandFailure('refused', `${l.name} has ${l.xp} XP: ${due.explain}, and is already level ${l.level}. Nothing changed.`);
        const notes: string[] = [];
        addXp(w, database, l.id, 0, notes);
        return view(database, notes);
      }),

    'lichslayer.felled': (args) =>
      ctx.transact('lichslayer.felled', args, 'Enemy felled', (w, database) => {
        const l = row(database, args.id);
        const notes: string[] = [];
        let what = 'an enemy';
        if (args.tokenId) {
          const t = database.prepare(`SELECT id, name, kind, defeated FROM token WHERE id = ?`).get(args.tokenId) as { id: number; name: string; kind: string; defeated: number } | undefined;
          if (!t || t.kind !== 'entity') throw new CommandFailure('refused', 'Only an entity on the board is felled for XP (ch.1). Nothing changed.');
          if (t.defeated) throw new CommandFailure('refused', `${t.name} is already defeated. Nothing changed.`);
          w.update('token', t.id, { defeated: 1, health: 0 });
          what = t.name;
        }
        notes.push(`${l.name} fells ${what}: +${XP_PER_ENEMY} XP (ch.1)`);
        addXp(w, database, l.id, XP_PER_ENEMY, notes, 'enemy');
        return view(database, notes);
      }),

    'lichslayer.gainGold': (args) =>
      ctx.transact('lichslayer.gainGold', args, `Gold found: ${args.amount}`, (w, database) => {
        const l = row(database, args.id);
        const notes: string[] = [];
        // ch.1: XP from gold counts gold as it enters the Gauntlet; spending it never takes XP back.
        const gained = xpFromGold(l.gold_gained + args.amount).value - xpFromGold(l.gold_gained).value;
        w.update('lichslayer', args.id, { gold: Math.min(10_000_000, l.gold + args.amount), gold_gained: l.gold_gained + args.amount });
        notes.push(`${l.name} gains ${args.amount} gold: ${xpFromGold(l.gold_gained + args.amount).explain}`);
        if (gained) addXp(w, database, args.id, gained, notes);
        return view(database, notes);
      }),

    'town.buy': (args) =>
      ctx.transact('town.buy', args, `Inn: ${args.what}`, (w, database) => {
        const l = row(database, args.id);
        if (attentionStage(database) >= 4) throw new CommandFailure('refused', 'The Inn is closed at Stage 4: no one eats or sleeps there (ch.16). Nothing changed.');
        const price = INN_PRICES[args.what];
        const already = (args.what !== 'shelter' && l.ate_today === 1) || (args.what !== 'meal' && l.sheltered_today === 1);
        if (already) throw new CommandFailure('refused', `${l.name} already has that today. Nothing changed.`);
        const payer = args.payer ? row(database, args.payer) : l;
        if (payer.gold < price) throw new CommandFailure('refused', `${args.what === 'both' ? 'A meal and shelter cost' : `A ${args.what} costs`} ${price} gold and ${payer.name} holds ${payer.gold} (ch.4). Nothing changed.`);
        w.update('lichslayer', payer.id, { gold: payer.gold - price });
        w.update('lichslayer', l.id, { ...(args.what !== 'shelter' ? { ate_today: 1 } : {}), ...(args.what !== 'meal' ? { sheltered_today: 1 } : {}) });
        return view(database, [`${l.name}: ${args.what === 'both' ? 'meal and shelter' : args.what} for ${price} gold${payer.id !== l.id ? `, paid by ${payer.name}` : ''} (ch.4)`]);
      }),

    'town.nextDay': () =>
      ctx.transact('town.nextDay', {}, 'Next day', (w, database) => {
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
          lines.push({ kind: 'roll', text: `Smith (weekly): ${stage >= 4 ? 'the Smith has fled (ch.16)' : smith}` });
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
          lines.push(closeDay(w, database, l, { ate: stage < 4 && l.ate_today === 1, sheltered: stage < 4 && l.sheltered_today === 1, day, stage }));
        }
        w.update('town', 1, { day: day + 1 });
        const report: DayReport = { day, session: currentSession(database), lines };
        w.insert('day_report', { day, report: JSON.stringify(report) });
        return report;
      }),

    'town.reports': (args) => {
      const rows = db().prepare(`SELECT report FROM day_report ORDER BY id DESC LIMIT ?`).all(args.limit) as { report: string }[];
      return rows.map((r) => JSON.parse(r.report) as DayReport);
    },
  };
}
