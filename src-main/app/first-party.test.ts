// A party rolled by the book in a new campaign can play: most of its Lichslayers hold loot whose
// actions include Attack (ch.1 starting loot, ch.13 closed action list), each starts with the house
// rule's gold and pays the Inn on the first day (ch.4), and the Smith's disposition is known from
// the campaign's first moment (ch.4).
import { describe, expect, it } from 'vitest';
import { makeApp } from '../test-support/temp-app.ts';

const SEEDS = Array.from({ length: 20 }, (_, i) => 101 + i);
const NAMES = ['Ash Vell', 'Brindle Oak', 'Corra Finch', 'Dace Morrow'];

/** A new campaign (not the demo) with four Lichslayers rolled through the creation command. */
async function rolledParty(seed: number) {
  const app = makeApp();
  await app.call('campaign.create', { name: `Party ${seed}` });
  await app.call('dice.setSeed', { seed });
  for (const name of NAMES) await app.call('lichslayer.roll', { name });
  const loot = (await app.call('tables.get', { key: 'loot' })).table.rows;
  const actionsOf = (name: string) => loot.find((r) => r.label === name)?.loot?.actions ?? [];
  const roster = (await app.call('campaign.current', {}))!.roster;
  return { app, roster, actionsOf };
}

describe('a rolled party can play (ch.1, ch.4, ch.13)', () => {
  it('over 20 seeds × 4 rolled Lichslayers, at least 75% hold loot the attack dialog lets them attack with, on Floor 1 (ch.1, ch.11, ch.13)', async () => {
    let armed = 0;
    let rolled = 0;
    let listed = 0;
    for (const seed of SEEDS) {
      const { app, roster, actionsOf } = await rolledParty(seed);
      await app.call('phase.send', { event: { type: 'DESCEND' } });
      const tokens = (await app.call('board.view', { floor: 1 })).tokens;
      for (const l of roster) {
        rolled++;
        const held = [l.items.loot1, l.items.loot2, l.items.loot3].map((i) => i!.name);
        if (held.some((n) => actionsOf(n).includes('attack'))) listed++;
        const token = tokens.find((t) => t.lichslayerId === l.id)!;
        // What the attack dialog offers: loot that allows the attack and whose damage dice can be read.
        const options = await app.call('fight.options', { attacker: token.id });
        if (options.weapons.some((w) => w.allowed)) armed++;
      }
      app.close();
    }
    // Every row the starting rolls reach that lists Attack also carries dice the engine can roll.
    expect(listed).toBe(66);
    expect(rolled).toBe(80);
    expect(armed).toBe(66);
    expect(armed / rolled).toBeGreaterThanOrEqual(0.75);
  });

  it('every rolled party pays its first day of meal and shelter at the Inn from its own gold (ch.4)', async () => {
    const paid: number[] = [];
    for (const seed of SEEDS) {
      const { app, roster } = await rolledParty(seed);
      expect(roster.map((l) => l.gold)).toEqual([324, 324, 324, 324]);
      for (const l of roster) {
        await app.call('town.buy', { id: l.id, what: 'both' });
      }
      const after = (await app.call('campaign.current', {}))!.roster;
      expect(after.map((l) => l.gold)).toEqual([216, 216, 216, 216]);
      paid.push(after.length);
      app.close();
    }
    expect(paid).toEqual(SEEDS.map(() => 4));
  });

  it('4.24, 4.26, 4.34: a Lichslayer made by hand begins at Power 6, Speed 6, Health 36 and Armor 6 (house rule startingStats), Whole, with 324 gold (house rule startingGold)', async () => {
    const app = makeApp();
    await app.call('campaign.create', { name: 'By hand' });
    const [ines] = (await app.call('lichslayer.create', { name: 'Ines' })).roster;
    expect(ines).toMatchObject({
      power: 6,
      speed: 6,
      health: 36,
      maxHealth: 36,
      armor: 6,
      maxArmor: 6,
      sanity: 'whole',
      gold: 324,
    });
    app.close();
  });

  it("4.01: the Smith's disposition is rolled when the campaign is created, in the ledger, and not again at the first day (ch.4)", async () => {
    const app = makeApp();
    const view = await app.call('campaign.create', { name: 'Smith at once' });
    expect(view.town.smith).toMatch(/^favoured \w+, \w+; distrusted \w+, \w+ \(rolled [\d, ]+\) \(ch\.4\)$/);
    const ledger = await app.call('ledger.list', {});
    expect(ledger.map((e) => e.cause)).toEqual(["The Smith's disposition (ch.4)"]);
    // The creation is not undone piecemeal: the disposition is part of it.
    expect(view.history.canUndo).toBe(null);
    const day = await app.call('town.nextDay', {});
    expect(day.lines.some((l) => l.text.startsWith("The Smith's disposition"))).toBe(false);
    expect((await app.call('campaign.current', {}))!.town.smith).toBe(view.town.smith);
    app.close();
  });

  it("a rolled Lichslayer's starting loot (a Scarlet Cleaver) keeps its row's tier, actions and text when the Judge renames that row (ch.1, ch.13)", async () => {
    const { app, roster } = await rolledParty(101);
    const held = roster[0]!.items.loot1!;
    const rows = (await app.call('tables.get', { key: 'loot' })).table.rows;
    const index = rows.findIndex((r) => r.label === held.name);
    const before = roster[0]!.lootText.slots.loot1!;
    // The editor sends the row without its id: the row keeps the one it has.
    const { id: _id, ...sent } = rows[index]!;
    await app.call('tables.setRow', { key: 'loot', index, row: { ...sent, label: 'Renamed by the Judge' } });
    const after = (await app.call('campaign.current', {}))!.roster[0]!;
    expect(held.name).toBe('Scarlet Cleaver');
    expect(before.row).toBe('Scarlet Cleaver');
    expect(after.items.loot1!.name).toBe('Scarlet Cleaver');
    expect(after.lootText.slots.loot1).toEqual({
      row: 'Renamed by the Judge',
      tier: 'common',
      itemType: 'weapon',
      actions: ['attack', 'equip'],
      details: 'Attack: 1d6 damage.',
    });
    app.close();
  });
});
