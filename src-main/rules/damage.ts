// Damage and Health (rulebook ch.11): Armor negates whole instances, one point each; ongoing
// effects and bypassing attacks strike Health; 0 Health means withdraw or press on.
import { Dice, type DieRoll } from './dice.ts';

export interface Vitals {
  health: number;
  armor: number;
}

export interface DamageInstance {
  amount: number;
  /** Poison, burning rooms …: not an instance, damages Health directly. */
  ongoing?: boolean;
  /** Flagged on enemy or loot entries: ignores Armor. */
  bypassArmor?: boolean;
}

export interface DamageResult extends Vitals {
  negated: boolean;
  healthLost: number;
  reachedZero: boolean;
  explain: string;
}

export function applyDamage(vitals: Vitals, hit: DamageInstance): DamageResult {
  if (!Number.isInteger(hit.amount) || hit.amount < 0) throw new RangeError(`Damage must be a whole number of 0 or more, not ${hit.amount}`);
  const viaArmor = !hit.ongoing && !hit.bypassArmor && vitals.armor > 0;
  if (viaArmor) {
    return { ...vitals, armor: vitals.armor - 1, negated: true, healthLost: 0, reachedZero: false, explain: `Armor negates the whole instance of ${hit.amount}: Armor ${vitals.armor} → ${vitals.armor - 1}; its other effects still resolve (ch.11)` };
  }
  const health = Math.max(0, vitals.health - hit.amount);
  const why = hit.ongoing ? 'ongoing effect, not an instance' : hit.bypassArmor ? 'bypasses Armor' : 'no Armor left';
  return { health, armor: vitals.armor, negated: false, healthLost: vitals.health - health, reachedZero: health === 0 && vitals.health > 0, explain: `${hit.amount} to Health (${why}): ${vitals.health} → ${health} (ch.11)` };
}

export type ZeroHealthOutcome =
  | { kind: 'choose'; options: ['withdraw', 'press-on']; explain: string }
  | { kind: 'permanently-lost'; explain: string };

/** At 0 Health: withdraw or press on at 1; the third time on one floor, or any time on Floor 10, is permanent (ch.10, ch.11). */
export function zeroHealthOutcome(floor: number, timesAtZeroOnThisFloor: number): ZeroHealthOutcome {
  if (floor === 10) return { kind: 'permanently-lost', explain: 'No withdrawal on Floor 10: permanently lost (ch.10)' };
  if (timesAtZeroOnThisFloor >= 3) return { kind: 'permanently-lost', explain: 'Third time at 0 Health on this floor: permanently lost (ch.11)' };
  return { kind: 'choose', options: ['withdraw', 'press-on'], explain: `0 Health (${timesAtZeroOnThisFloor} of 3 on this floor): withdraw from the floor, or press on at 1 Health (ch.11)` };
}

/** A natural 1 on an attack or challenge calls an integrity check: 1d6, the item breaks on a 1 (ch.11). */
export function integrityCheck(dice: Dice, item: { name: string; unbreakable?: boolean }, cause: string): { roll: DieRoll | null; breaks: boolean; explain: string } {
  if (item.unbreakable) return { roll: null, breaks: false, explain: `${item.name} is unbreakable (ch.11)` };
  const roll = dice.die(6, cause);
  const breaks = roll.natural === 1;
  return { roll, breaks, explain: `Integrity of ${item.name}: ${roll.natural} on d6, ${breaks ? 'it breaks' : 'it holds'} (ch.11)` };
}
