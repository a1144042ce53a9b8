import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { characterRollModifiers } from './roll-modifiers.ts';
import { judgeChallenge, presetChallenge, rollChallenge, rollModifiersOf, wardsSanity } from './challenge.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));

describe('challenge (ch.1)', () => {
  it('ch.1: rolls level d6 with sixes exploding, sums, and meets or beats the target', () => {
    const r = rollChallenge(scripted(6, 2, 4), { level: 2, target: 12, cause: 'climb' }, RULES);
    expect(r.sum).toBe(12);
    expect(r.success).toBe(true);
    expect(r.explain).toBe('12 = 2d6! [6+2, 4] vs 12: meets the target (ch.1)');
  });

  it('ch.1: all natural 1s fail whatever the modifiers', () => {
    const r = rollChallenge(
      scripted(1, 1),
      { level: 2, target: 6, cause: 'x', other: [{ source: 'Veteran assist', value: 20 }] },
      RULES,
    );
    expect(r.total).toBe(22);
    expect(r.allNaturalOnes).toBe(true);
    expect(r.success).toBe(false);
  });

  it('ch.1: one natural 1 among other dice is not a failure, but calls an integrity check (ch.11)', () => {
    const r = rollChallenge(scripted(1, 5), { level: 2, target: 6, cause: 'x' }, RULES);
    expect(r.success).toBe(true);
    expect(r.integrityCheckDue).toBe(true);
  });

  it('ch.8, ch.4, ch.5: lists Sanity, survival and Attention modifiers separately', () => {
    const r = rollChallenge(
      scripted(5, 5, 4),
      {
        level: 3,
        target: 12,
        cause: 'Sanity Test room',
        sanity: 'edge',
        survival: [{ source: 'Hunger, day 4 (ch.4)', value: -1 }],
        sanityChallenge: { attentionStage: 2, where: 'tombs' },
      },
      RULES,
    );
    expect(r.modifiers.sanity).toEqual({ source: 'Sanity Edge (ch.8)', value: -2 });
    expect(r.modifiers.survival).toEqual([{ source: 'Hunger, day 4 (ch.4)', value: -1 }]);
    expect(r.targetShift).toEqual({ source: "Lich's Attention Stage 2 (ch.5)", value: 4 });
    expect(r.total).toBe(11);
    expect(r.target).toBe(16);
    expect(r.success).toBe(false);
    expect(r.explain).toContain('− 2 (Sanity Edge (ch.8))');
  });

  it('ch.5: Stage 1 and 2 shift only Sanity Challenges in the Tombs; Stage 3 shifts them anywhere', () => {
    const town2 = rollChallenge(
      scripted(4),
      { level: 1, target: 12, cause: 'x', sanityChallenge: { attentionStage: 2, where: 'town' } },
      RULES,
    );
    expect(town2.target).toBe(12);
    const town3 = rollChallenge(
      scripted(4),
      { level: 1, target: 12, cause: 'x', sanityChallenge: { attentionStage: 3, where: 'town' } },
      RULES,
    );
    expect(town3.target).toBe(18);
  });

  it('refuses an impossible level or target', () => {
    expect(() => rollChallenge(scripted(1), { level: 0, target: 6, cause: 'x' }, RULES)).toThrow(
      /Level must be 1 or more/,
    );
    expect(() => rollChallenge(scripted(1), { level: 1, target: -3, cause: 'x' }, RULES)).toThrow(
      /Target must be 1 or more/,
    );
  });
});

describe("a character's roll modifiers and the named Challenges (ch.1, ch.2, ch.4, ch.8)", () => {
  it('ch.4, ch.8: Sanity and the survival clock apply to all rolls; an intact ward negates the Sanity penalty', () => {
    const m = rollModifiersOf(
      characterRollModifiers({ sanity: 'paranoid', daysWithoutMeal: 5, daysWithoutShelter: 0 }),
      null,
    );
    expect(m.all).toEqual([
      { source: 'Sanity Paranoid (ch.8)', value: -3 },
      { source: 'Hunger, day 5 (ch.4)', value: -2 },
    ]);
    const warded = rollModifiersOf(
      characterRollModifiers({ sanity: 'paranoid', daysWithoutMeal: 0, daysWithoutShelter: 0 }),
      'Salt Circle Pouch',
    );
    expect(warded.all).toEqual([]);
    expect(warded.explain).toBe('no penalties; Salt Circle Pouch negates the Sanity penalty while intact (ch.8)');
    expect(
      wardsSanity([{ name: 'Salt Circle Pouch', broken: true, text: 'Negates Sanity penalties while held.' }]),
    ).toBeNull();
    expect(
      wardsSanity([{ name: 'Salt Circle Pouch', broken: false, text: 'Negates Sanity penalties while held.' }]),
    ).toBe('Salt Circle Pouch');
  });

  it("ch.2, ch.8: the named Challenges' targets follow the book", () => {
    const target = (ctx: Parameters<typeof presetChallenge>[0]) => {
      const p = presetChallenge(ctx);
      return 'refused' in p ? p.refused : p.target;
    };
    expect(target({ id: 'edge-looting' })).toBe(12);
    expect(target({ id: 'paranoid-looting' })).toBe(18);
    expect(target({ id: 'breaker-doorway', breaker: { name: 'Odile', power: 7 } })).toBe(7);
    expect(target({ id: 'predict', enemy: { name: 'Gnawer', level: 4, lich: false } })).toBe(12);
    expect(target({ id: 'predict', enemy: { name: 'The Lich', level: 1, lich: true } })).toBe(30);
    expect(target({ id: 'counter-magic', caster: { name: 'Imp', magic: 3, lich: false } })).toBe(9);
    expect(target({ id: 'counter-magic', caster: { name: 'The Lich', magic: 18, lich: true } })).toBe(
      "Counter Magic cannot steal the Lich's abilities (ch.2)",
    );
    expect(target({ id: 'influence-lich' })).toBe(24);
    expect(presetChallenge({ id: 'trap', trap: { label: 'Colourless gas', target: 18, sanity: true } })).toMatchObject({
      target: 18,
      sanity: true,
    });
  });
});

describe("the Judge's override (ch.1)", () => {
  it("a total set by hand meets or beats the target, shifted for a Sanity Challenge, and says it is the Judge's call", () => {
    expect(judgeChallenge({ target: 12 }, 12, RULES)).toMatchObject({
      success: true,
      total: 12,
      target: 12,
      explain: "12, the Judge's call (set by hand instead of the roll) vs 12: meets the target",
    });
    expect(
      judgeChallenge({ target: 12, sanityChallenge: { attentionStage: 2, where: 'tombs' } }, 14, RULES),
    ).toMatchObject({
      success: false,
      target: 16,
    });
  });
});
