// The Smith (rulebook ch.4): colour disposition rolled at campaign start, prices, repairs, recolour.
import type { Colour } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { SMITH_COLOURS } from '@shared/town.ts';
import { Dice, type DieRoll } from './dice.ts';
import { attentionEffects } from './lich-attention.ts';
import { BOOK_STONES } from './forest.ts';

/** The d6 colour order of the disposition roll (ch.4). */
export const DISPOSITION_COLOURS: readonly Colour[] = SMITH_COLOURS;
export const ARMOR_REPAIR_PER_POINT = 36;
export const RECOLOUR_COST = 36;
/** ch.4: recolouring needs a Stone of the target colour — the Stones of ch.17, one per colour. */
export const STONE_FOR: Partial<Record<Colour, string>> = Object.fromEntries(
  BOOK_STONES.map((s) => [s.colour, s.stone]),
);

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
  return {
    favoured,
    distrusted,
    rolls,
    explain: `favoured ${favoured.join(', ')}; distrusted ${distrusted.join(', ') || 'none'} (rolled ${rolls.map((r) => r.natural).join(', ')}) (ch.4)`,
  };
}

/** A price with the disposition applied: favoured −20 %, distrusted +30 %, rounded per house rule. */
export function smithPrice(
  base: number,
  colour: Colour,
  disposition: Pick<Disposition, 'favoured' | 'distrusted'>,
  rules: HouseRules,
): { value: number; explain: string } {
  const factor = disposition.favoured.includes(colour) ? 0.8 : disposition.distrusted.includes(colour) ? 1.3 : 1;
  // Work in whole hundredths so 0.8 and 1.3 never leave float dust in the rounding.
  const hundredths = base * Math.round(factor * 100);
  const value = rules.smithRounding === 'up' ? Math.ceil(hundredths / 100) : Math.round(hundredths / 100);
  const why = factor < 1 ? 'favoured −20 %' : factor > 1 ? 'distrusted +30 %' : 'neutral';
  return { value, explain: `${base} gold, ${colour} ${why} = ${value} (ch.4)` };
}

/** Armor repair: 36 gold a point, never above maximum (ch.4). */
export function armorRepair(
  current: number,
  max: number,
  points: number,
): { points: number; cost: number; explain: string } {
  const repairable = Math.max(0, Math.min(points, max - current));
  return {
    points: repairable,
    cost: repairable * ARMOR_REPAIR_PER_POINT,
    explain: `${repairable} Armor × ${ARMOR_REPAIR_PER_POINT} = ${repairable * ARMOR_REPAIR_PER_POINT} gold${repairable < points ? ' (not above maximum)' : ''} (ch.4)`,
  };
}

/** A broken item is repaired for a quarter of its sell value (ch.4), rounded as the Smith's prices are. */
export function brokenItemRepair(sellValue: number, rules: Pick<HouseRules, 'smithRounding'>): number {
  return rules.smithRounding === 'up' ? Math.ceil(sellValue / 4) : Math.round(sellValue / 4);
}

/** Recolour: 36 gold and a Stone of the target colour; never to or from Colourless (ch.4). */
export function recolour(
  from: Colour,
  to: Colour,
): { ok: true; cost: number; stone: string } | { ok: false; reason: string } {
  if (from === 'Colourless') return { ok: false, reason: 'Colourless cannot be removed (ch.4)' };
  const stone = STONE_FOR[to];
  if (!stone) return { ok: false, reason: `The Smith cannot recolour to ${to} (ch.4)` };
  return { ok: true, cost: RECOLOUR_COST, stone };
}

/** The disposition as stored: the colours rolled at campaign start, and the Drifts since (ch.4). */
export interface StoredDisposition {
  favoured: Colour[];
  distrusted: Colour[];
  /** Sum of Drifts per colour: +1 a step toward favour, −1 a step toward distrust. */
  drift?: Partial<Record<Colour, number>>;
}

/** A colour's standing with the Smith: −1 distrusted, 0 neutral, +1 favoured. */
export function standing(colour: Colour, d: StoredDisposition): -1 | 0 | 1 {
  const base = d.favoured.includes(colour) ? 1 : d.distrusted.includes(colour) ? -1 : 0;
  return Math.max(-1, Math.min(1, base + (d.drift?.[colour] ?? 0))) as -1 | 0 | 1;
}

/** ch.4: a Drift moves one colour a step toward favour or distrust; Drifts stack. */
export function drift(
  d: StoredDisposition,
  colour: Colour,
  toward: 'favour' | 'distrust',
): { drift: Partial<Record<Colour, number>>; explain: string } {
  if (!DISPOSITION_COLOURS.includes(colour)) throw new RangeError(`The Smith's disposition has no ${colour}`);
  const before = standing(colour, d);
  const next = { ...(d.drift ?? {}), [colour]: (d.drift?.[colour] ?? 0) + (toward === 'favour' ? 1 : -1) };
  const after = standing(colour, { ...d, drift: next });
  const name = (n: number) => (n > 0 ? 'favoured' : n < 0 ? 'distrusted' : 'neutral');
  return {
    drift: next,
    explain: `Drift toward ${toward}: ${colour} ${name(before)} → ${name(after)}${before === after ? ' (it can go no further)' : ''} (ch.4)`,
  };
}

/**
 * The disposition a Lichslayer meets (ch.4, ch.6): the rolled colours with their Drifts; a Vanity
 * Idol of stage 2 shifts every colour a step against its dedicator; the Elemental Sigil's boon
 * fixes every price at base.
 */
export function dispositionFor(
  d: StoredDisposition,
  who: { against: boolean; basePrice: boolean },
): { favoured: Colour[]; distrusted: Colour[]; notes: string[] } {
  if (who.basePrice)
    return { favoured: [], distrusted: [], notes: ['the Elemental Sigil: base prices whatever the colour (ch.6)'] };
  const shift = who.against ? -1 : 0;
  const at = (c: Colour) => Math.max(-1, Math.min(1, standing(c, d) + shift));
  return {
    favoured: DISPOSITION_COLOURS.filter((c) => at(c) > 0),
    distrusted: DISPOSITION_COLOURS.filter((c) => at(c) < 0),
    notes: who.against ? ["a Vanity Idol of stage 2: the Smith's disposition shifts against its dedicator (ch.6)"] : [],
  };
}

/** Which colour sets the price of an Armor repair (the book is silent: a house rule). */
export function armorPriceColour(
  items: { gear: Colour | null; garment: Colour | null },
  rule: HouseRules['smithArmorColour'],
): { colour: Colour; explain: string } {
  const colour = (rule === 'gear' ? items.gear : items.garment) ?? 'Colourless';
  return { colour, explain: `priced by the ${rule === 'gear' ? 'Gear' : 'Garment'}'s colour, ${colour} (house rule)` };
}

/** ch.4 leaves open whether "one item per day" is the Smith's or each Lichslayer's: a house rule. */
export function recolourAllowed(
  input: { lichslayerId: number; day: number; recolouredOn: Record<string, number> },
  rule: HouseRules['recolourLimit'],
): { ok: true } | { ok: false; reason: string } {
  if (rule === 'each-lichslayer') {
    return input.recolouredOn[String(input.lichslayerId)] === input.day
      ? {
          ok: false,
          reason: 'The Smith recolours one item a day for each Lichslayer: come back tomorrow (ch.4, house rule)',
        }
      : { ok: true };
  }
  return Object.values(input.recolouredOn).includes(input.day)
    ? {
        ok: false,
        reason: 'The Smith recolours one item a day, and has done today’s: come back tomorrow (ch.4, house rule)',
      }
    : { ok: true };
}

/**
 * The Smith's weekly d8 (ch.5); at Stage 2 a 1 or 2 is re-rolled once, automatically; at Stage 4
 * the Smith has fled and nothing is rolled.
 */
export function rollSmithWeek(
  dice: Dice,
  input: { week: number; stage: 0 | 1 | 2 | 3 | 4 },
): { rolls: DieRoll[]; value: number | null; explain: string } {
  const effects = attentionEffects(input.stage);
  if (effects.smithGone)
    return { rolls: [], value: null, explain: 'the Smith has fled the Town at Stage 4: no weekly roll (ch.5)' };
  const first = dice.die(8, `Smith, week ${input.week}`);
  if (effects.smithRerollsLowEvents && first.natural <= 2) {
    const again = dice.die(8, `Smith, week ${input.week}: Stage 2 re-roll`);
    return {
      rolls: [first, again],
      value: again.natural,
      explain: `1d8 = ${first.natural}, re-rolled once at Stage 2 (ch.5): ${again.natural}`,
    };
  }
  return { rolls: [first], value: first.natural, explain: `1d8 = ${first.natural}` };
}
