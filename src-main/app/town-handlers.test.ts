// The Town between dives in a real campaign: the Smith (ch.4), Retainers (ch.7), contributions and
// the Square (ch.5), Idols (ch.6), the Forest and the Giver (ch.17), the Familiar (ch.3), travel (ch.5).
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

const setup = (seed = 21) => openDemo(seed);

describe('the Smith (ch.4)', () => {
  it('ch.11: an item that breaks leaves its slot for the inventory, marked broken; the slot frees; the Smith repairs it there', async () => {
    const { app, roster, me } = await setup();
    const o = roster[0]!;
    const before = await me(o.id);
    expect(before.items.gear).toMatchObject({ name: 'Cinder Maul', broken: false });
    const broke = await app.call('fight.integrity', { lichslayerId: o.id, slot: 'gear', result: 'breaks' });
    expect(broke.lines).toEqual([
      "Integrity of Cinder Maul: it breaks, the Judge's call (ch.11)",
      'Cinder Maul breaks: it leaves its slot for the inventory, broken; it confers no effect and counts toward no synchronicity until the Smith repairs it (ch.11)',
    ]);
    let now = await me(o.id);
    expect(now.items.gear).toBeNull();
    const at = now.inventory.findIndex((s) => s.name === 'Cinder Maul');
    expect(now.inventory[at]).toMatchObject({ name: 'Cinder Maul', count: 1, broken: true });
    await app.call('smith.roll', {});
    expect(await app.dispatch('smith.repairItem', { id: o.id, slot: 'gear', sellValue: 100 })).toMatchObject({
      ok: false,
      error: { message: 'That slot holds no broken item. Nothing changed.' },
    });
    await app.call('smith.repairItem', { id: o.id, stack: at, sellValue: 100 });
    now = await me(o.id);
    expect(now.inventory[at]).toMatchObject({ name: 'Cinder Maul', count: 1, broken: false });
    // a quarter of its 100 sell value (ch.4), +30 % for Red, which seed 21's Smith distrusts: 33
    expect(before.gold - now.gold).toBe(33);
    app.close();
  });

  it('the disposition is rolled once; prices follow it; Armor is repaired up to its maximum; recolour needs a Stone, one a day', async () => {
    const { app, roster, me } = await setup();
    const o = roster[0]!;
    expect(await app.dispatch('smith.repairArmor', { id: o.id, points: 1 })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Roll the Smith's disposition first/) },
    });
    const t = await app.call('smith.roll', {});
    expect(t.state.smith!.favoured).toHaveLength(2);
    expect(new Set([...t.state.smith!.favoured, ...t.state.smith!.distrusted]).size).toBe(4);
    expect(await app.dispatch('smith.roll', {})).toMatchObject({ ok: false });
    const fav = t.smithPrices.find((p) => p.colour === t.state.smith!.favoured[0])!;
    const dis = t.smithPrices.find((p) => p.colour === t.state.smith!.distrusted[0])!;
    expect([fav.armorPoint, dis.armorPoint]).toEqual([Math.ceil(36 * 0.8), Math.ceil(36 * 1.3)]);
    // Odile: Armor 5 of 7; ask for 5 points, get 2
    const before = await me(o.id);
    await app.call('smith.repairArmor', { id: o.id, points: 5 });
    const after = await me(o.id);
    expect(after.armor).toBe(7);
    // seed 21 distrusts Red and Purple: 2 points at 47 gold (36 + 30 %, rounded up, ch.4) for the Armor's colour
    expect(before.gold - after.gold).toBe(2 * 47);
    expect(await app.dispatch('smith.repairArmor', { id: o.id, points: 1 })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/at its maximum/) },
    });
    expect(await app.dispatch('smith.recolour', { id: o.id, slot: 'gear', colour: 'Blue' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/needs a Sapphire/) },
    });
    await app.call('lichslayer.setInventory', { id: o.id, stacks: [{ name: 'Sapphire', count: 2 }] });
    await app.call('smith.recolour', { id: o.id, slot: 'gear', colour: 'Blue' });
    expect((await me(o.id)).items.gear!.colour).toBe('Blue');
    expect((await me(o.id)).inventory).toEqual([{ name: 'Sapphire', count: 1 }]);
    expect(await app.dispatch('smith.recolour', { id: o.id, slot: 'garment', colour: 'Blue' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/one item a day/) },
    });
    expect(await app.dispatch('smith.recolour', { id: o.id, slot: 'accessory', colour: 'Blue' })).toMatchObject({
      ok: false,
    });
    app.close();
  });
});

describe('Retainers (ch.7)', () => {
  it('only an Aristocrat hires, up to their level; wages are paid each day; a missed wage costs loyalty; double pay earns it; the d8 is rolled', async () => {
    const { app, roster, me } = await setup();
    const [o, , s] = roster;
    expect(await app.dispatch('retainer.hire', { employer: o!.id, name: 'Pell', grade: 'common' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/not one \(ch\.7\)/) },
    });
    await app.call('lichslayer.update', { id: s!.id, patch: { hiddenClass: 'The Aristocrat', level: 2 } });
    await app.call('retainer.hire', { employer: s!.id, name: 'Pell', grade: 'common' });
    let t = await app.call('retainer.hire', { employer: s!.id, name: 'Quince', grade: 'skilled' });
    expect(t.aristocrats).toEqual([{ id: s!.id, name: 'Sable Hartigan', cap: 2, employed: 2 }]);
    expect(await app.dispatch('retainer.hire', { employer: s!.id, name: 'Rook', grade: 'common' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/at most 2 Retainers/) },
    });
    await app.call('retainer.payDouble', { retainer: t.state.retainers[0]!.id });
    const gold = (await me(s!.id)).gold;
    let report = await app.call('town.nextDay', {});
    expect((await me(s!.id)).gold).toBe(gold - 216 - 216);
    // ch.7: the Retainers' d8 each day (seed 21: a 7)
    expect(report.lines.map((l) => l.text).filter((x) => x.startsWith('Retainers'))).toEqual([
      'Retainers: 7 = 7 on d8 (ch.7): Pride in the work — One Retainer shifts up a loyalty state.',
    ]);
    t = await app.call('town.state', {});
    expect(t.state.retainers.map((r) => r.loyalty)).toEqual(['devoted', 'standard']);
    // no gold: wages missed; ch.7 under the house rule: a loyalty step down each
    await app.call('lichslayer.update', { id: s!.id, patch: { gold: 0 } });
    report = await app.call('town.nextDay', {});
    expect(report.lines.map((l) => l.text).filter((t) => /Pell|Quince/.test(t))).toEqual([
      'Pell is not paid (108 gold due, 0 held): devoted → standard (ch.7, house rule)',
      'Quince is not paid (216 gold due, 0 held): standard → wary (ch.7, house rule)',
      // ch.7: a Wary Retainer leaves on any negative Inn event; ch.5 calls 2-9 the negative half (seed 21: the Inn rolled 3)
      'Quince, Wary, leaves after a negative Inn event (3; negative up to 9, house rule) (ch.7)',
    ]);
    t = await app.call('town.state', {});
    expect(t.state.retainers.map((r) => [r.name, r.loyalty])).toEqual([['Pell', 'standard']]);
    app.close();
  });
});

describe('contributions, Idols and the Forest (ch.5, ch.6, ch.17)', () => {
  it('100+ gold to the Square brings its d6 at the day’s end; gold to the Inn raises tomorrow’s Inn roll, made as that day begins', async () => {
    const { app, roster } = await setup();
    const s = roster[2]!;
    await app.call('town.contribute', { id: s.id, to: 'square', amount: 120 });
    await app.call('town.contribute', { id: s.id, to: 'inn', amount: 400 });
    let report = await app.call('town.nextDay', {});
    // ch.5: 400 gold given today is +2 on the Inn's roll for day 2
    const inn = (r: typeof report) => r.lines.map((l) => l.text).filter((t) => t.startsWith('Inn'));
    expect(inn(report)).toEqual([expect.stringMatching(/^Inn, day 2: .* \+ 2 \(Patron investment\)/)]);
    // ch.5: 100+ gold given brings the Square's d6 (seed 21: a 1)
    expect(report.lines.map((l) => l.text).filter((x) => x.startsWith('Square'))).toEqual([
      'Square: 1 on d6 (120 gold given): Empty square — The Square empties: −1 to floor rolls until reversed. (ch.5)',
    ]);
    // the gift was one day's: day 3's roll has no patron
    report = await app.call('town.nextDay', {});
    expect(inn(report)).toEqual([expect.stringMatching(/^Inn, day 3: \d+ = \d+ on d12 \(ch\.5\)/)]);
    app.close();
  });

  it('a Vanity Idol raises the Lich’s Attention at the weekly check; destruction takes its days', async () => {
    const { app, roster } = await setup();
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 20000 } });
    await app.call('idol.commission', { payer: s.id, tier: 2, inscription: null, selfIdol: true, subject: 'Sable' });
    for (let d = 0; d < 8; d++) await app.call('town.nextDay', {});
    const all = await app.call('town.reports', { limit: 10 });
    // ch.5: the weekly check comes as week 2 begins — at the close of day 7, the Idol active since day 4
    expect(all.find((r) => r.day === 7)!.lines.map((l) => l.text)).toContain('Vanity stage 0 → 2 (ch.6)');
    // ch.6 Vanity stage 2: the Attention escalates one full stage, 0 → 1
    expect((await app.call('phase.view', {})).attention.stage).toBe(1);
    const t = await app.call('town.state', {});
    await app.call('idol.destroy', { idol: t.state.idols[0]!.id, payer: s.id });
    expect(await app.dispatch('idol.destroy', { idol: t.state.idols[0]!.id, payer: s.id })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/already under way/) },
    });
    for (let d = 0; d < 3; d++) await app.call('town.nextDay', {});
    expect((await app.call('town.state', {})).state.idols[0]!.destroyed).toBe(true);
    app.close();
  });

  it('the Forest: a d6 for each party member at entry and each morning there; the Witch’s Familiar skill at each visit; the Giver fed, or starving by the week', async () => {
    const { app, roster } = await setup();
    const [o, q] = roster;
    await app.call('lichslayer.update', { id: q!.id, patch: { hiddenClass: 'The Witch', skill2: 'Familiar' } });
    const go = await app.call('forest.go', { ids: [o!.id, q!.id], where: 'forest' });
    expect(go.notes.filter((n) => n.startsWith('Forest ('))).toEqual([
      'Forest (Odile Vantreck), day 1: 5 = 5 on d6 (ch.5): Great Being abroad — A Celestial or Daedric Being may be met today.',
      'Forest (Brother Quillam), day 1: 5 = 5 on d6 (ch.5): Great Being abroad — A Celestial or Daedric Being may be met today.',
    ]);
    expect(go.notes.filter((n) => /Familiar/.test(n))).toEqual([
      "Brother Quillam's Familiar: 8 on d8: Will-o’-wisp — Guides the party back to the stair. (ch.3)",
    ]);
    await app.call('forest.feed', { id: o!.id });
    let report = await app.call('town.nextDay', {});
    // ch.5: the condition lasts the day; still in the Forest, each rolls again the next morning, +1 for the Giver fed this week
    expect(report.lines.filter((l) => l.text.startsWith('Forest (')).map((l) => l.text)).toEqual([
      'Forest (Odile Vantreck), day 2: 2 = 1 on d6 + 1 (the Giver fed this week) (ch.5): Thorn-tide — Every move between clearings costs 1d6 Health.',
      'Forest (Brother Quillam), day 2: 6 = 5 on d6 + 1 (the Giver fed this week) (ch.5): The Giver wakes — The Giver can be found and fed today.',
    ]);
    await app.call('forest.go', { ids: [o!.id, q!.id], where: 'town' });
    // ch.17: fed in week 1 (days 1-7): nothing lost when week 1 ends; week 2 (days 8-14) goes unfed: −60
    for (let d = 0; d < 6; d++) report = await app.call('town.nextDay', {});
    expect((await app.call('town.state', {})).giver).toEqual({ health: 360, fedThisWeek: false, dead: false });
    for (let d = 0; d < 7; d++) report = await app.call('town.nextDay', {});
    expect(report.day).toBe(14);
    expect(report.lines.map((l) => l.text)).toContain('The Giver went unfed in week 2: −60 Health, 300 left (ch.17)');
    expect((await app.call('town.state', {})).giver.health).toBe(300);
    app.close();
  });
});

describe('travel (ch.5)', () => {
  it('1d6 days on the road with a roll for each; the new Town brings its own Smith and Attention; no return for 7 days', async () => {
    const { app } = await setup();
    await app.call('smith.roll', {});
    await app.call('phase.attention', { event: { type: 'UNBOUND_COMPLETED' } });
    const trip = await app.call('town.travel', { to: 'Harrowfield' });
    // seed 21: 2 days on the road, a d6 each; 1-2 an encounter from the deepest floor's tier (none yet: the Upper Tombs)
    expect(trip.days).toBe(2);
    // the entity met is the Upper Tombs table's own roll (its rows are the fights' content), so the
    // line is checked up to the table, and the ledger shows both rolls made on that table
    const road = trip.notes.filter((n) => n.startsWith('Road, day')).map((n) => n.slice(0, n.indexOf('(ch.5)): ') + 9));
    expect(road).toEqual([
      "Road, day 1: 1 on d6, an encounter (the party's deepest floor is none yet: Upper Tombs (1-3) entities (ch.5)): ",
      "Road, day 2: 2 on d6, an encounter (the party's deepest floor is none yet: Upper Tombs (1-3) entities (ch.5)): ",
    ]);
    expect((await app.call('ledger.list', { table: 'entities-upper' })).map((e) => e.cause)).toEqual([
      'Travel day 2 encounter (ch.5)',
      'Travel day 1 encounter (ch.5)',
    ]);
    const t = await app.call('town.state', {});
    expect(t.townName).toBe('Harrowfield');
    expect(t.state.smith).toBeNull();
    expect((await app.call('phase.view', {})).attention.stage).toBe(0);
    expect(await app.dispatch('town.travel', { to: 'Marrowgate' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no return for 7 days/) },
    });
    app.close();
  });
});

describe('the Square (ch.5) and the Forest’s veins (ch.17)', () => {
  it('no Festival at Stage 3; a Festival lasts one day; the Watch stops at 1 at Stage 2', async () => {
    const { app } = await setup();
    let t = await app.call('square.set', { festival: true });
    expect(t.festival).toBe(true);
    const r = await app.call('town.nextDay', {});
    expect(r.lines.some((l) => l.text === 'The Festival is over (ch.5)')).toBe(true);
    expect((await app.call('town.state', {})).festival).toBe(false);
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    for (let f = 1; f < 6; f++) await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    expect((await app.call('phase.view', {})).attention.stage).toBe(2);
    t = await app.call('square.set', { watch: 1 });
    expect(t.state.squareWatch).toBe(1);
    expect(await app.dispatch('square.set', { watch: 1 })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/cannot exceed 1 while Stage 2/) },
    });
    await app.call('phase.attention', { event: { type: 'UNBOUND_COMPLETED' } });
    expect(await app.dispatch('square.set', { festival: true })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/No Festival may be held while Stage 3/) },
    });
    app.close();
  });

  it('a vein yields 1d6 (exploding) Stones of its d6 colour; the region grays; a day there calls a Sanity Challenge', async () => {
    const { app, roster, me } = await setup();
    const o = roster[0]!;
    expect(await app.dispatch('forest.mine', { id: o.id })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/not in the Forest/) },
    });
    await app.call('forest.go', { ids: [o.id], where: 'forest' });
    // seed 4: the first two d6 are 5 and 4
    await app.call('dice.setSeed', { seed: 4 });
    const mined = await app.call('forest.mine', { id: o.id });
    // ch.17: 1d6! Stones; the vein's d6 face 4 is Emerald (Green), which stacks ×3 (ch.4: fewer where the item's own maximum is lower)
    expect(mined.notes[0]).toBe('Odile Vantreck: 5 Stones (1d6! 5), 4 on d6: 5 Emerald (Green) (ch.17)');
    expect((await me(o.id)).inventory.filter((s) => s.name === 'Emerald')).toEqual([
      { name: 'Emerald', count: 3 },
      { name: 'Emerald', count: 2 },
    ]);
    expect(await app.dispatch('forest.mine', { id: o.id })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/gray/) },
    });
    const day = await app.call('town.nextDay', {});
    // 17.29: the grayed region's Sanity Challenge is at target 12.
    expect(day.lines.filter((l) => l.text.startsWith('A day in a grayed')).map((l) => l.text)).toEqual([
      'A day in a grayed region of the Forest (ch.17): Odile Vantreck fails (3 = 2d6! [1, 2] vs 12: short of the target (ch.1)) and drops to Strange (ch.8)',
    ]);
    await app.call('forest.move', {});
    expect((await app.call('forest.mine', { id: o.id })).notes).toHaveLength(2);
    app.close();
  });
});

describe('returning to a Town (ch.5)', () => {
  it('the Town left behind is kept as it was and its Attention rolled for on return', async () => {
    const { app } = await setup(8);
    await app.call('smith.roll', {});
    const smith = (await app.call('town.state', {})).state.smith;
    await app.call('phase.attention', { event: { type: 'UNBOUND_COMPLETED' } });
    await app.call('town.travel', { to: 'Harrowfield' });
    for (let d = 0; d < 7; d++) await app.call('town.nextDay', {});
    const back = await app.call('town.travel', { to: 'Marrowgate' });
    // ch.5 (house rule for the size): the Town left at Stage 3 rolls a d6 on return; seed 8 gives a 4, and it holds at 3
    expect(back.notes.filter((n) => n.startsWith('Marrowgate'))).toEqual([
      'Marrowgate: 4 on d6: Stage 3 → 3 while the party was away (ch.5, house rule)',
    ]);
    const t = await app.call('town.state', {});
    expect(t.townName).toBe('Marrowgate');
    expect(t.state.smith).toEqual(smith);
    expect(t.state.departed.map((d) => d.town)).toEqual(['Harrowfield']);
    expect((await app.call('phase.view', {})).attention.stage).toBe(3);
    app.close();
  });
});

describe('undo brings back what a deletion took with it', () => {
  it('a Retainer hired joins the stack and goes down with the party; dismissed, its token goes; undo restores token and place on the stack', async () => {
    const { app, roster } = await setup();
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { hiddenClass: 'The Aristocrat', level: 2 } });
    const t = await app.call('retainer.hire', { employer: s.id, name: 'Pell', grade: 'skilled' });
    // An empty landing: a trapped one would spring on Pell too (ch.9).
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Landing' } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    let board = await app.call('board.view', { floor: 1 });
    const pell = board.tokens.find((k) => k.name === 'Pell')!;
    expect(pell).toMatchObject({ kind: 'retainer', floor: 1, health: 30, armor: 6 });
    expect(board.turnStack.some((e) => e.tokenId === pell.id)).toBe(true);
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    // Back in the Town the party's tokens are off the board, the Retainer's with them.
    board = await app.call('board.view', { floor: 1 });
    expect(board.tokens.some((k) => k.name === 'Pell')).toBe(false);
    expect(board.turnStack.some((e) => e.tokenId === pell.id)).toBe(true);
    await app.call('retainer.dismiss', { retainer: t.state.retainers[0]!.id });
    board = await app.call('board.view', { floor: 1 });
    expect(board.turnStack.some((e) => e.tokenId === pell.id)).toBe(false);
    await app.call('history.undo', {});
    board = await app.call('board.view', { floor: 1 });
    expect(board.turnStack.some((e) => e.tokenId === pell.id)).toBe(true);
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    expect((await app.call('board.view', { floor: 1 })).tokens.find((k) => k.id === pell.id)).toMatchObject({
      floor: 1,
    });
    app.close();
  });

  it('removing a Lichslayer on the board takes their token and stack place; undo restores both', async () => {
    const { app, roster } = await setup();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const before = await app.call('board.view', { floor: 1 });
    const token = before.tokens.find((k) => k.lichslayerId === roster[3]!.id)!;
    await app.call('lichslayer.delete', { id: roster[3]!.id });
    expect((await app.call('board.view', { floor: 1 })).tokens.some((k) => k.id === token.id)).toBe(false);
    await app.call('history.undo', {});
    const after = await app.call('board.view', { floor: 1 });
    expect(after.tokens.find((k) => k.id === token.id)).toMatchObject({
      lichslayerId: roster[3]!.id,
      x: token.x,
      y: token.y,
    });
    expect(after.turnStack.map((e) => e.tokenId)).toEqual(before.turnStack.map((e) => e.tokenId));
    app.close();
  });
});

describe('"Next day" while the party is in the Tombs', () => {
  it('asks the Judge first and changes nothing; confirmed, the day passes; in the Town it passes at once', async () => {
    const { app } = await setup();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const before = (await app.call('campaign.current', {}))!.town.day;
    const ask = await app.dispatch('town.nextDay', {});
    expect(ask).toMatchObject({
      ok: false,
      error: {
        code: 'needs-confirmation',
        message: expect.stringMatching(
          /^The party is on Floor 1 of the Tombs; days pass in the Town between dives \(ch\.5\)/,
        ),
      },
    });
    expect((await app.call('campaign.current', {}))!.town.day).toBe(before);
    expect(await app.call('town.reports', { limit: 7 })).toEqual([]);
    const report = await app.call('town.nextDay', { duringDive: true });
    expect(report.day).toBe(before);
    expect((await app.call('campaign.current', {}))!.town.day).toBe(before + 1);
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    await app.call('town.nextDay', {});
    expect((await app.call('campaign.current', {}))!.town.day).toBe(before + 2);
    app.close();
  });
});
