// The Odds lab in the browser: each row's exact chance beside the table editor, changing while a
// range is typed (ch.1 shapes the loot roll), and a Lichslayer's Challenge odds on the Gauntlet
// (ch.1 level d6, ch.8 the looting Challenge at Edge), with CSV and PNG export.
import fs from 'node:fs';
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

test('the loot table shows each row’s exact chance, and an unsaved range edit beside the saved odds', async ({
  page,
}) => {
  host = await startHost(tempDataDir());
  await openDemo(page);
  await page.getByRole('button', { name: 'Tables', exact: true }).click();
  await page.locator('.table-link').filter({ hasText: 'Tomb Loot Table' }).click();
  const summary = page.getByTestId('odds-summary');
  await expect(summary).toContainText(
    '100 rows of 121 can come up; likeliest 1 “Scarlet Cleaver” at 1.00% (tied with 99 more)',
  );

  // Floor 1 takes 40 off the d100 (ch.1): the first entry takes every roll up to 41.
  await page.getByLabel('Odds: floor').selectOption('1');
  await expect(summary).toContainText('60 rows of 121 can come up; likeliest 1 “Scarlet Cleaver” at 41.00%');
  await page.getByLabel('Odds: floor').selectOption('');
  await expect(summary).toContainText('100 rows of 121 can come up');

  // The chart's numbers and picture, exported.
  const panel = page.getByRole('region', { name: 'Exact odds' });
  const [csv] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'CSV' }).click()]);
  const lines = fs
    .readFileSync(await csv.path(), 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('d100,Chance');
  expect(lines).toHaveLength(122);
  expect(lines[121]).toBe('121,0');
  const [png] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'PNG' }).click()]);
  expect(
    fs
      .readFileSync(await png.path())
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');

  // Typing a range (not yet saved): the edit's odds over the saved ones, row by row.
  const key = page.getByLabel('Row 1 roll');
  await key.click();
  await key.fill('1-20');
  const changes = page.getByRole('list', { name: 'Rows whose chance the unsaved edit changes' });
  await expect(changes).toContainText('Scarlet Cleaver: 1.00% → 20.00%');
  await expect(changes).toContainText('Bleached Ink: 1.00% → 0.00%');
  const table = page.getByRole('table', { name: 'Tomb Loot Table: chance of each row as a table' });
  await expect(table.getByRole('row', { name: /^1-20/ })).toContainText('20.0%');
  await expect(table.getByRole('row', { name: /^1-20/ })).toContainText('1.0%');

  // Leaving the field saves it; the overlay goes, the saved odds are the edit's.
  await key.press('Tab');
  await expect(changes).toHaveCount(0);
  await expect(summary).toContainText('81 rows of 121 can come up; likeliest 1-20 “Scarlet Cleaver” at 20.00%');
  await page.keyboard.press('Control+z');
  await expect(summary).toContainText('100 rows of 121 can come up');
});

test('a Lichslayer’s Challenge odds on the Gauntlet: the heat map, their level marked, Edge looting named, CSV and PNG', async ({
  page,
}) => {
  host = await startHost(tempDataDir());
  await openDemo(page);
  await page.getByRole('button', { name: "Open Odile Vantreck's Gauntlet" }).click();
  const name = 'Odile Vantreck';
  await page.getByRole('radio', { name: 'Edge' }).click();
  const named = page.getByRole('list', { name: 'Named Challenges' });
  // Level 2, two exploding d6 − 2 against 12: 13% (exact: 1 − P(sum ≤ 13) less the all-1s roll).
  await expect(named).toContainText(`Edge looting (an off-round) (12): 13% for ${name}`);
  const grid = page.getByRole('table', { name: `Challenge odds for ${name}: chance by level and target` });
  await expect(grid.locator('tr[aria-current="true"] th')).toHaveText('2 ◂');
  await expect(grid.locator('tr[aria-current="true"] td').nth(2)).toHaveText('13%');

  // A Judge's +4 moves every figure as the roll would move the total.
  await page.getByLabel("Challenge odds: Judge's modifier").fill('4');
  await expect(grid.locator('tr[aria-current="true"] td').nth(2)).toHaveText('31%');

  // Any target at all: Predict against a level-12 enemy needs 36 (level × 3).
  await page.getByLabel('Challenge odds: any target').fill('36');
  await expect(page.getByTestId('challenge-single')).toContainText(`${name}: 0.1% (2d6! +2 vs 36; all 1s 2.78%)`);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.heat').getByRole('button', { name: 'CSV' }).click(),
  ]);
  const text = fs.readFileSync(await csv.path(), 'utf8');
  expect(text.split('\n')[0]).toBe(
    'level,target 6,target 9,target 12,target 15,target 18,target 21,target 24,target 27,target 30',
  );
  expect(text.split('\n')).toHaveLength(12);
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.heat').getByRole('button', { name: 'PNG' }).click(),
  ]);
  expect(
    fs
      .readFileSync(await png.path())
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
});

test('the Odds lab runs 1,000 dives of the party on both workers: progress, wall time and cores, survival per floor on a chart, a house-rule variant beside it, and a stop', async ({
  page,
}) => {
  test.setTimeout(600_000);
  host = await startHost(tempDataDir());
  await page.setViewportSize({ width: 1366, height: 768 });
  await openDemo(page);
  await page.getByRole('button', { name: 'Odds', exact: true }).click();
  const sim = page.getByRole('region', { name: 'Dive simulator' });
  await expect(sim).toContainText('No run yet');
  await sim.getByLabel('Seed').fill('7');
  await sim.getByLabel('Compare with a house-rule variant').check();
  await sim.getByLabel('House rule').selectOption({ label: 'Whom an enemy strikes' });
  await sim.getByLabel('Set to').selectOption({ label: 'The richest in reach (most gold)' });
  await sim.getByLabel('Dives').fill('1000');
  await sim.getByRole('button', { name: 'Run 1,000 dives' }).click();
  // Generous: the machine may be busy; the run reports its progress until it is done.
  await expect(sim.getByRole('status').first()).toContainText('1,000 of 1,000 dives, done (seed 7)', {
    timeout: 540_000,
  });
  await expect(sim.getByRole('status').nth(1)).toContainText('1,000 of 1,000 dives, done (seed 7)', {
    timeout: 540_000,
  });
  await expect(sim.getByRole('status').first()).toContainText(/\(seed 7\)[\d.]+ s on 2 workers, \d\.\d cores busy/);
  await expect(sim).toContainText('1,000 dives of 4');
  const survival = sim.getByRole('table', { name: 'Survival per floor as a table' });
  await expect(survival.locator('tr')).toHaveCount(11);
  await expect(survival.locator('tr').first()).toContainText("Today's rules");
  await expect(survival.locator('tr').first()).toContainText('Whom an enemy strikes: The richest in reach (most gold)');
  // Every dive enters Floor 1: the chart's first point is 100%.
  const floorOne = sim.getByRole('table', { name: 'Floors reached as a table' }).locator('tr').nth(1);
  await expect(floorOne.locator('th')).toHaveText('Floor 1');
  await expect(floorOne.locator('td').first()).toHaveText('100.0%');
  await page.screenshot({ path: test.info().outputPath('odds-lab-simulator.png'), fullPage: true });

  // A long run is stopped, and says how far it got.
  await sim.getByLabel('Compare with a house-rule variant').uncheck();
  await sim.getByLabel('Dives').fill('100000');
  await sim.getByRole('button', { name: 'Run 100,000 dives' }).click();
  await expect(sim.getByRole('button', { name: 'Stop' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(sim.getByRole('status').first()).toContainText(/of 100,000 dives, stopped/);
});

test('the Challenge dialog shows the roller’s exact chances at every level and target', async ({ page }) => {
  host = await startHost(tempDataDir());
  await page.setViewportSize({ width: 1366, height: 768 });
  await openDemo(page);
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await page.getByRole('button', { name: 'Challenge…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Challenge/ });
  await dialog.getByLabel('Who rolls').selectOption({ label: 'Odile Vantreck' });
  await dialog.getByText('Chances of Odile Vantreck').click();
  await expect(dialog.getByTestId('challenge-single')).toContainText(
    'Odile Vantreck: 21.3% (2d6! vs 12; all 1s 2.78%)',
  );
  await expect(dialog.getByRole('table', { name: /chance by level and target/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('challenge-dialog-odds.png') });
});
