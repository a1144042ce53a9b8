// Attacks (rulebook ch.1, ch.4, ch.7, ch.11, ch.12, ch.13, ch.16): who may attack (a Gear or loot item
// that allows it), what reaches (the attacker's own room; the Phylactery only from its room), the
// damage dice (the weapon's or the stat block's, +1d6 per point of Power above 6, exploding sixes),
// and whom an enemy strikes when the book does not say.
import type { Colour } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import type { LootAction } from '@shared/tables.ts';
import { Dice, showDice, showModifiers, sumDice, totalOf, type DieRoll, type Modifier } from './dice.ts';
import { integrityDue } from './damage.ts';
import { rollInfluenceModifiers, type InfluenceDie } from './loot-roll.ts';

export interface DamageSpec {
  count: number;
  sides: number;
  flat: number;
  /** As written, for the working ("2d6", "4d6 touch"). */
  text: string;
}

const DICE = /(\d{0,2})\s*d\s*(\d{1,3})(?:\s*([+−-])\s*(\d{1,3})(?![\d.]*\s*d\s*\d))?/i;

/** The first dice in a stat block's attack or an item's text: "2d6", "d6+1", "6d6, Colourless". */
export function parseDamage(text: string): DamageSpec | null {
  const m = DICE.exec(text);
  if (!m) return null;
  const count = m[1] ? Number(m[1]) : 1;
  const sides = Number(m[2]);
  if (count < 1 || sides < 2) return null;
  const flat = m[4] ? (m[3] === '+' ? 1 : -1) * Number(m[4]) : 0;
  return { count, sides, flat, text: m[0].trim() };
}

/** "Attack: 2d6 …" in an item's notes or its loot entry's Effect: the damage it lists (ch.13). */
const ATTACK_LINE = /\battack\b\s*:?\s*(\d{0,2}\s*d\s*\d{1,3}(?:\s*[+−-]\s*\d{1,3}(?![\d.]*\s*d\s*\d))?)/i;

export function itemDamage(text: string): DamageSpec | null {
  const m = ATTACK_LINE.exec(text);
  return m ? parseDamage(m[1]!) : null;
}

export interface EquippedItem {
  slot: string;
  name: string;
  colour: Colour;
  broken: boolean;
  notes: string;
  /** The item's entry on a loot table, when it has one (its actions and Effect, ch.13). */
  entry: { actions: readonly LootAction[]; details: string; breakable: boolean } | null;
}

export interface WeaponOption {
  slot: string;
  name: string;
  colour: Colour;
  damage: DamageSpec | null;
  allowed: boolean;
  why: string;
}

/**
 * The equipped items a Lichslayer may attack with (ch.11, ch.13): an item whose loot entry lists the
 * Attack action, or whose notes give an attack ("Attack: 2d6") for gear on no table; never a broken
 * one (it confers no effect, ch.11). The damage is the one its notes or Effect lists.
 */
export function weaponOptions(
  items: readonly EquippedItem[],
  /** Where the Judge writes missing dice: a Gauntlet item's notes, or (a Retainer keeps no notes) its loot row. */
  fixIn: 'notes' | 'row' = 'notes',
): WeaponOption[] {
  return items.flatMap((i): WeaponOption[] => {
    const fromNotes = itemDamage(i.notes);
    const listed = i.entry?.actions.includes('attack') ?? false;
    if (!listed && !fromNotes) return [];
    const damage = fromNotes ?? itemDamage(i.entry?.details ?? '') ?? (i.entry ? parseDamage(i.entry.details) : null);
    if (i.broken)
      return [
        {
          slot: i.slot,
          name: i.name,
          colour: i.colour,
          damage,
          allowed: false,
          why: `${i.name} is broken: it confers no effect (ch.11)`,
        },
      ];
    if (!damage)
      return [
        {
          slot: i.slot,
          name: i.name,
          colour: i.colour,
          damage,
          allowed: false,
          why: `${i.name} allows the attack action but lists no damage dice: write them in ${fixIn === 'notes' ? 'its notes' : "its loot table row's details"}, e.g. "Attack: 2d6" (ch.13)`,
        },
      ];
    return [
      { slot: i.slot, name: i.name, colour: i.colour, damage, allowed: true, why: `${i.name}: ${damage.text} (ch.13)` },
    ];
  });
}

/** Why a character may not take the attack action at all (ch.11), or null. */
export function attackAccess(name: string, options: readonly WeaponOption[]): string | null {
  if (options.some((o) => o.allowed)) return null;
  if (options.length) return options.map((o) => o.why).join('; ');
  return `${name} holds no Gear or loot that allows the attack action: loot and gear define what a character can do (ch.11)`;
}

/** The d6 a Retainer's grade adds to its attack: "+0", "+1d6", "+2d6" (ch.7). */
export const gradeDice = (gradeBonus: string): number => parseDamage(gradeBonus)?.count ?? 0;

/** The grade's dice as the working and the attack dialog name them (ch.7). */
export const GRADE_DICE_WORDS = "for the Retainer's grade (ch.7)";

/**
 * A Retainer's bare attack: its own dice (house rule) plus its grade's bonus (ch.7). With a loot
 * weapon the grade's bonus adds to the weapon's dice instead (gradeDice in the attack's input): the
 * book's "+Nd6" is a bonus to whatever the Retainer attacks with, and the house rule's own dice only
 * stand in for a weapon it does not have.
 */
export function retainerDamage(gradeBonus: string, rules: HouseRules): DamageSpec | null {
  const bonus = gradeDice(gradeBonus);
  const count = rules.retainerBaseAttack + bonus;
  return count > 0
    ? { count, sides: 6, flat: 0, text: `${count}d6 (${rules.retainerBaseAttack}d6 + ${gradeBonus || '+0'}, ch.7)` }
    : null;
}

export interface AttackInput {
  attacker: string;
  cause: string;
  base: DamageSpec;
  /** ch.4: +1d6 per point of Power above 6 (Lichslayers only). */
  powerDice: number;
  /** Dice a skill adds (Charge …, ch.2). */
  bonusDice?: number;
  /** A Retainer's grade bonus added to its loot weapon's dice (ch.7). */
  gradeDice?: number;
  /** The roller's modifiers "to all rolls" (Sanity ch.8, the survival clock ch.4). */
  modifiers: Modifier[];
  /** Influence dice added to the damage (ch.13: "attack"), rolled after the damage dice. */
  influence?: readonly InfluenceDie[];
}

export interface AttackRoll {
  dice: DieRoll[];
  sum: number;
  flat: number;
  modifiers: Modifier[];
  total: number;
  allNaturalOnes: boolean;
  /** ch.11: "a 1 is a failure regardless of bonuses" (house rule: misses, or lands). */
  miss: boolean;
  integrityDue: boolean;
  explain: string;
  chapter: string;
}

/**
 * An attack rolls its damage dice (ch.1: attacks are not Challenges). d6 explode (ch.11); the
 * roller's modifiers apply to all rolls (ch.4, ch.8); the total is never below 0.
 */
export function rollAttack(dice: Dice, input: AttackInput, rules: HouseRules): AttackRoll {
  const bonus = input.bonusDice ?? 0;
  if (!Number.isInteger(bonus) || bonus < 0)
    throw new RangeError(`Bonus dice must be a whole number of 0 or more, not ${bonus}`);
  const { base } = input;
  const grade = input.gradeDice ?? 0;
  const rolled = [
    ...dice.pool(base.count, base.sides, input.cause, base.sides === 6),
    ...dice.pool(
      input.powerDice + bonus + grade,
      6,
      `${input.cause} (${grade ? 'grade' : 'Power'}${bonus ? ' and bonus' : ''} dice)`,
      true,
    ),
  ];
  // The loot's roll, not the attacker's: an Influence die is no natural 1 of the attack (ch.11).
  const modifiers = [...input.modifiers, ...rollInfluenceModifiers(dice, input.influence ?? [], input.cause)];
  const naturals = rolled.flatMap((d) => (rules.explosionsCountAsNatural ? d.faces : [d.natural]));
  const allNaturalOnes = rolled.length > 0 && rolled.every((d) => d.natural === 1);
  const miss = allNaturalOnes && rules.attackAllOnes === 'miss';
  const sum = sumDice(rolled);
  const total = miss ? 0 : Math.max(0, sum + base.flat + totalOf(modifiers));
  const parts = [`${base.text}${base.sides === 6 ? '!' : ''}`];
  if (input.powerDice) parts.push(`${input.powerDice}d6! Power above 6 (ch.4)`);
  if (grade) parts.push(`${grade}d6! ${GRADE_DICE_WORDS}`);
  if (bonus) parts.push(`${bonus}d6! bonus`);
  const flat = base.flat ? ` ${base.flat > 0 ? '+' : '−'} ${Math.abs(base.flat)}` : '';
  const why = miss
    ? ': all natural 1s, the attack misses (house rule)'
    : allNaturalOnes
      ? ': all natural 1s, the attack lands all the same (house rule)'
      : '';
  return {
    dice: rolled,
    sum,
    flat: base.flat,
    modifiers,
    total,
    allNaturalOnes,
    miss,
    integrityDue: integrityDue(naturals, rules),
    explain: `${input.attacker}: ${total} damage = ${parts.join(' + ')} ${showDice(rolled)}${flat}${showModifiers(modifiers)}${why} (ch.11)`,
    chapter: 'ch.11',
  };
}

export interface Position {
  name: string;
  kind: string;
  floor: number | null;
  x: number | null;
  y: number | null;
  /** On the turn stack of the fight in the Town (ch.16), where everyone fights in one place. */
  inTownFight: boolean;
}

/** Reach (ch.11, ch.12): the attacker's own room; the Phylactery only from inside its room; in the Town fight, everyone. */
export function reachRefusal(attacker: Position, target: Position): string | null {
  if (attacker.inTownFight && target.inTownFight) return null;
  if (attacker.floor === null || target.floor === null || attacker.x === null || target.x === null) {
    return `${attacker.floor === null ? attacker.name : target.name} is not on the board`;
  }
  const sameRoom = attacker.floor === target.floor && attacker.x === target.x && attacker.y === target.y;
  if (sameRoom) return null;
  if (target.kind === 'phylactery')
    return `The Phylactery cannot be targeted remotely: ${attacker.name} must be in its room to attack it (ch.12)`;
  return `${target.name} is not in ${attacker.name}'s room: an attack reaches only the room the attacker stands in (ch.11)`;
}

export interface TargetCandidate {
  id: number;
  name: string;
  health: number;
  gold: number;
  /** Place on the turn stack (lower acts earlier). */
  stackIndex: number;
}

/**
 * Whom an enemy strikes when the Judge does not pick (ch.11 is silent; a house rule): the weakest
 * in reach, the richest, or the first on the stack; the manifested Lich always strikes the
 * character holding the most gold (ch.16). Ties go to the first on the stack, and are named.
 */
export function defaultTarget<T extends TargetCandidate>(
  candidates: readonly T[],
  rules: HouseRules,
  lich: boolean,
): { target: T | null; tied: T[]; explain: string } {
  if (!candidates.length) return { target: null, tied: [], explain: 'no one in reach' };
  const rule = lich ? 'richest' : rules.enemyTarget;
  const byStack = [...candidates].sort((a, b) => a.stackIndex - b.stackIndex);
  let tied: T[];
  if (rule === 'weakest') {
    const low = Math.min(...byStack.map((c) => c.health));
    tied = byStack.filter((c) => c.health === low);
  } else if (rule === 'richest') {
    const most = Math.max(...byStack.map((c) => c.gold));
    tied = byStack.filter((c) => c.gold === most);
  } else tied = [byStack[0]!];
  const target = tied[0]!;
  const what =
    rule === 'weakest'
      ? `the weakest in reach (${target.health} Health)`
      : rule === 'richest'
        ? `the character holding the most gold (${target.gold})`
        : 'the first in reach on the turn stack';
  const source = lich ? 'ch.16' : 'house rule';
  const tie =
    tied.length > 1
      ? `; tied with ${tied
          .slice(1)
          .map((t) => t.name)
          .join(', ')}: the first on the stack, the Judge may pick another`
      : '';
  return { target, tied, explain: `${target.name}, ${what} (${source})${tie}` };
}
