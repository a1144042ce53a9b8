// Format 7: each table row has its own id, and an item keeps the loot row it came from (ch.13). A
// format-6 campaign's rows get ids in their order and its held items are tied to the row their
// name finds; renaming the row afterwards keeps the item's tier, actions and text.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'campaign-v6.lichslayer');

/** The format-6 fixture with Odile holding a starter loot row's item and carrying another. */
function v6WithLoot(dataDir: string): string {
  const file = path.join(dataDir, 'campaigns', 'v6.lichslayer');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(FIXTURE, file);
  const db = new Database(file);
  db.prepare(
    `INSERT INTO item (lichslayer_id, slot, name, colour, broken, notes) VALUES (1, 'loot3', 'Rust Cowl', 'Red', 0, '')`,
  ).run();
  db.prepare(
    `INSERT INTO inventory (lichslayer_id, position, name, count, colour, broken, notes) VALUES (1, 1, 'bleached ink', 2, NULL, 0, '')`,
  ).run();
  db.close();
  return file;
}

describe('format 7: items keep their loot row (ch.13)', () => {
  it('a format-6 campaign’s rows get ids in their order, and items held or carried are tied to the row their name finds', async () => {
    const dataDir = tempDir();
    const file = v6WithLoot(dataDir);
    const app = makeApp(dataDir);
    await app.call('campaign.open', { path: file });
    const loot = (await app.call('tables.get', { key: 'loot' })).table.rows;
    expect(loot.slice(0, 3).map((r) => [r.id, r.label])).toEqual([
      [1, 'Cinder Compass'],
      [2, 'Bleached Ink'],
      [3, 'Rust Cowl'],
    ]);
    app.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT name, loot_ref FROM item WHERE lichslayer_id = 1 ORDER BY slot`).all()).toEqual([
      { name: 'Knucklebone Ring', loot_ref: null },
      { name: 'Tar-stitched Coat', loot_ref: null },
      { name: 'Cinder Maul', loot_ref: null },
      { name: 'Ember Flask', loot_ref: null },
      { name: 'Chalk of Wards', loot_ref: null },
      { name: 'Rust Cowl', loot_ref: 'loot#3' },
    ]);
    expect(db.prepare(`SELECT name, loot_ref FROM inventory WHERE lichslayer_id = 1 ORDER BY position`).all()).toEqual([
      { name: 'Fixture Torch', loot_ref: null },
      { name: 'bleached ink', loot_ref: 'loot#2' },
    ]);
    db.close();
  });

  it('renaming the loot row keeps the item’s tier, actions and effect text on the Gauntlet and the printed sheet (ch.13)', async () => {
    const dataDir = tempDir();
    const file = v6WithLoot(dataDir);
    const app = makeApp(dataDir);
    await app.call('campaign.open', { path: file });
    const row = (await app.call('tables.get', { key: 'loot' })).table.rows[2]!;
    // The editor sends the row without its id: the row keeps the one it has.
    const { id: _id, ...sent } = row;
    await app.call('tables.setRow', { key: 'loot', index: 2, row: { ...sent, label: 'Rust Hood' } });
    expect((await app.call('tables.get', { key: 'loot' })).table.rows[2]).toMatchObject({ id: 3, label: 'Rust Hood' });
    const odile = (await app.call('campaign.current', {}))!.roster.find((l) => l.id === 1)!;
    expect(odile.items.loot3?.name).toBe('Rust Cowl');
    expect(odile.lootText.slots.loot3).toEqual({
      row: 'Rust Hood',
      tier: 'common',
      itemType: 'garment',
      actions: ['equip', 'block'],
      details: 'While worn: +1 Armor. Block once a round.',
    });
    expect(odile.lootText.inventory).toEqual([
      null,
      {
        row: 'Bleached Ink',
        tier: 'common',
        itemType: 'component',
        actions: ['consume'],
        details: "Component for any school's spells (×2).",
      },
    ]);
    const [sheet] = await app.call('print.gauntlets', { ids: [1] });
    expect(sheet!.items.find((i) => i.name === 'Rust Cowl')).toMatchObject({
      tier: 'common',
      actions: ['equip', 'block'],
      effect: 'While worn: +1 Armor. Block once a round.',
    });
    // Put away and held again, it is still tied to the renamed row.
    await app.call('loot.fate', { id: 1, slot: 'loot3', fate: 'unequip' });
    const carried = (await app.call('campaign.current', {}))!.roster.find((l) => l.id === 1)!;
    expect(carried.inventory.map((s) => s.name)).toEqual(['Fixture Torch', 'bleached ink', 'Rust Cowl']);
    expect(carried.lootText.inventory[2]).toMatchObject({ row: 'Rust Hood', tier: 'common' });
    app.close();
  });
});
