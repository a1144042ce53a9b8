// Casting a spell (rulebook ch.15, with ch.13's ×N components, ch.14's Mono-Color discount, ch.16's
// turned and ch.17's Forest path, Recipes and Flora): what must be worn or carried, what it costs and
// what the cast spends. Pure: the caller supplies the caster as it stands. The schools a caster
// reaches, the gold, the components and the Magic are each in their own file beside this one.
import type { Colour } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { VESTMENTS, type SpellFields } from '@shared/tables.ts';
import { synchronicity } from './synchronicity.ts';
import { choiceLine, choiceMade, componentTimes } from './loot-fate.ts';
import { coatGold } from './spell-sources.ts';
import { inLoot, worn, type Caster, type CasterItem, type CastOptions } from './spell-caster.ts';
import { schoolAccess, type SchoolAccess } from './spell-schools.ts';
import { spellGold } from './spell-price.ts';
import { completeRecipes, componentAfterCast, heldComponent, recipeItems } from './spell-components.ts';

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
  /** The school's access as the cast read it (null: a Scroll, a stolen or a learned spell does not ask). */
  access: SchoolAccess | null;
  /** ch.17: a spell the Witch learned through Commune costs one Sanity level. */
  sanityCost: number;
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
  // ch.17: the Witch's learned spell came through a conduit of its school: no colour to ask.
  const borrowed = source === 'scroll' || source === 'stolen' || source === 'learned';
  const mono = sync.conditions.find((c) => c.id === 'mono-color')?.colours?.[0];
  const access = borrowed
    ? null
    : schoolAccess(f.school, caster, { fullSpectrum, monoColour: mono }, rules, spell.label);
  if (access && !access.open) refusals.push(access.explain);
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
  if (f.component && !borrowed) {
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
  if (f.path === 'forest' && !borrowed) {
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
  const gold =
    source === 'stolen'
      ? { cost: 0, notes: ['stolen by Counter Magic: no gold, no Sanity (ch.2)'] }
      : source === 'learned'
        ? { cost: 0, notes: ['learned through Commune: 1 Sanity level, no gold, no components (ch.17)'] }
        : f.path === 'forest'
          ? { cost: 0, notes: [] }
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
  const sanityCost = source === 'learned' ? 1 : 0;
  if (sanityCost && caster.sanity === 'lost')
    refusals.push(`${caster.name} is Lost: there is no Sanity level left to spend on a learned spell (ch.8, ch.17)`);
  if (access?.open && access.ways.length === 1 && access.ways[0] === 'identify')
    notes.push(`through the conduit ${caster.name} Identified this floor (ch.2)`);
  const explain = `${spell.label}: ${cost} gold${notes.length ? `; ${notes.join('; ')}` : ''}`;
  return {
    ok: refusals.length === 0,
    cost,
    healthCost,
    refusals,
    fullSpectrum,
    access,
    sanityCost,
    spend,
    times,
    forestMagic,
    floraMagic,
    needs,
    explain,
  };
}
