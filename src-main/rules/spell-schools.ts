// Which spell schools a caster reaches (rulebook ch.15, ch.16, ch.17 and ch.2's Medicine Bay): the
// colour of each school, and the refusal that names the rule when a school is shut.
import type { Colour } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { SPELL_SCHOOL_LABEL, type SpellSchool } from '@shared/tables.ts';
import { synchronicity } from './synchronicity.ts';
import type { Caster } from './spell-caster.ts';

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
