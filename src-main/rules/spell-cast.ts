// Casting a spell (rulebook ch.15, with ch.14's Mono-Color discount): what must be worn or carried,
// what it costs, and how it resolves. Pure: the caller supplies the caster as it stands.
import type { Colour, ItemSlot } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { VESTMENTS, type SpellFields, type SpellSchool } from '@shared/tables.ts';
import type { Dice, DieRoll } from './dice.ts';
import { synchronicity } from './synchronicity.ts';
import { parseDice, rollExpression } from './dice-expression.ts';

/** The colour of each school (ch.15); the Giver's Recipes and Lich's Magic have none a build can match. */
export const SCHOOL_COLOUR: Record<SpellSchool, Colour | null> = {
  lich: 'Colourless',
  demon: 'Black',
  celestial: 'Orange',
  arcana: 'Purple',
  daedric: 'Green',
  unbound: 'Blue',
  giver: null,
};

const LOOT_SLOTS: readonly ItemSlot[] = ['loot1', 'loot2', 'loot3'];

/** ch.4: the component a cast spends is the unbroken one of that name in a Loot slot. */
export function heldComponent<T extends Pick<CasterItem, 'slot' | 'name' | 'broken'>>(items: readonly T[], component: string): T | undefined {
  return items.find((i) => LOOT_SLOTS.includes(i.slot) && !i.broken && same(i.name, component));
}

/**
 * ch.13: a ×N component chosen "singly" serves up to N castings, then is consumed; otherwise (or
 * "all at once") the casting consumes it. Returns the item's notes after one use, or null when used up.
 */
export function componentAfterCast(notes: string): string | null {
  const singly = /^Component choice: singly, up to (\d+) times/m.exec(notes);
  if (!singly) return null;
  const used = Number(/^Component uses: (\d+)/m.exec(notes)?.[1] ?? 0) + 1;
  if (used >= Number(singly[1])) return null;
  return /^Component uses: /m.test(notes) ? notes.replace(/^Component uses: \d+/m, `Component uses: ${used}`) : `${notes}\nComponent uses: ${used}`;
}

/** ch.15: a Mono-Color Blue build pays 36 gold less for an Incantation, never below 0. */
export const MONO_BLUE_DISCOUNT = 36;

export interface CasterItem {
  slot: ItemSlot;
  name: string;
  colour: Colour;
  broken: boolean;
}

export interface Caster {
  name: string;
  gold: number;
  items: readonly CasterItem[];
  inventory: readonly { name: string; count: number }[];
}

export interface CastCheck {
  ok: boolean;
  cost: number;
  /** Why the cast is refused, each naming its rule. */
  refusals: string[];
  /** ch.14: Full Spectrum opens Colourless magics (Lich's Magic, ch.15) to a Lichslayer. */
  fullSpectrum: boolean;
  explain: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const worn = (caster: Caster, name: string) => caster.items.some((i) => !i.broken && same(i.name, name));

/** Whether the caster may cast the spell now, and what it costs in gold (ch.15). */
export function checkCast(spell: { label: string; fields: SpellFields }, caster: Caster, rules: HouseRules): CastCheck {
  const f = spell.fields;
  const refusals: string[] = [];
  const notes: string[] = [];
  // ch.15: an Incantation needs its Vestment equipped (and unbroken: a broken item confers nothing, ch.11).
  if (f.vestment === 'all') {
    const missing = VESTMENTS.filter((v) => !worn(caster, v));
    if (missing.length) refusals.push(`${spell.label} needs all six Unbound Vestments equipped; missing ${missing.join(', ')} (ch.15)`);
  } else if (f.vestment && !worn(caster, f.vestment)) {
    refusals.push(`${spell.label} can be cast only while ${f.vestment} is equipped and unbroken (ch.15)`);
  }
  if (f.component) {
    // ch.4: a component is spent only from a Loot slot, never from the inventory.
    const held = heldComponent(caster.items, f.component);
    if (!held) refusals.push(`${spell.label} needs a ${f.component} in a Loot slot: components are spent only from there (ch.4)`);
    else notes.push(`spends the ${f.component} (ch.13)`);
  }
  let cost = f.cost;
  const colour = SCHOOL_COLOUR[f.school];
  // ch.14: synchronicity reads every equipped item, broken ones ignored.
  const sync = synchronicity(caster.items.map((i) => ({ name: i.name, colour: i.colour, broken: i.broken })), rules);
  const mono = sync.conditions.find((c) => c.id === 'mono-color')?.colours?.[0];
  if (cost > 0 && mono && mono === colour) {
    if (f.school === 'unbound') {
      cost = Math.max(0, cost - MONO_BLUE_DISCOUNT);
      notes.push(`Mono-Color Blue: ${f.cost} − ${MONO_BLUE_DISCOUNT} = ${cost} gold (ch.15)`);
    } else {
      cost = Math.ceil(cost / 2);
      notes.push(`Mono-Color ${mono}: half of ${f.cost} = ${cost} gold (ch.14)`);
    }
  }
  if (caster.gold < cost) refusals.push(`${spell.label} costs ${cost} gold and ${caster.name} holds ${caster.gold} (ch.15)`);
  const explain = `${spell.label}: ${cost} gold${notes.length ? `; ${notes.join('; ')}` : ''}`;
  return { ok: refusals.length === 0, cost, refusals, fullSpectrum: sync.conditions.some((c) => c.id === 'full-spectrum'), explain };
}

export interface SpellResolution {
  dice: DieRoll[];
  magic: number;
  total: number | null;
  explain: string;
}

/**
 * A spell resolves: its dice are rolled and, if it adds Magic, the caster's Magic as it is now is
 * added (ch.15: loot that changes Magic changes a pending spell). Blue loot held makes an
 * Incantation's M one higher, however many Blue items (ch.15).
 */
export function resolveSpell(
  dice: Dice,
  input: { label: string; fields: SpellFields; caster: string; magic: number; holdsBlue: boolean; cause: string },
): SpellResolution {
  const f = input.fields;
  const blue = f.school === 'unbound' && input.holdsBlue ? 1 : 0;
  const magic = input.magic + blue;
  const magicText = f.addsMagic ? ` + Magic ${magic}${blue ? ' (Blue loot held: M+1, ch.15)' : ''}` : '';
  if (!f.roll) return { dice: [], magic, total: null, explain: `${input.label} (${input.caster}) resolves${f.addsMagic ? `, Magic ${magic}` : ''} (ch.15)` };
  const rolled = rollExpression(dice, parseDice(f.roll), input.cause);
  const total = rolled.total + (f.addsMagic ? magic : 0);
  return { dice: rolled.dice, magic, total, explain: `${input.label} (${input.caster}) resolves: ${rolled.shown}${magicText} = ${total} (ch.15)` };
}
