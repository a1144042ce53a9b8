// The Aristocrat's enhanced Retainers from the Town screen (rulebook ch.2): a Retainer excused from
// the day's pay, shown in the Retainers list.
import { expect, test } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import type { TownStateView } from '../src-shared/town.ts';
import type { RunningHost } from './web-host.ts';
import { api, demoOnAFreshHost, descendToTheBoard, roomPoint, rosterMember } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const SHOTS = process.env.SKILL_SHOTS ?? 'test-results/shots/skill-shots';

test('Retainers enhanced: No pay today beside a Retainer of the Aristocrat excuses the day’s wage', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  host = await demoOnAFreshHost(page, request, 1414);
  const quillam = await rosterMember(request, host, 'Brother Quillam');
  await api(request, host, 'lichslayer.update', {
    id: quillam.id,
    patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', skill2: 'Retainers', level: 4 },
  });
  await api(request, host, 'skill.points', { id: quillam.id, delta: 1 });
  await api(request, host, 'skill.spendPoint', { id: quillam.id, action: 'enhance', skill: 'Retainers' });
  await api(request, host, 'retainer.hire', { employer: quillam.id, name: 'Pell', grade: 'common' });
  await page.reload();
  const services = page.getByRole('region', { name: 'Town services' });
  const retainers = services.getByRole('article', { name: 'Retainers' });
  await expect(retainers).toContainText('Pell');
  await retainers.getByRole('button', { name: 'No pay today' }).click();
  await expect(retainers).toContainText('no pay today');
  await expect(retainers.getByRole('button', { name: 'No pay today' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Notices' })).toContainText('Brother Quillam excuses Pell from pay');
  const town = await api<TownStateView>(request, host, 'town.state', {});
  expect(town.state.retainers.map((r) => [r.name, r.holidayOn])).toEqual([['Pell', town.day]]);
  await retainers.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/retainers-no-pay.png` });
});

test('Familiar enhanced: a Familiar added on the board for its Witch gets twice the Health given', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  host = await demoOnAFreshHost(page, request, 1414);
  const wren = await rosterMember(request, host, 'Wren of the Hollow');
  await api(request, host, 'lichslayer.update', {
    id: wren.id,
    patch: { hiddenClass: 'The Witch', skill1: 'Commune', skill2: 'Familiar', level: 4 },
  });
  await api(request, host, 'skill.points', { id: wren.id, delta: 1 });
  await api(request, host, 'skill.spendPoint', { id: wren.id, action: 'enhance', skill: 'Familiar' });
  await page.reload();
  await descendToTheBoard(page);
  const at = await roomPoint(page, 4, 4);
  await page.mouse.click(at.x, at.y);
  await page.getByText('Add a token here').click();
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Add', exact: true }) });
  await form.getByLabel('Kind').selectOption('familiar');
  await form.getByLabel('Name').fill('Grave moth');
  await form.getByLabel('HP').fill('6');
  await form.getByRole('combobox', { name: "The Familiar's Witch" }).selectOption({ label: 'Wren of the Hollow' });
  await form.getByRole('button', { name: 'Add', exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/familiar-witch.png` });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Notices' })).toContainText(
    "Grave moth's Health is doubled by Wren of the Hollow's enhanced Familiar skill: 6 → 12 (ch.2)",
  );
  const board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  expect(board.tokens.find((t) => t.name === 'Grave moth')).toMatchObject({ health: 12, maxHealth: 12, x: 4, y: 4 });
});

test('Medicine Bay enhanced: Replenish daily beside the Medicine Slots chooses the item that comes back each morning', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  host = await demoOnAFreshHost(page, request, 1414);
  const quillam = await rosterMember(request, host, 'Brother Quillam');
  await api(request, host, 'lichslayer.update', {
    id: quillam.id,
    patch: { hiddenClass: 'The Lich Doctor', skill1: 'Diagnose and Bandage', skill2: 'Medicine Bay', level: 4 },
  });
  await api(request, host, 'lichslayer.setInventory', { id: quillam.id, stacks: [{ name: 'Ashbloom', count: 1 }] });
  await api(request, host, 'loot.fate', { fate: 'hold', id: quillam.id, stack: 0, slot: 'medicine1' });
  await api(request, host, 'skill.points', { id: quillam.id, delta: 1 });
  await api(request, host, 'skill.spendPoint', { id: quillam.id, action: 'enhance', skill: 'Medicine Bay' });
  await page.reload();
  await page.getByRole('button', { name: 'Roster' }).click();
  await page.getByRole('button', { name: "Open Brother Quillam's Gauntlet" }).click();
  const gauntlet = page.getByRole('article', { name: "Brother Quillam's Gauntlet" });
  const replenish = gauntlet
    .getByRole('group', { name: 'Medicine Bay enhanced: replenish daily' })
    .getByRole('button', { name: 'Replenish Ashbloom daily' });
  await replenish.scrollIntoViewIfNeeded();
  await replenish.click();
  await expect(page.getByRole('region', { name: 'Notices' })).toContainText(
    "Brother Quillam's Ashbloom in Medicine Slot 1 will replenish at the start of each day for 36 gold, paid at the Inn (ch.2)",
  );
  await page.screenshot({ path: `${SHOTS}/medicine-replenish.png` });
});
