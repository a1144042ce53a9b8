// Accessibility: axe-core over every screen of the Judge's app, the key list and the
// players' screen, with WCAG 2.1 A/AA, best practices, and the check that a control's spoken name
// holds the words it shows (label-content-name-mismatch, off in axe by default).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

/** axe's findings on the page as it stands: rule, impact, and where, one line each. */
async function findings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
    ),
  );
}

test("every screen passes axe: picker, Roster, Gauntlet, board in a fight, key list, Tables, Ledger, Journal, House rules, Backups, Print, players' screen", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  host = await startHost(tempDataDir());
  const found: Record<string, string[]> = {};

  await page.goto(host.url);
  await expect(page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' })).toBeVisible();
  found.picker = await findings(page);

  await openSeededDemo(page, request, host, 4);
  found.roster = await findings(page);

  const crumbs = page.getByRole('navigation', { name: 'Where you are' });
  await page.getByRole('button', { name: "Open Odile Vantreck's Gauntlet" }).click();
  await expect(crumbs).toContainText('Odile Vantreck');
  found.gauntlet = await findings(page);

  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  await page.getByRole('button', { name: 'Enter party here' }).click();
  await expect(page.getByRole('status', { name: 'Phase' })).toContainText('Exploring · Floor 1');
  const b = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  await api(request, host, 'board.moveToken', {
    tokenId: b.tokens.find((t) => t.name === 'Odile Vantreck')!.id,
    floor: 1,
    x: 2,
    y: 1,
  });
  // The hidden enemy waits in a hall set here, not in whatever room Odile's reveal rolled.
  await api(request, host, 'board.setRoom', {
    floor: 1,
    x: 1,
    y: 0,
    patch: { type: 'hall', name: 'Bone Hall' },
    revealed: true,
  });
  await api(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Veil Lurker',
    colour: 'Black',
    floor: 1,
    x: 1,
    y: 0,
    health: 9,
    armor: 0,
    hidden: true,
  });
  await page.keyboard.press('Alt+n');
  await expect(page.getByTestId('turn')).toBeVisible();
  found.board = await findings(page);
  // the floor's text mirror, as the keyboard opens it
  await page
    .locator('.board-mirror')
    .getByRole('button', { name: /^Room \(3,1\)/ })
    .focus();
  found['board mirror'] = await findings(page);

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keys on this screen' })).toBeVisible();
  found['key list'] = await findings(page);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Tables', exact: true }).click();
  await page.locator('.table-link').first().click();
  await expect(page.locator('.table-row').first()).toBeVisible();
  found.tables = await findings(page);

  for (const [button, crumb] of [
    ['Ledger', 'Roll ledger'],
    ['Journal', 'Session journal'],
    ['House rules', 'House rules'],
    ['Backups', 'Backups'],
  ] as const) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(crumbs).toContainText(crumb);
    await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    found[crumb] = await findings(page);
  }

  await page.getByRole('button', { name: 'Roster', exact: true }).click();
  await page.getByRole('button', { name: 'Print party sheet' }).click();
  await expect(page.locator('.print-area[data-ready="true"]')).toBeVisible();
  found.print = await findings(page);

  const players = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await players.goto(host.playersUrl);
  await expect(players.locator('canvas').first()).toBeVisible();
  found["players' screen"] = await findings(players);
  await players.context().close();

  const screens = Object.keys(found);
  expect(screens).toHaveLength(13);
  expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
});
