import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import {
  floorTier,
  lostReroller,
  roomImpossible,
  roomModifiers,
  rollPossibleRoom,
  rollStageFourRoom,
} from './room-roll.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));

describe('room roll (ch.10)', () => {
  it('ch.10: floors roll on their tier table; Floor 10 is not table-generated', () => {
    expect([1, 3, 4, 6, 7, 9].map(floorTier)).toEqual(['upper', 'upper', 'middle', 'middle', 'lower', 'lower']);
    expect(() => floorTier(10)).toThrow(/Floor 10 has no room table/);
  });

  it('ch.10: Attention, Festival and Square Empty modifiers are cumulative', () => {
    expect(roomModifiers({ floor: 5, attentionStage: 2, festival: true, squareEmpty: true })).toEqual([
      { source: "Lich's Attention Stage 2", value: -2 },
      { source: 'Square Festival', value: 2 },
      { source: 'Square Empty', value: -1 },
    ]);
  });

  it('ch.10: at Stage 4 every room is the Empty or the Colourless Antechamber', () => {
    expect(rollStageFourRoom(scripted(2), RULES, 'x').room).toBe('empty-antechamber');
    expect(rollStageFourRoom(scripted(5), RULES, 'x')).toMatchObject({
      room: 'colourless-antechamber',
      explain: 'Stage 4: 5 on d6 → Colourless Antechamber (ch.10)',
    });
  });

  it('ch.10: a Lost character may re-roll a natural 1 once per dive: the first Lost revealer who has not used it', () => {
    const party = [
      { id: 1, sanity: 'edge' },
      { id: 2, sanity: 'lost' },
      { id: 3, sanity: 'lost' },
    ];
    expect(lostReroller(party, [])?.id).toBe(2);
    expect(lostReroller(party, [2])?.id).toBe(3);
    expect(lostReroller(party, [2, 3])).toBeNull();
    expect(lostReroller([{ id: 1, sanity: 'paranoid' }], [])).toBeNull();
  });

  it('ch.10: a Rest room after a Sanity Break, a Merchant once dispatched, are impossible', () => {
    expect(roomImpossible('sanity-break', { sanityBreak: true, merchantDispatched: false })).toBe(
      'impossible after a Sanity Break on this floor',
    );
    expect(roomImpossible('sanity-break', { sanityBreak: false, merchantDispatched: true })).toBeNull();
    expect(roomImpossible('merchant-dispatched', { sanityBreak: false, merchantDispatched: true })).toBe(
      "impossible once this floor's Merchant is dispatched",
    );
    expect(roomImpossible('', { sanityBreak: true, merchantDispatched: true })).toBeNull();
  });

  it('ch.10: an impossible room is re-rolled once; impossible twice means empty', () => {
    const rolls =
      (...values: number[]) =>
      (attempt: 1 | 2) =>
        values[attempt - 1]!;
    const bad = (v: number) => (v === 5 ? 'impossible here' : null);
    expect(rollPossibleRoom(rolls(5, 7), bad)).toMatchObject({
      empty: false,
      roll: 7,
      attempts: [5, 7],
      explain: 'the first roll was impossible here: re-rolled once (ch.10)',
    });
    expect(rollPossibleRoom(rolls(5, 5), bad)).toMatchObject({
      empty: true,
      explain: 'the first roll was impossible here, and the re-roll impossible here: the room is empty (ch.10)',
    });
    expect(rollPossibleRoom(rolls(3), bad)).toMatchObject({ empty: false, roll: 3, attempts: [3] });
  });
});
