// The survival clock (rulebook ch.4, ch.8): eat at least every 3 days, sleep under shelter
// at least every 7; penalties apply at the end of each day the minimum is not met and stack.
import type { HouseRules } from '@shared/house-rules.ts';
import type { Modifier } from './dice.ts';
import { Dice, type DieRoll } from './dice.ts';

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

/** Current roll penalties from the clock, each labelled with its source. */
export function clockPenalties(state: Pick<ClockState, 'daysWithoutMeal' | 'daysWithoutShelter'>): Modifier[] {
  const mods: Modifier[] = [];
  const hunger = hungerStep(state.daysWithoutMeal).rollPenalty;
  const shelter = shelterStep(state.daysWithoutShelter).rollPenalty;
  if (hunger) mods.push({ source: `Hunger, day ${state.daysWithoutMeal} (ch.4)`, value: hunger });
  if (shelter) mods.push({ source: `No shelter, day ${state.daysWithoutShelter} (ch.4)`, value: shelter });
  return mods;
}

/** Ends one in-game day: apply the day's meal and shelter, then any penalties that fall due. */
export function endOfDay(state: ClockState, day: { ate: boolean; sheltered: boolean }, rules: HouseRules): DayOutcome {
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

  const hunger = hungerStep(next.daysWithoutMeal);
  if (hunger.maxHealthLoss) {
    // "per-day": each day's figure is lost that day; "table-total": the figure is the running total.
    const loss =
      rules.hungerMaxHealthLoss === 'per-day' || next.daysWithoutMeal >= 6
        ? hunger.maxHealthLoss
        : Math.max(0, hunger.maxHealthLoss - next.hungerMaxHealthLost);
    const floorLoss = Math.min(loss, Math.max(0, next.maxHealth - MIN_MAX_HEALTH));
    next.maxHealth -= floorLoss;
    next.hungerMaxHealthLost += floorLoss;
    notes.push(`Hunger day ${next.daysWithoutMeal}: −${floorLoss} max Health${floorLoss < loss ? ' (max Health cannot fall below 6)' : ''} (ch.4)`);
  }
  sanityDrops += hunger.sanityDrop;
  if (hunger.sanityDrop) notes.push(`Hunger day ${next.daysWithoutMeal}: drop one Sanity level (ch.4)`);

  const shelter = shelterStep(next.daysWithoutShelter);
  if (shelter.healthLoss) notes.push(`No shelter day ${next.daysWithoutShelter}: −${shelter.healthLoss} Health (ch.4)`);
  next.health = Math.max(0, next.health - shelter.healthLoss);
  sanityDrops += shelter.sanityDrop;
  if (shelter.sanityDrop) notes.push(`No shelter day ${next.daysWithoutShelter}: drop one Sanity level (ch.4)`);
  next.health = Math.min(next.health, next.maxHealth);
  return { state: next, sanityDrops, penalties: clockPenalties(next), notes };
}

/** A full night under shelter with a meal: 6 + (level)d6 Health, a die fewer per missed day, at least 6 (ch.8). */
export function restRecovery(dice: Dice, input: { level: number; missedDaysSinceRest: number; health: number; maxHealth: number }, cause: string): { dice: DieRoll[]; healed: number; health: number; explain: string } {
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
