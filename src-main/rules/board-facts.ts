// Board facts (rulebook ch.9): room capacities, blocked passage, traps and chests.
import type { HouseRules } from '@shared/house-rules.ts';
import { Dice, type DieRoll } from './dice.ts';
import { attentionEffects, type AttentionStage } from './lich-attention.ts';

export const ROOM_TYPES = ['hall', 'chamber', 'vault', 'antechamber', 'shrine'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** Maximum entities per room type (ch.9). Shrine/Rest holds no enemies. */
export const ROOM_CAPACITY: Record<RoomType, number> = { hall: 2, chamber: 4, vault: 6, antechamber: 3, shrine: 0 };
export const ROOM_LABEL: Record<RoomType, string> = {
  hall: 'Hall',
  chamber: 'Chamber',
  vault: 'Vault',
  antechamber: 'Antechamber',
  shrine: 'Shrine / Rest',
};

/**
 * Whether a Shrine / Rest room is still safe where it lies (ch.9 "safe until the Lich's attention
 * activates"; ch.5: from Stage 2 those on floors 1-5 are unsafe — read from the Attention's table).
 */
export interface ShrineSafety {
  /** Shrines on floors up to this one are unsafe (0: none), as the Attention's stage says. */
  unsafeOnFloorsUpTo: number;
  /** How many enemies an unsafe Shrine holds (house rule). */
  unsafeCapacity: number;
}

export const SAFE_SHRINES: ShrineSafety = { unsafeOnFloorsUpTo: 0, unsafeCapacity: 0 };

/** The Shrines' safety at an Attention stage (ch.5, from its one table) with the house rule's capacity. */
export function shrineSafety(stage: AttentionStage, rules: HouseRules): ShrineSafety {
  return {
    unsafeOnFloorsUpTo: attentionEffects(stage).shrinesUnsafeOnFloorsUpTo,
    unsafeCapacity: rules.unsafeShrineCapacity,
  };
}

/** A room's capacity for enemies (ch.9), with an unsafe Shrine's (ch.5, house rule); null: safe, no enemies at all. */
export function roomCapacity(type: RoomType, floor: number, shrines: ShrineSafety): number | null {
  if (type !== 'shrine') return ROOM_CAPACITY[type];
  return floor <= shrines.unsafeOnFloorsUpTo ? shrines.unsafeCapacity : null;
}

/** A full room blocks passage: nothing more may enter until an entity leaves (ch.9, RULINGS). */
export function canEnter(
  type: RoomType,
  occupants: number,
  enteringIsEnemy: boolean,
  place: { floor: number; shrines: ShrineSafety },
): { ok: boolean; reason: string } {
  const capacity = roomCapacity(type, place.floor, place.shrines);
  if (capacity === null) {
    if (enteringIsEnemy) return { ok: false, reason: 'A Shrine / Rest room holds no enemies while it is safe (ch.9)' };
    return { ok: true, reason: 'The Shrine / Rest room is safe' };
  }
  if (occupants >= capacity) {
    const unsafe = type === 'shrine' ? ', unsafe at this Attention (ch.5)' : '';
    return {
      ok: false,
      reason: `The ${ROOM_LABEL[type]} is full (${occupants} of ${capacity}${unsafe}): it blocks passage until an entity leaves (ch.9)`,
    };
  }
  return { ok: true, reason: `${occupants + 1} of ${capacity} in the ${ROOM_LABEL[type]}` };
}

/** A trap triggers once per character entering, unless disabled (ch.9). */
export function trapTriggers<Id extends number | string>(
  trap: { disabled: boolean; triggeredFor: readonly Id[] },
  characterId: Id,
): boolean {
  return !trap.disabled && !trap.triggeredFor.includes(characterId);
}

/** Opening a chest: 1d6, loot on a success (the success face is a house rule, default 4+). */
export function openChest(
  dice: Dice,
  rules: HouseRules,
  cause: string,
): { roll: DieRoll; hasLoot: boolean; explain: string } {
  const roll = dice.die(6, cause);
  const hasLoot = roll.natural >= rules.chestSuccessOn;
  return {
    roll,
    hasLoot,
    explain: `${roll.natural} on d6 (loot on ${rules.chestSuccessOn}+): ${hasLoot ? 'the chest holds loot' : 'empty'} (ch.9)`,
  };
}

/** The gold formula the Judge rolls for a chest (ch.9 gives none): the room row's own, else the house rule's for the tier. */
export function chestGoldFormula(
  tier: 'upper' | 'middle' | 'lower',
  rowFormula: string,
  rules: HouseRules,
): { formula: string; source: string } {
  return rowFormula.trim()
    ? { formula: rowFormula.trim(), source: 'the room table' }
    : { formula: rules.chestGold[tier], source: 'house rule' };
}
