// Colour synchronicity's defences from the Judge's screens at 1366×768 (rulebook ch.14): damage by
// hand marked the Unbound's is halved for a Full Spectrum Lichslayer, and an entity's table row
// carries the mark that makes it the Unbound's own.
import { expect, test } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, fightABoneRat, openSeededDemo, roomPoint, rosterMember } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const SHOTS = process.env.SYNC_SHOTS ?? 'test-results/shots/synchronicity-shots';

test("the Damage dialog's Unbound mark halves what strikes a Full Spectrum Lichslayer: 9 → 4; an entity's table row carries the mark (ch.14)", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  host = await startHost(tempDataDir());
  await page.setViewportSize({ width: 1366, height: 768 });
  await openSeededDemo(page, request, host, 8);
  const sable = await rosterMember(request, host, 'Sable Hartigan');
  for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'])
    await api(request, host, 'lichslayer.setItem', { id: sable.id, slot, item: null });
  for (const [slot, name, colour] of [
    ['gear', 'Red Knife', 'Red'],
    ['garment', 'Green Cloak', 'Green'],
    ['accessory', 'Orange Ring', 'Orange'],
  ])
    await api(request, host, 'lichslayer.setItem', { id: sable.id, slot, item: { name, colour } });
  await fightABoneRat(page, request, host, { room: 'Quiet Vault', level: 1 });

  await page
    .getByRole('region', { name: 'Selected room' })
    .getByRole('button', { name: /Sable Hartigan/ })
    .click();
  const panel = page.getByRole('region', { name: 'Acting entrant' });
  await panel.getByRole('button', { name: 'Damage Sable Hartigan…' }).click();
  const damage = page.getByRole('dialog', { name: 'Damage to Sable Hartigan' });
  await damage.getByLabel('Amount').fill('9');
  await damage.getByLabel('From').fill('Blaze');
  await damage.getByLabel('Colour').selectOption('Blue');
  await damage.getByLabel('Bypasses Armor').check();
  await damage.getByLabel("The Unbound's (Full Spectrum resists it)").check();
  await page.screenshot({ path: `${SHOTS}/1-damage-unbound.png` });
  await damage.getByRole('button', { name: 'Apply one instance' }).click();
  await expect(damage.getByRole('list', { name: 'What happened' })).toContainText(
    "4 to Sable Hartigan's Health (bypasses Armor; ½ defender's Full Spectrum resists the Unbound (ch.14, house rule): 9 → 4): 24 → 20 (ch.11)",
  );
  await page.screenshot({ path: `${SHOTS}/2-damage-result.png` });
  await damage.getByRole('button', { name: 'Done' }).click();

  await page.goto(host.url + '#/tables/entities-upper');
  await page.getByRole('button', { name: 'More of row 1', exact: true }).click();
  const mark = page.getByLabel("The Unbound's own (Full Spectrum resists it)");
  await mark.check();
  await page.screenshot({ path: `${SHOTS}/3-entity-row-unbound.png` });
  await expect
    .poll(
      async () =>
        (
          await api<{ table: { rows: { entity?: { unbound: boolean } }[] } }>(request, host, 'tables.get', {
            key: 'entities-upper',
          })
        ).table.rows[0]!.entity!.unbound,
    )
    .toBe(true);
});

test("an entity added by hand can be marked the Unbound's own, and the Judge's token card says so (ch.14)", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  host = await startHost(tempDataDir());
  await page.setViewportSize({ width: 1366, height: 768 });
  await openSeededDemo(page, request, host, 8);
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  const at = await roomPoint(page, 4, 4);
  await page.mouse.click(at.x, at.y);
  await page.getByText('Add a token here').click();
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Add', exact: true }) });
  await form.getByLabel('Name').fill('Blue Herald');
  await form.getByLabel('Colour').selectOption('Blue');
  await form.getByLabel("The Unbound's own (Full Spectrum resists it)").check();
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  // The form's add is sent without waiting, so poll the board until it has landed.
  await expect
    .poll(async () =>
      (await api<BoardView>(request, host, 'board.view', { floor: 1 })).tokens.find((t) => t.name === 'Blue Herald'),
    )
    .toMatchObject({ stats: { unbound: true }, x: 4, y: 4 });
  await page
    .getByRole('region', { name: 'Selected room' })
    .getByRole('button', { name: /Blue Herald/ })
    .click();
  await expect(page.getByRole('region', { name: 'Selected room' })).toContainText("the Unbound's own");
  await page.screenshot({ path: `${SHOTS}/4-added-unbound.png` });
});
