import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { DEFAULT_HOUSE_RULES as RULES } from '@shared/house-rules.ts';
import {
  integrityCheck,
  integrityDue,
  integrityTarget,
  NO_SYNC,
  resolveHit,
  syncMultipliers,
  zeroHealthOutcome,
} from './damage.ts';

describe('damage (ch.11)', () => {
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
    expect(integrityCheck(new Dice(new ScriptedRandom([])), { name: 'Crown', unbreakable: true }, 'x').breaks).toBe(
      false,
    );
  });

  it('property: a hit never takes Armor or Health below 0, nor raises them', () => {
    fc.assert(
      fc.property(
        fc.nat(200),
        fc.nat(40),
        fc.nat(500),
        fc.boolean(),
        fc.boolean(),
        (health, armor, amount, ongoing, bypassArmor) => {
          const r = resolveHit(
            { name: 'x', colour: 'Red', health, armor },
            { colour: 'Red', physical: !ongoing, ongoing, bypassArmor, label: 'x' },
            amount,
            [],
            RULES,
          );
          return r.armor >= 0 && r.health >= 0 && r.armor <= armor && r.health <= health;
        },
      ),
    );
  });
});

describe('a hit resolved against its defender (ch.11-ch.14, ch.16)', () => {
  const hit = (over: Partial<import('./damage.ts').HitSource> = {}) => ({
    colour: 'Red' as const,
    physical: true,
    label: 'Cinder Maul',
    ...over,
  });
  const ghoul = { name: 'Gnawer', colour: 'Red' as const, health: 12, armor: 1 };

  it('ch.11: Armor negates one instance whatever its size, and drops by one; at 0 Armor the hit strikes Health', () => {
    const first = resolveHit(ghoul, hit(), 11, [], RULES);
    expect(first).toMatchObject({
      outcome: 'armor',
      armor: 0,
      health: 12,
      explain:
        'Armor negates the whole instance of 11 (Cinder Maul): Armor 1 → 0; its other effects still resolve (ch.11)',
    });
    const second = resolveHit({ ...ghoul, armor: 0 }, hit(), 7, [], RULES);
    expect(second).toMatchObject({
      outcome: 'health',
      health: 5,
      healthLost: 7,
      explain: "7 to Gnawer's Health (no Armor left): 12 → 5 (ch.11)",
    });
  });

  it('ch.11: ongoing effects and bypassing attacks strike Health through Armor', () => {
    expect(resolveHit(ghoul, hit({ ongoing: true, physical: false }), 3, [], RULES)).toMatchObject({
      outcome: 'health',
      health: 9,
      armor: 1,
    });
    expect(resolveHit(ghoul, hit({ bypassArmor: true }), 4, [], RULES)).toMatchObject({
      outcome: 'health',
      health: 8,
      armor: 1,
    });
  });

  it('ch.16, ch.12: the Lich and its Phylactery ignore Colourless damage', () => {
    const lich = { name: 'The Lich', colour: 'Colourless' as const, health: 360, armor: 36, lich: true };
    expect(resolveHit(lich, hit({ colour: 'Colourless' }), 30, [], RULES)).toMatchObject({
      outcome: 'immune',
      health: 360,
      armor: 36,
      explain: 'The Lich is immune to Colourless damage: Cinder Maul does nothing (ch.16)',
    });
    const phylactery = {
      name: 'The Phylactery',
      colour: 'Colourless' as const,
      health: 72,
      armor: 36,
      phylactery: true,
    };
    expect(resolveHit(phylactery, hit({ colour: 'Colourless' }), 30, [], RULES).outcome).toBe('immune');
  });

  it("ch.12: the Lich's Armor gives way only to All-Color loot and Crush; a flagged bypass does not pass it", () => {
    const lich = { name: 'The Lich', colour: 'Colourless' as const, health: 144, armor: 18, lich: true };
    expect(resolveHit(lich, hit({ bypassArmor: true }), 20, [], RULES)).toMatchObject({ outcome: 'armor', armor: 17 });
    expect(resolveHit(lich, hit({ colour: 'All-Color' }), 20, [], RULES)).toMatchObject({
      outcome: 'health',
      health: 124,
      armor: 18,
    });
    expect(resolveHit(lich, hit({ crush: true }), 20, [], RULES)).toMatchObject({ outcome: 'health', health: 124 });
  });

  it('ch.12: All-Color loot damages the Phylactery at full (house rule), and Crush breaks it in one action', () => {
    const phylactery = {
      name: 'The Phylactery',
      colour: 'Colourless' as const,
      health: 72,
      armor: 36,
      phylactery: true,
    };
    expect(resolveHit(phylactery, hit({ colour: 'All-Color' }), 15, [], RULES)).toMatchObject({
      outcome: 'health',
      health: 57,
      armor: 36,
    });
    expect(
      resolveHit(phylactery, hit({ colour: 'All-Color' }), 15, [], { ...RULES, allColorVsPhylactery: 'armor-answers' }),
    ).toMatchObject({ outcome: 'armor', armor: 35 });
    expect(resolveHit(phylactery, hit({ crush: true }), 1, [], RULES)).toMatchObject({
      outcome: 'crushed',
      health: 0,
      reachedZero: true,
    });
  });

  it('ch.13: a declared Block negates one physical instance, not an ongoing one', () => {
    const sable = { name: 'Sable', colour: 'Green' as const, health: 24, armor: 6, blockedBy: 'Tar-stitched Coat' };
    expect(resolveHit(sable, hit(), 9, [], RULES)).toMatchObject({ outcome: 'blocked', armor: 6, health: 24 });
    expect(resolveHit(sable, hit({ physical: false, ongoing: true }), 3, [], RULES)).toMatchObject({
      outcome: 'health',
      health: 21,
    });
  });

  it('ch.14: Mono-Color deals 2× and receives ½; Full Spectrum 2× to Colourless entities, ½ from Colourless; Dual-Color 2× and immunity', () => {
    const mono = { ...NO_SYNC, monoColor: true };
    const fs = { ...NO_SYNC, fullSpectrum: true };
    expect(syncMultipliers(mono, { colour: 'Red' }, 'Red')).toEqual([
      { factor: 2, source: "attacker's Mono-Color (ch.14)" },
    ]);
    expect(syncMultipliers(fs, { colour: 'Colourless' }, 'Red').map((m) => m.factor)).toEqual([2]);
    expect(syncMultipliers(fs, { colour: 'Red' }, 'Red')).toEqual([]);
    expect(syncMultipliers(NO_SYNC, { colour: 'Red', sync: fs }, 'Colourless').map((m) => m.factor)).toEqual([0.5]);
    expect(
      syncMultipliers({ ...NO_SYNC, dualColours: ['Red', 'Blue'] }, { colour: 'Blue' }, 'Green').map((m) => m.factor),
    ).toEqual([2]);
    // 7 halved rounds down by default: 3; the house rule can round up: 4.
    const halved = resolveHit(
      { ...ghoul, armor: 0 },
      hit(),
      7,
      [{ factor: 0.5, source: "defender's Mono-Color (ch.14)" }],
      RULES,
    );
    expect(halved).toMatchObject({ health: 9, healthLost: 3 });
    expect(
      resolveHit({ ...ghoul, armor: 0 }, hit(), 7, [{ factor: 0.5, source: 'x' }], { ...RULES, damageRounding: 'up' })
        .health,
    ).toBe(8);
    const dual = {
      name: 'Wren',
      colour: 'Green' as const,
      health: 36,
      armor: 4,
      sync: { ...NO_SYNC, dualColours: ['Green', 'Purple'] as ('Green' | 'Purple')[] },
    };
    expect(resolveHit(dual, hit({ colour: 'Purple', fromEntity: true }), 9, [], RULES).outcome).toBe('immune');
    expect(resolveHit(dual, hit({ colour: 'Purple' }), 9, [], RULES).outcome).toBe('armor');
  });

  it('ch.11: an integrity check is due on any natural 1 (house rule: or only on all 1s)', () => {
    expect(integrityDue([1, 5], RULES)).toBe(true);
    expect(integrityDue([1, 5], { ...RULES, integrityOn: 'all-ones' })).toBe(false);
    expect(integrityDue([1, 1], { ...RULES, integrityOn: 'all-ones' })).toBe(true);
    expect(integrityDue([], RULES)).toBe(false);
  });

  it('ch.11: the integrity check falls on the item used, else the first equipped that can break; a house rule rolls instead', () => {
    const items = [
      { slot: 'loot1', name: 'Ember Flask', broken: false, unbreakable: false },
      { slot: 'gear', name: 'Cinder Maul', broken: false, unbreakable: false },
      { slot: 'garment', name: 'Bone Crown', broken: false, unbreakable: true },
    ];
    expect(integrityTarget(new Dice(new ScriptedRandom([])), items, 'loot1', RULES, 'x')).toMatchObject({
      slot: 'loot1',
      explain: 'the item used, Ember Flask (house rule)',
    });
    expect(integrityTarget(new Dice(new ScriptedRandom([])), items, null, RULES, 'x')).toMatchObject({
      slot: 'gear',
      explain: 'the first equipped item that can break, Cinder Maul (house rule)',
    });
    expect(
      integrityTarget(new Dice(new ScriptedRandom([2])), items, null, { ...RULES, integrityItem: 'roll' }, 'x'),
    ).toMatchObject({ slot: 'loot1', explain: '2 on d2 picks Ember Flask (house rule)' });
    expect(integrityTarget(new Dice(new ScriptedRandom([])), [items[2]!], null, RULES, 'x').slot).toBeNull();
  });
});
