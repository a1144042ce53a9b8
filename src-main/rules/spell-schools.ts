// Which spell schools a caster reaches (rulebook ch.15, ch.16, ch.17 and ch.2's Medicine Bay): the
// colour of each school, and the refusal that names the rule when a school is shut.
import type { Colour } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { SPELL_SCHOOL_LABEL, type SpellSchool } from '@shared/tables.ts';
import { synchronicity } from './synchronicity.ts';
import { same, type Caster } from './spell-caster.ts';

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

/** How a school came to be open to a caster (the cast dialog shows it, a cast through a conduit records it). */
export type SchoolWay =
  | 'colour'
  | 'turned'
  | 'full-spectrum'
  | 'oneness'
  | 'giver-fed'
  | 'medicine-bay'
  | 'forest-loot'
  | 'identify'
  | 'house-rule';

export interface SchoolAccess {
  school: SpellSchool;
  open: boolean;
  /** The ways it is open (empty when shut). */
  ways: SchoolWay[];
  /** Open: how, in the app's words; shut: why, and what would open it. */
  explain: string;
}

const allColour = (c: Colour) => c === 'All-Color';

/** The unbroken equipped items of a colour (All-Color counts as every colour, as for Flora, ch.17). */
function itemsOf(caster: Caster, colour: Colour) {
  return caster.items.filter((i) => !i.broken && (i.colour === colour || allColour(i.colour)));
}

/** Whether the caster "is" the school's colour (ch.2's Identify: "without needing to be that color"); a house rule reads how. */
function isColour(caster: Caster, colour: Colour, monoColour: Colour | undefined, rules: HouseRules): boolean {
  if (rules.schoolColourAccess === 'mono-color') return monoColour === colour;
  return itemsOf(caster, colour).length > 0;
}

const colourRule = (rules: HouseRules, colour: string) =>
  rules.schoolColourAccess === 'mono-color'
    ? `a Mono-Color ${colour} build (house rule)`
    : `${colour} loot equipped (house rule: one unbroken item is enough)`;

/**
 * Which way, if any, opens a school to a Lichslayer (ch.15, ch.2, ch.4, ch.14, ch.16, ch.17): a
 * coloured school by being its colour; Lich's Magic only when turned, in Full Spectrum or through
 * Oneness in the Phylactery or the Lich; the Giver's
 * Recipes by three feedings or Medicine Bay, which also opens Celestial Magic; Forest loot opens
 * Daedric Magic; a conduit Identified this floor opens one spell of its school. A Scroll or a stolen
 * spell does not ask (the caller skips this).
 */
export function schoolAccess(
  school: SpellSchool,
  caster: Caster,
  build: { fullSpectrum: boolean; monoColour?: Colour | undefined },
  rules: HouseRules,
  spell?: string,
): SchoolAccess {
  const ways: SchoolWay[] = [];
  const label = SPELL_SCHOOL_LABEL[school];
  const colour = SCHOOL_COLOUR[school];
  const medicineBay = !!caster.giverAccess?.medicineBay;
  const conduit = (caster.conduits ?? []).find(
    (g) => g.school === school && (g.spell === null || spell === undefined || same(g.spell, spell)),
  );
  if (school === 'lich') {
    if (caster.turned) ways.push('turned');
    if (build.fullSpectrum) ways.push('full-spectrum');
    if (caster.inhabitsLich) ways.push('oneness');
  } else if (school === 'giver') {
    // Without a record of feedings (a caster built by hand) the Recipes are not gated.
    if (!caster.giverAccess || caster.giverAccess.feedings >= GIVER_FEEDINGS_FOR_RECIPES) ways.push('giver-fed');
    if (medicineBay) ways.push('medicine-bay');
  } else if (colour) {
    if (rules.schoolColourAccess === 'every-school') ways.push('house-rule');
    else if (isColour(caster, colour, build.monoColour, rules)) ways.push('colour');
    if (school === 'celestial' && medicineBay) ways.push('medicine-bay');
    if (school === 'daedric' && caster.forestLoot) ways.push('forest-loot');
  }
  if (conduit && school !== 'lich') ways.push('identify');
  if (ways.length)
    return {
      school,
      open: true,
      ways,
      explain: `${label} open: ${ways.map((w) => WAY_TEXT[w](colour ?? '', rules)).join('; ')}`,
    };
  if (school === 'lich')
    return {
      school,
      open: false,
      ways,
      explain: `Lich's Magic is open to a Lichslayer only when turned or in Full Spectrum (ch.15), or to a Witch whose Oneness inhabits the Phylactery or the Lich (ch.2, ch.16)`,
    };
  if (school === 'giver')
    return {
      school,
      open: false,
      ways,
      explain: `${SPELL_SCHOOL_LABEL.giver} open to a character who has fed the Giver ${GIVER_FEEDINGS_FOR_RECIPES} times (ch.17) or holds Medicine Bay (ch.2); ${caster.name} has fed it ${caster.giverAccess?.feedings ?? 0}`,
    };
  const opens = [
    `${colourRule(rules, colour!)} (ch.15)`,
    ...(school === 'celestial' ? ['Medicine Bay (ch.2)'] : []),
    ...(school === 'daedric' ? ['Forest loot held (ch.4)'] : []),
    `a ${colour} conduit Identified this floor (ch.2)`,
  ];
  const other = (caster.conduits ?? []).find((g) => g.school === school);
  return {
    school,
    open: false,
    ways,
    explain: `${label} is not open to ${caster.name}: ${other?.spell ? `the conduit Identified this floor opens ${other.spell} only; ` : ''}it opens with ${opens.join(', or ')}; a Scroll casts it whatever the colour (ch.2)`,
  };
}

const WAY_TEXT: Record<SchoolWay, (colour: string, rules: HouseRules) => string> = {
  colour: (c, rules) => `${colourRule(rules, c)} (ch.15)`,
  turned: () => 'turned by the Lich (ch.15, ch.16)',
  'full-spectrum': () => 'Full Spectrum opens Colourless magic (ch.14)',
  oneness: () => 'Oneness inhabits the Phylactery or the Lich, and gains its spells (ch.2, ch.16)',
  'giver-fed': () => `the Giver fed ${GIVER_FEEDINGS_FOR_RECIPES} times (ch.17)`,
  'medicine-bay': () => 'Medicine Bay (ch.2)',
  'forest-loot': () => 'Forest loot held (ch.4)',
  identify: (c) => `a ${c || 'conduit'} item Identified this floor: one spell (ch.2)`,
  'house-rule': () => 'every coloured school is open (house rule)',
};

/** The build read for a school: Full Spectrum and a Mono-Color's colour, from the equipped items (ch.14). */
export function buildOf(caster: Caster, rules: HouseRules): { fullSpectrum: boolean; monoColour?: Colour } {
  const sync = synchronicity(
    caster.items.map((i) => ({
      name: i.name,
      colour: i.colour,
      broken: i.broken,
      ...(i.type ? { type: i.type } : {}),
    })),
    rules,
  );
  const mono = sync.conditions.find((c) => c.id === 'mono-color')?.colours?.[0];
  return { fullSpectrum: sync.conditions.some((c) => c.id === 'full-spectrum'), ...(mono ? { monoColour: mono } : {}) };
}

/** Whether a school is open to the caster as they stand; null when it is, else why not and what would open it. */
export function schoolOpenTo(school: SpellSchool, caster: Caster, rules: HouseRules, spell?: string): string | null {
  const a = schoolAccess(school, caster, buildOf(caster, rules), rules, spell);
  return a.open ? null : a.explain;
}
