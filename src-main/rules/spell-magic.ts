// The Magic a spell is cast and resolved at, and its resolution (rulebook ch.13's ×N, ch.15's Magic
// at casting, loot since and Blue loot, ch.17's Flora).
import type { HouseRules } from '@shared/house-rules.ts';
import type { SpellFields } from '@shared/tables.ts';
import type { Dice, DieRoll } from './dice.ts';
import { parseDice, rollExpression } from './dice-expression.ts';
import { magicFromGold } from './gauntlet-derived.ts';
import type { CasterItem } from './spell-caster.ts';

/**
 * ch.15: the Magic a spell is cast at — "the caster's current Magic at time of casting" — from the
 * gold held before its gold leaves or after (house rule: the book says both happen "at" casting),
 * with stat points, loot that changes Magic and, for a Giver's Recipe, the Flora spent (ch.17).
 */
export function castingMagic(
  input: {
    gold: number;
    cost: number;
    statPoints: number;
    lootMagic: number;
    floraMagic: number;
    /** What class skills add to Magic now (Investiture's +1, ch.2): part of the current Magic. */
    skillMagic?: number;
  },
  rules: HouseRules,
): { value: number; explain: string } {
  const gold = rules.magicAtCasting === 'after-cost' ? input.gold - input.cost : input.gold;
  const fromGold = magicFromGold(gold).value;
  const value = Math.max(0, fromGold + input.statPoints + input.lootMagic + (input.skillMagic ?? 0)) + input.floraMagic;
  const when = input.cost
    ? rules.magicAtCasting === 'after-cost'
      ? ' once its gold has gone (house rule)'
      : ' before its gold leaves (house rule)'
    : '';
  return { value, explain: `Magic ${value} at casting${when} (ch.15)` };
}

/**
 * ch.15: "Spells that reference Magic use the caster's current Magic at time of casting", and "loot
 * that modifies Magic retroactively affects any spell resolution still pending". The Magic a spell
 * resolves at: what it was cast at, moved only by what loot has changed since; gold gained or spent
 * meanwhile does not move it. On the Forest path M is the recipes spent (ch.17).
 */
export function magicAtResolution(
  basis: { magic: number; lootMagic: number; fixed: boolean; why?: string },
  lootMagicNow: number,
): { value: number; explain: string } {
  if (basis.fixed)
    return { value: basis.magic, explain: `M ${basis.magic}, ${basis.why ?? 'the recipes spent (ch.17)'}` };
  const shift = lootMagicNow - basis.lootMagic;
  const value = Math.max(0, basis.magic + shift);
  return {
    value,
    explain: shift
      ? `Magic ${basis.magic} at casting ${shift > 0 ? '+' : '−'} ${Math.abs(shift)} from loot since (ch.15) = ${value}`
      : `Magic ${basis.magic} at casting (ch.15)`,
  };
}

/** ch.15: holding one or more unbroken Blue loot items (a broken item confers nothing, ch.11). */
export function holdsBlueLoot(items: readonly Pick<CasterItem, 'colour' | 'broken'>[]): boolean {
  return items.some((i) => !i.broken && i.colour === 'Blue');
}

export interface SpellResolution {
  dice: DieRoll[];
  magic: number;
  total: number | null;
  explain: string;
}

/**
 * A spell resolves: its dice are rolled and, if it adds Magic, the Magic it resolves at is added.
 * Blue loot held makes an Incantation's M one higher, however many Blue items (ch.15). A ×N
 * component released all at once makes it N castings resolved as one (ch.13).
 */
export function resolveSpell(
  dice: Dice,
  input: {
    label: string;
    fields: SpellFields;
    caster: string;
    magic: number;
    holdsBlue: boolean;
    cause: string;
    times?: number;
  },
): SpellResolution {
  const f = input.fields;
  const blue = f.school === 'unbound' && input.holdsBlue ? 1 : 0;
  const magic = input.magic + blue;
  const times = Math.max(1, input.times ?? 1);
  const magicText = f.addsMagic ? ` + Magic ${magic}${blue ? ' (Blue loot held: M+1, ch.15)' : ''}` : '';
  const timesText = times > 1 ? ` ×${times} at once (ch.13)` : '';
  if (!f.roll)
    return {
      dice: [],
      magic,
      total: null,
      explain: `${input.label} (${input.caster}) resolves${timesText}${f.addsMagic ? `, Magic ${magic}` : ''} (ch.15)`,
    };
  const all: DieRoll[] = [];
  const shown: string[] = [];
  let total = 0;
  for (let n = 0; n < times; n++) {
    const rolled = rollExpression(dice, parseDice(f.roll), input.cause);
    all.push(...rolled.dice);
    total += rolled.total + (f.addsMagic ? magic : 0);
    shown.push(`${rolled.shown}${magicText}`);
  }
  return {
    dice: all,
    magic,
    total,
    explain: `${input.label} (${input.caster}) resolves${timesText}: ${shown.join('; ')} = ${total} (ch.15)`,
  };
}
