// The Inn's event of the day on the Town screen (ch.4, ch.5): "Next day" rolls the event of the day
// that begins, the panel names it and prices the day's meal and shelter by it, and the Tables
// editor shows the event row's prices for a homebrewer to change. Screenshots at 1366×768.
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { openSeededDemo } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test('Feast night, rolled as day 2 begins, shows on the Town screen and halves the meal Odile buys; its row holds the prices, and the Brawl, Light fingers and Bad news rows hold what befalls the patrons', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  // seed 4: day 2's Inn d12 shows 11, Feast night
  await openSeededDemo(page, request, host, 4);
  const town = page.getByRole('region', { name: 'The Town' });
  const today = town.getByLabel('Today at the Inn');
  await expect(today).toContainText("No Inn event yet: the Inn's d12 is rolled as each new day begins (ch.5).");
  await expect(town.getByRole('button', { name: 'Meal 36 gold for Odile Vantreck' })).toBeVisible();

  await town.getByRole('button', { name: 'Next day' }).click();
  await expect(town.getByRole('heading', { name: 'The Town · Day 2' })).toBeVisible();
  await expect(today).toContainText('Today at the Inn: Feast night — Meals cost half today and count as two days fed.');
  await expect(today).toContainText('(Feast night today: a meal 18 gold, a meal feeds 2 days)');
  await page.screenshot({ path: test.info().outputPath('inn-feast-night.png'), fullPage: false });

  const odile = town.getByRole('row').filter({ hasText: 'Odile Vantreck' });
  const goldBefore = Number((await odile.locator('.meta').first().textContent())!.replace(/\D/g, ''));
  await town.getByRole('button', { name: 'Meal 18 gold for Odile Vantreck' }).click();
  await expect(odile.locator('.meta').first()).toHaveText(`${goldBefore - 18} gold`);
  await expect(odile).toContainText('fed, no shelter');

  await page.getByRole('button', { name: 'Tables', exact: true }).click();
  await page.goto(host.url + '#/tables/inn-events');
  // The demo's Inn table is the app's starter table as shipped: nothing to reset.
  await expect(page.getByRole('button', { name: 'Reset to starter', exact: true })).toBeDisabled();
  // Spoiled stew (row 2) feeds no one; the fiddler (row 9) gives a Sanity level more on rest.
  await page.getByRole('button', { name: 'More of row 2' }).click();
  await expect(page.getByLabel('Row 2 meals feed')).not.toBeChecked();
  await expect(page.getByLabel('Row 2 rest restores sanity')).toBeChecked();
  await expect(page.getByLabel('Row 2 meal price percent')).toHaveValue('50');
  await page.getByRole('button', { name: 'More of row 9' }).click();
  await page.getByLabel('Row 9 Sanity levels more on rest').scrollIntoViewIfNeeded();
  await expect(page.getByLabel('Row 9 Sanity levels more on rest')).toHaveValue('1');
  await page.screenshot({ path: test.info().outputPath('inn-fiddler-row.png'), fullPage: false });
  // the tenth row is Feast night, on 11
  await page.getByRole('button', { name: 'More of row 10' }).click();
  await page.getByLabel('Row 10 days one meal feeds').scrollIntoViewIfNeeded();
  await expect(page.getByLabel('Row 10 meal price percent')).toHaveValue('50');
  await expect(page.getByLabel('Row 10 days one meal feeds')).toHaveValue('2');
  await page.screenshot({ path: test.info().outputPath('inn-event-row.png'), fullPage: false });
  // What befalls the patrons: the Brawl's damages (row 1), the cutpurse's d6 (row 7), Bad news's omen (row 8).
  await page.getByRole('searchbox', { name: 'Filter rows' }).fill('Brawl');
  await page.getByRole('button', { name: 'More of row 1', exact: true }).click();
  await expect(page.getByLabel('Row 1 damages each patron pays')).toHaveValue('12');
  await page.getByRole('searchbox', { name: 'Filter rows' }).fill('Light fingers');
  await page.getByRole('button', { name: 'More of row 7', exact: true }).click();
  await expect(page.getByLabel('Row 7 cutpurse d6')).toHaveValue('1');
  await page.getByRole('searchbox', { name: 'Filter rows' }).fill('Bad news');
  await page.getByRole('button', { name: 'More of row 8', exact: true }).click();
  await page.getByLabel('Row 8 next Challenge in the Tombs').scrollIntoViewIfNeeded();
  await expect(page.getByLabel('Row 8 next Challenge in the Tombs')).toHaveValue('-1');
  await page.screenshot({ path: test.info().outputPath('inn-patron-rows.png'), fullPage: false });
});
