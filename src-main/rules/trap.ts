// Traps (rulebook ch.9, ch.11): a trap rolls 1d6 on its tier's table on each character's entry unless
// disabled — a trap with a listed effect uses that effect instead — and triggers once per character.
// Its effect: a Challenge that escapes it, damage (one instance, or ongoing), a lost turn.
import type { TrapFields } from '@shared/tables.ts';
import { Dice, showDice, sumDice, type DieRoll } from './dice.ts';
import { parseDamage } from './attack.ts';
import { trapEffectWords } from '@shared/trap-words.ts';

/** A trap on a room as the board keeps it. */
export interface RoomTrap {
  label: string;
  disabled: boolean;
  /** Token ids it has already triggered for (once per character, ch.9). */
  triggeredFor: number[];
  /** A listed effect, the Judge's: used instead of the roll (ch.9). */
  effect?: TrapFields | null;
  /** Rolled on the tier's table for each character entering (ch.9). A trap with neither is an older campaign's, rolled once when its room was revealed: its label is its listed effect. */
  roll?: boolean;
}

/** Which effect a trap uses for a character entering (ch.9): its listed effect, or a roll on the tier's d6 table. */
export function trapSource(
  trap: RoomTrap,
): { kind: 'listed'; effect: TrapFields | null; explain: string } | { kind: 'roll'; explain: string } {
  if (trap.roll && !trap.effect)
    return { kind: 'roll', explain: `${trap.label}: 1d6 on the tier's trap table for this character (ch.9)` };
  return {
    kind: 'listed',
    effect: trap.effect ?? null,
    explain: `${trap.label}: its listed effect, instead of the roll (ch.9)`,
  };
}

export interface TrapDamage {
  amount: number;
  dice: DieRoll[];
  explain: string;
}

/** A trap's damage dice (sixes explode, ch.1); null when it deals none. */
export function rollTrapDamage(dice: Dice, effect: TrapFields, cause: string): TrapDamage | null {
  const spec = effect.damage ? parseDamage(effect.damage) : null;
  if (!spec) return null;
  const rolled = dice.pool(spec.count, spec.sides, cause, spec.sides === 6);
  const amount = Math.max(0, sumDice(rolled) + spec.flat);
  const flat = spec.flat ? ` ${spec.flat > 0 ? '+' : '−'} ${Math.abs(spec.flat)}` : '';
  return {
    amount,
    dice: rolled,
    explain: `${amount} = ${spec.text}${spec.sides === 6 ? '!' : ''} ${showDice(rolled)}${flat}${effect.ongoing ? ', ongoing' : ''} (ch.9, ch.11)`,
  };
}

/** What a trap's effect does once its Challenge (if any) is settled: the steps the app applies. */
export function trapSteps(
  effect: TrapFields,
  challengePassed: boolean | null,
): { damage: boolean; loseTurn: boolean; explain: string } {
  if (challengePassed === true)
    return { damage: false, loseTurn: false, explain: 'the Challenge is passed: the trap is escaped (ch.9)' };
  const words = trapEffectWords(effect);
  return {
    damage: !!effect.damage,
    loseTurn: effect.loseTurn,
    explain: words || 'no effect the app applies',
  };
}
