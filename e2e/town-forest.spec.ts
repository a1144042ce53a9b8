// The Town and the Forest from the Judge's screen (ch.4, ch.5, ch.6, ch.17): into the Forest the
// day's d6 is rolled at entry and shown; a vein mined gives the Stone its d6 face names, stacked to
// its own maximum; the Smith's standing moves by Drift; a Banquet is refused with its reason below
// Stage 2. Screenshots at 1366×768 are kept for a look.
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test('the Forest: conditions at entry, a vein of Emeralds stacked by three, the region grays; the Smith drifts; a Banquet needs Stage 2', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 21);
  const services = page.getByRole('region', { name: 'Town services' });
  const forest = services.getByRole('article', { name: 'The Forest' });
  await expect(forest).toContainText('No one is in the Forest');

  await forest.getByRole('button', { name: 'Into the Forest' }).click();
  // ch.5: the d6 is rolled at entry and lasts the day
  await expect(forest.getByRole('list', { name: "Today's Forest conditions" })).toContainText(
    'Odile Vantreck: 5 = 5 on d6 (ch.5): Great Being abroad',
  );
  await expect(forest.getByTestId('phenomena')).toContainText('Phenomena: 6 on d6: Golden hour');

  // seed 4: the vein's count die shows 5 and its Stone die 4 — Emerald, which stacks by three (ch.17, ch.4)
  await api(request, host, 'dice.setSeed', { seed: 4 });
  await forest.getByRole('button', { name: 'Mine the vein' }).click();
  await expect(page.getByRole('region', { name: 'Notices' })).toContainText('5 Emerald (Green)');
  const odile = (
    await api<{ roster: { name: string; inventory: { name: string; count: number }[] }[] }>(
      request,
      host,
      'campaign.current',
    )
  ).roster.find((l) => l.name === 'Odile Vantreck')!;
  expect(odile.inventory.filter((s) => s.name === 'Emerald')).toEqual([
    { name: 'Emerald', count: 3 },
    { name: 'Emerald', count: 2 },
  ]);
  await expect(forest).toContainText('this region is gray');
  await expect(forest.getByRole('button', { name: 'Mine the vein' })).toBeDisabled();

  const smith = services.getByRole('article', { name: 'The Smith' });
  await smith.getByRole('button', { name: "Roll the Smith's disposition" }).click();
  const prices = smith.getByRole('table', { name: "The Smith's prices by colour" });
  // this seed's roll distrusts Black: 36 gold + 30 % = 47 (ch.4); one Drift toward favour makes it neutral
  await expect(prices.getByRole('row', { name: /^Black/ })).toContainText(/Black\s*distrusted\s*47\s*47/);
  await smith.getByRole('button', { name: 'Drift Black toward favour' }).click();
  await expect(prices.getByRole('row', { name: /^Black/ })).toContainText(/Black\s*neutral\s*36\s*36/);

  const banquet = services.getByRole('article', { name: 'Banquet and residents' });
  await expect(banquet.getByRole('button', { name: /Sponsor a Banquet \(500 gold\)/ })).toBeDisabled();
  await expect(banquet).toContainText(
    "A Banquet brings the Lich's Attention down only from Stage 2, and it stands at Stage 0 (ch.5)",
  );

  await services.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('town-services.png'), fullPage: false });
  await forest.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('town-forest.png'), fullPage: false });
});

test('the House rules view shows this round’s settings with their choices, and a change is saved (ch.4, ch.5, ch.17)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 5);
  await page.getByRole('button', { name: 'House rules' }).click();
  const vein = page.locator('[data-rule="veinStones"]');
  await expect(vein).toContainText('A vein yields 1d6 Stones on a d6 Stone table');
  await vein.getByLabel('Stones of a vein').selectOption('each-stone');
  await expect
    .poll(
      async () =>
        (await api<{ houseRules: { veinStones: string } }>(request, host, 'campaign.current')).houseRules.veinStones,
    )
    .toBe('each-stone');
  await expect(vein).toContainText('changed from default');
  const negative = page.locator('[data-rule="innNegativeUpTo"]');
  await negative.getByLabel('Negative Inn events end at').fill('6');
  await negative.getByLabel('Negative Inn events end at').blur();
  await expect
    .poll(
      async () =>
        (await api<{ houseRules: { innNegativeUpTo: number } }>(request, host, 'campaign.current')).houseRules
          .innNegativeUpTo,
    )
    .toBe(6);
  // the second change leaves the first as it was
  expect(
    (await api<{ houseRules: { veinStones: string } }>(request, host, 'campaign.current')).houseRules.veinStones,
  ).toBe('each-stone');
  await expect(vein.getByLabel('Stones of a vein')).toHaveValue('each-stone');
  await vein.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('house-rules.png'), fullPage: false });
});

test('ch.4, ch.11: a broken item in the inventory is repaired from the Town screen for a quarter of its sell value at the Smith’s price', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await page.setViewportSize({ width: 1366, height: 768 });
  await openSeededDemo(page, request, host, 21);
  const odile = async () =>
    (
      await api<{ roster: { name: string; gold: number; inventory: { name: string; broken?: boolean }[] }[] }>(
        request,
        host,
        'campaign.current',
      )
    ).roster.find((l) => l.name === 'Odile Vantreck')!;
  const id = (await api<{ roster: { id: number; name: string }[] }>(request, host, 'campaign.current')).roster.find(
    (l) => l.name === 'Odile Vantreck',
  )!.id;
  await api(request, host, 'fight.integrity', { lichslayerId: id, slot: 'gear', result: 'breaks' });
  await api(request, host, 'smith.roll', {});
  await page.reload();
  const smith = page.getByRole('region', { name: 'Town services' }).getByRole('article', { name: 'The Smith' });
  await expect(smith.getByLabel('Broken item to repair')).toHaveValue(/\d+/);
  await expect(smith.getByLabel('Broken item to repair').locator('option:checked')).toHaveText('Cinder Maul');
  const before = (await odile()).gold;
  await smith.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('smith-repair-item.png') });
  await smith.getByRole('button', { name: 'Repair item' }).click();
  // a quarter of its 100 sell value (ch.4), +30 % for Red, which seed 21's Smith distrusts: 33
  await expect.poll(async () => before - (await odile()).gold).toBe(33);
  expect((await odile()).inventory.find((s) => s.name === 'Cinder Maul')!.broken).toBe(false);
  await expect(smith).toContainText('Odile Vantreck carries no broken item.');
});
