// Casting a spell (rulebook ch.15, with ch.13's ×N components, ch.14's Mono-Color discount, ch.16's
// turned and ch.17's Forest path, Recipes and Flora): what must be worn or carried, what it costs,
// what the cast spends, the Magic it is cast at, and how it resolves. Pure: the caller supplies the
// caster as it stands.
import { LOOT_SLOTS, type Colour, type ItemSlot } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { SPELL_SCHOOL_LABEL, VESTMENTS, type SpellFields, type SpellSchool } from '@shared/tables.ts';
import type { Dice, DieRoll } from './dice.ts';
import { synchronicity } from './synchronicity.ts';
import { parseDice, rollExpression } from './dice-expression.ts';
import { choiceLine, choiceMade, componentTimes, type ComponentChoice } from './loot-fate.ts';
import { magicFromGold } from './gauntlet-derived.ts';
import { coatGold } from './spell-sources.ts';

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

/** ch.17: a character who has fed the Giver three times across a campaign reaches the Giver's Recipes. */
export const GIVER_FEEDINGS_FOR_RECIPES = 3;

/** ch.15: a Mono-Color Blue build pays 36 gold less for an Incantation, never below 0. */
export const MONO_BLUE_DISCOUNT = 36;

export interface CasterItem {
  id?: number;
  slot: ItemSlot;
  name: string;
  colour: Colour;
  broken: boolean;
  notes?: string;
  /** The item's type from its loot entry (Mono-Type, ch.14). */
  type?: string;
  /** Its loot entry's effect text (a ×N, ch.13). */
  details?: string;
  /** It occupies a Loot slot (ch.4, ch.17; a Medicine Slot's Flora counts); the baseline three when not said. */
  lootSlot?: boolean;
  flora?: boolean;
}

export interface Caster {
  name: string;
  gold: number;
  health?: number;
  items: readonly CasterItem[];
  inventory: readonly { name: string; count: number }[];
  /** Turned by the Lich (ch.16): Lich's Magic opens to them. */
  turned?: boolean;
  /** Feedings of the Giver (ch.17) and Medicine Bay (ch.2): the ways to the Giver's Recipes. */
  giverAccess?: { feedings: number; medicineBay: boolean };
}

/** What the caster chooses at the moment of casting. */
export interface CastOptions {
  /** ch.13: a ×N component with no choice made yet: all N at once, or singly. */
  componentChoice?: ComponentChoice;
  /** ch.17, Forest path: how many complete recipes to spend (M equals it). */
  recipes?: number;
  /** ch.17, the Giver's Recipes: how many colour-matched Flora to spend to raise M. */
  flora?: number;
  /**
   * ch.2: where the cast comes from besides the caster's own spells: a Scroll (gold, no components,
   * whatever the user's colour, ch.15's learned spells), the Doctor's Coat (half gold), a spell
   * stolen by Counter Magic (free: no gold, no components).
   */
  source?: 'scroll' | 'coat' | 'stolen';
}

/** What a cast spends from the Gauntlet's slots, item by item. */
export interface ItemSpend {
  item: CasterItem;
  /** Removed, or its notes rewritten (a ×N component cast singly and not yet used up). */
  after: { removed: true } | { removed: false; notes: string };
}

export interface CastCheck {
  ok: boolean;
  cost: number;
  healthCost: number;
  /** Why the cast is refused, each naming its rule. */
  refusals: string[];
  /** ch.14: Full Spectrum opens Colourless magics (Lich's Magic, ch.15) to a Lichslayer. */
  fullSpectrum: boolean;
  /** Items the cast spends (ch.4, ch.13, ch.17). */
  spend: ItemSpend[];
  /** ch.13: a ×N released all at once resolves as N castings in one. */
  times: number;
  /** ch.17: on the Forest path M is the complete recipes spent, not the caster's Magic. */
  forestMagic: number | null;
  /** ch.17: Flora spent raise the M of a Giver's Recipe. */
  floraMagic: number;
  /** Choices the caster has to make before this spell can be cast (the dialog asks). */
  needs: {
    choice?: { item: string; times: number };
    recipes?: { max: number };
    flora?: { colour: Colour | 'any'; max: number };
  };
  explain: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const worn = (caster: Caster, name: string) => caster.items.some((i) => !i.broken && same(i.name, name));
const inLoot = (i: Pick<CasterItem, 'slot' | 'broken' | 'lootSlot'>) =>
  (i.lootSlot ?? (LOOT_SLOTS as readonly ItemSlot[]).includes(i.slot)) && !i.broken;

/** ch.4, ch.17: the component a cast spends is an unbroken one of that name in a Loot slot. */
export function heldComponent<T extends Pick<CasterItem, 'slot' | 'name' | 'broken' | 'lootSlot'>>(
  items: readonly T[],
  component: string,
): T | undefined {
  return items.find((i) => inLoot(i) && same(i.name, component));
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
  return /^Component uses: /m.test(notes)
    ? notes.replace(/^Component uses: \d+/m, `Component uses: ${used}`)
    : `${notes}\nComponent uses: ${used}`;
}

/** ch.15, ch.14: a spell's gold after Mono-Color, with how the Blue −36 and half price combine (house rule). */
export function spellGold(
  fields: Pick<SpellFields, 'school' | 'cost'>,
  monoColour: Colour | undefined,
  rules: HouseRules,
): { cost: number; notes: string[] } {
  const colour = SCHOOL_COLOUR[fields.school];
  if (fields.cost <= 0 || !monoColour || monoColour !== colour) return { cost: fields.cost, notes: [] };
  const half = (n: number) => Math.ceil(n / 2);
  if (fields.school !== 'unbound') {
    const cost = half(fields.cost);
    return { cost, notes: [`Mono-Color ${monoColour}: half of ${fields.cost} = ${cost} gold (ch.14)`] };
  }
  if (rules.monoBlueIncantations === 'half-then-minus-36') {
    const cost = Math.max(0, half(fields.cost) - MONO_BLUE_DISCOUNT);
    return {
      cost,
      notes: [
        `Mono-Color Blue: half of ${fields.cost} (ch.14), then − ${MONO_BLUE_DISCOUNT} (ch.15) = ${cost} gold (house rule: both apply)`,
      ],
    };
  }
  const cost = Math.max(0, fields.cost - MONO_BLUE_DISCOUNT);
  return {
    cost,
    notes: [
      `Mono-Color Blue: ${fields.cost} − ${MONO_BLUE_DISCOUNT} = ${cost} gold (ch.15; house rule: in place of ch.14’s half price)`,
    ],
  };
}

/** How many complete recipes (one of each listed component) the Loot slots hold, and which items (ch.17). */
function recipeItems(items: readonly CasterItem[], recipe: readonly string[], count: number): CasterItem[] | null {
  const free = items.filter(inLoot);
  const taken: CasterItem[] = [];
  for (let n = 0; n < count; n++) {
    for (const part of recipe) {
      const hit = free.find((i) => same(i.name, part) && !taken.includes(i));
      if (!hit) return null;
      taken.push(hit);
    }
  }
  return taken;
}

function completeRecipes(items: readonly CasterItem[], recipe: readonly string[]): number {
  if (!recipe.length) return 0;
  let n = 0;
  while (recipeItems(items, recipe, n + 1)) n++;
  return n;
}

/** Whether a school is open to the caster (ch.15, ch.16, ch.17, ch.2's Medicine Bay); null when it is. */
export function schoolRefusal(school: SpellSchool, caster: Caster, fullSpectrum: boolean): string | null {
  // ch.15: a player character reaches Lich's Magic only when turned or in Full Spectrum.
  if (school === 'lich' && !caster.turned && !fullSpectrum)
    return `Lich's Magic is open to a Lichslayer only when turned or in Full Spectrum (ch.15)`;
  // ch.17: the Giver's Recipes open after three feedings of the Giver (or with Medicine Bay, ch.2).
  if (
    school === 'giver' &&
    caster.giverAccess &&
    caster.giverAccess.feedings < GIVER_FEEDINGS_FOR_RECIPES &&
    !caster.giverAccess.medicineBay
  ) {
    return `${SPELL_SCHOOL_LABEL.giver} open to a character who has fed the Giver ${GIVER_FEEDINGS_FOR_RECIPES} times (ch.17) or holds Medicine Bay (ch.2); ${caster.name} has fed it ${caster.giverAccess.feedings}`;
  }
  return null;
}

/** Whether a school is open to the caster as they stand (their equipped build read for Full Spectrum). */
export function schoolOpenTo(school: SpellSchool, caster: Caster, rules: HouseRules): string | null {
  const sync = synchronicity(
    caster.items.map((i) => ({
      name: i.name,
      colour: i.colour,
      broken: i.broken,
      ...(i.type ? { type: i.type } : {}),
    })),
    rules,
  );
  return schoolRefusal(
    school,
    caster,
    sync.conditions.some((c) => c.id === 'full-spectrum'),
  );
}

/** Whether the caster may cast the spell now, what it costs and what it spends (ch.15, ch.17). */
export function checkCast(
  spell: { label: string; fields: SpellFields },
  caster: Caster,
  rules: HouseRules,
  options: CastOptions = {},
  day = 0,
): CastCheck {
  const f = spell.fields;
  const refusals: string[] = [];
  const notes: string[] = [];
  const spend: ItemSpend[] = [];
  const needs: CastCheck['needs'] = {};
  let times = 1;
  // ch.14: synchronicity reads every equipped item, broken ones ignored, with its type (Mono-Type).
  const sync = synchronicity(
    caster.items.map((i) => ({
      name: i.name,
      colour: i.colour,
      broken: i.broken,
      ...(i.type ? { type: i.type } : {}),
    })),
    rules,
  );
  const fullSpectrum = sync.conditions.some((c) => c.id === 'full-spectrum');
  const source = options.source;
  // ch.2: a Scroll casts whatever the user's colour, a stolen spell is the Witch's to cast.
  const schoolShut = source === 'scroll' || source === 'stolen' ? null : schoolRefusal(f.school, caster, fullSpectrum);
  if (schoolShut) refusals.push(schoolShut);
  // ch.15: an Incantation needs its Vestment equipped (and unbroken: a broken item confers nothing, ch.11);
  // One-Thousand Blades needs all six, unless a held item grants it as an action.
  const granted = f.grantedBy && worn(caster, f.grantedBy);
  if (granted) notes.push(`granted as an action by ${f.grantedBy} (ch.15)`);
  else if (f.vestment === 'all') {
    const missing = VESTMENTS.filter((v) => !worn(caster, v));
    if (missing.length)
      refusals.push(`${spell.label} needs all six Unbound Vestments equipped; missing ${missing.join(', ')} (ch.15)`);
  } else if (f.vestment && !worn(caster, f.vestment)) {
    refusals.push(`${spell.label} can be cast only while ${f.vestment} is equipped and unbroken (ch.15)`);
  }
  if (f.component && source !== 'scroll' && source !== 'stolen') {
    // ch.4: a component is spent only from a Loot slot, never from the inventory.
    const held = heldComponent(caster.items, f.component);
    if (!held)
      refusals.push(
        `${spell.label} needs a ${f.component} in a Loot slot: components are spent only from there (ch.4)`,
      );
    else {
      const n = componentTimes(held.details ?? '');
      const made = choiceMade(held.notes ?? '');
      const choice = made ?? (n > 1 ? options.componentChoice : undefined);
      if (n > 1 && !made && !choice) {
        needs.choice = { item: held.name, times: n };
        refusals.push(`${held.name} is ×${n}: choose now to release all ${n} in one casting or to cast singly (ch.13)`);
      } else if (choice === 'all-at-once') {
        times = n;
        spend.push({ item: held, after: { removed: true } });
        notes.push(`releases all ${n} of the ${held.name} in one casting (ch.13)`);
      } else if (choice === 'singly') {
        const before = made
          ? (held.notes ?? '')
          : `${held.notes ? `${held.notes}\n` : ''}${choiceLine('singly', n, day)}`;
        const left = componentAfterCast(before);
        spend.push({ item: held, after: left === null ? { removed: true } : { removed: false, notes: left } });
        notes.push(
          left === null
            ? `the last use of the ${held.name} (ch.13)`
            : `one use of the ${held.name}, cast singly (ch.13)`,
        );
      } else {
        spend.push({ item: held, after: { removed: true } });
        notes.push(`spends the ${f.component} (ch.13)`);
      }
    }
  }
  // ch.17: on the Forest path the cast spends whole recipes and no gold; M is the recipes spent.
  let forestMagic: number | null = null;
  if (f.path === 'forest' && source !== 'scroll' && source !== 'stolen') {
    const max = completeRecipes(caster.items, f.recipe);
    const want = options.recipes ?? 1;
    if (!f.recipe.length)
      refusals.push(
        `${spell.label} is cast on the Forest path, but its recipe lists no components: add them in its spell table (ch.17)`,
      );
    else if (max < 1)
      refusals.push(`${spell.label} needs a complete recipe (${f.recipe.join(' and ')}) in Loot slots (ch.17)`);
    else if (want < 1 || want > max)
      refusals.push(
        `${caster.name} holds ${max} complete recipe${max === 1 ? '' : 's'} for ${spell.label}, not ${want} (ch.17)`,
      );
    else {
      for (const item of recipeItems(caster.items, f.recipe, want)!) spend.push({ item, after: { removed: true } });
      forestMagic = want;
      notes.push(`Forest path: ${want} recipe${want === 1 ? '' : 's'} spent, M = ${want}; no gold (ch.17)`);
    }
    if (max > 1) needs.recipes = { max };
  }
  // ch.17: Flora of the Recipe's colour, spent at the cast, raise M; they are not required.
  let floraMagic = 0;
  if (f.school === 'giver') {
    const matching = caster.items.filter(
      (i) =>
        inLoot(i) &&
        i.flora &&
        (!f.flora || i.colour === f.flora || i.colour === 'All-Color') &&
        !spend.some((s) => s.item === i),
    );
    if (matching.length) needs.flora = { colour: f.flora || 'any', max: matching.length };
    const want = options.flora ?? 0;
    if (want > matching.length)
      refusals.push(
        `${caster.name} holds ${matching.length} ${f.flora || ''} Flora in Loot slots, not ${want} (ch.17)`.replace(
          '  ',
          ' ',
        ),
      );
    else if (want > 0) {
      for (const item of matching.slice(0, want)) spend.push({ item, after: { removed: true } });
      floraMagic = want * rules.floraMagicEach;
      notes.push(`${want} Flora spent: M + ${floraMagic} (ch.17${rules.floraMagicEach !== 1 ? '; house rule' : ''})`);
    }
  }
  const mono = sync.conditions.find((c) => c.id === 'mono-color')?.colours?.[0];
  const gold =
    f.path === 'forest' || source === 'stolen'
      ? { cost: 0, notes: source === 'stolen' ? ['stolen by Counter Magic: no gold, no Sanity (ch.2)'] : [] }
      : spellGold(f, mono, rules);
  notes.push(...gold.notes);
  let cost = gold.cost;
  if (source === 'coat') {
    const coat = coatGold(cost);
    cost = coat.cost;
    notes.push(coat.note);
  }
  if (source === 'scroll') notes.push('from a Scroll: no components, whatever the user’s colour (ch.2, ch.15)');
  if (caster.gold < cost)
    refusals.push(`${spell.label} costs ${cost} gold and ${caster.name} holds ${caster.gold} (ch.15)`);
  // ch.17: the Giver's Recipes cost the caster's Health as listed; the app will not spend the last of it.
  const healthCost = source === 'stolen' ? 0 : f.healthCost;
  if (healthCost > 0) {
    if (caster.health !== undefined && caster.health <= healthCost)
      refusals.push(
        `${spell.label} costs ${healthCost} Health and ${caster.name} has ${caster.health}: a cast may not spend the last of it (ch.17)`,
      );
    else notes.push(`costs ${healthCost} Health (ch.17)`);
  }
  const explain = `${spell.label}: ${cost} gold${notes.length ? `; ${notes.join('; ')}` : ''}`;
  return {
    ok: refusals.length === 0,
    cost,
    healthCost,
    refusals,
    fullSpectrum,
    spend,
    times,
    forestMagic,
    floraMagic,
    needs,
    explain,
  };
}

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
