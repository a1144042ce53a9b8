// How a trap's effect reads (ch.9, ch.11), in one place for the app's notices and the Judge's dialogs.
import type { TrapFields } from './tables.ts';

/** "2d6 through Armor; loses the next turn": what a listed effect does, or '' when it does nothing. */
export function trapEffectWords(effect: TrapFields): string {
  return [
    effect.damage
      ? `${effect.damage} ${effect.ongoing ? `ongoing for ${effect.rounds} round${effect.rounds === 1 ? '' : 's'}` : effect.bypassArmor ? 'through Armor' : 'damage, one instance'}`
      : '',
    effect.loseTurn ? 'loses the next turn' : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** The dice a trap asks of the character entering, in the order they are rolled. */
export function trapDiceWords(trap: { effect?: TrapFields | null; roll?: boolean }): string {
  if (trap.roll && !trap.effect) return "a d6 on the tier's trap table, then the dice its result asks for";
  const effect = trap.effect;
  if (!effect) return 'no dice: its effect is the Judge’s to apply';
  const challenge = effect.challenge
    ? `the ${effect.challenge.sanity ? 'Sanity ' : ''}Challenge's dice (target ${effect.challenge.target}) first`
    : '';
  const words = trapEffectWords(effect);
  return [challenge, words].filter(Boolean).join(', then ') || 'no dice';
}
