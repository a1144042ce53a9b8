// The players' screen shows the fight just ended, then the dive, as the players may know them
// (ch.9, ch.11): the seen enemy named as they knew it, a hidden one never, no roll they did not see.
import { expect, test } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import { axeFindings } from './axe-helpers.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { addEnemy, api, openSeededDemo } from './board-helpers.ts';
import type { Enemy } from '../src-main/test-support/floor-setups.ts';

const SHOTS = process.env.PLAYERS_SHOTS ?? 'test-results/shots/players-shots';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test.use({ viewport: { width: 1366, height: 768 } });

const hound = (name: string, hidden: boolean): Enemy => ({
  name,
  health: 6,
  hidden,
  stats: { level: 1, attack: '1d6' },
});

test("a fight's end shows the players who fought and fell, the hidden hound unnamed; back in the Town, the dive's summary (ch.9, ch.11)", async ({
  page,
  request,
  browser,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 21);
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  await addEnemy(request, host, hound('Grey Hound 1', true));
  await addEnemy(request, host, hound('Grey Hound 2', false));
  const players = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await players.goto(host.playersUrl);
  await expect(players.locator('canvas').first()).toBeVisible();

  await api(request, host, 'phase.send', { event: { type: 'ENEMIES_ENTER' } });
  const tokens = (await api<BoardView>(request, host, 'board.view', { floor: 1 })).tokens;
  const id = (name: string) => tokens.find((t) => t.name === name)!.id;
  await api(request, host, 'fight.damage', {
    target: id('Grey Hound 2'),
    amount: 6,
    label: 'Cinder Maul',
    felledBy: id('Odile Vantreck'),
  });
  const ended = players.getByRole('region', { name: 'What just ended' });
  await expect(ended).toHaveCount(0);
  await api(request, host, 'phase.send', { event: { type: 'COMBAT_OVER' } });
  await expect(ended.getByTestId('fight-summary')).toContainText('Felled: Grey Hound (by Odile Vantreck)');
  await expect(ended).toContainText('Fight at F1 (3,1) · 1 round');
  const fought = await ended.locator('.entrants li').allTextContents();
  expect(fought.map((line) => line.trim())).toEqual([
    'Odile Vantreck: dealt 6, took 0',
    'Brother Quillam: dealt 0, took 0',
    'Sable Hartigan: dealt 0, took 0',
    'Wren of the Hollow: dealt 0, took 0',
    'Grey Hound (enemy): dealt 0, took 6',
  ]);
  await expect(players.locator('body')).not.toContainText('Grey Hound 1');
  await players.screenshot({ path: `${SHOTS}/fight-summary.png` });
  expect(await axeFindings(players)).toEqual([]);

  await api(request, host, 'phase.send', { event: { type: 'WITHDRAW' } });
  await expect(ended.getByTestId('dive-summary')).toContainText('Dive · Floor 1 · back in the Town');
  await expect(ended).toContainText('Fights: 1');
  await players.screenshot({ path: `${SHOTS}/dive-summary.png` });
  await players.context().close();
});
