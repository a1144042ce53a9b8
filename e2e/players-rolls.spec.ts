// The players' screen and its rolls: a reveal's roll shows large beside the board, never over the
// room it announces, and a roll that comes back with a redo is no news (ch.9, ch.10).
import { expect, test } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo } from './board-helpers.ts';

const SHOTS = process.env.PLAYERS_SHOTS ?? 'test-results/shots/players-shots';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test.use({ viewport: { width: 1366, height: 768 } });

test("a reveal's roll shows beside the board, not over it; undone and redone, even across a reload of the players' screen, it does not show again (ch.10)", async ({
  page,
  request,
  browser,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 4);
  await api(request, host, 'board.enterFloor', { floor: 1 });
  const players = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await players.goto(host.playersUrl);
  await expect(players.locator('canvas').first()).toBeVisible();

  // Odile steps into the dark room below the entrance: its roll shows large (ch.10).
  const b = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const odile = b.tokens.find((t) => t.name === 'Odile Vantreck')!;
  const moved = await api<BoardView>(request, host, 'board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 1 });
  const room = moved.rooms.find((r) => r.x === 2 && r.y === 1)!;
  const flash = players.locator('.roll-flash');
  await expect(flash).toContainText(room.name);
  await players.screenshot({ path: `${SHOTS}/1-reveal-roll.png` });
  const banner = (await flash.boundingBox())!;
  const boardBox = (await players.getByRole('region', { name: 'The board' }).boundingBox())!;
  expect(banner.x).toBeGreaterThanOrEqual(boardBox.x + boardBox.width);

  // The banner fades; the move is undone (the roll leaves the list) and redone (it comes back, as it was).
  await expect(flash).toHaveCount(0, { timeout: 10_000 });
  const rolls = players.locator('.public-rolls');
  await api(request, host, 'history.undo');
  await expect(rolls).not.toContainText(room.name);
  await api(request, host, 'history.redo');
  await expect(rolls).toContainText(room.name);
  // Read once, not awaited: a waiting check would pass once a wrongly shown banner had faded.
  await players.waitForTimeout(500);
  expect(await flash.count()).toBe(0);

  // The same again with the players' screen reloaded between the undo and the redo: still no news.
  await api(request, host, 'history.undo');
  await expect(rolls).not.toContainText(room.name);
  await players.reload();
  await expect(players.locator('canvas').first()).toBeVisible();
  await expect(rolls).not.toContainText(room.name);
  await api(request, host, 'history.redo');
  await expect(rolls).toContainText(room.name);
  // Read once, not awaited: a waiting check would pass once a wrongly shown banner had faded.
  await players.waitForTimeout(500);
  expect(await flash.count()).toBe(0);
  await players.context().close();
});
