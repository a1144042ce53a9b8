// The Lich's Attention and the Lich (ch.5, ch.6, ch.12, ch.16).
import { describe, expect, it } from 'vitest';
import {
  applyAttentionTrigger,
  attentionAfterDay,
  attentionAfterResolution,
  attentionEffects,
  INITIAL_ATTENTION,
} from './lich-attention.ts';
import { floorTenLich, lichAtZero, lichTarget, manifestedLich, trueDefeatSpoils, turningStatus } from './lich.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';

describe("Lich's Attention (ch.5, ch.16)", () => {
  it('ch.5: the first Floor 4 descent raises Stage 1, the first Floor 6 descent Stage 2', () => {
    let s = applyAttentionTrigger(INITIAL_ATTENTION, { kind: 'descent', floor: 3 }).state;
    expect(s.stage).toBe(0);
    const to4 = applyAttentionTrigger(s, { kind: 'descent', floor: 4 });
    expect(to4.state.stage).toBe(1);
    expect(to4.explain).toMatch(/Floor 4/);
    s = applyAttentionTrigger(to4.state, { kind: 'descent', floor: 6 }).state;
    expect(s.stage).toBe(2);
    // a later descent to 4 is not a first descent
    expect(applyAttentionTrigger({ ...s, stage: 0 }, { kind: 'descent', floor: 4 }).state.stage).toBe(0);
  });

  it('ch.5: the Unbound set or a Tier 3 Vanity Idol raises Stage 3; the Crown or several Great Vanity Idols Stage 4', () => {
    expect(applyAttentionTrigger(INITIAL_ATTENTION, { kind: 'unbound-set-completed' }).state.stage).toBe(3);
    expect(applyAttentionTrigger(INITIAL_ATTENTION, { kind: 'vanity-stage', stage: 3 }).state.stage).toBe(3);
    expect(applyAttentionTrigger(INITIAL_ATTENTION, { kind: 'crown-applied' }).state.stage).toBe(4);
    expect(applyAttentionTrigger(INITIAL_ATTENTION, { kind: 'vanity-stage', stage: 4 }).state.stage).toBe(4);
  });

  it('ch.5: Stage 1 falls after 7 days without a dive past Floor 3', () => {
    let s = { ...INITIAL_ATTENTION, stage: 1 as const, deepestFloorReached: 4 };
    for (let d = 0; d < 6; d++) s = { ...attentionAfterDay(s, { deepestFloorDived: 2 }).state, stage: 1 };
    expect(attentionAfterDay(s, { deepestFloorDived: 4 }).state.stage).toBe(1);
    expect(attentionAfterDay(s, { deepestFloorDived: 0 }).state.stage).toBe(0);
  });

  it('ch.5: Stage 2 falls after 14 quiet days or a Banquet', () => {
    const s = { ...INITIAL_ATTENTION, stage: 2 as const };
    expect(attentionAfterDay(s, { deepestFloorDived: 0, banquetSponsored: true }).state.stage).toBe(1);
    expect(attentionAfterDay({ ...s, daysWithoutDivePast5: 13 }, { deepestFloorDived: 5 }).state.stage).toBe(1);
    expect(attentionAfterDay({ ...s, daysWithoutDivePast5: 13 }, { deepestFloorDived: 6 }).state.stage).toBe(2);
  });

  it('ch.5: Stage 3 falls by destroying the Vanity Idols; Stage 4 never falls', () => {
    expect(attentionAfterResolution({ ...INITIAL_ATTENTION, stage: 3 }, 'vanity-idols-destroyed').state.stage).toBe(2);
    expect(attentionAfterResolution({ ...INITIAL_ATTENTION, stage: 4 }, 'narrative').state.stage).toBe(4);
    expect(
      attentionAfterDay(
        { ...INITIAL_ATTENTION, stage: 4, daysWithoutDivePast3: 99, daysWithoutDivePast5: 99 },
        { deepestFloorDived: 0, banquetSponsored: true },
      ).state.stage,
    ).toBe(4);
  });

  it("ch.5, ch.10: each stage's effects on the Inn, floor rolls, Sanity and the Smith", () => {
    expect(attentionEffects(1)).toMatchObject({
      innModifier: -1,
      floorRollModifier: -1,
      sanityTargetShift: { tombs: 2, elsewhere: 0 },
    });
    expect(attentionEffects(2)).toMatchObject({ shrinesUnsafeOnFloorsUpTo: 5, smithRerollsLowEvents: true });
    expect(attentionEffects(3)).toMatchObject({
      innModifier: -3,
      sanityTargetShift: { tombs: 6, elsewhere: 6 },
      festivalsAllowed: false,
      smithRefusesLost: true,
    });
    expect(attentionEffects(4)).toMatchObject({ innClosed: true, smithGone: true });
  });
});

describe('the Lich (ch.12, ch.16)', () => {
  it('ch.12: the Floor-10 block scales with players at Lost and Unbound Vestments', () => {
    expect(floorTenLich({ playersAtLost: 2, unboundVestmentsEquipped: 1 })).toMatchObject({
      health: 144 + 24 + 24,
      armor: 18,
      turns: 2,
    });
  });

  it('ch.16: the manifestation has 360 Health + 36 per player beyond four and two turns', () => {
    expect(manifestedLich(6)).toMatchObject({ health: 432, armor: 36, speed: 12, magic: 18, turns: 2 });
  });

  it('ch.16: the Lich revives at half Health until the Phylactery is destroyed', () => {
    expect(lichAtZero(360, false)).toMatchObject({ revives: true, health: 180 });
    expect(lichAtZero(360, true).revives).toBe(false);
  });

  it('ch.16: the Lich targets the character holding the most gold', () => {
    expect(
      lichTarget([
        { name: 'a', gold: 10 },
        { name: 'b', gold: 900 },
        { name: 'c', gold: 900 },
      ]).map((c) => c.name),
    ).toEqual(['b', 'c']);
  });

  it('ch.16: the Pilgrimage must finish within six days of the turning', () => {
    expect(turningStatus(10, 16)).toMatchObject({ daysLeft: 0, permanent: false });
    expect(turningStatus(10, 17).permanent).toBe(true);
  });
});

describe('the quiet-day clocks restart when the Attention rises (ch.5)', () => {
  it('days already quiet before a rise do not count toward Stage 1 → 0', async () => {
    const { applyAttentionTrigger, attentionAfterDay, INITIAL_ATTENTION } = await import('./lich-attention.ts');
    let s = INITIAL_ATTENTION;
    for (let d = 0; d < 10; d++) s = attentionAfterDay(s, { deepestFloorDived: 0 }).state;
    s = applyAttentionTrigger(s, { kind: 'vanity-stage', stage: 2 }).state;
    expect(s).toMatchObject({ stage: 1, daysWithoutDivePast3: 0 });
    for (let d = 0; d < 6; d++) s = attentionAfterDay(s, { deepestFloorDived: 0 }).state;
    expect(s.stage).toBe(1);
    expect(attentionAfterDay(s, { deepestFloorDived: 0 }).state.stage).toBe(0);
  });
});

describe('true defeat (ch.12)', () => {
  it('ch.12: 12d6×6 gold and colour returning by 1d6×10 %', () => {
    const faces = [6, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4];
    const r = trueDefeatSpoils(new Dice(new ScriptedRandom(faces)), 'x');
    expect(r.gold).toBe((8 + 11) * 6);
    expect(r.colourReturns).toBe(40);
  });
});
