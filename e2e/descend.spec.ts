// Descending is played on the board: pressed from the Roster, the Judge lands on Floor 1's board.
import { expect, test } from '@playwright/test';
import type { RunningHost } from './web-host.ts';
import { demoOnAFreshHost } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test('Descend from the Roster shows the board at Floor 1 (ch.9)', async ({ page, request }) => {
  host = await demoOnAFreshHost(page, request, 9);
  await expect(page.getByRole('heading', { name: 'Demo: The Ashen Causeway' })).toBeVisible();
  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  await expect(page.getByTestId('board-canvas')).toBeVisible();
  await expect(page.locator('.floors button[aria-pressed="true"]')).toHaveText(/1/);
  expect(new URL(page.url()).hash).toBe('#/board');
  await page.screenshot({ path: 'test-results/descend-to-board.png' });
});
