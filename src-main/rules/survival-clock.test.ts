import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { clockPenalties, endOfDay, restRecovery, type ClockState } from './survival-clock.ts';

const fresh: ClockState = {
  daysWithoutMeal: 0,
  daysWithoutShelter: 0,
  maxHealth: 36,
  hungerMaxHealthLost: 0,
  health: 36,
  missedDaysSinceRest: 0,
};

function starve(days: number, state = fresh) {
  let s = state;
  const drops: number[] = [];
  for (let i = 0; i < days; i++) {
    const out = endOfDay(s, { ate: false, sheltered: true }, RULES);
    s = out.state;
    drops.push(out.sanityDrops);
  }
  return { s, drops };
}

describe('survival clock (ch.4, ch.8)', () => {
  it('ch.4: days 1–3 without eating carry no penalty; day 4 is −1 to rolls and −6 max Health', () => {
    expect(clockPenalties(starve(3).s)).toEqual([]);
    const day4 = starve(4).s;
    expect(clockPenalties(day4)).toEqual([{ source: 'Hunger, day 4 (ch.4)', value: -1 }]);
    expect(day4.maxHealth).toBe(30);
  });

  it('ch.4: day 5 is −2 and drops a Sanity level; day 6+ is −3, −18 max Health and a level per day', () => {
    const { s, drops } = starve(7);
    expect(clockPenalties(s)).toEqual([{ source: 'Hunger, day 7 (ch.4)', value: -3 }]);
    expect(drops).toEqual([0, 0, 0, 0, 1, 1, 1]);
  });

  it('ch.4: maximum Health never falls below 6, and returns 6 per fed day', () => {
    const { s } = starve(9);
    expect(s.maxHealth).toBe(6);
    const fed = endOfDay(s, { ate: true, sheltered: true }, RULES).state;
    expect(fed.maxHealth).toBe(12);
    expect(fed.daysWithoutMeal).toBe(0);
  });

  it('ch.4: shelter day 8 is −1 and −6 Health; day 10+ is −3 and −12 Health per day', () => {
    let s = fresh;
    for (let i = 0; i < 10; i++) s = endOfDay(s, { ate: true, sheltered: false }, RULES).state;
    expect(clockPenalties(s)).toEqual([{ source: 'No shelter, day 10 (ch.4)', value: -3 }]);
    expect(s.health).toBe(36 - 6 - 12);
  });

  it('ch.8: rest restores 6 + (level)d6, a die fewer per missed day, at least 6', () => {
    const r = restRecovery(
      new Dice(new ScriptedRandom([3, 4])),
      { level: 3, missedDaysSinceRest: 1, health: 10, maxHealth: 36 },
      'rest',
    );
    expect(r.healed).toBe(13);
    expect(r.health).toBe(23);
    const none = restRecovery(
      new Dice(new ScriptedRandom([])),
      { level: 1, missedDaysSinceRest: 2, health: 10, maxHealth: 36 },
      'rest',
    );
    expect(none.healed).toBe(6);
  });
});
