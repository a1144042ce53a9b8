// The Breaker's skills from the board (rulebook ch.2): the Judge selects a room, the board offers
// Break in with an attack on the enemy there, and the click rolls the entry, the bonus Attack and
// its knock-back through skill.use — seen in the notice and on the board.
import { expect, test } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import type { CampaignView } from '../src-shared/contract.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo, roomPoint, rosterMember } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const SHOTS = process.env.SKILL_SHOTS ?? 'test-results/shots/skill-shots';

test('Break from the board: the selected room offers Break in with an attack on its enemy; the click enters, attacks and knocks it back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 11);
  const odile = await rosterMember(request, host, 'Odile Vantreck');
  await api(request, host, 'lichslayer.update', {
    id: odile.id,
    patch: { hiddenClass: 'The Breaker', skill1: 'Break', level: 2 },
  });
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Stair Landing' } });
  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  for (const t of (await api<BoardView>(request, host, 'board.view', { floor: 1 })).tokens.filter(
    (k) => k.kind === 'entity',
  ))
    await api(request, host, 'board.updateToken', { id: t.id, patch: { defeated: true } });
  await api(request, host, 'board.setRoom', {
    floor: 1,
    x: 2,
    y: 1,
    revealed: true,
    patch: { type: 'chamber', name: 'Cracked Hall' },
  });
  await api(request, host, 'board.setRoom', {
    floor: 1,
    x: 2,
    y: 2,
    revealed: true,
    patch: { type: 'chamber', name: 'Back Room' },
  });
  await api(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Grave Hound',
    colour: 'Red',
    floor: 1,
    x: 2,
    y: 1,
    health: 30,
    armor: 0,
  });
  await api(request, host, 'dice.setSeed', { seed: 6 });

  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  const at = await roomPoint(page, 2, 1);
  await page.mouse.click(at.x, at.y);
  const offers = page.getByRole('group', { name: 'Skills on this room' });
  await expect(offers.getByRole('button', { name: 'Odile Vantreck: Break into this room' })).toBeVisible();
  const attack = offers.getByRole('button', { name: 'Odile Vantreck: Break in, attacking Grave Hound' });
  await expect(attack).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/break-offers.png` });
  await attack.click();
  await expect(page.getByText('Grave Hound is knocked back to F1 (3,3) (ch.2)')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/break-done.png` });
  const board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  expect(board.tokens.find((t) => t.name === 'Grave Hound')).toMatchObject({ x: 2, y: 2, health: 4 });
  expect(board.tokens.find((t) => t.lichslayerId === odile.id)).toMatchObject({ x: 2, y: 1 });
});

test("the Scholar's Gauntlet: Scrolls and Ink inscribes another's Gear (+1 Magic on their Gauntlet); Identify reads a loot item by name", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 11);
  const roster = (await api<CampaignView>(request, host, 'campaign.current')).roster;
  const wren = roster.find((l) => l.name === 'Wren of the Hollow')!;
  const odile = roster.find((l) => l.name === 'Odile Vantreck')!;
  await api(request, host, 'lichslayer.update', {
    id: wren.id,
    patch: { hiddenClass: 'The Scholar', skill1: 'Identify', skill2: 'Scrolls and Ink', level: 4 },
  });
  await page.getByRole('button', { name: 'Roster' }).click();
  await page.getByRole('button', { name: "Open Wren of the Hollow's Gauntlet" }).click();
  const gauntlet = page.getByRole('article', { name: "Wren of the Hollow's Gauntlet" });
  const uses = gauntlet.getByRole('list', { name: 'Use a skill' });
  await uses.getByLabel('Whose item to inscribe').selectOption({ label: 'Odile Vantreck' });
  await uses.getByRole('button', { name: 'Inscribe Gear' }).click();
  await expect(
    page.getByText(
      "Wren of the Hollow inscribes Cinder Maul: +1 Magic (ch.2): Odile Vantreck's Magic counts it while it is equipped and unbroken (ch.4, ch.13)",
    ),
  ).toBeVisible();
  expect(
    (await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.id === odile.id)!.derived.magic
      .value,
  ).toBe(odile.derived.magic.value + 1);
  await uses.getByLabel('Loot item to Identify').fill('Cinder Compass');
  await uses.getByRole('button', { name: 'Identify' }).click();
  await expect(
    page.getByText(
      'Wren of the Hollow Identifies Cinder Compass: common, Red, tool, equip / influence, breakable — Influence: add 1d6 to any roll to open, find or escape. (ch.2)',
    ),
  ).toBeVisible();
  await uses.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/scholar-gauntlet.png` });
});

test("the Challenge dialog: a Veteran's Recall, written in lower case on the sheet, assists another's roll, adding their Power", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 4);
  const quillam = await rosterMember(request, host, 'Brother Quillam');
  await api(request, host, 'lichslayer.update', {
    id: quillam.id,
    patch: { hiddenClass: 'The Veteran', skill1: 'recall', level: 2, power: 7 },
  });
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await page.getByRole('button', { name: 'Challenge…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Challenge/ });
  await dialog.getByLabel('Who rolls').selectOption({ label: 'Odile Vantreck' });
  await dialog.getByLabel('Assisted with Recall by').selectOption({ label: 'Brother Quillam (+7 Power)' });
  await page.screenshot({ path: `${SHOTS}/challenge-assist.png` });
  await dialog.getByRole('button', { name: /^Roll against/ }).click();
  await expect(dialog.getByRole('list', { name: 'What happened' })).toContainText(
    "+ 7 (Brother Quillam's assist with Recall: Power (ch.2))",
  );
});
