// The Breaker's, the Veteran's and the Scholar's rules (ch.2) with scripted inputs.
import { describe, expect, it } from 'vitest';
import { breakKnocksBack, chargePlan, knockBackTo, rumbleHatBonus } from './skills-breaker.ts';
import { maneuverRefusal, rally, recallAssist, richestRoom } from './skills-veteran.ts';
import { investitureChosen, predictTarget } from './skills-scholar.ts';

describe('skill rules (ch.2)', () => {
  it('Predict targets the enemy level × 3, and 30 against the Lich whatever its level', () => {
    expect(predictTarget({ name: 'Grave Hound', level: 4, lich: false }).target).toBe(12);
    expect(predictTarget({ name: 'The Lich', level: 3, lich: true })).toEqual({
      target: 30,
      explain: 'Predict against the Lich: target 30 (ch.2)',
    });
    expect(() => predictTarget({ name: 'Wisp', level: undefined, lich: false })).toThrow(/gives no level/);
  });

  it('Break knocks back on any natural 6, one room onward from the entry, never off the floor', () => {
    expect(breakKnocksBack([{ sides: 8, faces: [6], natural: 6, total: 6 }]).knocks).toBe(true);
    expect(breakKnocksBack([{ sides: 6, faces: [5], natural: 5, total: 5 }]).knocks).toBe(false);
    expect(knockBackTo({ x: 2, y: 0 }, { x: 2, y: 1 })).toEqual({ x: 2, y: 2 });
    expect(knockBackTo({ x: 1, y: 3 }, { x: 0, y: 3 })).toBeNull();
    expect(chargePlan({ x: 0, y: 0 }, { x: 0, y: 3 }, 3).path).toEqual([
      { x: 0, y: 1 },
      { x: 0, y: 2 },
      { x: 0, y: 3 },
    ]);
  });

  it('Rumble Hat enhanced: +1 at half Health or below only', () => {
    expect(rumbleHatBonus({ enhanced: true, health: 21, maxHealth: 42 })?.value).toBe(1);
    expect(rumbleHatBonus({ enhanced: true, health: 22, maxHealth: 42 })).toBeNull();
    expect(rumbleHatBonus({ enhanced: false, health: 1, maxHealth: 42 })).toBeNull();
  });

  it('the Veteran: assist adds Power to another; the richest room not yet entered; Maneuver within 1 space; Rally caps at the maximum', () => {
    expect(recallAssist({ name: 'Q', power: 7 }, { name: 'S', isVeteran: false })).toEqual({
      source: "Q's assist with Recall: Power (ch.2)",
      value: 7,
    });
    expect(() => recallAssist({ name: 'Q', power: 7 }, { name: 'Q', isVeteran: true })).toThrow(/not their own/);
    expect(
      richestRoom([
        { x: 0, y: 0, gold: 50, entered: false },
        { x: 1, y: 0, gold: 90, entered: true },
        { x: 2, y: 0, gold: 50, entered: false },
      ]).rooms,
    ).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 0 },
    ]);
    expect(maneuverRefusal({ x: 0, y: 0 }, { x: 1, y: 1 })).toMatch(/2 rooms away/);
    expect(
      rally(6, { name: 'S', sanity: 'whole', health: 40, maxHealth: 42, armor: 5, maxArmor: 6, isVeteran: false }),
    ).toMatchObject({ sanity: 'whole', health: 42, armor: 6 });
  });

  it('Investiture: one adjacent character (first on the stack); enhanced, everyone within 1 space', () => {
    const c = [
      { lichslayerId: 1, name: 'A', steps: 1, order: 3 },
      { lichslayerId: 2, name: 'B', steps: 0, order: 5 },
      { lichslayerId: 3, name: 'C', steps: 2, order: 1 },
    ];
    expect(investitureChosen(c, { enhanced: false, adjacency: 'same-or-neighbour' }).map((x) => x.name)).toEqual(['A']);
    expect(investitureChosen(c, { enhanced: false, adjacency: 'same-room' }).map((x) => x.name)).toEqual(['B']);
    expect(investitureChosen(c, { enhanced: true, adjacency: 'same-room' }).map((x) => x.name)).toEqual(['A', 'B']);
  });
});
