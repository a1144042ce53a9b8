// The Smith (rulebook ch.4): colour disposition rolled at campaign start, prices, repairs, recolour.
import type { Colour } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { Dice, type DieRoll } from './dice.ts';

/** The d6 colour order of the disposition roll (ch.4). */
export const DISPOSITION_COLOURS: readonly Colour[] = ['Red', 'Blue', 'Green', 'Purple', 'Black', 'Orange'];
export const ARMOR_REPAIR_PER_POINT = 36;
export const RECOLOUR_COST = 36;
export const STONE_FOR: Partial<Record<Colour, string>> = {
  Red: 'Ruby',
  Blue: 'Sapphire',
  Purple: 'Amethyst',
  Green: 'Emerald',
  Orange: 'Topaz',
  Black: 'Obsidian',
};

export interface Disposition {
  favoured: Colour[];
  distrusted: Colour[];
  rolls: DieRoll[];
  explain: string;
}

/** Two favoured and two distrusted colours, duplicates re-rolled so all four differ (ch.4, RULINGS). */
export function rollDisposition(dice: Dice, rules: HouseRules, cause = 'Smith disposition'): Disposition {
  const rolls: DieRoll[] = [];
  const picked: Colour[] = [];
  while (picked.length < 4) {
    const roll = dice.die(6, cause);
    rolls.push(roll);
    const colour = DISPOSITION_COLOURS[roll.natural - 1]!;
    if (rules.smithDistinctColours && picked.includes(colour)) continue;
    picked.push(colour);
  }
  const favoured = [...new Set(picked.slice(0, 2))];
  const distrusted = [...new Set(picked.slice(2))].filter((c) => !favoured.includes(c));
  return { favoured, distrusted, rolls, explain: `favoured ${favoured.join(', ')}; distrusted ${distrusted.join(', ') || 'none'} (rolled ${rolls.map((r) => r.natural).join(', ')}) (ch.4)` };
}

/** A price with the disposition applied: favoured −20 %, distrusted +30 %, rounded per house rule. */
export function smithPrice(base: number, colour: Colour, disposition: Pick<Disposition, 'favoured' | 'distrusted'>, rules: HouseRules): { value: number; explain: string } {
  const factor = disposition.favoured.includes(colour) ? 0.8 : disposition.distrusted.includes(colour) ? 1.3 : 1;
  // Work in whole hundredths so 0.8 and 1.3 never leave float dust in the rounding.
  const hundredths = base * Math.round(factor * 100);
  const value = rules.smithRounding === 'up' ? Math.ceil(hundredths / 100) : Math.round(hundredths / 100);
  const why = factor < 1 ? 'favoured −20 %' : factor > 1 ? 'distrusted +30 %' : 'neutral';
  return { value, explain: `${base} gold, ${colour} ${why} = ${value} (ch.4)` };
}

/** Armor repair: 36 gold a point, never above maximum (ch.4). */
export function armorRepair(current: number, max: number, points: number): { points: number; cost: number; explain: string } {
  const repairable = Math.max(0, Math.min(points, max - current));
  return { points: repairable, cost: repairable * ARMOR_REPAIR_PER_POINT, explain: `${repairable} Armor × ${ARMOR_REPAIR_PER_POINT} = ${repairable * ARMOR_REPAIR_PER_POINT} gold${repairable < points ? ' (not above maximum)' : ''} (ch.4)` };
}

/** A broken item is repaired for a quarter of its sell value (ch.4), rounded up. */
export function brokenItemRepair(sellValue: number): number {
  return Math.ceil(sellValue / 4);
}

/** Recolour: 36 gold and a Stone of the target colour; never to or from Colourless (ch.4). */
export function recolour(from: Colour, to: Colour): { ok: true; cost: number; stone: string } | { ok: false; reason: string } {
  if (from === 'Colourless') return { ok: false, reason: 'Colourless cannot be removed (ch.4)' };
  const stone = STONE_FOR[to];
  if (!stone) return { ok: false, reason: `The Smith cannot recolour to ${to} (ch.4)` };
  return { ok: true, cost: RECOLOUR_COST, stone };
}
