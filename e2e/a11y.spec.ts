// Accessibility: axe-core over every screen of the Judge's app, the key list and the
// players' screen, with WCAG 2.1 A/AA, best practices, and the check that a control's spoken name
// holds the words it shows (label-content-name-mismatch, off in axe by default).
import { expect, test } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { actingPanelOnTurnOf, api, demoOnAFreshHost, fightABoneRat, openSeededDemo } from './board-helpers.ts';
import { axeFindings } from './axe-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test("every screen passes axe: picker, Roster, the creation wizard before and after its roll, Gauntlet, board in a fight, key list, Tables, Ledger, Journal, House rules, Backups, Print, players' screen", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  host = await startHost(tempDataDir());
  const found: Record<string, string[]> = {};

  await page.goto(host.url);
  await expect(page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' })).toBeVisible();
  found.picker = await axeFindings(page);

  await openSeededDemo(page, request, host, 4);
  found.roster = await axeFindings(page);

  await page.getByRole('button', { name: 'Roll a Lichslayer…' }).click();
  const wizard = page.getByRole('dialog', { name: 'Roll a Lichslayer' });
  await wizard.getByLabel('Name').fill('Ysolde Marrow');
  found['creation wizard'] = await axeFindings(page);
  await wizard.getByRole('button', { name: 'Roll' }).click();
  await expect(wizard.getByRole('list', { name: 'Starting loot' }).getByRole('listitem')).toHaveCount(3);
  found['rolled Lichslayer'] = await axeFindings(page);
  await wizard.getByRole('button', { name: 'Close' }).click();

  const crumbs = page.getByRole('navigation', { name: 'Where you are' });
  await page.getByRole('button', { name: "Open Odile Vantreck's Gauntlet" }).click();
  await expect(crumbs).toContainText('Odile Vantreck');
  found.gauntlet = await axeFindings(page);

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
  found.board = await axeFindings(page);
  // the floor's text mirror, as the keyboard opens it
  await page
    .locator('.board-mirror')
    .getByRole('button', { name: /^Room \(3,1\)/ })
    .focus();
  found['board mirror'] = await axeFindings(page);

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keys on this screen' })).toBeVisible();
  found['key list'] = await axeFindings(page);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Tables', exact: true }).click();
  await page.locator('.table-link').first().click();
  await expect(page.locator('.table-row').first()).toBeVisible();
  found.tables = await axeFindings(page);

  for (const [button, crumb] of [
    ['Ledger', 'Roll ledger'],
    ['Journal', 'Session journal'],
    ['House rules', 'House rules'],
    ['Backups', 'Backups'],
  ] as const) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(crumbs).toContainText(crumb);
    await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    found[crumb] = await axeFindings(page);
  }

  await page.getByRole('button', { name: 'Roster', exact: true }).click();
  await page.getByRole('button', { name: 'Print party sheet' }).click();
  await expect(page.locator('.print-area[data-ready="true"]')).toBeVisible();
  found.print = await axeFindings(page);

  const players = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await players.goto(host.playersUrl);
  await expect(players.locator('canvas').first()).toBeVisible();
  found["players' screen"] = await axeFindings(players);
  await players.context().close();

  const screens = Object.keys(found);
  expect(screens).toHaveLength(15);
  expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
});

test("the fight's dialogs pass axe: attack, Challenge, damage by hand, cast, and the fight's summary at its end", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  host = await demoOnAFreshHost(page, request, 1414);
  await fightABoneRat(page, request, host);
  const panel = await actingPanelOnTurnOf(page, 'Odile Vantreck');
  const found: Record<string, string[]> = {};

  await panel.getByRole('button', { name: 'Attack…' }).click();
  const attack = page.getByRole('dialog', { name: 'Odile Vantreck attacks' });
  await expect(attack.getByRole('radio', { name: /Bone Rat/ })).toBeVisible();
  found.attack = await axeFindings(page);
  await attack.getByRole('button', { name: 'Cancel' }).click();

  await page.locator('.board-toolbar').getByRole('button', { name: 'Challenge…' }).click();
  const challenge = page.getByRole('dialog', { name: /^Challenge/ });
  await expect(challenge.getByLabel('Who rolls')).toBeVisible();
  found.challenge = await axeFindings(page);
  await challenge.getByRole('button', { name: 'Cancel' }).click();

  await page
    .getByRole('region', { name: 'Selected room' })
    .getByRole('button', { name: /Bone Rat/ })
    .click();
  await panel.getByRole('button', { name: 'Damage Bone Rat…' }).click();
  const damage = page.getByRole('dialog', { name: 'Damage to Bone Rat' });
  await expect(damage.getByLabel('Amount')).toBeVisible();
  found['damage by hand'] = await axeFindings(page);
  await damage.getByLabel('Amount').fill('20');
  await damage.getByRole('button', { name: 'Apply one instance' }).click();
  await expect(damage.getByRole('list', { name: 'What happened' })).toContainText('fells Bone Rat');
  found['damage result'] = await axeFindings(page);
  await damage.getByRole('button', { name: 'Done' }).click();

  await page.keyboard.press('Alt+c');
  const cast = page.getByRole('dialog', { name: 'Cast a spell' });
  await expect(cast.getByRole('heading').first()).toBeVisible();
  found.cast = await axeFindings(page);
  await page.keyboard.press('Escape');
  await expect(cast).toHaveCount(0);

  await panel.getByRole('button', { name: 'End the fight' }).click();
  const fought = page.getByRole('dialog', { name: 'The fight is over' });
  await expect(fought.getByTestId('fight-summary')).toContainText('Felled:');
  found['fight summary'] = await axeFindings(page);

  expect(Object.keys(found)).toHaveLength(6);
  expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
});

test("the Odds lab, the import dialog, the dive's summary and the print views pass axe: Gauntlets, blank sheet, floor handout, loot cards, the dive printed", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  host = await demoOnAFreshHost(page, request, 8);
  const found: Record<string, string[]> = {};

  await page.getByRole('button', { name: 'Odds', exact: true }).click();
  const sim = page.getByRole('region', { name: 'Dive simulator' });
  await expect(sim).toContainText('No run yet');
  found['Odds lab'] = await axeFindings(page);
  await sim.getByLabel('Seed').fill('7');
  await sim.getByLabel('Dives').fill('20');
  await sim.getByRole('button', { name: 'Run 20 dives' }).click();
  await expect(sim.getByRole('status').first()).toContainText('20 of 20 dives, done (seed 7)');
  found['Odds lab after a run'] = await axeFindings(page);

  await page.getByRole('button', { name: 'Tables', exact: true }).click();
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Table text')
    .fill('Omens\n\n| d4 | Omen |\n|---|---|\n| 1 | Crows |\n| 2 | Smoke |\n| 3 | Bells |');
  await expect(dialog.getByLabel('Preview').getByRole('region', { name: 'Table Omens', exact: true })).toBeVisible();
  found['import dialog'] = await axeFindings(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  const banner = page.getByRole('status', { name: 'Phase' });
  await expect(banner).toContainText('Floor 1');
  await banner.getByRole('button', { name: 'Withdraw to Town' }).click();
  const over = page.getByRole('dialog', { name: 'The dive is over' });
  await expect(over.getByTestId('dive-summary')).toContainText('Floor 1 · back in the Town');
  found["dive's summary"] = await axeFindings(page);
  await over.getByRole('button', { name: 'Print…' }).click();
  await expect(page.getByRole('heading', { name: 'Dive summary' })).toBeVisible();
  found["dive's summary printed"] = await axeFindings(page);

  for (const [name, hash] of [
    ['Gauntlets printed', '#/print/gauntlets'],
    ['blank Gauntlet', '#/print/blank'],
    ['floor handout', '#/print/floor/1'],
    ['loot cards', '#/print/loot/0,1,2,60'],
  ] as const) {
    await page.goto(host.url + hash);
    await expect(page.locator('.print-area[data-ready="true"]')).toBeVisible();
    found[name] = await axeFindings(page);
  }

  expect(Object.keys(found)).toHaveLength(9);
  expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
});
