// Writes src-main/db/fixtures/campaign-v<LATEST>.lichslayer with known values; run once per released
// campaign format (node --import tsx scripts/make-fixture.ts) and commit the file.
import fs from 'node:fs';
import { makeApp, tempDir } from '../src-main/test-support/temp-app.ts';
import { LATEST_VERSION } from '../src-main/db/migrations.ts';
const app = makeApp(tempDir());
await app.ensureFirstLaunch();
const [demo] = await app.call('campaign.list', {});
const view = await app.call('campaign.open', { path: demo!.path });
const id = view.roster[0]!.id;
await app.call('lichslayer.update', { id, patch: { gold: 1337, notes: 'fixture v1' } });
await app.call('lichslayer.setInventory', { id, stacks: [{ name: 'Fixture Torch', count: 5 }] });
if (LATEST_VERSION >= 2) await app.call('houseRules.update', { patch: { chestSuccessOn: 5 } });
if (LATEST_VERSION >= 3) {
  await app.call('dice.setSeed', { seed: 31337 });
  const flora = (await app.call('tables.get', { key: 'flora' })).table;
  await app.call('tables.setRow', { key: 'flora', index: 0, row: { ...flora.rows[0]!, label: 'Fixture Bloom' } });
  await app.call('tables.roll', { key: 'loot', context: { floor: 3 } });
}
if (LATEST_VERSION >= 4) {
  await app.call('board.setRoom', {
    floor: 1,
    x: 2,
    y: 0,
    patch: { type: 'chamber', name: 'Fixture Hall', notes: 'fixture note' },
  });
  await app.call('board.enterFloor', { floor: 1 });
}
if (LATEST_VERSION >= 13) {
  // Loot's fates keep state of their own (ch.13): a gem channelled on the dive, a scroll inscribed on a spell.
  await app.call('lichslayer.setItem', { id, slot: 'loot2', item: { name: 'Sleet Geode', colour: 'Blue' } });
  await app.call('loot.fate', { fate: 'channel', id, from: { slot: 'loot2' } });
  await app.call('lichslayer.setItem', { id, slot: 'loot1', item: { name: 'Soot Scroll', colour: 'Black' } });
  const demon = (await app.call('tables.get', { key: 'spells-demon' })).table;
  const row = demon.rows.findIndex((r) => r.label === 'Cinder Lash');
  await app.call('loot.fate', {
    fate: 'inscribe',
    id,
    from: { slot: 'loot1' },
    target: { spell: { table: 'spells-demon', row } },
  });
}
app.close();
const out = `src-main/db/fixtures/campaign-v${LATEST_VERSION}.lichslayer`;
fs.copyFileSync(demo!.path, out);
console.log(out, fs.statSync(out).size);
