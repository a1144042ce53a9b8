// The pure rules of loot, slots, Vestments and turning (ch.2, ch.11, ch.13, ch.15, ch.16, ch.17),
// with scripted dice and the book's numbers.
import { describe, expect, it } from 'vitest';
import { Dice } from './dice.ts';
import { ScriptedRandom } from './random-source.ts';
import { componentTimes, influenceDice, stateToHold, stateToStore, type LootItem } from './loot-fate.ts';
import { inLootSlot, slotAccepts, slotsOpen } from './gauntlet-slots.ts';
import { findVestment } from './vestments.ts';
import { turningExit, turnedMayGo } from './turning.ts';
import { magicAtResolution } from './spell-magic.ts';

const entry = (details: string, patch: Partial<NonNullable<LootItem['entry']>['fields']> = {}): LootItem['entry'] => ({
  fields: {
    tier: 'common',
    colour: 'Red',
    itemType: 'tool',
    actions: ['equip', 'influence'],
    breakable: true,
    ...patch,
  },
  details,
});

describe('an item’s state between slot and inventory (ch.11, ch.13)', () => {
  it('an item as its entry made it is stored plainly; one changed keeps its colour, broken and notes', () => {
    const e = entry('Influence: add 1d6.');
    expect(stateToStore({ colour: 'Red', broken: false, notes: 'Influence: add 1d6.' }, e)).toEqual({
      colour: null,
      broken: false,
      notes: '',
    });
    expect(stateToStore({ colour: 'Red', broken: true, notes: 'Influence: add 1d6.' }, e)).toEqual({
      colour: null,
      broken: true,
      notes: '',
    });
    const merged = { colour: 'Blue' as const, broken: false, notes: 'Influence: add 1d6.\nMerged: Brine Shard (Blue)' };
    expect(stateToStore(merged, e)).toEqual(merged);
    expect(stateToHold(stateToStore(merged, e), e)).toEqual(merged);
    expect(stateToHold({ colour: null, broken: false, notes: '' }, e)).toEqual({
      colour: 'Red',
      broken: false,
      notes: 'Influence: add 1d6.',
    });
    // an item on no loot table is Colourless with no notes
    expect(stateToHold({ colour: null, broken: false, notes: '' }, null)).toEqual({
      colour: 'Colourless',
      broken: false,
      notes: '',
    });
  });

  it('ch.13: ×N is read from the effect; “Stackable ×6” (ch.17) is a stack’s size, not a multiplier', () => {
    expect(componentTimes('Component for Demon spells (×4).')).toBe(4);
    expect(componentTimes('+1 Magic, +1 Speed. Stackable ×6.')).toBe(1);
    expect(componentTimes('Cast Gold Lightning ×6.')).toBe(6);
    expect(componentTimes('A plain thing.')).toBe(1);
  });

  it('ch.13, ch.1: Influence dice come from equipped, unbroken items with the Influence action', () => {
    const items = [
      { name: 'Compass', broken: false, entry: entry('Influence: add 1d8 to any roll.') },
      { name: 'Cracked Compass', broken: true, entry: entry('Influence: add 1d6.') },
      {
        name: 'Idolet',
        broken: false,
        entry: entry('Worth 150 gold. Influence: add 2d4 to a loot roll.', { actions: ['influence'] }),
      },
      { name: 'Sword', broken: false, entry: entry('Attack: 1d6 damage.', { actions: ['attack'] }) },
    ];
    expect(influenceDice(items)).toEqual([
      { source: 'Compass', sides: 8 },
      { source: 'Idolet', sides: 4 },
      { source: 'Idolet', sides: 4 },
    ]);
  });
});

describe('the Gauntlet’s slots (ch.1, ch.2, ch.17)', () => {
  it('3 Loot slots at baseline; Extra Pockets 5, enhanced 6; Medicine Bay 3 Medicine Slots; the Coat’s Garment', () => {
    expect(slotsOpen({ skills: [], enhanced: [] }).loot).toEqual(['loot1', 'loot2', 'loot3']);
    expect(slotsOpen({ skills: ['Burgle', 'Extra Pockets'], enhanced: [] }).loot).toHaveLength(5);
    expect(slotsOpen({ skills: ['Extra Pockets'], enhanced: ['Extra Pockets'] }).loot).toHaveLength(6);
    const doctor = slotsOpen({
      skills: ['Diagnose and Bandage', 'Medicine Bay', "Doctor's Coat of Arms"],
      enhanced: [],
    });
    expect(doctor).toMatchObject({ medicine: ['medicine1', 'medicine2', 'medicine3'], garmentIsMedicine: true });
    expect(slotAccepts(doctor, 'medicine2', { name: 'Torch', flora: false })).toEqual({
      ok: false,
      reason: 'Only Flora may occupy a Medicine Slot, and Torch is not on the Flora table (ch.2)',
    });
    expect(slotAccepts(doctor, 'medicine2', { name: 'Ashbloom', flora: true })).toEqual({ ok: true });
    // ch.17: Flora in Medicine Slots count as occupying Loot slots; the Coat's Garment too, for Flora
    expect([
      inLootSlot(doctor, 'medicine2', true),
      inLootSlot(doctor, 'garment', true),
      inLootSlot(doctor, 'garment', false),
      inLootSlot(doctor, 'loot3', false),
    ]).toEqual([true, true, false, true]);
  });
});

describe('the Unbound Vestments (ch.15)', () => {
  it('1d6 in the book’s order; a Vestment the party holds is rolled again', () => {
    const r = findVestment(
      new Dice(new ScriptedRandom([2, 5, 2, 6])),
      ['The Unbound’s Mantle', 'The Unbound’s Coat of Arms'],
      'test',
    );
    expect(r.vestment).toBe('Candles');
    expect(r.rolls.map((d) => d.natural)).toEqual([2, 5, 2, 6]);
    expect(r.explain).toBe(
      '1d6 2: The Unbound’s Mantle, held already, roll again; 5: The Unbound’s Coat of Arms, held already, roll again; 2: The Unbound’s Mantle, held already, roll again; 6: Candles (ch.15)',
    );
    expect(findVestment(new Dice(new ScriptedRandom([1])), [], 'test').vestment).toBe('Whisper-Blade');
  });
});

describe('turning (ch.16, ch.11)', () => {
  it('the cures hold within six days of the turning; Cleanse is a killing at any time, with a Sanity Challenge of 12', () => {
    const base = { name: 'Ada', turnedOn: 3, cleansedId: 1, caster: null };
    expect(turningExit('restore', { ...base, today: 9 })).toMatchObject({ ok: true, kind: 'cure' });
    expect(turningExit('pilgrimage', { ...base, today: 10 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/permanent/),
    });
    expect(turningExit('cleanse', { ...base, today: 10 })).toMatchObject({ ok: false });
    expect(turningExit('cleanse', { ...base, today: 10, caster: { id: 2, name: 'Bo' } })).toMatchObject({
      ok: true,
      kind: 'killing',
      sanityTarget: 12,
    });
    expect(turnedMayGo('Ada', 'town')).toMatch(/cannot leave the Tombs/);
    expect(turnedMayGo('Ada', 'forest')).toBeNull();
  });
});

describe('Magic at the time of casting (ch.15)', () => {
  it('a pending spell keeps its Magic; only loot that changed since moves it; the Forest path’s M is fixed', () => {
    expect(magicAtResolution({ magic: 2, lootMagic: 1, fixed: false }, 1)).toEqual({
      value: 2,
      explain: 'Magic 2 at casting (ch.15)',
    });
    expect(magicAtResolution({ magic: 2, lootMagic: 1, fixed: false }, 4).value).toBe(5);
    expect(magicAtResolution({ magic: 2, lootMagic: 1, fixed: false }, -3).value).toBe(0);
    expect(magicAtResolution({ magic: 2, lootMagic: 0, fixed: true }, 5)).toEqual({
      value: 2,
      explain: 'M 2, the recipes spent (ch.17)',
    });
  });
});
