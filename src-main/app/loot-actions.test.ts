// The closed action list's Inscribe and Influence (ch.13, ch.1) and a Vestment found in a Room
// (ch.15), through the commands the app runs on a real campaign file.
import { describe, expect, it } from 'vitest';
import { VESTMENTS } from '@shared/tables.ts';
import { openDemo } from '../test-support/temp-app.ts';
import { addEnemy } from '../test-support/floor-setups.ts';

describe('Inscribe (ch.13)', () => {
  it('applies a scroll’s effect to another item or to a spell; neither is destroyed, and not twice', async () => {
    const { app, roster, me } = await openDemo(5);
    const o = roster[0]!;
    // "Soot Scroll": a scroll with the Inscribe action (Casts one Demon spell at Magic 2, then crumbles.)
    await app.call('lichslayer.setInventory', {
      id: o.id,
      stacks: [
        { name: 'Soot Scroll', count: 1 },
        { name: 'Cinder Compass', count: 1 },
      ],
    });
    const r = await app.call('loot.fate', { fate: 'inscribe', id: o.id, from: { stack: 0 }, target: { slot: 'gear' } });
    expect(r.notes).toEqual(["Soot Scroll's effect is inscribed on Cinder Maul; neither is destroyed (ch.13)"]);
    let l = await me(o.id);
    // the demo's Cinder Maul lists its attack; the inscription is added on a line of its own
    expect(l.items.gear!.notes).toBe(
      'Attack: 2d6.\nInscribed: Soot Scroll — Casts one Demon spell at Magic 2, then crumbles.',
    );
    expect(l.inventory.map((s) => s.name)).toEqual(['Soot Scroll', 'Cinder Compass']);
    expect(
      await app.dispatch('loot.fate', { fate: 'inscribe', id: o.id, from: { stack: 0 }, target: { slot: 'gear' } }),
    ).toMatchObject({
      ok: false,
      error: {
        message: 'Cinder Maul already bears Soot Scroll’s inscription (ch.13). Nothing changed.'.replace('’', "'"),
      },
    });
    expect(
      await app.dispatch('loot.fate', { fate: 'inscribe', id: o.id, from: { stack: 1 }, target: { slot: 'gear' } }),
    ).toMatchObject({
      ok: false,
      error: { message: 'Cinder Compass has no Inscribe action (ch.13). Nothing changed.' },
    });
    // onto a spell: the caster's casting of it carries the inscription
    const lash = (await app.call('tables.get', { key: 'spells-demon' })).table.rows.findIndex(
      (x) => x.label === 'Cinder Lash',
    );
    await app.call('loot.fate', {
      fate: 'inscribe',
      id: o.id,
      from: { stack: 0 },
      target: { spell: { table: 'spells-demon', row: lash } },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    // room for the Hound beside the party (ch.9: the rolled Antechamber holds three, all taken)
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    await addEnemy(app, { name: 'Grey Hound', health: 6 });
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const token = p.combat!.entrants.find((e) => e.lichslayerId === o.id)!;
    let guard = 0;
    while (p.combat!.currentTokenId !== token.tokenId && guard++ < 20) p = await app.call('phase.nextTurn', {});
    p = await app.call('phase.cast', { tokenId: token.tokenId, table: 'spells-demon', row: lash });
    expect(p.notices!.find((n) => n.startsWith('Cinder Lash ('))).toMatch(
      /\(Inscribed: Soot Scroll — Casts one Demon spell at Magic 2, then crumbles\., ch\.13\)$/,
    );
    l = await me(o.id);
    expect(l.inventory.map((s) => s.name)).toEqual(['Soot Scroll', 'Cinder Compass']);
    app.close();
  });

  it('an inscription on a spell is undone and redone: inscribing the same scroll again is refused only while it stands', async () => {
    const { app, roster } = await openDemo(5);
    const o = roster[0]!;
    await app.call('lichslayer.setInventory', { id: o.id, stacks: [{ name: 'Soot Scroll', count: 1 }] });
    const lash = (await app.call('tables.get', { key: 'spells-demon' })).table.rows.findIndex(
      (x) => x.label === 'Cinder Lash',
    );
    const inscribe = {
      fate: 'inscribe',
      id: o.id,
      from: { stack: 0 },
      target: { spell: { table: 'spells-demon', row: lash } },
    } as const;
    const refusal = {
      ok: false,
      error: { message: "Cinder Lash already bears Soot Scroll's inscription (ch.13). Nothing changed." },
    };
    await app.call('loot.fate', inscribe);
    expect(await app.dispatch('loot.fate', inscribe)).toMatchObject(refusal);
    await app.call('history.undo', {});
    expect(await app.dispatch('loot.fate', inscribe)).toMatchObject({ ok: true });
    await app.call('history.undo', {});
    await app.call('history.redo', {});
    expect(await app.dispatch('loot.fate', inscribe)).toMatchObject(refusal);
    app.close();
  });
});

describe('Influence (ch.1, ch.13)', () => {
  it('an equipped item with the Influence action adds its roll to the loot roll the app makes for its holder', async () => {
    const { app, roster, me } = await openDemo(11);
    const sable = roster[2]!;
    await app.call('lichslayer.update', {
      id: sable.id,
      patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', level: 2 },
    });
    // "Cinder Compass": Influence: add 1d6 (a tool, held in a Loot slot)
    await app.call('lichslayer.setItem', {
      id: sable.id,
      slot: 'loot3',
      item: { name: 'Cinder Compass', colour: 'Red' },
    });
    expect((await me(sable.id)).life.influence).toEqual([{ source: 'Cinder Compass', sides: 6 }]);
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    const mark = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Mark',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 0,
        health: 3,
        armor: 0,
      })
    ).tokens.find((t) => t.name === 'Mark')!;
    await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: mark.id });
    const entry = (await app.call('ledger.list', { character: 'Sable Hartigan' })).find(
      (e) => e.cause === 'Sable Hartigan Burgles Mark',
    )!;
    expect(entry.explain).toMatch(/\+ \d+ \(influence: Cinder Compass\)/);
    expect(entry.faces.filter((f) => f.cause.endsWith('influence from Cinder Compass')).map((f) => f.sides)).toEqual([
      6,
    ]);
    // broken, it confers nothing (ch.11)
    await app.call('lichslayer.setItem', {
      id: sable.id,
      slot: 'loot3',
      item: { name: 'Cinder Compass', colour: 'Red', broken: true },
    });
    expect((await me(sable.id)).life.influence).toEqual([]);
    app.close();
  });
});

describe('Influence on a chest (ch.1, ch.9)', () => {
  it('a chest opened by the holder of an Influence item adds its die to the chest’s loot roll, as Burgle does', async () => {
    const { app, roster } = await openDemo(11);
    const sable = roster[2]!;
    await app.call('lichslayer.setItem', {
      id: sable.id,
      slot: 'loot3',
      item: { name: 'Cinder Compass', colour: 'Red' },
    });
    await app.call('houseRules.update', { patch: { chestSuccessOn: 1 } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 0,
      patch: { type: 'vault', name: 'Wide Vault', chest: true },
    });
    await app.call('dice.setSeed', { seed: 5 });
    await app.call('board.openChest', { floor: 1, x: 2, y: 0, lichslayerId: sable.id });
    const entry = (await app.call('ledger.list', { character: 'Sable Hartigan' })).find(
      (e) => e.cause === 'Chest at F1 (3,1), opened by Sable Hartigan: loot',
    )!;
    expect(entry.explain).toBe(
      '23 = 58 on d100 − 40 (Floor 1) + 5 (influence: Cinder Compass) → Common: Mist Hauberk (Tomb Loot Table)',
    );
    app.close();
  });
});

describe('an Unbound Vestment found (ch.15)', () => {
  it('1d6 says which, re-rolling any the party holds; with all six held there is none to find', async () => {
    const { app, roster, me } = await openDemo(2);
    const [a, b] = roster;
    // the party holds five of the six: whatever the d6 shows, only Candles can be found
    await app.call('lichslayer.setInventory', {
      id: a!.id,
      stacks: VESTMENTS.slice(0, 3).map((name) => ({ name, count: 1 })),
    });
    await app.call('lichslayer.setItem', {
      id: b!.id,
      slot: 'garment',
      item: { name: 'The Unbound’s Coat of Arms', colour: 'Blue' },
    });
    await app.call('lichslayer.setItem', {
      id: b!.id,
      slot: 'loot3',
      item: { name: 'The Unbound’s Scroll', colour: 'Blue' },
    });
    const r = await app.call('loot.vestment', { id: b!.id });
    expect(r.notes[0]).toMatch(
      /^Brother Quillam finds Candles: 1d6 (\d: .+, held already, roll again; )*6: Candles \(ch\.15\); it goes into the inventory$/,
    );
    const entry = (await app.call('ledger.list', { character: b!.name })).find(
      (e) => e.cause === `${b!.name} finds an Unbound Vestment`,
    )!;
    expect(entry.faces.length).toBe(r.notes[0]!.split('roll again').length);
    expect(entry.faces.at(-1)).toMatchObject({ sides: 6, face: 6 });
    // it is loot: Blue, from the Vestments table, and its Incantation (Sludge) opens while it is held
    const held = await me(b!.id);
    expect(held.inventory.map((s) => s.name)).toContain('Candles');
    await app.call('loot.fate', {
      fate: 'hold',
      id: b!.id,
      stack: held.inventory.findIndex((s) => s.name === 'Candles'),
      slot: 'loot2',
    });
    expect((await me(b!.id)).items.loot2).toMatchObject({ name: 'Candles', colour: 'Blue' });
    expect(await app.dispatch('loot.vestment', { id: a!.id })).toMatchObject({
      ok: false,
      error: {
        message: 'The party holds all six Unbound Vestments: there is none left to find (ch.15). Nothing changed.',
      },
    });
    app.close();
  });
});
