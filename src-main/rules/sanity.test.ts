import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import {
  attentionSanityShift,
  dropSanity,
  lootingRule,
  lostMovementPenalty,
  recoverSanity,
  SANITY_LADDER,
  sanityAfterNight,
  sanityTarget,
} from './sanity.ts';

describe('sanity (ch.8, ch.5)', () => {
  it('ch.8: the ladder Whole, Strange, Edge, Paranoid, Lost carries 0 to −4 on all rolls', () => {
    expect(Object.values(SANITY_LADDER).map((r) => [r.label, r.rollPenalty])).toEqual([
      ['Whole', 0],
      ['Strange', -1],
      ['Edge', -2],
      ['Paranoid', -3],
      ['Lost', -4],
    ]);
  });

  it('ch.8: looting limits at Edge and Paranoid', () => {
    expect(SANITY_LADDER.edge.looting).toEqual({ kind: 'every-other-round', offRoundTarget: 12 });
    expect(SANITY_LADDER.paranoid.looting).toEqual({ kind: 'challenge', target: 18 });
    expect(SANITY_LADDER.lost.movementPenaltyEveryOtherRound).toBe(true);
  });

  it('ch.8: dropping and recovering stop at the ends of the ladder', () => {
    expect(dropSanity('paranoid', 3)).toBe('lost');
    expect(recoverSanity('strange', 4)).toBe('whole');
  });

  it('ch.5: Sanity Challenge targets shift +2/+4/+6 by Attention stage, and Stage 4 by the house rule (default +6)', () => {
    expect([0, 1, 2, 3, 4].map((s) => attentionSanityShift(s as 0 | 1 | 2 | 3 | 4, 'tombs', RULES).value)).toEqual([
      0, 2, 4, 6, 6,
    ]);
    expect(attentionSanityShift(4, 'town', { stageFourSanityShift: 0 }).value).toBe(0);
  });

  it('ch.8: a sheltered night recovers one level if fed within 3 days', () => {
    expect(
      sanityAfterNight({ sanity: 'edge', daysSinceMeal: 2, sheltered: true, attentionStage: 0, lostNights: 0 }).sanity,
    ).toBe('strange');
    expect(
      sanityAfterNight({ sanity: 'edge', daysSinceMeal: 4, sheltered: true, attentionStage: 0, lostNights: 0 }).sanity,
    ).toBe('edge');
    expect(
      sanityAfterNight({ sanity: 'edge', daysSinceMeal: 0, sheltered: false, attentionStage: 0, lostNights: 0 }).sanity,
    ).toBe('edge');
  });

  it('ch.5: Stage 2 makes Lost take two nights; Stage 3 disturbed sleep on a 1 drops a level', () => {
    expect(
      sanityAfterNight({ sanity: 'lost', daysSinceMeal: 0, sheltered: true, attentionStage: 2, lostNights: 0 }).sanity,
    ).toBe('lost');
    expect(
      sanityAfterNight({ sanity: 'lost', daysSinceMeal: 0, sheltered: true, attentionStage: 2, lostNights: 1 }).sanity,
    ).toBe('paranoid');
    expect(
      sanityAfterNight({
        sanity: 'strange',
        daysSinceMeal: 0,
        sheltered: true,
        attentionStage: 3,
        lostNights: 0,
        disturbedSleepRoll: 1,
      }).sanity,
    ).toBe('edge');
  });
});

describe('looting and movement at Edge, Paranoid and Lost (ch.8)', () => {
  it('ch.8: Edge loots every other round, or on an off-round with a Challenge of 12', () => {
    expect(lootingRule('edge', { round: 3, lastLootRound: 1 }, RULES).kind).toBe('free');
    expect(lootingRule('edge', { round: 2, lastLootRound: 1 }, RULES)).toEqual({
      kind: 'challenge',
      target: 12,
      preset: 'edge-looting',
      explain: 'Edge looted in round 1: round 2 is an off-round, a Challenge of 12 to loot (ch.8)',
    });
    expect(lootingRule('edge', { round: null, lastLootRound: 1 }, RULES).kind).toBe('free');
  });

  it('ch.8: Paranoid loots only with a Challenge of 18; Lost by the house rule', () => {
    expect(lootingRule('paranoid', { round: null, lastLootRound: null }, RULES)).toMatchObject({
      kind: 'challenge',
      target: 18,
      preset: 'paranoid-looting',
    });
    expect(lootingRule('lost', { round: null, lastLootRound: null }, RULES).kind).toBe('free');
    expect(
      lootingRule('lost', { round: null, lastLootRound: null }, { ...RULES, lootingAtLost: 'as-paranoid' }),
    ).toMatchObject({ kind: 'challenge', target: 18 });
    expect(lootingRule('strange', { round: 2, lastLootRound: 2 }, RULES).kind).toBe('free');
  });

  it('ch.8: Lost loses 1 movement every other round', () => {
    expect(lostMovementPenalty('lost', 1)).toBeNull();
    expect(lostMovementPenalty('lost', 2)).toEqual({
      value: -1,
      explain: 'Lost: −1 movement this round (round 2, every other round, ch.8)',
    });
    expect(lostMovementPenalty('paranoid', 2)).toBeNull();
  });
});

describe('Sanity Challenge targets (ch.8, ch.11, ch.12, ch.16)', () => {
  it('ch.8, ch.12: 12 for Lich-type damage and a player-killing, 18 beside the Lich or its Phylactery; the house rule where none is given', () => {
    expect(sanityTarget('lich-damage', RULES)).toEqual({ target: 12, source: 'ch.8' });
    expect(sanityTarget('pvp-kill', RULES)).toEqual({ target: 12, source: 'ch.11' });
    expect(sanityTarget('lich-adjacency', RULES).target).toBe(18);
    expect(sanityTarget('phylactery-adjacency', RULES).target).toBe(18);
    expect(sanityTarget('sanity-test-room', RULES)).toEqual({ target: 12, source: 'house rule' });
    expect(sanityTarget('ally-at-zero', { ...RULES, unstatedSanityTarget: 6 }).target).toBe(6);
  });
});
