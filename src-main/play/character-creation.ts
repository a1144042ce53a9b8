// A Lichslayer rolled up by the book (ch.1, ch.4): starting loot three times, six stat points and a
// hidden class, each roll in the ledger, all in one undoable step.
import type { RollRecord, PlaySession } from '../state/session.ts';
import { readHouseRules } from '../state/settings.ts';
import { rollClass, rollStatPoints, STAT_POINT_EFFECT } from '../rules/character.ts';
import { rollStartingLoot } from '../rules/loot-roll.ts';
import { startingGauntlet } from '../rules/starting-stats.ts';
import { entryAt } from '../tables/table-entries.ts';
import type { ParsedArgsOf } from '@shared/contract.ts';
import { nextPosition } from './roster-edits.ts';

export function rollUpLichslayer(ps: PlaySession, args: ParsedArgsOf<'lichslayer.roll'>) {
  const rules = readHouseRules(ps);
  const start = startingGauntlet(rules);
  const cause = `Creation of ${args.name}`;
  // ch.1: starting loot three times (1d100 − 40, influence allowed), stat points 6 × 1d6, class on d8.
  const rolled = ps.roll('lichslayer.roll', ({ dice, tables }) => {
    const influence = args.influence.map((sides, i) => (sides ? [{ source: `influence die ${i + 1}`, sides }] : []));
    const loot = rollStartingLoot(dice, influence, `${cause}: starting loot`);
    const items = loot.map((l) => {
      const entry = entryAt(tables, 'loot', l.value);
      return {
        value: l.value,
        name: entry?.label ?? `Loot ${l.value}`,
        colour: entry?.loot?.colour ?? 'Colourless',
        notes: entry?.details ?? '',
      };
    });
    const points = rollStatPoints(dice, rules, `${cause}: stat points`);
    const cls = rollClass(dice, rules, `${cause}: class (hidden)`);
    const records: RollRecord[] = [
      ...loot.map((l, i) => ({
        cause: `${cause}: starting loot ${i + 1}`,
        character: args.name,
        table: 'loot',
        explain: `${l.explain}: ${items[i]!.name}`,
        result: l,
      })),
      { cause: `${cause}: stat points`, character: args.name, explain: points.explain, result: points },
      { cause: `${cause}: class (hidden)`, character: args.name, explain: cls.explain, result: cls },
    ];
    return { value: { items, points, cls }, records };
  });
  const stats = {
    power: start.power,
    speed: start.speed,
    maxHealth: start.maxHealth,
    maxArmor: start.maxArmor,
    magicBonus: 0,
  };
  let choice = 0;
  for (const p of rolled.points.points) {
    if (p === 'choice') choice++;
    else stats[STAT_POINT_EFFECT[p].field] += STAT_POINT_EFFECT[p].amount;
  }
  const id = ps.insert('lichslayer', {
    position: nextPosition(ps),
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
    ps.insert('item', {
      lichslayer_id: id,
      slot,
      name: item.name,
      colour: item.colour,
      broken: 0,
      notes: item.notes,
    });
  });
  return {
    id,
    loot: rolled.items.map((i) => ({ value: i.value, name: i.name, colour: i.colour })),
    points: rolled.points.points,
    pointsExplain: rolled.points.explain.replace(/ \(ch\.4\)$/, ''),
    toChoose: choice,
  };
}
