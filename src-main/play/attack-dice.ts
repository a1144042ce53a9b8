// The dice an attack rolls, in the order it rolls them (rulebook ch.2, ch.4, ch.11-ch.13): the weapon's
// or the stat block's, 1d6 per point of the attacker's Power above 6, a skill's bonus dice, then the
// Influence dice added. One home for the attack itself and for what a player is asked to roll.
import type { PlayReader } from '../state/session.ts';
import type { TokenView } from '@shared/board.ts';
import { GRADE_DICE_WORDS, type DamageSpec, type WeaponOption } from '../rules/attack.ts';
import type { InfluenceDie } from '../rules/loot-roll.ts';
import { readHouseRules } from '../state/settings.ts';
import { influenceAgainstPhylactery } from '../rules/loot-fate.ts';
import { powerAttackDice } from '../rules/character.ts';
import { equippedItems, influenceToAdd } from './gear.ts';
import type { AttackerKit } from './fight-reach.ts';

export interface AttackDice {
  base: DamageSpec;
  powerDice: number;
  bonusDice: number;
  /** A Retainer's grade bonus on its loot weapon (ch.7); its bare attack holds it in the base already. */
  gradeDice: number;
  influence: readonly InfluenceDie[];
  /** Lich-coded items whose Influence adds nothing against the Phylactery (ch.12, house rule). */
  useless: string[];
}

/**
 * The attack's dice for this attacker, weapon and target. The Judge's own number takes no Influence
 * (ch.13); an Influence die asked for but not held is refused as the attack refuses it.
 */
export function attackDice(
  ps: PlayReader,
  kit: AttackerKit,
  weapon: WeaponOption | null,
  target: TokenView,
  a: { bonusDice: number; influence: boolean; damage?: number | undefined },
): AttackDice | null {
  const base = weapon?.damage ?? kit.statDamage;
  if (!base) return null;
  const l = kit.lichslayer;
  const held = a.damage === undefined ? influenceToAdd(ps, l, a.influence, kit.token.name) : [];
  const items = l ? equippedItems(ps, l.id) : [];
  const against =
    target.kind === 'phylactery'
      ? influenceAgainstPhylactery(
          held,
          (name) => items.find((i) => i.name === name)?.colour ?? null,
          readHouseRules(ps),
        )
      : { dice: held, useless: [] };
  return {
    base,
    powerDice: l ? powerAttackDice(l.power) : 0,
    bonusDice: a.bonusDice,
    gradeDice: weapon ? kit.gradeDice : 0,
    influence: against.dice,
    useless: against.useless,
  };
}

/** The dice in a player's words, in the order they are rolled ("2d6 + 2d6 for Power above 6"). */
export function attackDiceWords(d: AttackDice): string {
  const parts = [d.base.text];
  if (d.powerDice) parts.push(`${d.powerDice}d6 for Power above 6`);
  if (d.gradeDice) parts.push(`${d.gradeDice}d6 ${GRADE_DICE_WORDS}`);
  if (d.bonusDice) parts.push(`${d.bonusDice}d6 bonus`);
  for (const i of d.influence) parts.push(`1d${i.sides} Influence of ${i.source}`);
  return parts.join(' + ');
}
