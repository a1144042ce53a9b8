// Loot's five fates (ch.13) against the starter Loot Table, in a real campaign file.
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

/** As `setup`, with the first loot row that has the Channel action in Odile's third loot slot. */
async function withAChannelItem() {
  const set = await setup();
  const glow = set.pick((r) => r.loot!.actions.includes('channel'));
  await set.app.call('lichslayer.setItem', {
    id: set.odile.id,
    slot: 'loot3',
    item: { name: glow.label, colour: glow.loot!.colour },
  });
  return { ...set, glow };
}

describe('the five fates of loot (ch.13)', () => {
  it('consume: only loot with the Consume action; a stack loses one', async () => {
    const { app, pick, odile, me } = await setup();
    const potion = pick((r) => r.loot!.actions.includes('consume'));
    const sword = pick((r) => !r.loot!.actions.includes('consume'));
    await app.call('lichslayer.setInventory', {
      id: odile.id,
      stacks: [
        { name: potion.label, count: 2 },
        { name: sword.label, count: 1 },
      ],
    });
    const r = await app.call('loot.fate', { fate: 'consume', id: odile.id, from: { stack: 0 } });
    expect(r.notes[0]).toMatch(/is used up for its effect \(ch\.13\)/);
    expect((await me()).inventory[0]).toEqual({ name: potion.label, count: 1 });
    expect(await app.dispatch('loot.fate', { fate: 'consume', id: odile.id, from: { stack: 1 } })).toMatchObject({
      ok: false,
      error: { message: `${sword.label} has no Consume action (ch.13). Nothing changed.` },
    });
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'loot3',
      item: { name: 'Homebrew Trinket', colour: 'Red' },
    });
    expect(await app.dispatch('loot.fate', { fate: 'consume', id: odile.id, from: { slot: 'loot3' } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/on no loot table/) },
    });
    app.close();
  });

  it('merge: a gem into socketed jewelry, once; the gem’s colour becomes the host’s', async () => {
    const { app, pick, odile, me } = await setup();
    const gem = pick((r) => r.loot!.itemType === 'gem');
    const gem2 = pick((r) => r.loot!.itemType === 'gem' && r.label !== gem.label);
    const ring = pick((r) => r.loot!.itemType === 'jewelry' && r.loot!.colour !== gem.loot!.colour);
    const blade = pick((r) => r.loot!.itemType === 'weapon');
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'accessory',
      item: { name: ring.label, colour: ring.loot!.colour },
    });
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'gear',
      item: { name: blade.label, colour: blade.loot!.colour },
    });
    await app.call('lichslayer.setInventory', {
      id: odile.id,
      stacks: [
        { name: gem.label, count: 1 },
        { name: gem2.label, count: 1 },
      ],
    });
    expect(
      await app.dispatch('loot.fate', { fate: 'merge', id: odile.id, from: { stack: 1 }, host: 'gear' }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/has no socket/) } });
    await app.call('loot.fate', { fate: 'merge', id: odile.id, from: { stack: 0 }, host: 'accessory' });
    const after = await me();
    expect(after.items.accessory).toMatchObject({
      name: ring.label,
      colour: gem.loot!.colour,
      notes: expect.stringContaining(`Merged: ${gem.label}`),
    });
    expect(after.inventory.map((s) => s.name)).toEqual([gem2.label]);
    expect(
      await app.dispatch('loot.fate', { fate: 'merge', id: odile.id, from: { stack: 0 }, host: 'accessory' }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/exactly one socket/) } });
    app.close();
  });

  it('channel: only in the Tombs; the buff frees the slot and ends with the dive', async () => {
    const { app, odile, me, glow } = await withAChannelItem();
    expect(await app.dispatch('loot.fate', { fate: 'channel', id: odile.id, from: { slot: 'loot3' } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/channel in the Tombs/) },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('loot.fate', { fate: 'channel', id: odile.id, from: { slot: 'loot3' } });
    expect((await me()).items.loot3).toBeNull();
    expect((await me()).life.buffs.map((b) => b.name)).toEqual([glow.label]);
    const back = await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    expect(back.notices).toContain('The dive is over: every Channel buff ends (ch.13)');
    expect((await me()).life.buffs).toEqual([]);
    app.close();
  });

  it('channel: undo gives the item back without its buff and redo burns it again; the dive’s end is undone with its buffs', async () => {
    const { app, odile, me, glow } = await withAChannelItem();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('loot.fate', { fate: 'channel', id: odile.id, from: { slot: 'loot3' } });
    const buff = { name: glow.label, details: glow.details };
    await app.call('history.undo', {});
    expect((await me()).life.buffs).toEqual([]);
    expect((await me()).items.loot3).toMatchObject({ name: glow.label });
    await app.call('history.redo', {});
    expect((await me()).life.buffs).toEqual([buff]);
    expect((await me()).items.loot3).toBeNull();
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    expect((await me()).life.buffs).toEqual([]);
    await app.call('history.undo', {});
    expect((await me()).life.buffs).toEqual([buff]);
    await app.call('history.redo', {});
    expect((await me()).life.buffs).toEqual([]);
    app.close();
  });

  it('component: the ×N choice is made once; hold and unequip take the holder’s turn in a fight', async () => {
    const { app, pick, odile, me } = await setup();
    const comp = pick((r) => r.loot!.itemType === 'component');
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'loot3',
      item: { name: comp.label, colour: comp.loot!.colour },
    });
    await app.call('loot.fate', { fate: 'component', id: odile.id, from: { slot: 'loot3' }, choice: 'singly' });
    expect((await me()).items.loot3!.notes).toMatch(/^Component choice: singly, up to \d+ times/m);
    expect(
      await app.dispatch('loot.fate', {
        fate: 'component',
        id: odile.id,
        from: { slot: 'loot3' },
        choice: 'all-at-once',
      }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/already made/) } });
    // in a fight, unequipping is the holder's turn: refused off-turn, and the turn passes on it
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const odileToken = p.combat!.entrants.find((e) => e.lichslayerId === odile.id)!;
    while (p.combat!.currentTokenId === odileToken.tokenId || p.combat!.between)
      p = await app.call('phase.nextTurn', {});
    expect(await app.dispatch('loot.fate', { fate: 'unequip', id: odile.id, slot: 'loot3' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/takes a turn in a fight/) },
    });
    let guard = 0;
    while (p.combat!.currentTokenId !== odileToken.tokenId && guard++ < 30) p = await app.call('phase.nextTurn', {});
    await app.call('loot.fate', { fate: 'unequip', id: odile.id, slot: 'loot3' });
    expect((await app.call('phase.view', {})).combat!.currentTokenId).not.toBe(odileToken.tokenId);
    expect((await me()).inventory.some((s) => s.name === comp.label)).toBe(true);
    app.close();
  });
});
