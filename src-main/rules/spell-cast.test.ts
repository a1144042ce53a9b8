// Casting and resolving spells (ch.15; ch.14 for the Mono-Color discount).
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_RULES } from '@shared/house-rules.ts';
import { spellFieldsSchema, type SpellFields } from '@shared/tables.ts';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { checkCast } from './spell-cast.ts';
import type { Caster } from './spell-caster.ts';
import { componentAfterCast } from './spell-components.ts';
import { resolveSpell } from './spell-magic.ts';
import { currentMagic, itemMagic } from './gauntlet-derived.ts';

const fields = (patch: Partial<SpellFields>): SpellFields =>
  spellFieldsSchema.parse({ school: 'demon', cost: 36, castingTime: 'on-turn', ...patch });
const caster = (patch: Partial<Caster> = {}): Caster => ({
  name: 'Ada',
  gold: 100,
  items: [],
  inventory: [],
  ...patch,
});
const rules = DEFAULT_HOUSE_RULES;

describe('casting (ch.15)', () => {
  it('ch.15: an Incantation needs its Vestment equipped and unbroken; One-Thousand Blades needs all six', () => {
    const blaze = { label: 'Blaze', fields: fields({ school: 'unbound', vestment: 'The Unbound’s Coat of Arms' }) };
    expect(checkCast(blaze, caster(), rules)).toMatchObject({
      ok: false,
      refusals: expect.arrayContaining([expect.stringMatching(/only while The Unbound’s Coat of Arms is equipped/)]),
    });
    const worn = caster({
      items: [{ slot: 'garment', name: 'The Unbound’s Coat of Arms', colour: 'Blue', broken: false }],
    });
    expect(checkCast(blaze, worn, rules).ok).toBe(true);
    const broken = caster({
      items: [{ slot: 'garment', name: 'The Unbound’s Coat of Arms', colour: 'Blue', broken: true }],
    });
    expect(checkCast(blaze, broken, rules).ok).toBe(false);
    const blades = { label: 'One-Thousand Blades', fields: fields({ school: 'unbound', vestment: 'all', cost: 0 }) };
    expect(checkCast(blades, worn, rules).refusals[0]).toMatch(/missing Whisper-Blade, The Unbound’s Mantle/);
  });

  it('ch.4: a component is spent from a Loot slot, not the inventory; the gold must be held (ch.15)', () => {
    const broth = { label: 'Petal Broth', fields: fields({ school: 'giver', cost: 0, component: 'Forest Flower' }) };
    expect(checkCast(broth, caster({ inventory: [{ name: 'Forest Flower', count: 2 }] }), rules).refusals).toEqual([
      'Petal Broth needs a Forest Flower in a Loot slot: components are spent only from there (ch.4)',
    ]);
    expect(
      checkCast(
        broth,
        caster({ items: [{ slot: 'loot2', name: 'forest flower', colour: 'Green', broken: false }] }),
        rules,
      ).ok,
    ).toBe(true);
    expect(
      checkCast(
        { label: 'Cinder Lash', fields: fields({ cost: 120 }) },
        caster({ gold: 119, items: [{ slot: 'gear', name: 'Soot Axe', colour: 'Black', broken: false }] }),
        rules,
      ).refusals,
    ).toEqual(['Cinder Lash costs 120 gold and Ada holds 119 (ch.15)']);
  });

  it('ch.15: a Mono-Color Blue build pays 36 less for an Incantation (never below 0); ch.14: other schools of one’s colour cost half', () => {
    const blue = caster({
      items: [
        { slot: 'gear', name: 'Blue Knife', colour: 'Blue', broken: false },
        { slot: 'garment', name: 'Candles', colour: 'Blue', broken: false },
      ],
    });
    expect(
      checkCast({ label: 'Sludge', fields: fields({ school: 'unbound', cost: 48, vestment: 'Candles' }) }, blue, rules),
    ).toMatchObject({ ok: true, cost: 12 });
    expect(
      checkCast({ label: 'Sludge', fields: fields({ school: 'unbound', cost: 30, vestment: 'Candles' }) }, blue, rules)
        .cost,
    ).toBe(0);
    const black = caster({
      items: [
        { slot: 'gear', name: 'Soot Axe', colour: 'Black', broken: false },
        { slot: 'garment', name: 'Soot Cloak', colour: 'Black', broken: false },
      ],
    });
    expect(checkCast({ label: 'Cinder Lash', fields: fields({ cost: 37 }) }, black, rules)).toMatchObject({
      cost: 19,
      explain: expect.stringMatching(/half of 37 = 19 gold \(ch\.14\)/),
    });
  });
});

describe('components ×N (ch.13)', () => {
  it('“singly” serves up to N castings, then the item is consumed; without a choice the first casting consumes it', () => {
    const first = componentAfterCast('Component choice: singly, up to 3 times (day 2)');
    expect(first).toBe('Component choice: singly, up to 3 times (day 2)\nComponent uses: 1');
    const second = componentAfterCast(first!);
    expect(second).toMatch(/Component uses: 2$/);
    expect(componentAfterCast(second!)).toBeNull();
    expect(componentAfterCast('Component choice: all 3 at once (day 2)')).toBeNull();
    expect(componentAfterCast('')).toBeNull();
  });
});

describe('resolution (ch.15)', () => {
  it('adds the Magic it is given (read at resolution); Blue loot held makes an Incantation’s M one higher', () => {
    const dice = new Dice(new ScriptedRandom([3, 4]));
    const r = resolveSpell(dice, {
      label: 'Blaze',
      fields: fields({ school: 'unbound', roll: '2d6', addsMagic: true }),
      caster: 'Ada',
      magic: 2,
      holdsBlue: true,
      cause: 'test',
    });
    expect(r).toMatchObject({ total: 3 + 4 + 3, magic: 3 });
    expect(r.explain).toMatch(/Blue loot held: M\+1, ch\.15/);
    const plain = resolveSpell(new Dice(new ScriptedRandom([3, 4])), {
      label: 'Cinder Lash',
      fields: fields({ roll: '2d6', addsMagic: true }),
      caster: 'Ada',
      magic: 2,
      holdsBlue: true,
      cause: 'test',
    });
    expect(plain.total).toBe(9);
  });

  it('ch.4, ch.13: Magic is gold ÷ 600 plus equipped, unbroken loot marked “+N Magic”', () => {
    expect(itemMagic('Hums softly. +2 Magic')).toBe(2);
    expect(itemMagic('Magic −1 while worn')).toBe(-1);
    expect(
      currentMagic(1300, [
        { name: 'Orb', notes: '+2 Magic', broken: false },
        { name: 'Cracked Orb', notes: '+5 Magic', broken: true },
      ]),
    ).toMatchObject({ value: 4 });
  });
});
