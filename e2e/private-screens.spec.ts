// Each player's own screen on a phone: four private links (one per Lichslayer) and the shared
// players' screen open at once during a dive; each page shows its own Lichslayer's numbers as the
// Gauntlet holds them, follows a change live, never shows another's, and ends when revoked (ch.1).
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { CampaignView } from '../src-shared/contract.ts';
import type { PrivateLinksView } from '../src-shared/private-view.ts';
import { axeFindings } from './axe-helpers.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo } from './board-helpers.ts';

const SHOTS = process.env.PRIVATE_SHOTS ?? 'test-results/shots/private-shots';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

async function phone(browser: Browser, url: string, width = 360, height = 740): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

test('four private screens and the shared one: each shows its own Gauntlet, follows a change, never another’s, and a revoked one ends', async ({
  page,
  request,
  browser,
}) => {
  host = await startHost(tempDataDir(), 0, ['--players-on-lan']);
  await openSeededDemo(page, request, host, 28);
  const roster = (await api<CampaignView>(request, host, 'campaign.current')).roster;
  expect(roster.length).toBe(4);
  // Each Lichslayer's own secrets: a class still hidden (level 1) and a purse of their own.
  for (const [i, l] of roster.entries())
    await api(request, host, 'lichslayer.update', {
      id: l.id,
      patch: { level: 1, hiddenClass: `SECRET-CLASS-${i}`, gold: 4301 + i * 17 },
    });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });

  // The Judge hands the first player a link from the Gauntlet; the others by the same command.
  const first = roster[0]!;
  await page.getByRole('button', { name: `Open ${first.name}'s Gauntlet` }).click();
  await page.getByTestId('issue-private-link').click();
  await expect(page.getByTestId('private-link')).toContainText('/me?token=');
  await page.screenshot({ path: `${SHOTS}/gauntlet-private-link.png` });
  // Kept from the Gauntlet: main says so, and the box stays ticked as its answer comes back.
  const keep = page.getByRole('checkbox', { name: 'Keep this link after the app restarts' });
  await keep.check();
  await expect(keep).toBeChecked();
  await expect
    .poll(async () => (await api<PrivateLinksView>(request, host, 'private.links', {})).links.map((l) => l.kept))
    .toEqual([true]);
  const urls = [(await page.getByTestId('private-link').textContent())!.trim()];
  for (const l of roster.slice(1)) {
    const links = await api<PrivateLinksView>(request, host, 'private.issue', { lichslayerId: l.id });
    urls.push(links.links.find((k) => k.lichslayerId === l.id)!.url);
  }
  const shared = await phone(browser, host.playersUrl, 1366, 768);
  const phones = await Promise.all(urls.map((u) => phone(browser, u)));

  for (const [i, l] of roster.entries()) {
    const me = phones[i]!;
    await expect(me.getByRole('heading', { level: 1 })).toHaveText(l.name);
    await expect(me.locator('[data-stat="health"]')).toHaveText(`${l.health}/${l.maxHealth}`);
    await expect(me.locator('[data-stat="armor"]')).toHaveText(`${l.armor}/${l.maxArmor}`);
    await expect(me.locator('[data-stat="gold"]')).toHaveText(String(4301 + i * 17));
    await expect(me.getByText('Class hidden until level 2')).toBeVisible();
    // The token left the address bar as the page loaded.
    expect(me.url()).not.toContain('token=');
  }
  await expect(shared.locator('.players-head')).toContainText('Floor 1');
  await phones[0]!.screenshot({ path: `${SHOTS}/private-360x740.png`, fullPage: true });
  expect(await axeFindings(phones[0]!)).toEqual([]);

  // A change to one Lichslayer reaches that phone only; level 2 reveals that player's class to them.
  const second = roster[1]!;
  await api(request, host, 'lichslayer.update', { id: second.id, patch: { health: 3, gold: 4444, level: 2 } });
  await expect(phones[1]!.locator('[data-stat="health"]')).toHaveText(`3/${second.maxHealth}`);
  await expect(phones[1]!.locator('[data-stat="gold"]')).toHaveText('4444');
  await expect(phones[1]!.locator('header .sub')).toContainText('SECRET-CLASS-1');
  const gauntlet = (await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.id === second.id)!;
  await expect(phones[1]!.locator('[data-stat="magic"]')).toHaveText(String(gauntlet.derived.magic.value));

  // No page holds another Lichslayer's class or purse, nor the shared screen any of them.
  for (const [i, me] of phones.entries()) {
    const text = await me.locator('body').innerText();
    for (const [j] of roster.entries()) {
      if (j === i) continue;
      expect(text).not.toContain(`SECRET-CLASS-${j}`);
      expect(text).not.toContain(String(4301 + j * 17));
    }
  }
  for (const me of [phones[0]!, phones[2]!, phones[3]!])
    expect(await me.locator('body').innerText()).not.toContain('4444');
  const sharedText = await shared.locator('body').innerText();
  for (const [j] of roster.entries()) expect(sharedText).not.toContain(`SECRET-CLASS-${j}`);

  const tablet = await phone(browser, urls[2]!, 768, 1024);
  await expect(tablet.getByRole('heading', { level: 1 })).toHaveText(roster[2]!.name);
  await tablet.screenshot({ path: `${SHOTS}/private-768x1024.png`, fullPage: true });

  // Revoked from the Gauntlet: the first phone says its link has ended, at once.
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(phones[0]!.getByRole('alert')).toContainText('no longer opens your Gauntlet');
  await expect(page.getByTestId('issue-private-link')).toBeVisible();
  await expect(phones[2]!.getByRole('heading', { level: 1 })).toHaveText(roster[2]!.name);
  for (const p of [shared, tablet, ...phones]) await p.context().close();
});
