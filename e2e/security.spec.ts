// The web host's token in a real browser: it leaves the address bar at
// once, never becomes a cookie (cookies reach every port of 127.0.0.1), survives a reload, and a
// page opened without it says which link to open and reaches nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test("the Judge's token leaves the address bar, sets no cookie, and still works after a reload", async ({
  page,
  context,
}) => {
  host = await startHost(tempDataDir());
  const demo = page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' });
  await page.goto(host.url);
  await expect(demo).toBeVisible();
  expect(page.url()).toBe(`${host.origin}/`);
  expect(await context.cookies()).toEqual([]);
  await page.reload();
  await expect(demo).toBeVisible();
  expect(await context.cookies()).toEqual([]);
  // A link with a screen in its hash keeps the hash, loses the token.
  await page.goto(host.url + '#/ledger');
  await expect.poll(() => page.url()).toBe(`${host.origin}/#/ledger`);
  await page.goto(host.origin + '/');
  await demo.click();
  await expect(page.getByRole('heading', { name: 'Demo: The Ashen Causeway' })).toBeVisible();
  await page.screenshot({ path: 'test-results/security-judge.png' });
});

test('a page opened without the token says which link to open, and reaches nothing', async ({ browser }) => {
  host = await startHost(tempDataDir());
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(host.origin + '/');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('This page needs the link the app printed when it started')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/security-no-token.png' });
  const players = await context.newPage();
  await players.goto(host.origin + '/players');
  await expect(players.getByRole('alert')).toContainText('This page needs the link the app printed when it started');
  await context.close();
});

test('the printed link opens one window: its one-time code is gone from the address bar and opens nothing a second time', async ({
  browser,
}) => {
  host = await startHost(tempDataDir());
  expect(host.printedUrl).toMatch(/\/\?code=[0-9a-f]{32}$/);
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto(host.printedUrl);
  const demo = page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' });
  await expect(demo).toBeVisible();
  expect(page.url()).toBe(`${host.origin}/`);
  // The page holds the token (not the code) for this tab only; a reload keeps working.
  const kept = await page.evaluate(() => sessionStorage.getItem('lichslayer-token'));
  expect(kept).toMatch(/^[0-9a-f]{48}$/);
  expect(host.url).toContain(kept!);
  await page.reload();
  await expect(demo).toBeVisible();
  await page.screenshot({ path: 'test-results/security-code-link.png' });
  // The same link again (from the history, a log, another browser): used up, and it says so.
  const second = await browser.newContext();
  const again = await second.newPage();
  await again.goto(host.printedUrl);
  await expect(
    again.getByText(/This link has already been used, is older than ten minutes, or is not from this launch/),
  ).toBeVisible();
  await expect(again.getByRole('button', { name: 'Open Demo: The Ashen Causeway' })).toHaveCount(0);
  expect(again.url()).toBe(`${host.origin}/`);
  await again.screenshot({ path: 'test-results/security-code-used.png' });
  await first.close();
  await second.close();
});

test('a campaign another app holds is listed with its holder; the Judge breaks the lock after a warning, then opens it', async ({
  page,
}) => {
  const dataDir = tempDataDir();
  // Another host holding a campaign of the same data folder, in a process of its own.
  const holder: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('src-main/test-support/web-host-worker.ts'), dataDir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.on('data', (c: Buffer) => c.toString().includes('\n') && resolve());
      holder.on('exit', (code) => reject(new Error(`holder ended (${code})`)));
    });
    host = await startHost(dataDir);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(host.url);
    const row = page.getByRole('listitem').filter({ hasText: 'Under attack' });
    await expect(row).toContainText(`Open in the web host (process ${holder.pid} on this machine`);
    await row.getByRole('button', { name: 'Open Under attack' }).click();
    await expect(page.getByText('Under-attack.lichslayer is open in the web host')).toBeVisible();
    await row.getByRole('button', { name: 'Break the lock on Under attack' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('if it is still running, both apps will write to the campaign');
    await page.screenshot({ path: 'test-results/security-break-lock.png' });
    await dialog.getByRole('button', { name: 'Break the lock' }).click();
    await expect(page.getByText('The lock on Under attack was broken')).toBeVisible();
    await expect(row).not.toContainText('Open in the web host');
    await row.getByRole('button', { name: 'Open Under attack' }).click();
    await expect(page.getByRole('heading', { name: 'Under attack' })).toBeVisible();
  } finally {
    holder.kill('SIGKILL');
  }
});
