// Foundation in a real browser through the web host: the demo campaign, edits that persist
// across a reload and a host restart, and derived Magic (rulebook ch.4: 1 Magic per 600 gold).
import { expect, test, type Page } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

async function openDemo(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' }).click();
  await expect(page.getByRole('heading', { name: 'Demo: The Ashen Causeway' })).toBeVisible();
}

async function setField(page: Page, testid: string, value: string): Promise<void> {
  const input = page.getByTestId(testid);
  await input.fill(value);
  await input.press('Enter');
  await expect(page.getByText('All changes saved')).toBeVisible();
}

test('a Judge edits a Lichslayer and finds every change after a reload and a restart', async ({ page }) => {
  const dataDir = tempDataDir();
  host = await startHost(dataDir);
  await page.goto(host.url);
  await openDemo(page);
  await expect(page.getByRole('list', { name: 'Roster' }).getByRole('listitem')).toHaveCount(4);

  await page.getByRole('button', { name: "Open Odile Vantreck's Gauntlet" }).click();
  await setField(page, 'name', 'Odile the Unbowed');
  await setField(page, 'gold', '500');
  await expect(page.getByTestId('magic')).toHaveText('0');
  await setField(page, 'gold', '1300');
  await expect(page.getByTestId('magic')).toHaveText('2');
  await expect(page.getByTestId('gold-marks')).toHaveAttribute('aria-label', '13 X-marks');

  await page.reload();
  await expect(page.getByTestId('name')).toHaveValue('Odile the Unbowed');
  await expect(page.getByTestId('gold')).toHaveValue('1300');

  await host.stop();
  host = await startHost(dataDir);
  await page.goto(host.url);
  await openDemo(page);
  await page.getByRole('button', { name: "Open Odile the Unbowed's Gauntlet" }).click();
  await expect(page.getByTestId('gold')).toHaveValue('1300');
  await expect(page.getByTestId('magic')).toHaveText('2');
});

test('out-of-range values are refused with a message and nothing is saved', async ({ page }) => {
  host = await startHost(tempDataDir());
  await page.goto(host.url);
  await openDemo(page);
  await page.getByRole('button', { name: "Open Brother Quillam's Gauntlet" }).click();
  const gold = page.getByTestId('gold');
  await gold.fill('-40');
  await gold.press('Enter');
  await expect(page.getByRole('alert').first()).toContainText('Gold cannot be below 0');
  await page.getByTestId('name').fill('');
  await page.getByTestId('name').press('Enter');
  await expect(page.getByText('Name cannot be empty').first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('gold')).toHaveValue('260');
  await expect(page.getByTestId('name')).toHaveValue('Brother Quillam');
});

test('undo and redo from the keyboard', async ({ page }) => {
  host = await startHost(tempDataDir());
  await page.goto(host.url);
  await openDemo(page);
  await page.getByRole('button', { name: "Open Sable Hartigan's Gauntlet" }).click();
  await setField(page, 'level', '4');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('level')).toHaveValue('1');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('level')).toHaveValue('4');
});

test('campaign picker: create, duplicate and delete with confirmation', async ({ page }) => {
  host = await startHost(tempDataDir());
  await page.goto(host.url);
  await page.getByLabel('Name', { exact: true }).fill('Vault of Moths');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Vault of Moths' })).toBeVisible();
  await expect(page.getByText('No Lichslayers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Campaigns' }).click();
  await page.getByRole('button', { name: 'Duplicate' }).first().click();
  await page.getByLabel('Name of the copy').fill('Moths Again');
  await page.getByRole('button', { name: 'Make copy' }).click();
  await expect(page.getByText('Moths Again', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Moths Again' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete “Moths Again”?');
  await page.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(page.getByText('Moths Again', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Vault of Moths', { exact: true })).toBeVisible();
});
