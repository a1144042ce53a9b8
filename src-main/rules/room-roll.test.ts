import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom, SeededRandom } from './random-source.ts';
import { floorTier, rollPossibleRoom, rollRoom, type RoomContext } from './room-roll.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));
const calm: RoomContext = { floor: 2, attentionStage: 0, festival: false, squareEmpty: false };

describe('room roll (ch.10)', () => {
  it('ch.10: floors roll on their tier table; Floor 10 is not table-generated', () => {
    expect([1, 3, 4, 6, 7, 9].map(floorTier)).toEqual(['upper', 'upper', 'middle', 'middle', 'lower', 'lower']);
    expect(() => floorTier(10)).toThrow(/Floor 10 has no room table/);
  });

  it('ch.10: Attention, Festival and Square Empty modifiers are cumulative', () => {
    const r = rollRoom(scripted(8), { floor: 5, attentionStage: 2, festival: true, squareEmpty: true }, RULES, 'advance');
    expect(r.value).toBe(8 - 2 + 2 - 1);
    expect(r.explain).toBe("7 = 8 on d12 − 2 (Lich's Attention Stage 2) + 2 (Square Festival) − 1 (Square Empty) on the Middle Tombs (4-6) table (ch.10)");
  });

  it('ch.10: a modified roll past 12 caps at 12 and under 1 caps at 1', () => {
    expect(rollRoom(scripted(12), { ...calm, festival: true }, RULES, 'x').value).toBe(12);
    expect(rollRoom(scripted(2), { ...calm, attentionStage: 3 }, RULES, 'x').value).toBe(1);
  });

  it('ch.10: at Stage 4 every room is the Empty or the Colourless Antechamber', () => {
    expect(rollRoom(scripted(2), { ...calm, attentionStage: 4 }, RULES, 'x').stageFour).toBe('empty-antechamber');
    expect(rollRoom(scripted(5), { ...calm, attentionStage: 4 }, RULES, 'x').stageFour).toBe('colourless-antechamber');
  });

  it('ch.10: a Lost character may re-roll a natural 1 once per dive', () => {
    const r = rollRoom(scripted(1, 9), { ...calm, lostRerollAvailable: true }, RULES, 'x');
    expect(r.lostRerollUsed).toBe(true);
    expect(r.value).toBe(9);
    const without = rollRoom(scripted(1), calm, RULES, 'x');
    expect(without.value).toBe(1);
  });

  it('ch.10: an impossible room is re-rolled once; impossible twice means empty', () => {
    const impossible = (n: number) => (r: { value: number }) => r.value === n;
    const once = rollPossibleRoom(scripted(5, 7), calm, RULES, 'x', impossible(5));
    expect(once).toMatchObject({ empty: false, roll: { value: 7 } });
    const twice = rollPossibleRoom(scripted(5, 5), calm, RULES, 'x', impossible(5));
    expect(twice.empty).toBe(true);
    expect(twice.explain).toMatch(/both impossible: the room is empty/);
  });

  it('property: a room roll is always within 1..12', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom(0, 1, 2, 3),
        fc.boolean(),
        fc.boolean(),
        (seed, floor, stage, festival, squareEmpty) => {
          const r = rollRoom(new Dice(new SeededRandom(seed)), { floor, attentionStage: stage as 0 | 1 | 2 | 3, festival, squareEmpty }, RULES, 'p');
          return r.value >= 1 && r.value <= 12;
        },
      ),
    );
  });
});
