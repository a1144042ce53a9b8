// The Town and the Overworld by the book, through the commands the Judge runs on a real campaign
// file (ch.4, ch.5, ch.7, ch.8): each test quotes the rule's numbers and fixes its dice by seed.
import { describe, expect, it } from 'vitest';
import { descendTo, openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const stage = async (app: App) => (await app.call('phase.view', {})).attention.stage;
const setStage = (app: App, s: 0 | 1 | 2 | 3 | 4) =>
  app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: s } });
const line = (r: { lines: { text: string }[] }, start: string) =>
  r.lines.map((l) => l.text).filter((t) => t.startsWith(start));

describe('the Lich’s Attention falls only after quiet days (ch.5)', () => {
  it('5.59: a dive past Floor 3 withdrawn before the day closes still counts; 7 days without one bring Stage 1 to 0', async () => {
    const { app } = await openDemo(31);
    for (let d = 0; d < 8; d++) {
      // each day the party goes down to Floor 4 and comes back up before "Next day"
      await descendTo(app, 4);
      await app.call('phase.send', { event: { type: 'WITHDRAW' } });
      await app.call('town.nextDay', {});
    }
    expect(await stage(app)).toBe(1);
    for (let d = 0; d < 6; d++) await app.call('town.nextDay', {});
    expect(await stage(app)).toBe(1);
    const seventh = await app.call('town.nextDay', {});
    expect(seventh.lines.map((l) => l.text)).toContain(
      "Lich's Attention: Stage 1 → 0 — 7 days without a dive past Floor 3: the Lich loses interest, Stage 1 → 0 (ch.5)",
    );
    app.close();
  });

  it('5.60: a dive past Floor 5 withdrawn before the day closes restarts the 14 days; Stage 2 falls on the 14th quiet day after it', async () => {
    const { app } = await openDemo(32);
    await descendTo(app, 6);
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    expect(await stage(app)).toBe(2);
    for (let d = 0; d < 13; d++) await app.call('town.nextDay', {});
    // day 14: down to Floor 6 and back before the day closes
    await descendTo(app, 6);
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    await app.call('town.nextDay', {});
    expect(await stage(app)).toBe(2);
    for (let d = 0; d < 13; d++) await app.call('town.nextDay', {});
    expect(await stage(app)).toBe(2);
    const fourteenth = await app.call('town.nextDay', {});
    expect(fourteenth.lines.map((l) => l.text)).toContain(
      "Lich's Attention: Stage 2 → 1 — 14 days without a dive past Floor 5: Stage 2 → 1 (ch.5)",
    );
    app.close();
  });

  it('a party camped on Floor 6 over the day’s close is diving: its days are not quiet', async () => {
    const { app } = await openDemo(32);
    await descendTo(app, 6);
    // main asks before a day passes during a dive (ch.5): the Judge passes it anyway
    for (let d = 0; d < 15; d++) await app.call('town.nextDay', { duringDive: true });
    expect(await stage(app)).toBe(2);
    app.close();
  });
});

describe('rest and recovery at the Inn (ch.8, ch.5)', () => {
  it('8.23: a sheltered night recovers a Sanity level when the last meal was yesterday — no meal that day is needed', async () => {
    const { app, roster, me } = await openDemo(33);
    const o = roster[0]!;
    await app.call('lichslayer.update', { id: o.id, patch: { sanity: 'edge', armor: 2 } });
    await app.call('town.buy', { id: o.id, what: 'meal' });
    await app.call('town.nextDay', {});
    expect((await me(o.id)).sanity).toBe('edge');
    await app.call('town.buy', { id: o.id, what: 'shelter' });
    const r = await app.call('town.nextDay', {});
    expect((await me(o.id)).sanity).toBe('strange');
    expect(line(r, 'Odile Vantreck')).toEqual([
      'Odile Vantreck (no meal, sheltered): sheltered and fed within 3 days: Edge → Strange (ch.8)',
    ]);
    // 4.13: Armor does not recover on its own, night after night
    expect((await me(o.id)).armor).toBe(2);
    app.close();
  });

  it('5.35: at Stage 2 Lost needs two nights of rest: the first is counted and kept, the second recovers', async () => {
    // Seed 30: neither day's Inn event touches the rest.
    const { app, roster, me } = await openDemo(30);
    const o = roster[0]!;
    await setStage(app, 2);
    await app.call('lichslayer.update', { id: o.id, patch: { sanity: 'lost' } });
    await app.call('town.buy', { id: o.id, what: 'both' });
    let r = await app.call('town.nextDay', {});
    expect((await me(o.id)).sanity).toBe('lost');
    expect(line(r, 'Odile Vantreck')[0]).toMatch(/Lost needs 2 nights of rest at Stage 2: night 1 of 2 \(ch\.5\)/);
    await app.call('town.buy', { id: o.id, what: 'both' });
    r = await app.call('town.nextDay', {});
    expect((await me(o.id)).sanity).toBe('paranoid');
    expect(line(r, 'Odile Vantreck')[0]).toMatch(/sheltered and fed within 3 days: Lost → Paranoid \(ch\.8\)/);
    app.close();
  });

  it('5.46: at Stage 3 each night at the Inn rolls 1d6; on a 1 no recovery and a level lost, in the ledger', async () => {
    const { app, roster, me } = await openDemo(35);
    const o = roster[0]!;
    await setStage(app, 3);
    await app.call('lichslayer.update', { id: o.id, patch: { sanity: 'edge' } });
    await app.call('town.buy', { id: o.id, what: 'both' });
    await app.call('smith.roll', {});
    // seed 11: the Inn's d12 shows 11, the Smith's weekly d8 3, then Odile's sleep die 1
    await app.call('dice.setSeed', { seed: 11 });
    const r = await app.call('town.nextDay', {});
    expect((await me(o.id)).sanity).toBe('paranoid');
    expect(line(r, 'Odile Vantreck')[0]).toMatch(
      /Disturbed sleep \(1 on 1d6 at Stage 3\): no recovery, Edge → Paranoid \(ch\.5\)/,
    );
    const ledger = await app.call('ledger.list', { character: 'Odile Vantreck' });
    expect(ledger.find((e) => e.cause.startsWith("Odile Vantreck's sleep at Stage 3"))!.explain).toBe(
      '1d6 = 1: disturbed sleep',
    );
    app.close();
  });
});

describe('a character’s roll modifiers on the rolls the app makes (ch.4, ch.8)', () => {
  it('4.57: hunger’s −1 from day 4 is added to the grayed region’s Sanity Challenge, beside the Sanity penalty', async () => {
    const { app, roster } = await openDemo(36);
    const o = roster[0]!;
    for (let d = 0; d < 4; d++) {
      await app.call('town.buy', { id: o.id, what: 'shelter' });
      await app.call('town.nextDay', {});
    }
    await app.call('forest.go', { ids: [o.id], where: 'forest' });
    await app.call('forest.mine', { id: o.id });
    await app.call('town.nextDay', {});
    const challenge = (await app.call('ledger.list', { character: 'Odile Vantreck' })).find(
      (e) => e.cause === 'A day in a grayed region of the Forest (ch.17)',
    )!;
    expect(challenge.explain).toMatch(/− 1 \(Hunger, day 4 \(ch\.4\)\) vs 12: /);
    app.close();
  });

  it('4.22: gold given to the Square grants every character +1 to all rolls the next day (house rule size), shown on the Gauntlet', async () => {
    const { app, roster, me } = await openDemo(37);
    await app.call('town.contribute', { id: roster[2]!.id, to: 'square', amount: 100 });
    const r = await app.call('town.nextDay', {});
    expect(r.lines.map((l) => l.text)).toContain(
      '100 gold given to the Square: +1 to all rolls for every character on day 2 (ch.4, house rule)',
    );
    expect((await me(roster[0]!.id)).life.penalties).toContainEqual({
      source: 'Gold given to the Square yesterday (ch.4, house rule)',
      value: 1,
    });
    await app.call('town.nextDay', {});
    expect((await me(roster[0]!.id)).life.penalties.some((p) => p.source.startsWith('Gold given'))).toBe(false);
    app.close();
  });
});

describe('Retainers (ch.7)', () => {
  it('7.08: a double wage the employer cannot afford pays the single wage, and loyalty stays', async () => {
    const { app, roster, me } = await openDemo(38);
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { hiddenClass: 'The Aristocrat', level: 2 } });
    const t = await app.call('retainer.hire', { employer: s.id, name: 'Pell', grade: 'skilled' });
    await app.call('retainer.payDouble', { retainer: t.state.retainers[0]!.id });
    // 216 a day, 432 doubled: 300 gold pays only the single wage
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 300 } });
    const r = await app.call('town.nextDay', {});
    expect((await me(s.id)).gold).toBe(300 - 216);
    expect(r.lines.map((l) => l.text)).toContain(
      'Pell paid 216 gold: the double wage (432) could not be paid, so the single wage was, and loyalty stays standard (ch.7)',
    );
    expect((await app.call('town.state', {})).state.retainers[0]!.loyalty).toBe('standard');
    app.close();
  });

  it('7.05: an Exceptional Retainer comes with one loot item, rolled on the Tomb Loot Table and logged', async () => {
    const { app, roster } = await openDemo(39);
    const s = roster[2]!;
    await app.call('lichslayer.update', { id: s.id, patch: { hiddenClass: 'The Aristocrat', level: 1, gold: 5000 } });
    const t = await app.call('retainer.hire', { employer: s.id, name: 'Vesper', grade: 'exceptional' });
    const loot = t.state.retainers[0]!.loot;
    expect(loot).toBe('Tawny Idolet');
    const ledger = await app.call('ledger.list', {});
    expect(ledger.find((e) => e.cause === "Vesper's loot item, an Exceptional Retainer (ch.7)")!.explain).toContain(
      loot!,
    );
    app.close();
  });
});

describe('the Smith (ch.4, ch.5)', () => {
  it('4.03: a Drift moves a colour a step; Drifts stack; the prices follow', async () => {
    const { app } = await openDemo(21);
    let t = await app.call('smith.roll', {});
    const distrusted = t.state.smith!.distrusted[0]!;
    expect(t.smithPrices.find((p) => p.colour === distrusted)!.armorPoint).toBe(47);
    t = await app.call('smith.drift', { colour: distrusted as 'Red', toward: 'favour' });
    expect(t.smithStanding.find((c) => c.colour === distrusted)!.standing).toBe('neutral');
    expect(t.smithPrices.find((p) => p.colour === distrusted)!.armorPoint).toBe(36);
    t = await app.call('smith.drift', { colour: distrusted as 'Red', toward: 'favour' });
    expect(t.smithPrices.find((p) => p.colour === distrusted)!.armorPoint).toBe(29);
    app.close();
  });

  it('5.31: at Stage 2 a weekly Smith d8 of 1 or 2 is re-rolled once, both logged', async () => {
    const { app } = await openDemo(40);
    await setStage(app, 2);
    await app.call('smith.roll', {});
    // seed 2: the Inn's d12 shows 6, then the Smith's first d8 a 1
    await app.call('dice.setSeed', { seed: 2 });
    const r = await app.call('town.nextDay', {});
    // the re-roll shows 6
    expect(line(r, 'Smith (week 1)')).toEqual([
      'Smith (week 1): 1d8 = 1, re-rolled once at Stage 2 (ch.5): 6: Apprentice hired — Recolouring takes no Stone this week, but a second item per day.',
    ]);
    const logged = (await app.call('ledger.list', {})).find((e) => e.cause === 'Smith, week 1 (ch.5)')!;
    expect(logged.explain).toBe(
      '1d8 = 1, re-rolled once at Stage 2 (ch.5): 6: Apprentice hired — Recolouring takes no Stone this week, but a second item per day.',
    );
    app.close();
  });

  it('4.16: the Smith recolours one item a day in all (house rule default), not one for each Lichslayer', async () => {
    const { app, roster } = await openDemo(21);
    const [o, q] = roster;
    await app.call('smith.roll', {});
    for (const l of [o!, q!])
      await app.call('lichslayer.setInventory', { id: l.id, stacks: [{ name: 'Sapphire', count: 1 }] });
    await app.call('lichslayer.setItem', { id: q!.id, slot: 'gear', item: { name: 'Old Knife', colour: 'Red' } });
    await app.call('smith.recolour', { id: o!.id, slot: 'gear', colour: 'Blue' });
    expect(await app.dispatch('smith.recolour', { id: q!.id, slot: 'gear', colour: 'Blue' })).toMatchObject({
      ok: false,
      error: {
        message:
          'The Smith recolours one item a day, and has done today’s: come back tomorrow (ch.4, house rule). Nothing changed.',
      },
    });
    await app.call('houseRules.update', { patch: { recolourLimit: 'each-lichslayer' } });
    await app.call('smith.recolour', { id: q!.id, slot: 'gear', colour: 'Blue' });
    app.close();
  });
});

describe('the Square and the Banquet (ch.5)', () => {
  it('5.37, 5.56: the Watch counter is held to 1 when Stage 2 begins, and reset to 0 at Stage 4', async () => {
    const { app } = await openDemo(41);
    await app.call('square.set', { watch: 1 });
    await app.call('square.set', { watch: 1 });
    await app.call('square.set', { watch: 1 });
    await setStage(app, 2);
    let r = await app.call('town.nextDay', {});
    expect(r.lines.map((l) => l.text)).toContain(
      'The Square Watch counter cannot exceed 1 while Stage 2 lasts: 3 → 1 (ch.5)',
    );
    await setStage(app, 4);
    r = await app.call('town.nextDay', {});
    expect(r.lines.map((l) => l.text)).toContain('The Square Watch counter resets to 0 at Stage 4 (ch.5)');
    expect((await app.call('town.state', {})).state.squareWatch).toBe(0);
    app.close();
  });

  it('5.61: a Banquet (500 gold) brings Stage 2 to 1 at the day’s close; refused at any other stage', async () => {
    const { app, roster, me } = await openDemo(42);
    const s = roster[2]!;
    expect(await app.dispatch('town.banquet', { payer: s.id })).toMatchObject({
      ok: false,
      error: {
        message:
          "A Banquet brings the Lich's Attention down only from Stage 2, and it stands at Stage 0 (ch.5). Nothing changed.",
      },
    });
    await setStage(app, 2);
    await app.call('lichslayer.update', { id: s.id, patch: { gold: 600 } });
    await app.call('town.banquet', { payer: s.id });
    expect((await me(s.id)).gold).toBe(100);
    const r = await app.call('town.nextDay', {});
    expect(r.lines.map((l) => l.text)).toContain(
      "Lich's Attention: Stage 2 → 1 — a Banquet sponsored: Stage 2 → 1 (ch.5)",
    );
    expect(await stage(app)).toBe(1);
    app.close();
  });

  it('5.36: at Stage 2 one Town resident leaves each week, quietly, picked by a die in the ledger', async () => {
    const { app } = await openDemo(43);
    await app.call('town.npc', { add: 'Old Maren' });
    await app.call('town.npc', { add: 'Tully the baker' });
    await setStage(app, 2);
    const r = await app.call('town.nextDay', {});
    const left = r.lines.map((l) => l.text).filter((t) => t.includes('leaves the Town quietly'));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^(Old Maren|Tully the baker) leaves the Town quietly: Stage 2 \(ch\.5\) \(1d2 = [12]\)$/);
    expect((await app.call('town.state', {})).state.npcs).toHaveLength(1);
    app.close();
  });
});

describe('travel (ch.5)', () => {
  it('5.68: a road encounter comes from the Entities of the party’s deepest floor’s tier, though the party stands in the Town', async () => {
    const { app } = await openDemo(44);
    await descendTo(app, 8);
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    // seed 8: 1d6 = 2 days on the road, and day 1's d6 is 2: an encounter
    await app.call('dice.setSeed', { seed: 8 });
    const trip = await app.call('town.travel', { to: 'Harrowfield' });
    const road = trip.notes.find((n) => n.startsWith('Road, day 1:'))!;
    expect(road).toMatch(/an encounter \(the party's deepest floor is 8: Lower Tombs \(7-9\) entities \(ch\.5\)\)/);
    const ledger = await app.call('ledger.list', {});
    expect(ledger.find((e) => e.cause === 'Travel day 1 encounter (ch.5)')!.table).toBe('entities-lower');
    app.close();
  });
});

describe('the inventory (ch.4)', () => {
  it('4.40: a vein yields more Stones than the inventory’s depth holds: the rest stay in the rock, said so', async () => {
    const { app, roster, me } = await openDemo(45);
    const o = roster[0]!;
    // Odile: max Health 36 → 1 + 6 = 7 stacks deep; six already full
    await app.call('lichslayer.update', { id: o.id, patch: { maxHealth: 36, health: 36 } });
    await app.call('lichslayer.setInventory', {
      id: o.id,
      stacks: ['A', 'B', 'C', 'D', 'E', 'F'].map((n) => ({ name: `Trinket ${n}`, count: 6 })),
    });
    await app.call('forest.go', { ids: [o.id], where: 'forest' });
    await app.call('dice.setSeed', { seed: 4 });
    const mined = await app.call('forest.mine', { id: o.id });
    expect(mined.notes).toContain(
      '3 of 5 Emerald fit (stacks of 3 (its own maximum), 7 stacks deep); 2 do not (ch.4): they stay in the rock',
    );
    expect((await me(o.id)).inventory.filter((s) => s.name === 'Emerald')).toEqual([{ name: 'Emerald', count: 3 }]);
    app.close();
  });
});

describe('house rules (RULINGS.md)', () => {
  it('a change to one setting leaves the others as the Judge set them', async () => {
    const { app } = await openDemo(48);
    await app.call('houseRules.update', { patch: { chestSuccessOn: 5 } });
    const view = await app.call('houseRules.update', { patch: { smithRounding: 'nearest' } });
    expect(view.houseRules).toMatchObject({ chestSuccessOn: 5, smithRounding: 'nearest' });
    app.close();
  });
});

describe('stacks by hand (ch.4, ch.17)', () => {
  it('4.42: the Judge’s inventory edit is held to an item’s own stack maximum: Sapphire stacks by three', async () => {
    const { app, roster } = await openDemo(47);
    expect(
      await app.dispatch('lichslayer.setInventory', { id: roster[0]!.id, stacks: [{ name: 'Sapphire', count: 4 }] }),
    ).toMatchObject({
      ok: false,
      error: {
        message: 'A stack of Sapphire holds at most 3 (its own maximum, ch.4); 4 were given. Nothing was saved.',
      },
    });
    await app.call('lichslayer.setInventory', {
      id: roster[0]!.id,
      stacks: [
        { name: 'Sapphire', count: 3 },
        { name: 'Sapphire', count: 1 },
      ],
    });
    app.close();
  });
});

describe('the Familiar (ch.2, ch.3)', () => {
  it('3.01: follows the Witch’s Familiar skill: a hidden Witch without it rolls nothing, so no roll reveals the class', async () => {
    const { app, roster } = await openDemo(46);
    const q = roster[1]!;
    await app.call('lichslayer.update', { id: q.id, patch: { hiddenClass: 'The Witch', level: 1 } });
    const go = await app.call('forest.go', { ids: [q.id], where: 'forest' });
    expect(go.notes.some((n) => n.includes('Familiar'))).toBe(false);
    await app.call('forest.go', { ids: [q.id], where: 'town' });
    await app.call('lichslayer.update', { id: q.id, patch: { level: 4, skill2: 'Familiar' } });
    const again = await app.call('forest.go', { ids: [q.id], where: 'forest' });
    expect(again.notes.filter((n) => n.startsWith("Brother Quillam's Familiar: "))).toHaveLength(1);
    app.close();
  });
});
