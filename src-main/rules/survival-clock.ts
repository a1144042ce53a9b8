// The survival clock (rulebook ch.4, ch.8): eat at least every 3 days, sleep under shelter
// at least every 7; penalties apply at the end of each day the minimum is not met and stack.
import type { SanityLevel } from '@shared/gauntlet.ts';
import type { HouseRules } from '@shared/house-rules.ts';
import { Dice, type Modifier, type DieRoll } from './dice.ts';
import { attentionEffects, type AttentionStage } from './lich-attention.ts';
import { dropSanity, SANITY_LADDER, sanityAfterNight } from './sanity.ts';

export const MIN_MAX_HEALTH = 6; // ch.4: maximum Health cannot fall below 6
export const HUNGER_RETURN_PER_FED_DAY = 6; // ch.4

interface Step {
  rollPenalty: number;
  maxHealthLoss: number;
  healthLoss: number;
  sanityDrop: number;
}

/** Hunger: day 4 −1 rolls −6 max Health; day 5 −2, −12, one Sanity; day 6+ −3, −18 per day, one Sanity per day (ch.4). */
export function hungerStep(day: number): Step {
  if (day <= 3) return { rollPenalty: 0, maxHealthLoss: 0, healthLoss: 0, sanityDrop: 0 };
  if (day === 4) return { rollPenalty: -1, maxHealthLoss: 6, healthLoss: 0, sanityDrop: 0 };
  if (day === 5) return { rollPenalty: -2, maxHealthLoss: 12, healthLoss: 0, sanityDrop: 1 };
  return { rollPenalty: -3, maxHealthLoss: 18, healthLoss: 0, sanityDrop: 1 };
}

/** Shelter: day 8 −1 rolls −6 Health; day 9 −2, one Sanity; day 10+ −3, −12 Health per day, one Sanity per day (ch.4). */
export function shelterStep(day: number): Step {
  if (day <= 7) return { rollPenalty: 0, maxHealthLoss: 0, healthLoss: 0, sanityDrop: 0 };
  if (day === 8) return { rollPenalty: -1, maxHealthLoss: 0, healthLoss: 6, sanityDrop: 0 };
  if (day === 9) return { rollPenalty: -2, maxHealthLoss: 0, healthLoss: 0, sanityDrop: 1 };
  return { rollPenalty: -3, maxHealthLoss: 0, healthLoss: 12, sanityDrop: 1 };
}

export interface ClockState {
  daysWithoutMeal: number;
  daysWithoutShelter: number;
  maxHealth: number;
  /** Max Health taken by hunger and not yet returned. */
  hungerMaxHealthLost: number;
  health: number;
  /** Days a meal or shelter was missed since the last full rest (shrinks rest dice). */
  missedDaysSinceRest: number;
}

export interface DayOutcome {
  state: ClockState;
  sanityDrops: number;
  penalties: Modifier[];
  notes: string[];
}

/**
 * What moves a character's clock (ch.6): a Vanity Idol's Stage 1 brings the penalties a day sooner
 * for its dedicator; the Giver's Mark delays them one step. `days` is added to the clock's count
 * when its penalties are read.
 */
export interface ClockShift {
  days: number;
  why: string[];
}
export const NO_SHIFT: ClockShift = { days: 0, why: [] };

const shifted = (days: number, shift: ClockShift) => (days > 0 ? Math.max(0, days + shift.days) : 0);
const showShift = (shift: ClockShift) => (shift.days ? ` (${shift.why.join('; ')})` : '');

/** Current roll penalties from the clock, each labelled with its source (ch.4). */
export function clockPenalties(
  state: Pick<ClockState, 'daysWithoutMeal' | 'daysWithoutShelter'>,
  shift: ClockShift = NO_SHIFT,
): Modifier[] {
  const mods: Modifier[] = [];
  const hunger = hungerStep(shifted(state.daysWithoutMeal, shift)).rollPenalty;
  const shelter = shelterStep(shifted(state.daysWithoutShelter, shift)).rollPenalty;
  if (hunger) mods.push({ source: `Hunger, day ${state.daysWithoutMeal}${showShift(shift)} (ch.4)`, value: hunger });
  if (shelter)
    mods.push({ source: `No shelter, day ${state.daysWithoutShelter}${showShift(shift)} (ch.4)`, value: shelter });
  return mods;
}

/** Ends one in-game day: apply the day's meal and shelter, then any penalties that fall due (ch.4). */
export function endOfDay(
  state: ClockState,
  day: { ate: boolean; sheltered: boolean },
  rules: HouseRules,
  shift: ClockShift = NO_SHIFT,
): DayOutcome {
  const notes: string[] = [];
  const next = { ...state };
  let sanityDrops = 0;
  next.daysWithoutMeal = day.ate ? 0 : state.daysWithoutMeal + 1;
  next.daysWithoutShelter = day.sheltered ? 0 : state.daysWithoutShelter + 1;
  if (!day.ate || !day.sheltered) next.missedDaysSinceRest += 1;

  if (day.ate && next.hungerMaxHealthLost > 0) {
    const back = Math.min(HUNGER_RETURN_PER_FED_DAY, next.hungerMaxHealthLost);
    next.hungerMaxHealthLost -= back;
    next.maxHealth += back;
    notes.push(`Fed: ${back} max Health returns (ch.4)`);
  }

  const hungerDay = shifted(next.daysWithoutMeal, shift);
  const hunger = hungerStep(hungerDay);
  const hungerLabel = `Hunger day ${next.daysWithoutMeal}${hungerDay !== next.daysWithoutMeal ? `, counted as day ${hungerDay}${showShift(shift)}` : ''}`;
  if (hunger.maxHealthLoss) {
    // "per-day": each day's figure is lost that day; "table-total": the figure is the running total.
    const loss =
      rules.hungerMaxHealthLoss === 'per-day' || hungerDay >= 6
        ? hunger.maxHealthLoss
        : Math.max(0, hunger.maxHealthLoss - next.hungerMaxHealthLost);
    const floorLoss = Math.min(loss, Math.max(0, next.maxHealth - MIN_MAX_HEALTH));
    next.maxHealth -= floorLoss;
    next.hungerMaxHealthLost += floorLoss;
    // Only day 5's figure reads two ways (that day's loss, or the total so far): a house rule.
    const reading =
      hungerDay === 5
        ? `, ${rules.hungerMaxHealthLoss === 'per-day' ? "that day's loss" : 'the total so far'}: house rule`
        : '';
    notes.push(
      `${hungerLabel}: −${floorLoss} max Health${floorLoss < loss ? ' (max Health cannot fall below 6)' : ''} (ch.4${reading})`,
    );
  }
  sanityDrops += hunger.sanityDrop;
  if (hunger.sanityDrop) notes.push(`${hungerLabel}: drop one Sanity level (ch.4)`);

  const shelterDay = shifted(next.daysWithoutShelter, shift);
  const shelter = shelterStep(shelterDay);
  const shelterLabel = `No shelter day ${next.daysWithoutShelter}${shelterDay !== next.daysWithoutShelter ? `, counted as day ${shelterDay}${showShift(shift)}` : ''}`;
  if (shelter.healthLoss) notes.push(`${shelterLabel}: −${shelter.healthLoss} Health (ch.4)`);
  next.health = Math.max(0, next.health - shelter.healthLoss);
  sanityDrops += shelter.sanityDrop;
  if (shelter.sanityDrop) notes.push(`${shelterLabel}: drop one Sanity level (ch.4)`);
  next.health = Math.min(next.health, next.maxHealth);
  return { state: next, sanityDrops, penalties: clockPenalties(next, shift), notes };
}

/** A full night under shelter with a meal: 6 + (level)d6 Health, a die fewer per missed day, at least 6 (ch.8). */
export function restRecovery(
  dice: Dice,
  input: { level: number; missedDaysSinceRest: number; health: number; maxHealth: number },
  cause: string,
): { dice: DieRoll[]; healed: number; health: number; explain: string } {
  const count = Math.max(0, input.level - input.missedDaysSinceRest);
  const rolled = dice.pool(count, 6, cause);
  const healed = Math.max(6, 6 + rolled.reduce((a, d) => a + d.total, 0));
  const health = Math.min(input.maxHealth, input.health + healed);
  return {
    dice: rolled,
    healed,
    health,
    explain: `6 + ${count}d6 [${rolled.map((d) => d.natural).join(', ')}] = ${healed} Health (${input.level} level dice less ${input.missedDaysSinceRest} missed days; at least 6) (ch.8)`,
  };
}

export interface LichslayerNightInput {
  name: string;
  day: number;
  level: number;
  clock: ClockState;
  sanity: SanityLevel;
  /** Qualifying nights counted at Lost so far (ch.5 Stage 2). */
  lostNights: number;
  ate: boolean;
  sheltered: boolean;
  attentionStage: AttentionStage;
  shift: ClockShift;
  /** The Unbound's Sign doubles Sanity recovery at the Inn (ch.6). */
  sanityDoubled: boolean;
  /** The day's Inn event under which shelter restores no Sanity, if any. */
  unrestBy?: string | null;
  /** Sanity levels more the day's Inn event gives this character's rest, and the event. */
  restBonus?: { levels: number; by: string } | null;
}

export interface LichslayerNight {
  clock: ClockState;
  sanity: SanityLevel;
  lostNights: number;
  notes: string[];
  penalties: Modifier[];
  rest: ReturnType<typeof restRecovery> | null;
  disturbedSleep: DieRoll | null;
}

/**
 * One Lichslayer's day ends (ch.4, ch.5, ch.8): the survival clock and its penalties; a full night
 * under shelter with a meal restores Health; a night under shelter restores Sanity if they ate
 * within 3 days (at Stage 3 after a 1d6 for disturbed sleep, at Stage 2 Lost needs two nights).
 */
export function lichslayerNight(dice: Dice, input: LichslayerNightInput, rules: HouseRules): LichslayerNight {
  const out = endOfDay(input.clock, { ate: input.ate, sheltered: input.sheltered }, rules, input.shift);
  let sanity = input.sanity;
  for (let i = 0; i < out.sanityDrops; i++) sanity = dropSanity(sanity);
  const notes = [...out.notes];
  let clock = out.state;
  const effects = attentionEffects(input.attentionStage);
  const disturbedSleep =
    input.sheltered && effects.disturbedSleep
      ? dice.die(6, `${input.name}'s sleep at Stage 3, day ${input.day}`)
      : null;
  let rest: LichslayerNight['rest'] = null;
  if (input.ate && input.sheltered) {
    // ch.8: a full night with a meal restores Health, and the missed days start again.
    rest = restRecovery(
      dice,
      {
        level: input.level,
        missedDaysSinceRest: clock.missedDaysSinceRest,
        health: clock.health,
        maxHealth: clock.maxHealth,
      },
      `${input.name} rests, day ${input.day}`,
    );
    if (rest.health > clock.health) notes.push(`Rest: ${rest.explain}`);
    clock = { ...clock, health: rest.health, missedDaysSinceRest: 0 };
  }
  const night = sanityAfterNight({
    sanity,
    daysSinceMeal: clock.daysWithoutMeal,
    sheltered: input.sheltered,
    attentionStage: input.attentionStage,
    lostNights: input.lostNights,
    lostNightsRule: rules.lostRestNights,
    ...(disturbedSleep ? { disturbedSleepRoll: disturbedSleep.natural } : {}),
    doubled: input.sanityDoubled,
    unrestBy: input.unrestBy ?? null,
    bonus: input.restBonus ?? null,
  });
  // A night an Inn event left restless says so, so the Judge sees why nothing came back.
  if (input.sheltered && (night.sanity !== sanity || night.lostNights > 0 || disturbedSleep || input.unrestBy))
    notes.push(night.explain);
  const lostNights = night.sanity === 'lost' ? night.lostNights : 0;
  sanity = night.sanity;
  if (sanity !== input.sanity && !notes.some((n) => n.includes('Sanity') || n.includes('→')))
    notes.push(`Sanity: ${SANITY_LADDER[input.sanity].label} → ${SANITY_LADDER[sanity].label}`);
  return {
    clock: { ...clock, health: Math.min(clock.health, clock.maxHealth) },
    sanity,
    lostNights,
    notes,
    penalties: out.penalties,
    rest,
    disturbedSleep,
  };
}
