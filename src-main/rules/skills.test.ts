// Class skills' pure rules (ch.2): usage limits by fight and floor visit, Burgle's colour and once-per-entity.
import { describe, expect, it } from 'vitest';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { familiarFollows, retainersAfterEmployers, takesOwnTurn } from './turn-order.ts';
import {
  burgledAlready,
  burgleKeeps,
  capstoneProgress,
  crushRefusal,
  limitReached,
  rollBandage,
  skillNamed,
  wornArmorKeeps,
  type SkillUse,
} from './skills.ts';

const use = (over: Partial<SkillUse>): SkillUse => ({
  lichslayerId: 1,
  skill: 'Crush',
  session: 1,
  day: 1,
  floor: 2,
  fight: 1,
  visit: 1,
  round: 1,
  turn: 0,
  ...over,
});
const now = (over: Partial<SkillUse> = {}) => {
  const { lichslayerId: _l, skill: _s, ...rest } = use(over);
  return rest;
};

describe('skill limits (ch.2)', () => {
  it('once per Round counts in the same fight only; once per floor per visit, the manifestation a visit of its own', () => {
    const crush = skillNamed('Crush')!;
    expect(limitReached(crush, [use({})], now(), 1)).toBe('Crush is once per Round (ch.2), and it has been used');
    expect(limitReached(crush, [use({})], now({ fight: 2 }), 1)).toBeNull();
    expect(limitReached(crush, [use({})], now({ fight: null, round: null }), 1)).toBeNull();
    const rally = skillNamed('Rally')!;
    expect(limitReached(rally, [use({ skill: 'Rally' })], now({ visit: 2 }), 1)).toBeNull();
    expect(
      limitReached(rally, [use({ skill: 'Rally', floor: null, visit: 3 })], now({ floor: null, visit: 3 }), 1),
    ).toBe('Rally is once per floor (ch.2), and it has been used');
  });
});

describe('Burgle (ch.2)', () => {
  it("keeps loot of the entity's colour or of Any colour; each entity once; only successes count toward Cheat", () => {
    expect(burgleKeeps('Red', 'Red').kept).toBe(true);
    expect(burgleKeeps('All-Color', 'Green')).toEqual({
      kept: true,
      explain: 'the loot is of Any colour: kept (ch.2)',
    });
    expect(burgleKeeps('Blue', 'Red')).toEqual({
      kept: false,
      explain: 'the loot is Blue, the entity is Red: the Bandit takes nothing (ch.2)',
    });
    const uses = [
      use({ skill: 'Burgle', tokenId: 7, target: 'Ghoul', success: false }),
      use({ skill: 'Burgle', tokenId: 8, target: 'Ghoul', success: true }),
    ];
    expect(burgledAlready(uses, 7, 'Ghoul')).toBe(
      'Ghoul has been Burgled already: an entity may be Burgled once (ch.2)',
    );
    expect(burgledAlready(uses, 9, 'Ghoul')).toBeNull();
    // two Ghouls of the same name are two enemies; the failed Burgle does not count
    expect(
      capstoneProgress(
        'The Bandit',
        [...uses, use({ skill: 'Burgle', tokenId: 9, target: 'Ghoul', success: true })],
        1,
      ),
    ).toMatchObject({ have: 2, need: 10 });
  });
});

describe('the turn stack (ch.2, ch.3)', () => {
  it('each Retainer right after its Aristocrat, in hire order; a Retainer whose employer is not on the stack keeps its place; the Familiar has no slot', () => {
    // tokens: 1 and 2 Lichslayers (2 the Aristocrat), 10 and 11 its Retainers, 12 a Retainer of someone absent
    expect(
      retainersAfterEmployers(
        [10, 1, 11, 12, 2],
        new Map([
          [10, 2],
          [11, 2],
          [12, 9],
        ]),
      ),
    ).toEqual([1, 12, 2, 10, 11]);
    expect(takesOwnTurn('familiar')).toBe(false);
    expect(takesOwnTurn('retainer')).toBe(true);
    expect(familiarFollows(false)).toBe(false);
  });
});

describe('Crush and Diagnose and Bandage (ch.2)', () => {
  it('Crush never targets the Lich; Bandage heals (level)d6 each up to the maximum, enhanced +3 Armor up to its maximum', () => {
    expect(crushRefusal({ name: 'The Lich', lich: true, defeated: false })).toBe('Crush cannot target the Lich (ch.2)');
    expect(crushRefusal({ name: 'Ogre', lich: false, defeated: false })).toBeNull();
    const dice = new Dice(new ScriptedRandom([3, 4, 6, 6]));
    const healed = rollBandage(dice, {
      doctor: 'Doc',
      level: 2,
      enhanced: true,
      targets: [
        { name: 'A', health: 5, maxHealth: 30, armor: 2, maxArmor: 6 },
        { name: 'B', health: 20, maxHealth: 24, armor: 5, maxArmor: 6 },
      ],
    });
    expect(healed.map((h) => [h.health, h.armor, h.restored])).toEqual([
      [12, 5, 7],
      [24, 6, 4],
    ]);
    expect(healed[1]!.explain).toBe(
      'B: 12 = 2d6 [6, 6] Health restored: 20 → 24 (capped at maximum 24); +3 Armor (enhanced): 5 → 6 (capped at maximum 6) (ch.2)',
    );
    expect(() =>
      rollBandage(dice, { doctor: 'Doc', level: 1, enhanced: false, targets: [healed[0]!, healed[1]!] }),
    ).toThrow('Diagnose and Bandage heals up to level characters: Doc is level 1 and chose 2 (ch.2)');
  });
});

describe('Worn Armor (ch.2)', () => {
  it('the first physical instance each Round; never a spell, a Lich-type source or ongoing damage; Colourless only enhanced', () => {
    const none = { physical: false, colourless: false };
    expect(wornArmorKeeps({ physical: true, colour: 'Red' }, none, false)).toBe('physical');
    expect(wornArmorKeeps({ physical: true, colour: 'Red' }, { physical: true, colourless: false }, false)).toBeNull();
    expect(wornArmorKeeps({ physical: false, colour: 'Red' }, none, false)).toBeNull();
    expect(wornArmorKeeps({ physical: true, colour: null, lichType: true }, none, false)).toBeNull();
    expect(wornArmorKeeps({ physical: true, colour: 'Red', ongoing: true }, none, false)).toBeNull();
    expect(wornArmorKeeps({ physical: true, colour: 'Colourless' }, none, false)).toBeNull();
    expect(wornArmorKeeps({ physical: true, colour: 'Colourless' }, none, true)).toBe('colourless');
  });
});
