// The Judge hands a player their private link as a QR code on the Gauntlet: the code drawn on the
// Judge's screen is the one the link makes, so a phone's camera opens exactly that link.
import { expect, test } from '@playwright/test';
import type { CampaignView } from '../src-shared/contract.ts';
import { qrDrawing } from '../src-renderer/src/lib/qr-code.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo } from './board-helpers.ts';

const SHOTS = process.env.TABLE_DICE_SHOTS ?? 'test-results/shots/table-dice-shots';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test('a private link is shown as a QR code of that very link on the Gauntlet, and a new link draws a new code', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir(), 0, ['--players-on-lan']);
  await openSeededDemo(page, request, host, 28);
  const first = (await api<CampaignView>(request, host, 'campaign.current')).roster[0]!;
  await page.getByRole('button', { name: `Open ${first.name}'s Gauntlet` }).click();
  await page.getByTestId('issue-private-link').click();
  const code = page.getByRole('img', { name: `QR code of ${first.name}'s private link` });
  await expect(code).toBeVisible();
  const url = (await page.getByTestId('private-link').textContent())!.trim();
  expect(await code.locator('path').getAttribute('d')).toBe(qrDrawing(url).path);
  await code.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/gauntlet-private-link-qr.png` });
  await page.getByRole('button', { name: 'New link' }).click();
  await expect(page.getByTestId('private-link')).not.toHaveText(url);
  const fresh = (await page.getByTestId('private-link').textContent())!.trim();
  expect(await code.locator('path').getAttribute('d')).toBe(qrDrawing(fresh).path);
});
