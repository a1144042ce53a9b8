// The Forest's rules (ch.5, ch.6, ch.17) as pure functions, with scripted dice and the book's numbers.
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import {
  BOOK_STONES,
  beingHealthBonus,
  feedGiver,
  giverAfterWeek,
  giverHungerRuns,
  harvestPatch,
  hostileVisit,
  mineVein,
  patchAtNewWeek,
  recordForestDeed,
  rollForestDay,
  rollPhenomena,
} from './forest.ts';
import { STONE_FOR } from './smith.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));
const noTable = () => null;

describe('the Stones (ch.17)', () => {
  it('17.30: faces 1-6 are Ruby, Sapphire, Amethyst, Emerald, Topaz, Obsidian; each the Smith’s Stone for its colour (ch.4)', () => {
    const byFace = [1, 2, 3, 4, 5, 6].map(
      (f) => mineVein(scripted(2, f), { miner: 'x', stoneAt: noTable }, RULES).stones[0],
    );
    expect(byFace.map((s) => `${s!.stone} ${s!.colour}`)).toEqual([
      'Ruby Red',
      'Sapphire Blue',
      'Amethyst Purple',
      'Emerald Green',
      'Topaz Orange',
      'Obsidian Black',
    ]);
    expect(BOOK_STONES.map((s) => STONE_FOR[s.colour])).toEqual(BOOK_STONES.map((s) => s.stone));
    expect(BOOK_STONES.filter((s) => s.stackMax === 3).map((s) => s.stone)).toEqual(['Sapphire', 'Emerald']);
  });

  it('17.26: a vein yields 1d6 Stones, exploding; 17.27 each Stone its own d6 under the house rule', () => {
    expect(mineVein(scripted(6, 6, 2, 1), { miner: 'x', stoneAt: noTable }, RULES)).toMatchObject({
      total: 14,
      stones: [{ stone: 'Ruby', count: 14 }],
    });
    const each = mineVein(scripted(3, 1, 1, 4), { miner: 'x', stoneAt: noTable }, { veinStones: 'each-stone' });
    expect(each.stones).toEqual([
      { stone: 'Ruby', colour: 'Red', count: 2 },
      { stone: 'Emerald', colour: 'Green', count: 1 },
    ]);
    expect(each.explain).toContain('house rule');
  });
});

describe('the Forest’s day (ch.5)', () => {
  it('5.20-5.23: +1 fed this week, +1 a tribute, −1 per griefing, −2 the Giver dead; read within the table’s 1-6', () => {
    const all = rollForestDay(scripted(4), {
      who: 'x',
      day: 1,
      giverFedThisWeek: true,
      daedricTribute: true,
      griefing: 5,
      giverDead: true,
    });
    expect(all.modifiers.map((m) => m.value)).toEqual([1, 1, -5, -2]);
    expect(all.value).toBe(1);
    expect(all.explain).toBe(
      '1 = 4 on d6 + 1 (the Giver fed this week) + 1 (a Daedric Being tributed) − 5 (5 griefing events) − 2 (the Giver is dead) (-1 below 1 counts as 1: the table runs 1-6) (ch.5)',
    );
  });

  it('5.33, 5.43, 17.10: Stage 2 halves Daedric Beings, Stage 3 all Great Beings, a dead Giver halves them too — each a d6, 1-3 away', () => {
    const beingAt = () => ({ kind: 'celestial' as const, label: 'a Celestial' });
    expect(rollPhenomena(scripted(2), { day: 1, stage: 2, giverDead: false, beingAt }).halvings).toEqual([]);
    const s3 = rollPhenomena(scripted(2, 4, 3), { day: 1, stage: 3, giverDead: true, beingAt });
    expect(s3.halvings.map((h) => h.roll.natural)).toEqual([4, 3]);
    expect(s3.beingAppears).toBe(false);
    expect(rollPhenomena(scripted(2, 5), { day: 1, stage: 3, giverDead: false, beingAt }).beingAppears).toBe(true);
  });

  it('17.03: a Being that appears has +18 Health per player beyond four', () => {
    const beingAt = () => ({ kind: 'daedric' as const, label: 'a Daedric' });
    expect(rollPhenomena(scripted(1), { day: 1, stage: 0, giverDead: false, players: 6, beingAt }).explain).toBe(
      '1 on d6: a Daedric — the Being has +36 Health for 6 players (18 per player beyond four) (ch.17)',
    );
    expect(beingHealthBonus(4)).toBe(0);
  });

  it('5.55, 6.24: Stage 4 brings an encounter each visit; the Forest Sigil halves them (d6: 1-3 none)', () => {
    expect(hostileVisit(scripted(), { stage: 3, forestSigil: true }).encounter).toBe(false);
    expect(hostileVisit(scripted(), { stage: 4, forestSigil: false }).encounter).toBe(true);
    expect(hostileVisit(scripted(3), { stage: 4, forestSigil: true }).encounter).toBe(false);
    expect(hostileVisit(scripted(4), { stage: 4, forestSigil: true }).encounter).toBe(true);
  });
});

describe('tributes and griefing (ch.5)', () => {
  it('5.21, 5.22: a tribute stands until its Being is attacked; griefing events add up', () => {
    expect(recordForestDeed({ tribute: false, griefing: 0 }, 'tribute')).toMatchObject({
      ok: true,
      tribute: true,
      griefing: 0,
    });
    expect(recordForestDeed({ tribute: false, griefing: 0 }, 'tribute-broken')).toEqual({
      ok: false,
      reason: 'No tribute is standing',
    });
    expect(recordForestDeed({ tribute: true, griefing: 2 }, 'griefing')).toEqual({
      ok: true,
      tribute: true,
      griefing: 3,
      explain: 'A griefing event in the Forest: −3 on the Forest’s d6 from now on (ch.5)',
    });
  });
});

describe('the Giver (ch.17)', () => {
  it('17.08, 5.44: 60 Health a week unfed, 120 at Stage 3; at 0 it dies; a fed week costs nothing', () => {
    expect(giverAfterWeek({ health: 360, fed: true, stage: 0, week: 1, hungerRunning: true }).health).toBe(360);
    expect(giverAfterWeek({ health: 360, fed: false, stage: 0, week: 1, hungerRunning: true })).toMatchObject({
      health: 300,
      loss: 60,
    });
    expect(giverAfterWeek({ health: 360, fed: false, stage: 3, week: 1, hungerRunning: true })).toMatchObject({
      health: 240,
      loss: 120,
    });
    expect(giverAfterWeek({ health: 60, fed: false, stage: 0, week: 6, hungerRunning: true })).toMatchObject({
      health: 0,
      died: true,
    });
    expect(giverAfterWeek({ health: 360, fed: false, stage: 0, week: 1, hungerRunning: false }).loss).toBe(0);
  });

  it('the hunger counts weeks that end on or after the first visit (house rule default), or all of them', () => {
    expect(giverHungerRuns({ firstVisit: null, weekLastDay: 7 }, RULES)).toBe(false);
    expect(giverHungerRuns({ firstVisit: 7, weekLastDay: 7 }, RULES)).toBe(true);
    expect(giverHungerRuns({ firstVisit: 8, weekLastDay: 7 }, RULES)).toBe(false);
    expect(giverHungerRuns({ firstVisit: null, weekLastDay: 7 }, { giverHungerFrom: 'campaign-start' })).toBe(true);
  });

  it('17.07: the third feeding opens the Recipes; a dead Giver cannot be fed', () => {
    expect(feedGiver({ who: 'x', feedings: 0, giverHealth: 60 })).toMatchObject({
      ok: true,
      feedings: 1,
      explain: 'x feeds the Giver (1 time this campaign)',
    });
    expect(feedGiver({ who: 'x', feedings: 2, giverHealth: 60 })).toMatchObject({
      ok: true,
      feedings: 3,
      explain:
        "x feeds the Giver (3 times this campaign): the Giver's Recipes open to x, at their current Magic (ch.17)",
    });
    expect(feedGiver({ who: 'x', feedings: 0, giverHealth: 0 })).toEqual({
      ok: false,
      reason: 'The Giver is dead (ch.17)',
    });
  });
});

describe('Flora (ch.17)', () => {
  it('17.34: take the whole patch and it dies; leave one and it doubles by the next week', () => {
    expect(harvestPatch({ flora: 'Ashbloom', count: 4 }, 4)).toMatchObject({ ok: true, taken: 4, left: 0, dies: true });
    expect(harvestPatch({ flora: 'Ashbloom', count: 4 }, 3)).toMatchObject({
      ok: true,
      taken: 3,
      left: 1,
      dies: false,
    });
    expect(patchAtNewWeek({ count: 1, harvested: true })).toBe(2);
    expect(patchAtNewWeek({ count: 5, harvested: false })).toBe(5);
  });
});
