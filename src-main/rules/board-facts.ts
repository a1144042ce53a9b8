// Board facts (rulebook ch.9): room capacities, blocked passage, traps and chests.
import type { HouseRules } from '@shared/house-rules.ts';
import { Dice, type DieRoll } from './dice.ts';

export const ROOM_TYPES = ['hall', 'chamber', 'vault', 'antechamber', 'shrine'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** Maximum entities per room type (ch.9). Shrine/Rest holds no enemies. */
export const ROOM_CAPACITY: Record<RoomType, number> = { hall: 2, chamber: 4, vault: 6, antechamber: 3, shrine: 0 };
export const ROOM_LABEL: Record<RoomType, string> = { hall: 'Hall', chamber: 'Chamber', vault: 'Vault', antechamber: 'Antechamber', shrine: 'Shrine / Rest' };

/** A full room blocks passage: nothing more may enter until an entity leaves (ch.9, RULINGS). */
export function canEnter(type: RoomType, occupants: number, enteringIsEnemy: boolean): { ok: boolean; reason: string } {
  const capacity = ROOM_CAPACITY[type];
  if (type === 'shrine' && enteringIsEnemy) return { ok: false, reason: 'A Shrine / Rest room holds no enemies (ch.9)' };
  if (type !== 'shrine' && occupants >= capacity) {
    return { ok: false, reason: `The ${ROOM_LABEL[type]} is full (${occupants} of ${capacity}): it blocks passage until an entity leaves (ch.9)` };
  }
  return { ok: true, reason: `${occupants + 1} of ${capacity} in the ${ROOM_LABEL[type]}` };
}

/** A trap triggers once per character entering, unless disabled (ch.9). */
export function trapTriggers(trap: { disabled: boolean; triggeredFor: readonly string[] }, characterId: string): boolean {
  return !trap.disabled && !trap.triggeredFor.includes(characterId);
}

/** Opening a chest: 1d6, loot on a success (the success face is a house rule, default 4+). */
export function openChest(dice: Dice, rules: HouseRules, cause: string): { roll: DieRoll; hasLoot: boolean; explain: string } {
  const roll = dice.die(6, cause);
  const hasLoot = roll.natural >= rules.chestSuccessOn;
  return { roll, hasLoot, explain: `${roll.natural} on d6 (loot on ${rules.chestSuccessOn}+): ${hasLoot ? 'the chest holds loot' : 'empty'} (ch.9)` };
}
