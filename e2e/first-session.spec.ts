// A first session from the campaign picker at 1366×768, every step a click or a key (the dice alone
// seeded): a new campaign, four Lichslayers rolled by the book (ch.1), a day at the Inn paid from
// their own gold (ch.4), Floor 1 (ch.9), the withdrawal and the dive's summary, and the journal
// that keeps it, filtered by kind and floor.
import { expect, test, type Page } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const SHOTS = process.env.FIRST_SESSION_SHOTS ?? '/tmp/lj-first-session';
const NAMES = ['Ash Vell', 'Brindle Oak', 'Corra Finch', 'Dace Morrow'];
let shot = 0;
const snap = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${String(++shot).padStart(2, '0')}-${name}.png` });

test('a first session from the picker: four rolled Lichslayers pay the Inn from their own gold, descend to Floor 1, withdraw, and the dive summary shown is kept and filtered in the journal (ch.1, ch.4, ch.9)', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  host = await startHost(tempDataDir());
  await page.goto(host.url);
  await snap(page, 'picker');
  await page.getByRole('textbox', { name: 'Name' }).fill('The Ninth Descent');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { name: 'The Ninth Descent' }).waitFor();
  // The one shortcut: the dice are seeded, so the rolled party is the same every run.
  await api(request, host, 'dice.setSeed', { seed: 5 });

  for (const name of NAMES) {
    await page.getByRole('button', { name: 'Roll a Lichslayer…' }).click();
    const wizard = page.getByRole('dialog', { name: 'Roll a Lichslayer' });
    await wizard.getByLabel('Name').fill(name);
    await wizard.getByRole('button', { name: 'Roll' }).click();
    await expect(wizard.getByRole('list', { name: 'Starting loot' }).getByRole('listitem')).toHaveCount(3);
    if (name === NAMES[0]) await snap(page, 'rolled');
    await wizard.getByRole('button', { name: 'Close' }).click();
  }
  const town = page.getByRole('region', { name: 'The Town' });
  for (const [i, name] of NAMES.entries()) {
    await town.getByRole('button', { name: `Both 108 gold: meal and shelter for ${name}` }).click();
    await expect(town.getByRole('row').nth(i + 1)).toContainText('fed, sheltered');
  }
  // Each paid the Inn's 108 from their own starting gold (ch.4, house rule).
  await expect(town.getByRole('row').filter({ hasText: 'fed, sheltered' })).toHaveCount(4);
  await snap(page, 'inn-paid');

  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  await snap(page, 'floor-1');

  // Back to the Town: the Judge is shown the dive's summary, kept in the journal (ch.9).
  await banner.getByRole('button', { name: 'Withdraw to Town' }).click();
  const over = page.getByRole('dialog', { name: 'The dive is over' });
  await expect(over.getByTestId('dive-summary')).toContainText('Floor 1 · back in the Town');
  await expect(over.getByTestId('dive-summary')).toContainText('Rooms entered:');
  await snap(page, 'dive-summary');
  await over.getByRole('button', { name: 'Done' }).click();
  await expect(over).toHaveCount(0);

  await page.getByRole('button', { name: 'Journal', exact: true }).click();
  const session = page.getByRole('article', { name: 'Session 1' });
  await expect(session.getByTestId('dive-summary')).toContainText('Floor 1 · back in the Town');
  await snap(page, 'journal');
  await page.getByTestId('journal-kind').selectOption('town');
  await expect(session.getByTestId('journal-steps-1').getByRole('listitem')).toHaveCount(4);
  await expect(session.getByTestId('journal-steps-1')).toContainText('Inn: both — Dace Morrow');
  await snap(page, 'journal-town');
  await page.getByTestId('journal-kind').selectOption('edits');
  await expect(session.getByTestId('journal-steps-1')).toContainText('Roll up Ash Vell');
  await page.getByTestId('journal-floor').selectOption('5');
  await expect(session).toContainText('Nothing recorded in this session matches these filters.');
  await snap(page, 'journal-empty');
});
