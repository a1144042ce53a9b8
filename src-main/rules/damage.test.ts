import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { applyDamage, integrityCheck, zeroHealthOutcome } from './damage.ts';

describe('damage (ch.11)', () => {
  it('ch.11: one point of Armor negates a whole instance, however large', () => {
    expect(applyDamage({ health: 30, armor: 2 }, { amount: 40 })).toMatchObject({ health: 30, armor: 1, negated: true });
  });

  it('ch.11: at 0 Armor damage strikes Health', () => {
    expect(applyDamage({ health: 30, armor: 0 }, { amount: 7 })).toMatchObject({ health: 23, armor: 0, healthLost: 7 });
  });

  it('ch.11: ongoing effects and bypassing attacks ignore Armor', () => {
    expect(applyDamage({ health: 30, armor: 5 }, { amount: 4, ongoing: true })).toMatchObject({ health: 26, armor: 5 });
    expect(applyDamage({ health: 30, armor: 5 }, { amount: 9, bypassArmor: true })).toMatchObject({ health: 21, armor: 5 });
  });

  it('ch.11: 0 Health offers withdraw or press on; the third time on a floor is permanent', () => {
    expect(zeroHealthOutcome(3, 1)).toMatchObject({ kind: 'choose', options: ['withdraw', 'press-on'] });
    expect(zeroHealthOutcome(3, 3).kind).toBe('permanently-lost');
  });

  it('ch.10: on Floor 10 there is no withdrawal: 0 Health is permanent loss', () => {
    expect(zeroHealthOutcome(10, 1).kind).toBe('permanently-lost');
  });

  it('ch.11: an integrity check breaks the item on a 1 on 1d6; unbreakable loot never breaks', () => {
    expect(integrityCheck(new Dice(new ScriptedRandom([1])), { name: 'Maul' }, 'x').breaks).toBe(true);
    expect(integrityCheck(new Dice(new ScriptedRandom([2])), { name: 'Maul' }, 'x').breaks).toBe(false);
    expect(integrityCheck(new Dice(new ScriptedRandom([])), { name: 'Crown', unbreakable: true }, 'x').breaks).toBe(false);
  });

  it('property: Armor and Health never go below 0', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(40), fc.nat(500), fc.boolean(), fc.boolean(), (health, armor, amount, ongoing, bypassArmor) => {
        const r = applyDamage({ health, armor }, { amount, ongoing, bypassArmor });
        return r.armor >= 0 && r.health >= 0 && r.armor <= armor && r.health <= health;
      }),
    );
  });
});
