// What a spell costs in gold (rulebook ch.14's Mono-Color half price, ch.15's Mono-Color Blue −36).
import type { Colour } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import type { SpellFields } from '@shared/tables.ts';
import { SCHOOL_COLOUR } from './spell-schools.ts';

/** ch.15: a Mono-Color Blue build pays 36 gold less for an Incantation, never below 0. */
export const MONO_BLUE_DISCOUNT = 36;
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
