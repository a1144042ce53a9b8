// House rules (RULINGS.md) in the browser: a changed setting persists and drives new Lichslayers (ch.4).
import { expect, test, type Page } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

/** A fresh host at 1366x768, the demo opened, its House rules view shown. */
async function openHouseRules(page: Page): Promise<void> {
  host = await startHost(tempDataDir());
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' }).click();
  await expect(page.getByRole('heading', { name: 'Demo: The Ashen Causeway' })).toBeVisible();
  await page.getByRole('button', { name: 'House rules' }).click();
}

test('a Judge changes the starting Health house rule; a new Lichslayer starts with it, after a reload too', async ({
  page,
}) => {
  host = await startHost(tempDataDir());
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' }).click();
  await expect(page.getByRole('heading', { name: 'Demo: The Ashen Causeway' })).toBeVisible();
  await page.getByRole('button', { name: 'House rules' }).click();
  const health = page.locator('[data-rule="startingStats"] label', { hasText: 'health' }).locator('input');
  await health.fill('42');
  await health.press('Enter');
  await expect(page.locator('[data-rule="startingStats"]')).toContainText('changed from default');
  await page.reload();
  await expect(health).toHaveValue('42');

  const chest = page.getByLabel('Chest holds loot on');
  await chest.fill('9');
  await chest.press('Enter');
  await expect(page.getByRole('alert').first()).toContainText('chestSuccessOn');
  await page.reload();
  await expect(chest).toHaveValue('4');

  await page.getByRole('button', { name: 'Demo: The Ashen Causeway' }).click();
  await page.getByLabel('New Lichslayer').fill('Newcomer');
  await page.getByRole('button', { name: 'Add Lichslayer' }).click();
  await page.getByRole('button', { name: "Open Newcomer's Gauntlet" }).click();
  await expect(page.getByTestId('max-health')).toHaveValue('42');
});

test('ch.5: the Stage 4 Sanity shift is a named house rule with its default of 6, editable like the others', async ({
  page,
}) => {
  await openHouseRules(page);
  const shift = page.getByLabel('Stage 4 Sanity shift');
  await expect(shift).toHaveValue('6');
  await shift.fill('4');
  await shift.press('Enter');
  await expect(page.locator('[data-rule="stageFourSanityShift"]')).toContainText('changed from default');
  await page.locator('[data-rule="stageFourSanityShift"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('stage-four-sanity-shift.png') });
  await page.reload();
  await expect(shift).toHaveValue('4');
});

test('ch.5: Stage 1’s negative Inn event before the day’s roll is a named house rule, off by default, the Judge can turn it on', async ({
  page,
}) => {
  await openHouseRules(page);
  const rule = page.locator('[data-rule="stageOneNegativeFirst"]');
  await expect(rule).toContainText('“triggered first”');
  await expect(rule).toContainText('Stage 1: a negative Inn event before the day’s roll');
  const toggle = rule.getByRole('checkbox');
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(rule).toContainText('changed from default');
  await rule.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('stage-one-negative-first.png') });
  await page.reload();
  await expect(toggle).toBeChecked();
});

test('ch.1, ch.4: Starting gold is a named house rule with its default of 324, three days at the Inn, and says what it fills', async ({
  page,
}) => {
  await openHouseRules(page);
  await expect(page.getByLabel('Starting gold')).toHaveValue('324');
  await expect(page.locator('[data-rule="startingGold"]')).toContainText('enough for three such days');
});
