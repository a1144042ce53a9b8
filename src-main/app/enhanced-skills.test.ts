// The Aristocrat's enhanced Retainers and the Witch's enhanced Familiar (ch.2, ch.3), driven through
// the commands a Judge uses, on the demo campaign with fixed seeds.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

const setup = () => openDemo(11);

describe('the Aristocrat (ch.2)', () => {
  it('Retainers enhanced: one chosen Retainer of the Aristocrat needs no pay for one in-game day; one a day; the next day it is paid again', async () => {
    const { app, roster, me } = await setup();
    const q = roster[1]!;
    await app.call('lichslayer.update', {
      id: q.id,
      patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', skill2: 'Retainers', level: 4, gold: 1000 },
    });
    await app.call('retainer.hire', { employer: q.id, name: 'Pell', grade: 'common' });
    const town = await app.call('retainer.hire', { employer: q.id, name: 'Quince', grade: 'skilled' });
    const pell = town.state.retainers.find((r) => r.name === 'Pell')!;
    const quince = town.state.retainers.find((r) => r.name === 'Quince')!;
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Retainers', holiday: pell.id })).toMatchObject({
      ok: false,
      error: {
        message:
          "Brother Quillam's Retainers skill is not enhanced: only then does a chosen Retainer serve a day without pay (ch.2). Nothing changed.",
      },
    });
    await app.call('skill.points', { id: q.id, delta: 1 });
    await app.call('skill.spendPoint', { id: q.id, action: 'enhance', skill: 'Retainers' });
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Retainers', holiday: 999 })).toMatchObject({
      ok: false,
      error: {
        message:
          "Choose one of Brother Quillam's own Retainers: the day without pay is for a Retainer of the Aristocrat's (ch.2). Nothing changed.",
      },
    });
    const day = (await app.call('town.state', {})).day;
    expect((await app.call('skill.use', { id: q.id, skill: 'Retainers', holiday: pell.id })).notes).toEqual([
      `Brother Quillam excuses Pell from pay for day ${day}: no wage is due at the day's close (ch.2)`,
    ]);
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Retainers', holiday: quince.id })).toMatchObject({
      ok: false,
      error: { message: `Pell already needs no pay on day ${day}: one Retainer a day (ch.2). Nothing changed.` },
    });
    await app.call('dice.setSeed', { seed: 5 });
    const report = await app.call('town.nextDay', {});
    expect(report.lines.map((l) => l.text)).toContain(
      "Pell needs no pay today: Brother Quillam's enhanced Retainers waives the 108 gold wage, and loyalty stays standard (ch.2)",
    );
    // Only Quince's 216 was paid.
    expect((await me(q.id)).gold).toBe(1000 - 216);
    expect((await app.call('town.state', {})).state.retainers.map((r) => [r.name, r.loyalty])).toEqual([
      ['Pell', 'standard'],
      ['Quince', 'standard'],
    ]);
    // The next day the waiver has lapsed: both are paid.
    await app.call('town.nextDay', {});
    expect((await me(q.id)).gold).toBe(1000 - 216 - 216 - 108);
    app.close();
  });
});

describe('the Lich Doctor (ch.2)', () => {
  it('Medicine Bay enhanced: the chosen Medicine Slot item replenishes at the start of each day, if used, for 36 gold; short of gold, it does not', async () => {
    const { app, roster, me } = await setup();
    const q = roster[1]!;
    await app.call('lichslayer.update', {
      id: q.id,
      patch: {
        hiddenClass: 'The Lich Doctor',
        skill1: 'Diagnose and Bandage',
        skill2: 'Medicine Bay',
        level: 4,
        gold: 50,
      },
    });
    await app.call('lichslayer.setInventory', { id: q.id, stacks: [{ name: 'Ashbloom', count: 1 }] });
    await app.call('loot.fate', { fate: 'hold', id: q.id, stack: 0, slot: 'medicine1' });
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Medicine Bay', refill: 'medicine1' })).toMatchObject({
      ok: false,
      error: {
        message:
          "Brother Quillam's Medicine Bay is not enhanced: only then does a Medicine Slot item replenish each day (ch.2). Nothing changed.",
      },
    });
    await app.call('skill.points', { id: q.id, delta: 1 });
    await app.call('skill.spendPoint', { id: q.id, action: 'enhance', skill: 'Medicine Bay' });
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Medicine Bay', refill: 'medicine2' })).toMatchObject({
      ok: false,
      error: {
        message:
          'Medicine Slot 2 is empty: choose the Medicine Slot holding the Flora to replenish (ch.2). Nothing changed.',
      },
    });
    expect((await app.call('skill.use', { id: q.id, skill: 'Medicine Bay', refill: 'medicine1' })).notes).toEqual([
      "Brother Quillam's Ashbloom in Medicine Slot 1 will replenish at the start of each day for 36 gold, paid at the Inn (ch.2)",
    ]);
    const refillLines = (r: { lines: { text: string }[] }) =>
      r.lines.map((l) => l.text).filter((t) => t.includes('Ashbloom'));
    await app.call('dice.setSeed', { seed: 5 });
    // Still in its slot: nothing to replenish, nothing paid.
    expect(refillLines(await app.call('town.nextDay', {}))).toEqual([]);
    expect((await me(q.id)).gold).toBe(50);
    await app.call('loot.fate', { fate: 'consume', id: q.id, from: { slot: 'medicine1' } });
    expect((await me(q.id)).items.medicine1).toBeNull();
    expect(refillLines(await app.call('town.nextDay', {}))).toEqual([
      "Brother Quillam's Ashbloom replenishes in Medicine Slot 1 for 36 gold, paid at the Inn (ch.2)",
    ]);
    expect((await me(q.id)).items.medicine1).toMatchObject({ name: 'Ashbloom' });
    expect((await me(q.id)).gold).toBe(14);
    await app.call('loot.fate', { fate: 'consume', id: q.id, from: { slot: 'medicine1' } });
    expect(refillLines(await app.call('town.nextDay', {}))).toEqual([
      "Brother Quillam's Ashbloom does not replenish: 36 gold due at the Inn, 14 held (ch.2)",
    ]);
    expect((await me(q.id)).items.medicine1).toBeNull();
    app.close();
  });
});

describe('the Witch and her Familiar (ch.2, ch.3)', () => {
  it('Familiar enhanced: the Familiar placed for its Witch gets twice the Health given, for good; a Witch without the skill has none; only a Familiar names a Witch', async () => {
    const { app, roster } = await setup();
    const [o, , , wren] = roster;
    await app.call('lichslayer.update', {
      id: wren!.id,
      patch: { hiddenClass: 'The Witch', skill1: 'Commune', skill2: 'Familiar', level: 4 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const place = (name: string, witch: number, kind: 'familiar' | 'entity' = 'familiar') =>
      app.dispatch('board.addToken', { kind, name, colour: 'Black', floor: 1, x: 2, y: 0, health: 6, armor: 0, witch });
    expect(await place('Grave moth', o!.id)).toMatchObject({
      ok: false,
      error: {
        message:
          "Odile Vantreck does not hold the Familiar skill: a Familiar is the Witch's (ch.2, ch.3). Grave moth was not added.",
      },
    });
    expect(await place('Gnawer', wren!.id, 'entity')).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-args',
        message: 'Only a Familiar has a Witch: Gnawer is not a Familiar token. Nothing changed.',
      },
    });
    const plain = await app.call('board.addToken', {
      kind: 'familiar',
      name: 'Grave moth',
      colour: 'Black',
      floor: 1,
      x: 2,
      y: 0,
      health: 6,
      armor: 0,
      witch: wren!.id,
    });
    expect(plain.notices).toBeUndefined();
    expect(plain.tokens.find((t) => t.name === 'Grave moth')).toMatchObject({ health: 6, maxHealth: 6 });
    // ch.3: one Familiar a floor; the Judge takes this one back to place the enhanced one.
    await app.call('history.undo', {});
    await app.call('skill.points', { id: wren!.id, delta: 1 });
    await app.call('skill.spendPoint', { id: wren!.id, action: 'enhance', skill: 'Familiar' });
    const doubled = await app.call('board.addToken', {
      kind: 'familiar',
      name: 'Bone rat',
      colour: 'Black',
      floor: 1,
      x: 2,
      y: 0,
      health: 6,
      armor: 0,
      witch: wren!.id,
    });
    expect(doubled.notices).toEqual([
      "Bone rat's Health is doubled by Wren of the Hollow's enhanced Familiar skill: 6 → 12 (ch.2)",
    ]);
    expect(doubled.tokens.find((t) => t.name === 'Bone rat')).toMatchObject({ health: 12, maxHealth: 12 });
    // One undo step: the token goes with it.
    await app.call('history.undo', {});
    expect((await app.call('board.view', { floor: 1 })).tokens.some((t) => t.name === 'Bone rat')).toBe(false);
    app.close();
  });
});

describe('the Familiar (ch.3)', () => {
  it('a defeated Familiar returns next session: no summons for its Witch at a Forest visit that session; the next session it is rolled again', async () => {
    const { app, roster } = await setup();
    const wren = roster[3]!;
    await app.call('lichslayer.update', {
      id: wren.id,
      patch: { hiddenClass: 'The Witch', skill1: 'Commune', skill2: 'Familiar', level: 4 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const moth = (
      await app.call('board.addToken', {
        kind: 'familiar',
        name: 'Grave moth',
        colour: 'Black',
        floor: 1,
        x: 2,
        y: 0,
        health: 6,
        armor: 0,
        witch: wren.id,
      })
    ).tokens.find((t) => t.name === 'Grave moth')!;
    await app.call('board.updateToken', { id: moth.id, patch: { defeated: true } });
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    const familiarRolls = async () =>
      (await app.call('ledger.list', { character: 'Wren of the Hollow' })).filter((e) =>
        e.cause.startsWith("Wren of the Hollow's Familiar"),
      ).length;
    const rolledBefore = await familiarRolls();
    await app.call('dice.setSeed', { seed: 9 });
    const visit = await app.call('forest.go', { ids: [wren.id], where: 'forest' });
    expect(visit.notes).toContain(
      "Wren of the Hollow's Familiar was defeated this session (1): it returns next session, so none is summoned now (ch.3)",
    );
    expect(visit.notes.some((n) => n.startsWith("Wren of the Hollow's Familiar: "))).toBe(false);
    expect(await familiarRolls()).toBe(rolledBefore);
    await app.call('forest.go', { ids: [wren.id], where: 'town' });
    await app.call('ledger.newSession', {});
    await app.call('dice.setSeed', { seed: 9 });
    const next = await app.call('forest.go', { ids: [wren.id], where: 'forest' });
    expect(next.notes.filter((n) => n.startsWith("Wren of the Hollow's Familiar"))).toEqual([
      "Wren of the Hollow's Familiar: 7 on d8: Mirror newt — Shows the true colour of one entity. (ch.3)",
    ]);
    expect(await familiarRolls()).toBe(rolledBefore + 1);
    app.close();
  });
});
