// The Inn (rulebook ch.4, ch.5): prices, and the d12 event roll with its modifiers.
import { clamp, Dice, showModifiers, totalOf, type DieRoll, type Modifier } from './dice.ts';
import { attentionEffects, type AttentionStage } from './lich-attention.ts';
import type { InnFields } from '@shared/tables.ts';

export const INN_PRICES = { meal: 36, shelter: 72, both: 108 } as const; // ch.4

export type InnPurchase = keyof typeof INN_PRICES;

/** The day's Inn event as it bears on prices: its label, and its row's Inn fields if it has any. */
export interface InnEventToday {
  label: string;
  inn: InnFields | null;
}

export interface InnPrices {
  meal: number;
  shelter: number;
  both: number;
  /** Days of the survival clock one meal feeds today. */
  fedDays: number;
  /** What the day's event did to the book's prices, or null when it changed nothing. */
  why: string | null;
}

/** Whether an event's Inn fields change what a meal or a night costs or feeds (its rest aside). */
const touchesPrices = (f: InnFields): boolean =>
  f.mealPercent !== 100 || f.shelterPercent !== 100 || f.shelterExtra !== 0 || f.fedDays !== 1 || !f.mealFeeds;

/**
 * The day's prices (ch.4) as the day's Inn events set them (ch.5): at Stage 1 a negative event may
 * come before the day's own, and both bear on the day. Percentages multiply, gold added sums, and
 * a meal feeds the most days any of them says. Both is a meal and a night.
 */
export function innPrices(events: readonly InnEventToday[]): InnPrices {
  const fx = events.flatMap((e) => (e.inn ? [e.inn] : []));
  const percent = (of: number, key: 'mealPercent' | 'shelterPercent') =>
    Math.round(fx.reduce((price, f) => (price * f[key]) / 100, of));
  const meal = percent(INN_PRICES.meal, 'mealPercent');
  const shelter = percent(INN_PRICES.shelter, 'shelterPercent') + fx.reduce((sum, f) => sum + f.shelterExtra, 0);
  const fedDays = Math.max(1, ...fx.map((f) => f.fedDays));
  const parts = [
    ...(meal !== INN_PRICES.meal ? [`a meal ${meal} gold`] : []),
    ...(shelter !== INN_PRICES.shelter ? [`shelter ${shelter} gold`] : []),
    ...(fedDays !== 1 ? [`a meal feeds ${fedDays} days`] : []),
    ...(fx.some((f) => !f.mealFeeds) ? ['a meal feeds no one'] : []),
  ];
  const named = events.filter((e) => e.inn && touchesPrices(e.inn)).map((e) => e.label);
  return {
    meal,
    shelter,
    both: meal + shelter,
    fedDays,
    why: parts.length ? `${named.join(' and ')} today: ${parts.join(', ')}` : null,
  };
}

/** What the day's Inn events do to its night (ch.4, ch.8), each effect with the event that caused it. */
export interface InnNight {
  /** The event whose meals feed no one today, or null when a meal feeds as the book says. */
  spoiledBy: string | null;
  /** The event under which tonight's shelter restores no Sanity, or null. */
  unrestBy: string | null;
  /** Sanity levels more that a night's rest restores to those who ate here today, and the event. */
  bonus: { levels: number; by: string } | null;
  /** Gold each patron pays tonight, or a night in the stocks, and the event. */
  damages: { gold: number; by: string } | null;
  /** The d6 a thief rolls tonight (times 6 gold) on one patron, and the event. */
  theft: { d6: number; by: string } | null;
  /** What each patron's next Challenge in the Tombs takes, and the event. */
  omen: { value: number; by: string } | null;
}

/** The day's Inn events as they bear on its night: any one that spoils meals or rest does so; bonuses add. */
export function innNight(events: readonly InnEventToday[]): InnNight {
  const withFields = events.flatMap((e) => (e.inn ? [{ label: e.label, inn: e.inn }] : []));
  /** A number the events add up, with the events that gave it; null when they give none. */
  const summed = (key: 'restBonus' | 'damages' | 'theftD6' | 'nextTombsChallenge') => {
    const total = withFields.reduce((sum, e) => sum + e.inn[key], 0);
    const by = withFields
      .filter((e) => e.inn[key])
      .map((e) => e.label)
      .join(' and ');
    return total ? { total, by } : null;
  };
  const bonus = summed('restBonus');
  const damages = summed('damages');
  const theft = summed('theftD6');
  const omen = summed('nextTombsChallenge');
  return {
    spoiledBy: withFields.find((e) => !e.inn.mealFeeds)?.label ?? null,
    unrestBy: withFields.find((e) => !e.inn.restRecovers)?.label ?? null,
    bonus: bonus && { levels: bonus.total, by: bonus.by },
    damages: damages && { gold: damages.total, by: damages.by },
    theft: theft && { d6: theft.total, by: theft.by },
    omen: omen && { value: omen.total, by: omen.by },
  };
}

/**
 * Buying a meal, shelter or both at the Inn (ch.4): closed at Stage 4 (ch.5); one of each a day for a
 * character; the payer (the character, or another who pays for them) must hold the price.
 */
export function innPurchase(input: {
  what: InnPurchase;
  who: string;
  ateToday: boolean;
  /** Fed today by a meal bought on an earlier day that feeds more than one (ch.5's Inn events). */
  fedEarlier?: boolean;
  shelteredToday: boolean;
  gold: number;
  payer: { name: string; gold: number } | null;
  stage: AttentionStage;
  /** Today's prices (the book's unless the day's Inn event changes them). */
  prices?: InnPrices;
}):
  | { ok: true; price: number; eats: boolean; shelters: boolean; fedDays: number; explain: string }
  | { ok: false; reason: string } {
  if (attentionEffects(input.stage).innClosed)
    return { ok: false, reason: 'The Inn is closed at Stage 4: no one eats or sleeps there (ch.5)' };
  const eats = input.what !== 'shelter';
  const shelters = input.what !== 'meal';
  if ((eats && input.ateToday) || (shelters && input.shelteredToday))
    return { ok: false, reason: `${input.who} already has that today` };
  if (eats && input.fedEarlier)
    return { ok: false, reason: `${input.who} is fed today by a meal bought on an earlier day (ch.5)` };
  const prices = input.prices ?? innPrices([]);
  const price = prices[input.what];
  const payer = input.payer ?? { name: input.who, gold: input.gold };
  if (payer.gold < price)
    return {
      ok: false,
      reason: `${input.what === 'both' ? 'A meal and shelter cost' : `A ${input.what} costs`} ${price} gold and ${payer.name} holds ${payer.gold} (ch.4${prices.why ? `; ${prices.why}, ch.5` : ''})`,
    };
  const paidBy = input.payer ? `, paid by ${input.payer.name}` : '';
  return {
    ok: true,
    price,
    eats,
    shelters,
    fedDays: eats ? prices.fedDays : 0,
    explain: `${input.who}: ${input.what === 'both' ? 'meal and shelter' : input.what} for ${price} gold${paidBy} (ch.4${prices.why ? `; ${prices.why}, ch.5` : ''})`,
  };
}

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
  if (ctx.vanityNegativeShift)
    mods.push({ source: 'A Vanity Idol of stage 2, for 7 days (ch.6, house rule)', value: ctx.vanityNegativeShift });
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
  if (effects.innClosed)
    return { closed: true, d12: null, modifiers: [], value: 0, explain: 'The Inn is closed at Stage 4 (ch.5)' };
  const d12 = dice.die(12, cause);
  const modifiers = innModifiers(ctx);
  const vanityLock = ctx.vanityLockTo ?? 12;
  const high = Math.min(effects.innHighest, vanityLock);
  const clamped = clamp(d12.natural + totalOf(modifiers), 2, high);
  const why =
    effects.innHighest <= vanityLock
      ? `at Stage ${ctx.attentionStage}`
      : 'by a Vanity Idol of stage 3, for 7 days (ch.6)';
  const lock = high < 12 ? `, locked to events 2-${high} ${why}` : '';
  return {
    closed: false,
    d12,
    modifiers,
    value: clamped.value,
    explain: `${clamped.value} = ${d12.natural} on d12${showModifiers(modifiers)}${clamped.clamp ? ` (${clamped.clamp}${lock})` : ''} (ch.5)`,
  };
}

export interface InnNegativeRoll {
  die: DieRoll;
  /** The Inn event this names, 2 up to where the negative events end. */
  value: number;
  explain: string;
}

/**
 * Stage 1's negative event before the day's roll (ch.5, the house rule stageOneNegativeFirst):
 * one die over the negative events alone, so each of them is as likely (d8 + 1 for 2-9).
 * Null when the stage or the house rule calls for none.
 */
export function rollInnNegativeFirst(
  dice: Dice,
  ctx: { attentionStage: AttentionStage; negativeUpTo: number; rule: boolean },
  cause: string,
): InnNegativeRoll | null {
  if (!ctx.rule || !attentionEffects(ctx.attentionStage).innNegativeFirst) return null;
  const sides = ctx.negativeUpTo - 1;
  const die = dice.die(sides, cause);
  const value = die.natural + 1;
  return {
    die,
    value,
    explain: `${value} = ${die.natural} on d${sides} + 1, a negative event (2-${ctx.negativeUpTo}) first at Stage 1 (ch.5, house rule)`,
  };
}
