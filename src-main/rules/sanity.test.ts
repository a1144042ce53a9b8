import { describe, expect, it } from 'vitest';
import { attentionSanityShift, dropSanity, recoverSanity, SANITY_LADDER, sanityAfterNight } from './sanity.ts';

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

  it('ch.5: Sanity Challenge targets shift +2/+4/+6 by Attention stage', () => {
    expect([0, 1, 2, 3].map((s) => attentionSanityShift(s as 0 | 1 | 2 | 3, 'tombs').value)).toEqual([0, 2, 4, 6]);
  });

  it('ch.8: a sheltered night recovers one level if fed within 3 days', () => {
    expect(sanityAfterNight({ sanity: 'edge', daysSinceMeal: 2, sheltered: true, attentionStage: 0, lostNights: 0 }).sanity).toBe('strange');
    expect(sanityAfterNight({ sanity: 'edge', daysSinceMeal: 4, sheltered: true, attentionStage: 0, lostNights: 0 }).sanity).toBe('edge');
    expect(sanityAfterNight({ sanity: 'edge', daysSinceMeal: 0, sheltered: false, attentionStage: 0, lostNights: 0 }).sanity).toBe('edge');
  });

  it('ch.5: Stage 2 makes Lost take two nights; Stage 3 disturbed sleep on a 1 drops a level', () => {
    expect(sanityAfterNight({ sanity: 'lost', daysSinceMeal: 0, sheltered: true, attentionStage: 2, lostNights: 0 }).sanity).toBe('lost');
    expect(sanityAfterNight({ sanity: 'lost', daysSinceMeal: 0, sheltered: true, attentionStage: 2, lostNights: 1 }).sanity).toBe('paranoid');
    expect(sanityAfterNight({ sanity: 'strange', daysSinceMeal: 0, sheltered: true, attentionStage: 3, lostNights: 0, disturbedSleepRoll: 1 }).sanity).toBe('edge');
  });
});
