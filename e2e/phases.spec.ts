// A short dive on Floor 1 with a fixed seed, from the Town to a cleared floor and back, reading the
// phase banner at each step (ch.9 floors, ch.11 combat, ch.1 XP for a cleared floor).
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test('a short dive: Town → Floor 1 → combat → cleared → Town, with the banner and the rules in step', async ({ page, request }) => {
  host = await startHost(tempDataDir());
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' }).click();
  await expect(page.getByRole('heading', { name: 'Demo: The Ashen Causeway' })).toBeVisible();
  await api(request, host, 'dice.setSeed', { seed: 2026 });
  const banner = page.getByRole('status', { name: 'Phase' });
  await expect(banner).toContainText('In the Town');
  await expect(banner).toContainText("Lich's Attention: Stage 0");
  await expect(banner.getByRole('button', { name: 'Combat over' })).toBeDisabled();
  await expect(banner.getByRole('button', { name: 'Withdraw to Town' })).toHaveAttribute('title', 'The party is in the Town');

  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.locator('.floors button[aria-pressed="true"]')).toHaveText(/1/);

  await page.keyboard.press('Alt+n');
  await expect(banner).toContainText('Combat · Floor 1');
  const stack = (await api<{ turnStack: { name: string }[] }>(request, host, 'board.view', { floor: 1 })).turnStack.map((e) => e.name);
  await expect(banner.getByTestId('turn')).toContainText(`Round 1 · ${stack[0]}'s turn`);
  await page.keyboard.press('Alt+t');
  await expect(banner.getByTestId('turn')).toContainText(`${stack[1]}'s turn`);
  await expect(page.locator('.turn-stack li.current-turn')).toContainText(stack[1]!);
  await expect(banner.getByRole('button', { name: 'Descend' })).toHaveAttribute('title', 'Finish the fight before taking the stair (ch.11)');
  await banner.getByRole('button', { name: 'Combat over' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');

  await banner.getByRole('button', { name: 'Floor cleared' }).click();
  const roster = await api<{ roster: { name: string; xp: number }[] }>(request, host, 'campaign.current');
  expect(roster.roster.find((l) => l.name === 'Odile Vantreck')!.xp).toBe(14 + 6);

  await banner.getByRole('button', { name: 'Withdraw to Town' }).click();
  await expect(banner).toContainText('In the Town');
});
