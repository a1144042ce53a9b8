// Each change is built once in main and pushed with its revision: the screen that made it shows the
// reply, the phase banner shows the pushed phase, and only a change made elsewhere makes the board
// ask again. The journal opens on its newest sessions; the Backups screen shows what the campaign
// and its backups weigh.
import { expect, test, type Page } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, drag, openSeededDemo, roomPoint, tokenPoint } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

/** Counts the page's own requests for each command from now on. */
function countRequests(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (r) => {
    const m = /\/api\/([\w.]+)$/.exec(new URL(r.url()).pathname);
    if (m) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  });
  return counts;
}

test('a drop on the board is drawn from its reply: no view is asked for again; a change made elsewhere is', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 4);
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  await page.getByRole('button', { name: 'Enter party here' }).click();
  await expect(page.locator('.board-notices')).toContainText('The party enters Floor 1');

  const counts = countRequests(page);
  const board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const odile = board.tokens.find((t) => t.name === 'Odile Vantreck')!;
  await drag(page, await tokenPoint(page, board, odile), await roomPoint(page, 2, 1));
  await expect(page.locator('.board-notices')).toContainText('Odile Vantreck reveals');
  await expect(page.getByRole('region', { name: 'Selected room' })).toBeVisible();
  expect(counts.get('board.moveToken')).toBe(1);
  expect(counts.get('board.view') ?? 0).toBe(0);
  expect(counts.get('phase.view') ?? 0).toBe(0);

  // Another window sends the party down: a change the board did not make, so it asks for the
  // board once more; the banner shows the pushed phase without asking.
  // (Entering the party put the dive on Floor 1: the descent takes it to Floor 2.)
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  await expect(page.locator('.phase-banner')).toContainText('Exploring · Floor 2');
  await expect.poll(() => counts.get('board.view') ?? 0).toBeGreaterThan(0);
  expect(counts.get('phase.view') ?? 0).toBe(0);

  // Undo from the keyboard: the banner follows the push again.
  await page.locator('.keys').click();
  await page.keyboard.press('Control+z');
  await expect(page.locator('.phase-banner')).toContainText('Exploring · Floor 1');
  expect(counts.get('phase.view') ?? 0).toBe(0);
});

test('the journal opens on the newest ten sessions and reads earlier ones on request', async ({ page, request }) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 5);
  for (let n = 1; n < 12; n++) await api(request, host, 'ledger.newSession');
  await page.getByRole('button', { name: 'Journal', exact: true }).click();
  await expect(page.getByRole('article', { name: 'Session 12' })).toBeVisible();
  await expect(page.locator('.journal-session')).toHaveCount(10);
  await expect(page.getByRole('article', { name: 'Session 2', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Earlier sessions (2 more)' }).click();
  await expect(page.locator('.journal-session')).toHaveCount(12);
  await expect(page.getByRole('article', { name: 'Session 1', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Earlier sessions/ })).toHaveCount(0);
});

test('the Backups screen shows the campaign file, the backups folder and the check, and compacts on request', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 6);
  await page.getByRole('button', { name: 'Backups', exact: true }).click();
  const size = page.getByRole('region', { name: 'Campaign size' });
  await expect(size).toContainText('Campaign file:');
  await expect(size.getByTestId('campaign-bytes')).toHaveText(/^\d+(\.\d)? (KB|MB)$/);
  await expect(size.getByTestId('backups-bytes')).toHaveText(/^\d+(\.\d)? (KB|MB)$/);
  await expect(size).toContainText('the whole file passed SQLite’s integrity check');
  await size.getByLabel('Sessions of undo kept').fill('2');
  await size.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: it applies at each new session')).toBeVisible();
  expect(await api<{ keep: { undoSessions: number } }>(request, host, 'storage.view')).toMatchObject({
    keep: { undoSessions: 2 },
  });
  await size.getByRole('button', { name: 'Compact now' }).click();
  await expect(page.getByText(/^Compacted:/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Backups' })).toContainText('before compacting');
  await page.screenshot({ path: 'test-results/backups-campaign-size.png' });
});
