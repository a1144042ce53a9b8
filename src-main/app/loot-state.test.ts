// An item's state between slot and inventory (ch.11, ch.13), Mono-Type from each item's loot entry
// (ch.14), and the Gauntlet's extra slots (ch.2's Extra Pockets, Medicine Bay, the Doctor's Coat),
// through the commands the app runs on a real campaign file.
import { describe, expect, it } from 'vitest';
import type { TableRow } from '@shared/tables.ts';
import { openDemo } from '../test-support/temp-app.ts';

async function setup() {
  const { app, me: of } = await openDemo(3);
  const loot = (await app.call('tables.get', { key: 'loot' })).table.rows;
  const pick = (test: (r: TableRow) => boolean) => loot.find((r) => r.loot && test(r))!;
  const odile = (await app.call('campaign.current', {}))!.roster[0]!;
  const me = () => of(odile.id);
  return { app, pick, odile, me };
}

describe('an item keeps its state as it moves (ch.11, ch.13)', () => {
  it('unequipped and held again, a broken, merged, ×N-chosen item comes back exactly as it was', async () => {
    const { app, pick, odile, me } = await setup();
    const gem = pick((r) => r.loot!.itemType === 'gem' && r.loot!.colour === 'Blue');
    const ring = pick((r) => r.loot!.itemType === 'jewelry' && r.loot!.colour === 'Red');
    const dust = pick((r) => r.loot!.itemType === 'component' && /×3/.test(r.details));
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'accessory',
      item: { name: ring.label, colour: 'Red', notes: ring.details },
    });
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'loot3',
      item: { name: dust.label, colour: dust.loot!.colour, notes: dust.details },
    });
    await app.call('lichslayer.setInventory', { id: odile.id, stacks: [{ name: gem.label, count: 1 }] });
    // ch.13: the gem's colour overrides the host's; the ×3 choice is made once
    await app.call('loot.fate', { fate: 'merge', id: odile.id, from: { stack: 0 }, host: 'accessory' });
    await app.call('loot.fate', { fate: 'component', id: odile.id, from: { slot: 'loot3' }, choice: 'singly' });
    // ch.11: broken until the Smith repairs it
    const merged = (await me()).items.accessory!;
    await app.call('lichslayer.setItem', { id: odile.id, slot: 'accessory', item: { ...merged, broken: true } });
    const before = (await me()).items;
    expect(before.accessory).toMatchObject({
      colour: 'Blue',
      broken: true,
      notes: expect.stringContaining(`Merged: ${gem.label} (Blue)`),
    });

    await app.call('loot.fate', { fate: 'unequip', id: odile.id, slot: 'accessory' });
    await app.call('loot.fate', { fate: 'unequip', id: odile.id, slot: 'loot3' });
    const carried = (await me()).inventory;
    expect(carried).toEqual([
      { name: ring.label, count: 1, colour: 'Blue', broken: true, notes: before.accessory!.notes },
      { name: dust.label, count: 1, colour: dust.loot!.colour, broken: false, notes: before.loot3!.notes },
    ]);
    await app.call('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'accessory' });
    await app.call('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'loot3' });
    const after = (await me()).items;
    expect(after.accessory).toEqual(before.accessory);
    expect(after.loot3).toEqual(before.loot3);
    // the socket is still taken and the choice still made (ch.13)
    await app.call('lichslayer.setInventory', { id: odile.id, stacks: [{ name: gem.label, count: 1 }] });
    expect(
      await app.dispatch('loot.fate', { fate: 'merge', id: odile.id, from: { stack: 0 }, host: 'accessory' }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/exactly one socket/) } });
    expect(
      await app.dispatch('loot.fate', {
        fate: 'component',
        id: odile.id,
        from: { slot: 'loot3' },
        choice: 'all-at-once',
      }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/already made/) } });
    app.close();
  });

  it('identical items stack; the same item in another state takes a stack of its own (ch.4, ch.13)', async () => {
    const { app, pick, odile, me } = await setup();
    const maul = pick((r) => r.loot!.itemType === 'weapon');
    const plain = { name: maul.label, colour: maul.loot!.colour, notes: maul.details };
    await app.call('lichslayer.setInventory', { id: odile.id, stacks: [{ name: maul.label, count: 1 }] });
    await app.call('lichslayer.setItem', { id: odile.id, slot: 'loot3', item: plain });
    await app.call('lichslayer.setItem', { id: odile.id, slot: 'gear', item: { ...plain, broken: true } });
    await app.call('loot.fate', { fate: 'unequip', id: odile.id, slot: 'loot3' });
    await app.call('loot.fate', { fate: 'unequip', id: odile.id, slot: 'gear' });
    // the untouched one joins the plain stack; the broken one does not
    expect((await me()).inventory).toEqual([
      { name: maul.label, count: 2 },
      { name: maul.label, count: 1, colour: null, broken: true, notes: '' },
    ]);
    // an inventory edit (a count changed by hand) keeps the state of every stack
    const stacks = (await me()).inventory;
    await app.call('lichslayer.setInventory', {
      id: odile.id,
      stacks: stacks.map((s, i) => (i === 0 ? { ...s, count: 3 } : s)),
    });
    expect((await me()).inventory[1]).toEqual({ name: maul.label, count: 1, colour: null, broken: true, notes: '' });
    // held again, the broken one is broken: it confers nothing until repaired (ch.11)
    const r = await app.call('loot.fate', { fate: 'hold', id: odile.id, stack: 1, slot: 'gear' });
    expect(r.notes[0]).toMatch(/broken, it confers nothing until the Smith repairs it \(ch\.11\)/);
    expect((await me()).items.gear).toEqual({ ...plain, broken: true });
    app.close();
  });
});

describe('merging and channelling (ch.13)', () => {
  it('a merged gem’s effect is the host’s for good: “+1 to Magic” raises Magic; only the Jeweled Scroll takes a second gem', async () => {
    const { app, odile, me } = await setup();
    // "Sleet Geode": Blue gem, "+1 to Magic" when merged; "Verdant Ring": jewelry, "+1 Magic" while worn
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'accessory',
      item: { name: 'Verdant Ring', colour: 'Green', notes: 'While worn: +1 Magic. One socket for a gem.' },
    });
    await app.call('lichslayer.update', { id: odile.id, patch: { gold: 0 } });
    await app.call('lichslayer.setInventory', { id: odile.id, stacks: [{ name: 'Sleet Geode', count: 3 }] });
    expect((await me()).derived.magic.value).toBe(1);
    await app.call('loot.fate', { fate: 'merge', id: odile.id, from: { stack: 0 }, host: 'accessory' });
    expect((await me()).derived.magic).toMatchObject({
      value: 2,
      explain: '0 gold ÷ 600 = 0 Magic (ch.4); Verdant Ring +2 (ch.13) = 2 Magic',
    });
    // ch.13: the Jeweled Scroll is the one multi-socket item
    const loot = await app.call('tables.get', { key: 'loot' });
    await app.call('tables.insertRow', {
      key: 'loot',
      index: loot.table.rows.length,
      row: {
        label: 'Jeweled Scroll',
        details: 'Any number of gems.',
        loot: { tier: 'rare', colour: 'Purple', itemType: 'scroll', actions: ['inscribe'] },
      },
    });
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'loot3',
      item: { name: 'Jeweled Scroll', colour: 'Purple' },
    });
    await app.call('loot.fate', { fate: 'merge', id: odile.id, from: { stack: 0 }, host: 'loot3' });
    await app.call('loot.fate', { fate: 'merge', id: odile.id, from: { stack: 0 }, host: 'loot3' });
    const scroll = (await me()).items.loot3!;
    expect(scroll.notes.match(/^Merged: Sleet Geode/gm)).toHaveLength(2);
    expect((await me()).derived.magic.value).toBe(4);
    app.close();
  });

  it('house rule: loot channelled outside a dive is refused by default; allowed, the buff lasts until the next dive ends', async () => {
    const { app, odile, me } = await setup();
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'loot3',
      item: { name: 'Sleet Geode', colour: 'Blue' },
    });
    expect(await app.dispatch('loot.fate', { fate: 'channel', id: odile.id, from: { slot: 'loot3' } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/house rule channelOutsideDive is off/) },
    });
    await app.call('houseRules.update', { patch: { channelOutsideDive: true } });
    const r = await app.call('loot.fate', { fate: 'channel', id: odile.id, from: { slot: 'loot3' } });
    expect(r.notes).toEqual([
      'Sleet Geode burns into a buff until the next dive ends; its slot is free (ch.13; house rule: channelled outside a dive)',
    ]);
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    expect((await me()).life.buffs.map((b) => b.name)).toEqual(['Sleet Geode']);
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    expect((await me()).life.buffs).toEqual([]);
    app.close();
  });
});

describe('Mono-Type (ch.14)', () => {
  it('three weapons of three colours are Mono-Type: each item’s type comes from its loot entry', async () => {
    const { app, pick, odile, me } = await setup();
    const weapons = ['Red', 'Blue', 'Green'].map((c) =>
      pick((r) => r.loot!.itemType === 'weapon' && r.loot!.colour === c),
    );
    for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'] as const)
      await app.call('lichslayer.setItem', { id: odile.id, slot, item: null });
    await app.call('lichslayer.setInventory', {
      id: odile.id,
      stacks: weapons.map((w) => ({ name: w.label, count: 1 })),
    });
    await app.call('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'loot1' });
    await app.call('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'loot2' });
    await app.call('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'loot3' });
    const sync = (await me()).life.sync;
    expect(sync.map((c) => c.label)).toEqual(['Full Spectrum', 'Mono-Type']);
    expect(sync.find((c) => c.label === 'Mono-Type')!.effects).toEqual(['double effectiveness of all loot abilities']);
    // a broken one is ignored (ch.14), and an item on no loot table has no type: no Mono-Type
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'gear',
      item: { name: 'Homebrew Club', colour: 'Black' },
    });
    expect((await me()).life.sync.map((c) => c.label)).toEqual(['Full Spectrum']);
    app.close();
  });
});

describe('the Gauntlet’s slots (ch.2)', () => {
  it('Extra Pockets: 5 Loot slots, 6 enhanced; without it a 4th Loot slot is refused', async () => {
    const { app, pick, odile, me } = await setup();
    const item = pick((r) => r.loot!.itemType === 'tool');
    await app.call('lichslayer.setInventory', { id: odile.id, stacks: [{ name: item.label, count: 3 }] });
    expect((await me()).slots.open).toEqual(['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3']);
    expect(await app.dispatch('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'loot4' })).toMatchObject({
      ok: false,
      error: {
        message:
          'This Gauntlet has no Loot slot 4: Loot slots 4-5 come with Extra Pockets and slot 6 with it enhanced (ch.2). Nothing changed.',
      },
    });
    expect(
      await app.dispatch('lichslayer.setItem', { id: odile.id, slot: 'loot4', item: { name: 'Rope', colour: 'Red' } }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no Loot slot 4/) } });
    await app.call('lichslayer.update', { id: odile.id, patch: { skill2: 'Extra Pockets' } });
    expect((await me()).slots).toMatchObject({
      open: ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3', 'loot4', 'loot5'],
      explain: 'Extra Pockets: 5 Loot slots (ch.2)',
    });
    await app.call('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'loot4' });
    await app.call('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'loot5' });
    expect(await app.dispatch('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'loot6' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no Loot slot 6/) },
    });
    await app.call('skill.points', { id: odile.id, delta: 1 });
    await app.call('skill.spendPoint', { id: odile.id, action: 'enhance', skill: 'Extra Pockets' });
    await app.call('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'loot6' });
    const l = await me();
    expect([l.items.loot4?.name, l.items.loot5?.name, l.items.loot6?.name]).toEqual([
      item.label,
      item.label,
      item.label,
    ]);
    expect(l.slots.explain).toBe('Extra Pockets (enhanced): 6 Loot slots (ch.2)');
    // the printed sheet has the same slots
    const [sheet] = await app.call('print.gauntlets', { ids: [odile.id] });
    expect(sheet!.items.map((i) => i.slot)).toEqual([
      'Gear',
      'Garment',
      'Accessory',
      'Loot 1',
      'Loot 2',
      'Loot 3',
      'Loot 4',
      'Loot 5',
      'Loot 6',
    ]);
    // the skill given up: the slots close, and the items in them are shown to be moved
    await app.call('lichslayer.update', { id: odile.id, patch: { skill2: '' } });
    expect((await me()).slots.closedHeld).toEqual(['loot4', 'loot5', 'loot6']);
    app.close();
  });

  it('Medicine Bay: three Medicine Slots for Flora only; the Doctor’s Coat makes the Garment slot one too', async () => {
    const { app, odile, me } = await setup();
    await app.call('lichslayer.update', { id: odile.id, patch: { skill2: 'Medicine Bay' } });
    expect((await me()).slots).toMatchObject({
      open: ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3', 'medicine1', 'medicine2', 'medicine3'],
      medicine: ['medicine1', 'medicine2', 'medicine3'],
      garmentIsMedicine: false,
    });
    await app.call('lichslayer.setInventory', {
      id: odile.id,
      stacks: [
        { name: 'Ashbloom', count: 2 },
        { name: 'Torch', count: 1 },
      ],
    });
    expect(await app.dispatch('loot.fate', { fate: 'hold', id: odile.id, stack: 1, slot: 'medicine1' })).toMatchObject({
      ok: false,
      error: {
        message: 'Only Flora may occupy a Medicine Slot, and Torch is not on the Flora table (ch.2). Nothing changed.',
      },
    });
    await app.call('loot.fate', { fate: 'hold', id: odile.id, stack: 0, slot: 'medicine1' });
    expect((await me()).items.medicine1).toMatchObject({ name: 'Ashbloom' });
    await app.call('lichslayer.update', { id: odile.id, patch: { skill3: 'Doctor’s Coat of Arms' } });
    expect((await me()).slots).toMatchObject({
      garmentIsMedicine: true,
      explain:
        'Medicine Bay: 3 Medicine Slots, Flora only (ch.2); Doctor’s Coat of Arms: the Garment slot is also a Medicine Slot (ch.2)',
    });
    app.close();
  });
});
