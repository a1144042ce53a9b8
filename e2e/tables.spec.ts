// Tables in the browser: paste import with preview, a roll with its ledger line (ch.10 shapes
// the room tables; ch.13 the Loot Table), and loot-row edits with undo/redo across a restart.
import { expect, test, type Page } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

async function openDemo(page: Page): Promise<void> {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' }).click();
  await expect(page.getByRole('heading', { name: 'Demo: The Ashen Causeway' })).toBeVisible();
}

test('paste a Markdown d6 table, see the preview, save, roll it, see the ledger line', async ({ page }) => {
  host = await startHost(tempDataDir());
  await openDemo(page);
  await page.getByRole('button', { name: 'Tables', exact: true }).click();
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Table text')
    .fill(
      '| d6 | Omen | Effect |\n|---|---|---|\n| 1-2 | Crows | They watch |\n| 3–4 | Smoke | Eyes sting |\n| 5 | Bells | Far below |\n| 5-6 | Silence | Too quiet |',
    );
  await expect(dialog.getByLabel('Problems')).toContainText('Line 6: row 4 (“Silence”) overlaps row 3 (“Bells”) on 5');
  await expect(dialog.getByRole('button', { name: 'Save table' })).toBeDisabled();
  await dialog
    .getByLabel('Table text')
    .fill(
      '| d6 | Omen | Effect |\n|---|---|---|\n| 1-2 | Crows | They watch |\n| 3–4 | Smoke | Eyes sting |\n| 5-6 | Silence | Too quiet |',
    );
  await dialog.getByLabel('Name').fill('Omens');
  await expect(dialog.getByText('No problems found.')).toBeVisible();
  await expect(dialog.locator('.preview-table tbody tr')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Save table' }).click();
  await expect(page.getByLabel('Table name')).toHaveValue('Omens');

  await page.getByRole('button', { name: 'Roll', exact: true }).click();
  const line = page.getByTestId('ledger-line');
  await expect(line).toHaveText(/^\d = \d on d6 → (Crows|Smoke|Silence) \(Omens\)$/);
  const explain = await line.textContent();
  await page.getByRole('button', { name: 'Ledger', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Rolls' }).locator('li').first()).toContainText(explain!);
  await page.getByRole('button', { name: 'Verify replay' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Replayed' })).toContainText('every face came out the same');
});

test('a Markdown table pasted under its title line takes that title as its name, and saves as one table under it', async ({
  page,
}) => {
  host = await startHost(tempDataDir());
  await openDemo(page);
  await page.getByRole('button', { name: 'Tables', exact: true }).click();
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Table text')
    .fill(
      'Random Weather\n\n| d4 | Weather |\n|----|---------|\n| 1 | Ash rain |\n| 2 | Still air |\n| 3 | Cold wind |\n| 4 | Red sky |\n',
    );
  const preview = dialog.getByLabel('Preview');
  await expect(preview.getByRole('region', { name: 'Table Random Weather', exact: true })).toBeVisible();
  await expect(preview.getByRole('region')).toHaveCount(1);
  await expect(preview).not.toContainText('Imported table');
  await expect(dialog.getByText('No problems found.')).toBeVisible();
  await expect(dialog.locator('.preview-table tbody tr')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Save table' }).click();
  await expect(page.getByLabel('Table name')).toHaveValue('Random Weather');
  await expect(page.locator('.table-link', { hasText: 'Random Weather' })).toHaveCount(1);
});

test('edit a loot row, undo, redo, restart: the state is as left', async ({ page }) => {
  const dataDir = tempDataDir();
  host = await startHost(dataDir);
  await openDemo(page);
  await page.goto(host.url + '#/tables/loot');
  const label = page.getByLabel('Row 3 result');
  const original = await label.inputValue();
  await label.fill('Gravedigger’s Lucky Spade');
  await label.press('Enter');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByLabel('Row 3 colour').selectOption('Green');
  await expect(page.getByRole('button', { name: '↶ Undo' })).toHaveAttribute('title', /row 3/);

  // Leave the field (as a click elsewhere does), so Ctrl+Z undoes the Judge's action, not the field's text.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+z');
  await expect(page.getByLabel('Row 3 colour')).not.toHaveValue('Green');
  await page.keyboard.press('Control+z');
  await expect(label).toHaveValue(original);
  await page.keyboard.press('Control+Shift+z');
  await expect(label).toHaveValue('Gravedigger’s Lucky Spade');

  await host.stop();
  host = await startHost(dataDir);
  await openDemo(page);
  await page.goto(host.url + '#/tables/loot');
  await expect(page.getByLabel('Row 3 result')).toHaveValue('Gravedigger’s Lucky Spade');
  await expect(page.getByLabel('Row 3 colour')).not.toHaveValue('Green');
  await page.getByRole('button', { name: '↷ Redo' }).click();
  await expect(page.getByLabel('Row 3 colour')).toHaveValue('Green');
});

test('the loot table filters by tier and colour, and recolours in bulk', async ({ page }) => {
  host = await startHost(tempDataDir());
  await openDemo(page);
  await page.goto(host.url + '#/tables/loot');
  await page.getByLabel('Filter by tier').selectOption('rare');
  await expect(page.getByText('21 of 121 rows')).toBeVisible();
  await page.getByLabel('Filter by colour').selectOption('Green');
  const count = Number((await page.getByText(/of 121 rows/).textContent())!.split(' ')[0]);
  expect(count).toBeGreaterThan(0);
  await page.getByLabel('Filter by colour').selectOption('');
  await page.getByLabel('Select row 101').check();
  await page.getByLabel('Select row 102').check();
  await page.getByLabel('New colour').selectOption('Orange');
  await page.getByRole('button', { name: 'Recolour' }).click();
  await expect(page.getByLabel('Row 101 colour')).toHaveValue('Orange');
  await expect(page.getByLabel('Row 102 colour')).toHaveValue('Orange');
});
