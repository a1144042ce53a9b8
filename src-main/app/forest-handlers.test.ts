// The Forest by the book (ch.5, ch.6, ch.17), through the commands on a real campaign file: the d6
// at entry, the Phenomena and the Attention's halvings, Stage 4's hostile visits, the Stones by face,
// the Giver's hunger and Recipes, tributes and griefing, Flora patches.
import { describe, expect, it } from 'vitest';
import type { Colour } from '@shared/gauntlet.ts';
import { openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];
const setStage = (app: App, s: 0 | 1 | 2 | 3 | 4) =>
  app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: s } });

describe('the Forest’s day (ch.5, ch.17)', () => {
  it('5.19: the d6 is rolled at entry and lasts the day: out and back in the same day rolls nothing new', async () => {
    const { app, roster } = await openDemo(61);
    const o = roster[0]!;
    const first = await app.call('forest.go', { ids: [o.id], where: 'forest' });
    expect(first.notes.filter((n) => n.startsWith('Forest (Odile Vantreck), day 1: '))).toHaveLength(1);
    await app.call('forest.go', { ids: [o.id], where: 'town' });
    const again = await app.call('forest.go', { ids: [o.id], where: 'forest' });
    expect(again.notes.filter((n) => n.startsWith('Forest ('))).toEqual([]);
    const rolls = (await app.call('ledger.list', { character: 'Odile Vantreck' })).filter(
      (e) => e.cause === 'The Forest for Odile Vantreck, day 1 (ch.5)',
    );
    expect(rolls).toHaveLength(1);
    app.close();
  });

  it('5.21, 5.22: a Daedric tribute +1, each griefing event −1 on the Forest’s d6', async () => {
    const { app, roster } = await openDemo(62);
    await app.call('forest.record', { event: 'tribute' });
    await app.call('forest.record', { event: 'griefing' });
    await app.call('forest.record', { event: 'griefing' });
    const go = await app.call('forest.go', { ids: [roster[0]!.id], where: 'forest' });
    // seed 62: a 1; +1 − 2 gives 0, held to the table's 1
    expect(go.notes.find((n) => n.startsWith('Forest ('))).toBe(
      'Forest (Odile Vantreck), day 1: 1 = 1 on d6 + 1 (a Daedric Being tributed) − 2 (2 griefing events) (0 below 1 counts as 1: the table runs 1-6) (ch.5): Colourless drift — Grey mist: all colour effects halved today.',
    );
    app.close();
  });

  it('5.33, 17.35: the Phenomena is rolled once a day; at Stage 2 a Daedric Being appears half as often — a d6 of 1-3 keeps it away', async () => {
    const { app, roster } = await openDemo(63);
    await setStage(app, 2);
    // seed 9: the Phenomena's d6 is 5 (the Hollow Hart, Daedric), the halving d6 is 1
    await app.call('dice.setSeed', { seed: 9 });
    const go = await app.call('forest.go', { ids: [roster[0]!.id], where: 'forest' });
    expect(go.notes[0]).toBe(
      'Phenomena, day 1: 5 on d6: Deep hush — No bird sings. The Hollow Hart, a Daedric Being (Black), walks where the shadows are longest. — Stage 2: Daedric Beings appear 50 % less often (ch.5): 1 on d6, it stays away (ch.17)',
    );
    const second = await app.call('forest.go', { ids: [roster[1]!.id], where: 'forest' });
    expect(second.notes.some((n) => n.startsWith('Phenomena'))).toBe(false);
    app.close();
  });

  it('5.55: at Stage 4 every visit brings an encounter from the Floor 7-9 Entities, in the ledger', async () => {
    const { app, roster } = await openDemo(64);
    await setStage(app, 4);
    const go = await app.call('forest.go', { ids: [roster[0]!.id], where: 'forest' });
    expect(
      go.notes.filter((n) =>
        n.startsWith('The Forest is hostile at Stage 4: an encounter from the Floor 7-9 Entities (ch.5): '),
      ),
    ).toHaveLength(1);
    expect(
      (await app.call('ledger.list', {})).find(
        (e) => e.cause === 'The hostile Forest: an encounter from the Floor 7-9 Entities (ch.5)',
      )!.table,
    ).toBe('entities-lower');
    app.close();
  });

  it('the Forest is reached from the Town: a Lichslayer on a Tomb floor is refused', async () => {
    const { app, roster } = await openDemo(65);
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    expect(await app.dispatch('forest.go', { ids: [roster[0]!.id], where: 'forest' })).toMatchObject({
      ok: false,
      error: {
        message: 'Odile Vantreck is on Floor 1 of the Tombs: the Forest is reached from the Town. Nothing changed.',
      },
    });
    app.close();
  });
});

describe('the Stones of a vein (ch.17)', () => {
  it('17.30: the d6 names the Stone by the book’s order — 3 Amethyst (Purple), 5 Topaz (Orange), 6 Obsidian (Black)', async () => {
    const { app, roster } = await openDemo(66);
    const o = roster[0]!;
    const mine = async (seed: number) => {
      await app.call('forest.move', {}).catch(() => undefined);
      await app.call('dice.setSeed', { seed });
      return (await app.call('forest.mine', { id: o.id })).notes[0];
    };
    await app.call('forest.go', { ids: [o.id], where: 'forest' });
    expect(await mine(39)).toBe('Odile Vantreck: 2 Stones (1d6! 2), 3 on d6: 2 Amethyst (Purple) (ch.17)');
    expect(await mine(21)).toBe('Odile Vantreck: 11 Stones (1d6! 6+5), 5 on d6: 11 Topaz (Orange) (ch.17)');
    await app.call('lichslayer.setInventory', { id: o.id, stacks: [] });
    expect(await mine(1)).toBe('Odile Vantreck: 3 Stones (1d6! 3), 6 on d6: 3 Obsidian (Black) (ch.17)');
    app.close();
  });

  it('17.14, 17.15: a mined Stone takes its fates from its loot row: held, it keeps its colour', async () => {
    const { app, roster, me } = await openDemo(67);
    const o = roster[0]!;
    await app.call('forest.go', { ids: [o.id], where: 'forest' });
    await app.call('dice.setSeed', { seed: 1 });
    await app.call('forest.mine', { id: o.id });
    const stack = (await me(o.id)).inventory.findIndex((s) => s.name === 'Obsidian');
    await app.call('lichslayer.setItem', { id: o.id, slot: 'loot3', item: null });
    await app.call('loot.fate', { id: o.id, stack, fate: 'hold', slot: 'loot3' });
    expect((await me(o.id)).items.loot3).toMatchObject({ name: 'Obsidian', colour: 'Black' as Colour });
    app.close();
  });
});

describe('the Giver (ch.17, ch.5)', () => {
  it('17.08, 5.44: unfed for a week the Giver loses 60 — twice as fast, 120, at Stage 3; hunger counts from the first visit (house rule)', async () => {
    const { app, roster } = await openDemo(68);
    await setStage(app, 3);
    for (let d = 0; d < 7; d++) await app.call('town.nextDay', {});
    // no one has been to the Forest: the Giver's weeks do not count yet (house rule default)
    expect((await app.call('town.state', {})).giver.health).toBe(360);
    await app.call('forest.go', { ids: [roster[0]!.id], where: 'forest' });
    let r = await app.call('town.nextDay', {});
    for (let d = 0; d < 6; d++) r = await app.call('town.nextDay', {});
    expect(r.day).toBe(14);
    expect(r.lines.map((l) => l.text)).toContain(
      'The Giver went unfed in week 2: −120 Health (60 × 2 at Stage 3, ch.5), 240 left (ch.17)',
    );
    app.close();
  });
});

describe('Flora (ch.17)', () => {
  it('17.34: a patch found by d12; take part and it doubles by next week; take it whole and it dies', async () => {
    const { app, roster, me } = await openDemo(70);
    const o = roster[0]!;
    await app.call('forest.go', { ids: [o.id], where: 'forest' });
    const found = await app.call('forest.forage', { id: o.id });
    // seed 70: the d12 shows 5, the patch's 1d6 (the house rule's size) 3
    expect(found.notes[0]).toBe(
      'Odile Vantreck: 5 on d12: a patch of Tarroot (Black), 3 plants (1d6 [3], house rule) (ch.17)',
    );
    const patch = (await app.call('town.state', {})).state.forest.patches[0]!;
    const took = await app.call('forest.harvest', { id: o.id, patch: patch.id, take: 1 });
    expect(took.notes[0]).toBe('Odile Vantreck: 1 Tarroot taken, 2 left: the patch doubles by next week (ch.17)');
    expect((await me(o.id)).inventory).toContainEqual({ name: 'Tarroot', count: 1 });
    let r = await app.call('town.nextDay', {});
    for (let d = 0; d < 6; d++) r = await app.call('town.nextDay', {});
    expect(r.lines.map((l) => l.text)).toContain('The Tarroot patch left with 2 doubles to 4 (ch.17)');
    const whole = await app.call('forest.harvest', { id: o.id, patch: patch.id, take: 99 });
    expect(whole.notes[0]).toBe('Odile Vantreck: 4 Tarroot taken: the whole patch, and it dies (ch.17)');
    expect((await app.call('town.state', {})).state.forest.patches).toEqual([]);
    app.close();
  });
});

describe('killing a Great Being (ch.17)', () => {
  it('17.11: a Celestial costs every player a Sanity level, a Daedric its killer one, the Giver every player two and its life', async () => {
    const { app, roster, me } = await openDemo(71);
    const [o, q] = roster;
    for (const l of [o!, q!]) await app.call('lichslayer.update', { id: l.id, patch: { sanity: 'whole' } });
    await app.call('forest.record', { event: 'celestial-killed' });
    expect((await me(o!.id)).sanity).toBe('strange');
    expect(await app.dispatch('forest.record', { event: 'daedric-killed' })).toMatchObject({
      ok: false,
      error: {
        message: "Name the killer: a Daedric Being's death costs its killer a Sanity level (ch.17). Nothing changed.",
      },
    });
    await app.call('forest.record', { event: 'daedric-killed', killer: q!.id });
    expect([(await me(o!.id)).sanity, (await me(q!.id)).sanity]).toEqual(['strange', 'edge']);
    const giver = await app.call('forest.record', { event: 'giver-killed' });
    expect(giver.notes[0]).toBe(
      'The Giver killed: every player drops two Sanity levels, and the Forest collapses by half (ch.17)',
    );
    expect([(await me(o!.id)).sanity, (await me(q!.id)).sanity]).toEqual(['paranoid', 'lost']);
    expect((await app.call('town.state', {})).giver).toMatchObject({ health: 0, dead: true });
    app.close();
  });
});
