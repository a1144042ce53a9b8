// The Inn (rulebook ch.4, ch.5): prices, and the d12 event roll with its modifiers.
import { clamp, Dice, showModifiers, totalOf, type DieRoll, type Modifier } from './dice.ts';
import { attentionEffects, type AttentionStage } from './lich-attention.ts';

export const INN_PRICES = { meal: 36, shelter: 72, both: 108 } as const; // ch.4

export interface InnContext {
  /** Gold contributed to the Inn the previous day. */
  contributedYesterday: number;
  /** Active Retainers across all patrons in the Town. */
  activeRetainers: number;
  festival: boolean;
  squareEmpty: boolean;
  attentionStage: AttentionStage;
  /** Turned characters: −1 each (ch.16). */
  turnedCharacters: number;
  /** A Vanity Idol of stage 2 within its 7 days: the Inn leans toward its negative events (ch.6, house rule size). */
  vanityNegativeShift?: number;
  /** A Vanity Idol of stage 3 within its 7 days: the Town's events lock to the negative ones, up to this value (ch.6). */
  vanityLockTo?: number;
}

export function innModifiers(ctx: InnContext): Modifier[] {
  const mods: Modifier[] = [];
  const patron = Math.min(3, Math.floor(ctx.contributedYesterday / 200));
  if (patron) mods.push({ source: 'Patron investment', value: patron });
  const retainers = Math.floor(ctx.activeRetainers / 3);
  if (retainers) mods.push({ source: 'Retainers', value: retainers });
  if (ctx.festival) mods.push({ source: 'Festival', value: 2 });
  if (ctx.squareEmpty) mods.push({ source: 'Square Empty', value: -2 });
  const attention = attentionEffects(ctx.attentionStage).innModifier;
  if (attention) mods.push({ source: `Lich's Attention Stage ${ctx.attentionStage}`, value: attention });
  if (ctx.turnedCharacters) mods.push({ source: 'Turned characters', value: -ctx.turnedCharacters });
  if (ctx.vanityNegativeShift) mods.push({ source: 'A Vanity Idol of stage 2, for 7 days (ch.6, house rule)', value: ctx.vanityNegativeShift });
  return mods;
}

export interface InnRoll {
  closed: boolean;
  d12: DieRoll | null;
  modifiers: Modifier[];
  value: number;
  explain: string;
}

/** The daily Inn d12 (ch.5): capped at 12 high and 2 low; closed at Stage 4; Stage 3 locks to 2-9. */
export function rollInn(dice: Dice, ctx: InnContext, cause = 'Inn event'): InnRoll {
  const effects = attentionEffects(ctx.attentionStage);
  if (effects.innClosed) return { closed: true, d12: null, modifiers: [], value: 0, explain: 'The Inn is closed at Stage 4 (ch.5)' };
  const d12 = dice.die(12, cause);
  const modifiers = innModifiers(ctx);
  const vanityLock = ctx.vanityLockTo ?? 12;
  const high = Math.min(effects.innHighest, vanityLock);
  const clamped = clamp(d12.natural + totalOf(modifiers), 2, high);
  const why = effects.innHighest <= vanityLock ? `at Stage ${ctx.attentionStage}` : 'by a Vanity Idol of stage 3, for 7 days (ch.6)';
  const lock = high < 12 ? `, locked to events 2-${high} ${why}` : '';
  return { closed: false, d12, modifiers, value: clamped.value, explain: `${clamped.value} = ${d12.natural} on d12${showModifiers(modifiers)}${clamped.clamp ? ` (${clamped.clamp}${lock})` : ''} (ch.5)` };
}
