// The Town and the Overworld's rules as pure functions (ch.4-8): the night at the Inn, a
// character's roll modifiers, the Attention's quiet days, wages, the Smith, the Square, travel,
// the calendar's weeks, the Idols, the inventory.
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { lichslayerNight, NO_SHIFT, type LichslayerNightInput } from './survival-clock.ts';
import { characterRollModifiers, modifierList } from './roll-modifiers.ts';
import { attentionAfterDay, applyAttentionTrigger, banquetCost, INITIAL_ATTENTION } from './lich-attention.ts';
import { hireCheck, innEventNegative, payWage } from './retainers.ts';
import { dispositionFor, drift, rollSmithWeek, standing } from './smith.ts';
import { squareGift, watchStep, watchUnderStage } from './square.ts';
import { encounterTier, mayReturn, roadEvent } from './travel.ts';
import { weeksAtClose } from './calendar.ts';
import {
  activeBoons,
  celestialHeal,
  celestialWeek,
  commissionCheck,
  destructionDone,
  vanityConsequences,
  vanityShift,
  type DedicatedIdol,
} from './idol.ts';
import { residentsWhoMayLeave, retainersWhoMayTurnWary } from './residents.ts';
import { placeInInventory } from './inventory.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));
const night = (over: Partial<LichslayerNightInput>): LichslayerNightInput => ({
  name: 'Odile',
  day: 1,
  level: 2,
  clock: {
    daysWithoutMeal: 0,
    daysWithoutShelter: 0,
    maxHealth: 36,
    hungerMaxHealthLost: 0,
    health: 10,
    missedDaysSinceRest: 0,
  },
  sanity: 'edge',
  lostNights: 0,
  ate: true,
  sheltered: true,
  attentionStage: 0,
  shift: NO_SHIFT,
  sanityDoubled: false,
  ...over,
});

describe('the night (ch.8, ch.5)', () => {
  it('8.20-8.22: a fed, sheltered night restores 6 + (level)d6 Health, a die fewer per missed day, at least 6', () => {
    const n = lichslayerNight(scripted(3, 4), night({}), RULES);
    expect(n.rest!.healed).toBe(13);
    expect(n.clock.health).toBe(23);
    expect(
      lichslayerNight(scripted(), night({ clock: { ...night({}).clock, missedDaysSinceRest: 5 } }), RULES).rest!.healed,
    ).toBe(6);
  });

  it('8.23: shelter without a meal today still restores a level if the last meal is within 3 days; no Health without the meal', () => {
    const fedYesterday = lichslayerNight(
      scripted(),
      night({ ate: false, clock: { ...night({}).clock, daysWithoutMeal: 1 } }),
      RULES,
    );
    expect(fedYesterday.rest).toBeNull();
    expect(fedYesterday.sanity).toBe('strange');
    const starving = lichslayerNight(
      scripted(),
      night({ ate: false, clock: { ...night({}).clock, daysWithoutMeal: 3 } }),
      RULES,
    );
    expect(starving.sanity).toBe('edge');
  });

  it('5.35: at Stage 2 Lost takes two nights, consecutive by the house rule: a night without rest starts again', () => {
    const first = lichslayerNight(scripted(1, 1), night({ sanity: 'lost', attentionStage: 2 }), RULES);
    expect(first).toMatchObject({ sanity: 'lost', lostNights: 1 });
    expect(
      lichslayerNight(scripted(1, 1), night({ sanity: 'lost', attentionStage: 2, lostNights: 1 }), RULES),
    ).toMatchObject({ sanity: 'paranoid', lostNights: 0 });
    expect(
      lichslayerNight(scripted(), night({ sanity: 'lost', attentionStage: 2, lostNights: 1, sheltered: false }), RULES)
        .lostNights,
    ).toBe(0);
    expect(
      lichslayerNight(scripted(), night({ sanity: 'lost', attentionStage: 2, lostNights: 1, sheltered: false }), {
        ...RULES,
        lostRestNights: 'cumulative',
      }).lostNights,
    ).toBe(1);
  });

  it('5.46: at Stage 3 the sleep d6 comes first; on a 1 no recovery and a level lost; on 2-6 the night is as usual', () => {
    expect(lichslayerNight(scripted(1, 1, 1), night({ attentionStage: 3 }), RULES)).toMatchObject({
      sanity: 'paranoid',
      disturbedSleep: { natural: 1 },
    });
    expect(lichslayerNight(scripted(2, 1, 1), night({ attentionStage: 3 }), RULES).sanity).toBe('strange');
  });

  it("6.16: the Unbound's Sign doubles recovery; 5.52: Stage 4 closes the Inn", () => {
    expect(lichslayerNight(scripted(1, 1), night({ sanity: 'paranoid', sanityDoubled: true }), RULES).sanity).toBe(
      'strange',
    );
    expect(lichslayerNight(scripted(), night({ attentionStage: 4, ate: false, sheltered: false }), RULES).sanity).toBe(
      'edge',
    );
  });
});

describe('a character’s roll modifiers (ch.4, ch.6, ch.8)', () => {
  it('Sanity, the clock (shifted a day sooner by a Vanity Idol), the Square’s gift and a Vanity Idol’s −1 in Town, each labelled', () => {
    const m = characterRollModifiers(
      { sanity: 'strange', daysWithoutMeal: 3, daysWithoutShelter: 0 },
      { clockShift: { days: 1, why: ['a day sooner: Vanity stage 1, ch.6'] }, squareBonus: 1, vanityTownSanity: true },
    );
    expect(modifierList(m)).toEqual([
      { source: 'Sanity Strange (ch.8)', value: -1 },
      { source: 'Hunger, day 3 (a day sooner: Vanity stage 1, ch.6) (ch.4)', value: -1 },
      { source: 'Gold given to the Square yesterday (ch.4, house rule)', value: 1 },
      { source: 'A Vanity Idol of stage 3 stands: Sanity Challenges in the Town (ch.6)', value: -1 },
    ]);
    expect(
      modifierList(
        characterRollModifiers(
          { sanity: 'whole', daysWithoutMeal: 4, daysWithoutShelter: 0 },
          { clockShift: { days: -1, why: ["a step later: the Giver's Mark, ch.6"] } },
        ),
      ),
    ).toEqual([]);
  });
});

describe('the Attention’s quiet days (ch.5)', () => {
  it('5.59: the deepest floor since the last day closed counts, not where the party stands', () => {
    const watching = applyAttentionTrigger(INITIAL_ATTENTION, { kind: 'descent', floor: 4 }).state;
    expect(watching.deepestSinceDayClosed).toBe(4);
    const day = attentionAfterDay({ ...watching, daysWithoutDivePast3: 6 }, { deepestFloorDived: 0 });
    expect(day.state).toMatchObject({ stage: 1, daysWithoutDivePast3: 0, deepestSinceDayClosed: 0 });
    expect(attentionAfterDay({ ...day.state, daysWithoutDivePast3: 6 }, { deepestFloorDived: 0 }).state.stage).toBe(0);
  });

  it('5.61, 6.18: a Banquet costs 500, 300 under the Giver’s Mark', () => {
    expect([banquetCost(null).gold, banquetCost('full').gold, banquetCost('half').gold]).toEqual([500, 300, 400]);
  });
});

describe('wages (ch.7)', () => {
  it('7.08: double if it can be paid (a step up), else the single wage with no step; nothing paid costs a step (house rule)', () => {
    expect(
      payWage({ name: 'P', grade: 'common', loyalty: 'standard', double: true, employerGold: 216 }, 'loyalty-step'),
    ).toMatchObject({ paid: 216, loyalty: 'devoted' });
    expect(
      payWage({ name: 'P', grade: 'common', loyalty: 'standard', double: true, employerGold: 215 }, 'loyalty-step'),
    ).toMatchObject({ paid: 108, loyalty: 'standard' });
    expect(
      payWage({ name: 'P', grade: 'common', loyalty: 'standard', double: false, employerGold: 107 }, 'loyalty-step'),
    ).toMatchObject({ paid: 0, loyalty: 'wary' });
    expect(
      payWage({ name: 'P', grade: 'exceptional', loyalty: 'devoted', double: false, employerGold: 0 }, 'leave'),
    ).toMatchObject({ paid: 0, loyalty: 'leaves' });
  });

  it('7.11: the Inn’s negative events are 2-9 by default (ch.5 Stage 3 calls them the negative half)', () => {
    expect([2, 9, 10].map((v) => innEventNegative(v, RULES.innNegativeUpTo))).toEqual([true, true, false]);
  });
});

describe('the Smith (ch.4, ch.5, ch.6)', () => {
  it('4.03: Drifts move a colour a step and stack, never past favoured or distrusted', () => {
    const d = { favoured: ['Red' as const], distrusted: ['Blue' as const] };
    const once = drift(d, 'Blue', 'favour');
    expect(standing('Blue', { ...d, drift: once.drift })).toBe(0);
    const twice = drift({ ...d, drift: once.drift }, 'Blue', 'favour');
    expect(standing('Blue', { ...d, drift: twice.drift })).toBe(1);
    expect(drift({ ...d, drift: twice.drift }, 'Blue', 'favour').explain).toBe(
      'Drift toward favour: Blue favoured → favoured (it can go no further) (ch.4)',
    );
  });

  it('6.37: a Vanity stage 2 shifts every colour a step against its dedicator; 6.19 the Elemental Sigil sets every price at base', () => {
    const d = { favoured: ['Red' as const, 'Green' as const], distrusted: ['Blue' as const, 'Black' as const] };
    expect(dispositionFor(d, { against: true, basePrice: false })).toMatchObject({
      favoured: [],
      distrusted: ['Blue', 'Purple', 'Black', 'Orange'],
    });
    expect(dispositionFor(d, { against: false, basePrice: true })).toMatchObject({ favoured: [], distrusted: [] });
  });

  it('5.31, 5.54: Stage 2 re-rolls a weekly 1-2 once; Stage 4 rolls nothing', () => {
    expect(rollSmithWeek(scripted(2, 7), { week: 3, stage: 2 })).toMatchObject({
      value: 7,
      explain: '1d8 = 2, re-rolled once at Stage 2 (ch.5): 7',
    });
    expect(rollSmithWeek(scripted(2), { week: 3, stage: 1 }).value).toBe(2);
    expect(rollSmithWeek(scripted(), { week: 3, stage: 4 }).value).toBeNull();
  });
});

describe('the Square (ch.4, ch.5)', () => {
  it('4.22: 100 gold or more gives tomorrow’s bonus; 5.37, 5.56: the Watch capped at 1 at Stage 2, frozen at 3, reset at 4', () => {
    expect(squareGift(99, 1, RULES)).toBeNull();
    expect(squareGift(100, 1, RULES)).toMatchObject({ day: 2, bonus: 1 });
    expect(watchUnderStage(3, 2).watch).toBe(1);
    expect(watchUnderStage(3, 4).watch).toBe(0);
    expect(watchStep(1, 1, 2)).toEqual({
      ok: false,
      reason: 'The Square Watch counter cannot exceed 1 while Stage 2 lasts (ch.5)',
    });
    expect(watchStep(0, 1, 3)).toEqual({
      ok: false,
      reason: 'The Square Watch counter does not advance at Stage 3 (ch.5)',
    });
  });
});

describe('travel (ch.5)', () => {
  it('5.67: 1-2 an encounter, 3-5 nothing, 6 a stranger; 5.68 the deepest floor’s tier; 5.71 no return for 7 days', () => {
    expect([1, 2, 3, 5, 6].map(roadEvent)).toEqual(['encounter', 'encounter', 'nothing', 'nothing', 'stranger']);
    expect([0, 3, 4, 6, 7, 10].map((f) => encounterTier(f).tier)).toEqual([
      'upper',
      'upper',
      'middle',
      'middle',
      'lower',
      'lower',
    ]);
    expect(mayReturn(3, 9).ok).toBe(false);
    expect(mayReturn(3, 10).ok).toBe(true);
  });
});

describe('the calendar (ch.5)', () => {
  it('5.06: a day’s close opens the week that starts tomorrow and closes every week ended since', () => {
    expect(weeksAtClose(1, { opened: 0, closed: 0 }, RULES)).toEqual({ open: 1, close: [] });
    expect(weeksAtClose(7, { opened: 1, closed: 0 }, RULES)).toEqual({ open: 2, close: [1] });
    expect(weeksAtClose(8, { opened: 2, closed: 1 }, RULES)).toEqual({ open: null, close: [] });
    // after a journey of 10 days the weeks passed on the road are closed together
    expect(weeksAtClose(21, { opened: 2, closed: 1 }, RULES)).toEqual({ open: 4, close: [2, 3] });
  });
});

describe('Idols (ch.6)', () => {
  const idol = (over: Partial<DedicatedIdol>): DedicatedIdol => ({
    id: 1,
    tier: 1,
    commissionedDay: 1,
    inscription: null,
    inscriptionId: null,
    suitsSubject: true,
    selfIdol: false,
    dedicator: 7,
    ...over,
  });

  it('6.36: only a rise of the Vanity stage reaches the Attention', () => {
    expect(vanityShift(2, 3).raise).toBe(3);
    expect(vanityShift(3, 2).raise).toBeNull();
  });

  it('6.47: a destruction takes its tier’s days: ordered on day 5, a Tier 2 falls as day 7 closes', () => {
    expect(destructionDone({ tier: 2, destroyOrdered: 5 }, 6)).toBe(false);
    expect(destructionDone({ tier: 2, destroyOrdered: 5 }, 7)).toBe(true);
  });

  it('6.10, 6.12, 6.08: Tier 1 boons go to the dedicator, Tier 2 and 3 to the party; a wrong inscription gives half', () => {
    const boons = activeBoons(
      [
        idol({ inscriptionId: 'celestial-mark', inscription: 'celestial-mark' }),
        idol({ id: 2, tier: 2, inscriptionId: 'givers-mark', suitsSubject: false }),
      ],
      9,
    );
    expect(boons.map((b) => [b.inscription, b.holders, b.strength])).toEqual([
      ['celestial-mark', 'dedicator', 'full'],
      ['givers-mark', 'party', 'half'],
    ]);
  });

  it('6.30-6.45: the consequences stack with the stage: stage 3 brings the daily and weekly Challenges and the Town’s −1', () => {
    const v = vanityConsequences([idol({ tier: 3 })], 9);
    expect(v).toMatchObject({
      stage: 3,
      dailyChallenge: [7],
      clockSooner: [7],
      smithAgainst: [7],
      weeklyPartyChallenge: true,
      townSanityPenalty: true,
    });
  });

  it('6.25, 6.03: the Crown needs a crafter at Lost; a Great Idol a Rare item', () => {
    expect(
      commissionCheck({
        tier: 1,
        inscription: 'lich-crown',
        crafterSanity: 'edge',
        rareItem: null,
        rareItemIsRare: false,
      }).ok,
    ).toBe(false);
    expect(
      commissionCheck({ tier: 3, inscription: null, crafterSanity: 'whole', rareItem: 'x', rareItemIsRare: true }).ok,
    ).toBe(true);
  });
});

describe('the inventory (ch.4)', () => {
  it('4.41, 4.42: stacks of six, or the item’s own maximum; 4.40 no more stacks than the depth', () => {
    const plan = placeInInventory([{ id: 1, count: 2, same: true }], { name: 'Sapphire', count: 5, stackMax: 3 }, 12);
    // max Health 12: depth 1 + 2 = 3 stacks
    expect(plan).toMatchObject({ topUps: [{ id: 1, count: 3 }], added: [3, 1], placed: 5, left: 0 });
    expect(
      placeInInventory(
        [
          { id: 1, count: 6, same: false },
          { id: 2, count: 6, same: false },
          { id: 3, count: 6, same: false },
        ],
        { name: 'D', count: 1, stackMax: 6 },
        12,
      ).left,
    ).toBe(1);
  });
});

describe('residents and Retainers under the Lich (ch.5, ch.6, ch.7)', () => {
  const npcs = [{ id: 1, name: 'Maren' }];
  const retainers = [
    { id: 2, name: 'Pell', loyalty: 'standard' as const },
    { id: 3, name: 'Quince', loyalty: 'devoted' as const },
    { id: 4, name: 'Rook', loyalty: 'wary' as const },
  ];
  it('5.36: at Stage 2 a Town NPC, never a Retainer; 6.44 at Vanity stage 3 Retainers too unless paid double; 7.10 never the Devoted', () => {
    expect(residentsWhoMayLeave({ stage: 1, vanityStage: 2, npcs, retainers, paidDouble: new Set() })).toBeNull();
    expect(
      residentsWhoMayLeave({ stage: 2, vanityStage: 0, npcs, retainers, paidDouble: new Set() })!.pool.map(
        (p) => p.name,
      ),
    ).toEqual(['Maren']);
    expect(
      residentsWhoMayLeave({ stage: 0, vanityStage: 3, npcs, retainers, paidDouble: new Set([4]) })!.pool.map(
        (p) => p.name,
      ),
    ).toEqual(['Maren', 'Pell']);
  });

  it('6.39: a Vanity stage 2 turns one Retainer Wary — one not Wary already', () => {
    expect(retainersWhoMayTurnWary(retainers).map((r) => r.name)).toEqual(['Pell', 'Quince']);
  });

  it('7.01, 7.12: only the Aristocrat hires, as many as their level', () => {
    expect(hireCheck({ name: 'S', className: 'The Bandit', level: 3, employed: 0 }).ok).toBe(false);
    expect(hireCheck({ name: 'S', className: 'The Aristocrat', level: 2, employed: 1 }).ok).toBe(true);
    expect(hireCheck({ name: 'S', className: 'The Aristocrat', level: 2, employed: 2 })).toEqual({
      ok: false,
      reason: 'S keeps at most 2 Retainers, one per level (ch.7)',
    });
  });

  it('6.22, 6.23: the Celestial Mark restores full Sanity weekly and heals 36 a day in the Town (18 for half the boon)', () => {
    expect(celestialWeek('edge', 'full').restore).toBe(true);
    expect(celestialWeek('edge', 'half').restore).toBe(false);
    expect(celestialHeal({ health: 10, maxHealth: 60, strength: 'full', inTown: true }).health).toBe(46);
    expect(celestialHeal({ health: 10, maxHealth: 60, strength: 'half', inTown: true }).health).toBe(28);
    expect(celestialHeal({ health: 10, maxHealth: 60, strength: 'full', inTown: false }).health).toBe(10);
  });
});
