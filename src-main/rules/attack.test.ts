import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import {
  attackAccess,
  defaultTarget,
  itemDamage,
  parseDamage,
  reachRefusal,
  retainerDamage,
  rollAttack,
  weaponOptions,
  type EquippedItem,
} from './attack.ts';
import { powerAttackDice } from './character.ts';

const scripted = (...faces: number[]) => new Dice(new ScriptedRandom(faces));
const item = (over: Partial<EquippedItem>): EquippedItem => ({
  slot: 'gear',
  name: 'Cinder Maul',
  colour: 'Red',
  broken: false,
  notes: '',
  entry: null,
  ...over,
});

describe('attacks (ch.1, ch.4, ch.11)', () => {
  it('reads damage dice from a stat block or an item: "2d6", "6d6, Colourless", "Attack: 1d6+1"', () => {
    expect(parseDamage('6d6, Colourless')).toEqual({ count: 6, sides: 6, flat: 0, text: '6d6' });
    expect(parseDamage('4d6 touch')).toMatchObject({ count: 4, sides: 6 });
    expect(parseDamage('d8')).toMatchObject({ count: 1, sides: 8 });
    expect(parseDamage('none')).toBeNull();
    expect(itemDamage('Attack: 1d6+1 damage.')).toEqual({ count: 1, sides: 6, flat: 1, text: '1d6+1' });
    expect(itemDamage('While worn: +1 Armor.')).toBeNull();
  });

  it('ch.11, ch.13: only Gear or loot that allows the attack action lets a character attack; a broken one confers nothing', () => {
    const listed = item({ entry: { actions: ['attack', 'equip'], details: 'Attack: 2d6 damage.', breakable: true } });
    expect(weaponOptions([listed])).toEqual([
      {
        slot: 'gear',
        name: 'Cinder Maul',
        colour: 'Red',
        damage: { count: 2, sides: 6, flat: 0, text: '2d6' },
        allowed: true,
        why: 'Cinder Maul: 2d6 (ch.13)',
      },
    ]);
    expect(weaponOptions([item({ notes: 'Attack: 1d6' })])[0]).toMatchObject({ allowed: true, damage: { count: 1 } });
    const broken = weaponOptions([item({ notes: 'Attack: 1d6', broken: true })]);
    expect(broken[0]).toMatchObject({ allowed: false, why: 'Cinder Maul is broken: it confers no effect (ch.11)' });
    expect(weaponOptions([item({ name: 'Lantern' })])).toEqual([]);
    expect(attackAccess('Brother Quillam', [])).toBe(
      'Brother Quillam holds no Gear or loot that allows the attack action: loot and gear define what a character can do (ch.11)',
    );
    expect(attackAccess('Odile', broken)).toBe('Cinder Maul is broken: it confers no effect (ch.11)');
  });

  it("ch.4: +1d6 per point of Power above 6; sixes explode; the roller's penalties apply", () => {
    expect(powerAttackDice(8)).toBe(2);
    const r = rollAttack(
      scripted(6, 3, 4, 2),
      {
        attacker: 'Odile',
        cause: 'x',
        base: { count: 2, sides: 6, flat: 0, text: '2d6' },
        powerDice: 1,
        modifiers: [{ source: 'Sanity Strange (ch.8)', value: -1 }],
      },
      RULES,
    );
    expect(r.sum).toBe(6 + 3 + 4 + 2);
    expect(r.total).toBe(14);
    expect(r.explain).toBe(
      'Odile: 14 damage = 2d6! + 1d6! Power above 6 (ch.4) [6+3, 4, 2] − 1 (Sanity Strange (ch.8)) (ch.11)',
    );
    expect(r.integrityDue).toBe(false);
  });

  it('ch.11: an attack of all natural 1s misses (house rule: or lands, ch.1) and calls an integrity check', () => {
    const base = { count: 2, sides: 6, flat: 0, text: '2d6' };
    const miss = rollAttack(
      scripted(1, 1),
      { attacker: 'Sable', cause: 'x', base, powerDice: 0, modifiers: [] },
      RULES,
    );
    expect(miss).toMatchObject({ miss: true, total: 0, integrityDue: true });
    const lands = rollAttack(
      scripted(1, 1),
      { attacker: 'Sable', cause: 'x', base, powerDice: 0, modifiers: [] },
      { ...RULES, attackAllOnes: 'lands' },
    );
    expect(lands).toMatchObject({ miss: false, total: 2 });
    const oneOne = rollAttack(
      scripted(1, 5),
      { attacker: 'Sable', cause: 'x', base, powerDice: 0, modifiers: [] },
      RULES,
    );
    expect(oneOne).toMatchObject({ miss: false, total: 6, integrityDue: true });
  });

  it('ch.2 hook: bonus dice from a skill are rolled like Power dice', () => {
    const r = rollAttack(
      scripted(2, 3, 4),
      {
        attacker: 'Odile',
        cause: 'x',
        base: { count: 1, sides: 6, flat: 0, text: '1d6' },
        powerDice: 0,
        bonusDice: 2,
        modifiers: [],
      },
      RULES,
    );
    expect(r.total).toBe(9);
  });

  it("ch.7: a Retainer attacks with its own die plus its grade's bonus (house rule for the base)", () => {
    expect(retainerDamage('+0', RULES)).toMatchObject({ count: 1, sides: 6 });
    expect(retainerDamage('+2d6', RULES)).toMatchObject({ count: 3 });
    expect(retainerDamage('+0', { ...RULES, retainerBaseAttack: 0 })).toBeNull();
  });

  it('ch.11, ch.12: an attack reaches its own room; the Phylactery only from inside its room; the Town fight is one place', () => {
    const at = (x: number, over = {}) => ({
      name: 'A',
      kind: 'entity',
      floor: 2,
      x,
      y: 0,
      inTownFight: false,
      ...over,
    });
    expect(reachRefusal(at(1), at(1))).toBeNull();
    expect(reachRefusal(at(1), { ...at(2), name: 'Gnawer' })).toBe(
      "Gnawer is not in A's room: an attack reaches only the room the attacker stands in (ch.11)",
    );
    expect(reachRefusal(at(1), { ...at(2), kind: 'phylactery' })).toBe(
      'The Phylactery cannot be targeted remotely: A must be in its room to attack it (ch.12)',
    );
    expect(
      reachRefusal(
        at(0, { floor: null, x: null, inTownFight: true }),
        at(0, { floor: null, x: null, inTownFight: true }),
      ),
    ).toBeNull();
  });

  it('house rule: an enemy strikes the weakest in reach; the manifested Lich the richest (ch.16); ties go to the first on the stack', () => {
    const c = [
      { id: 1, name: 'Odile', health: 30, gold: 740, stackIndex: 0 },
      { id: 2, name: 'Sable', health: 24, gold: 1210, stackIndex: 2 },
      { id: 3, name: 'Wren', health: 24, gold: 95, stackIndex: 1 },
    ];
    expect(defaultTarget(c, RULES, false)).toMatchObject({
      target: { name: 'Wren' },
      explain:
        'Wren, the weakest in reach (24 Health) (house rule); tied with Sable: the first on the stack, the Judge may pick another',
    });
    expect(defaultTarget(c, RULES, true)).toMatchObject({
      target: { name: 'Sable' },
      explain: 'Sable, the character holding the most gold (1210) (ch.16)',
    });
    expect(defaultTarget(c, { ...RULES, enemyTarget: 'first-on-stack' }, false).target?.name).toBe('Odile');
    expect(defaultTarget([], RULES, false).target).toBeNull();
  });
});
