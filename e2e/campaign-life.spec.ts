// Campaign life (ch.1 creation and level 2, ch.4 the survival clock, ch.5 the day's order): a
// Lichslayer rolled through the wizard with a fixed seed, its class hidden until level 2, and
// the hunger penalty arriving at the end of the fourth day without a meal.
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test('the creation wizard, the hidden class revealed at level 2, and the Day 4 hunger penalty', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 4242);

  await page.getByRole('button', { name: 'Roll a Lichslayer…' }).click();
  const wizard = page.getByRole('dialog', { name: 'Roll a Lichslayer' });
  await wizard.getByLabel('Name').fill('Ysolde Marrow');
  await wizard.getByLabel('Influence die for starting loot 2').selectOption('6');
  await wizard.getByRole('button', { name: 'Roll' }).click();
  await expect(wizard.getByRole('list', { name: 'Starting loot' }).getByRole('listitem')).toHaveCount(3);
  const hiddenClass = (
    await api<{ roster: { name: string; hiddenClass: string }[] }>(request, host, 'campaign.current')
  ).roster.find((l) => l.name === 'Ysolde Marrow')!.hiddenClass;
  expect(hiddenClass).toMatch(/^The /);
  await expect(wizard).not.toContainText(hiddenClass);
  await wizard.getByRole('button', { name: 'Open the Gauntlet' }).click();

  const gauntlet = page.getByRole('article', { name: "Ysolde Marrow's Gauntlet" });
  const hiddenPane = gauntlet.getByRole('complementary', { name: 'Hidden information' });
  await expect(gauntlet.getByTestId('class')).toHaveText('Hidden until level 2');
  await expect(hiddenPane.getByTestId('hidden-class')).toHaveValue(hiddenClass);
  // the class appears nowhere on the Gauntlet outside the hidden-info pane
  const outside = await gauntlet.evaluate((el, cls) => {
    const clone = el.cloneNode(true) as HTMLElement;
    clone.querySelector('[aria-label="Hidden information"]')?.remove();
    return clone.innerText.includes(cls) || [...clone.querySelectorAll('input')].some((i) => i.value.includes(cls));
  }, hiddenClass);
  expect(outside).toBe(false);
  // H hides secrets: the pane keeps the class to itself
  await page.keyboard.press('h');
  await expect(hiddenPane).not.toContainText(hiddenClass);
  await page.keyboard.press('h');

  // 432 gold found is 12 XP (ch.1): level 2, the class revealed and Skill 1 unlocked
  await gauntlet.getByLabel('Gold found').fill('432');
  await gauntlet.getByRole('button', { name: 'Add gold' }).click();
  await expect(gauntlet.getByTestId('class')).toHaveText(hiddenClass);
  await expect(gauntlet.getByTestId('level')).toHaveValue('2');
  await expect(gauntlet.getByTestId('skill1')).not.toHaveValue('');
  await expect(gauntlet.getByRole('group', { name: 'Unspent stat points' })).toBeVisible();

  // three days without a meal cost nothing; the end of the fourth brings hunger (ch.4)
  await page.getByRole('button', { name: 'Roster' }).click();
  const town = page.getByRole('region', { name: 'The Town' });
  for (let day = 1; day <= 3; day++) {
    await town.getByRole('button', { name: 'Next day' }).click();
    await expect(town).toContainText(`Day ${day} report`);
  }
  await page.getByRole('button', { name: "Open Ysolde Marrow's Gauntlet" }).click();
  await expect(gauntlet.getByRole('list', { name: 'Penalties' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Roster' }).click();
  await town.getByRole('button', { name: 'Next day' }).click();
  await expect(town.getByRole('list', { name: 'Day 4 report' })).toContainText(
    'Ysolde Marrow (no meal, no shelter): Hunger day 4: −6 max Health (ch.4)',
  );
  await page.getByRole('button', { name: "Open Ysolde Marrow's Gauntlet" }).click();
  await expect(gauntlet.getByRole('list', { name: 'Penalties' })).toContainText('Hunger, day 4 (ch.4): -1 to rolls');
  await page.screenshot({ path: test.info().outputPath('gauntlet-day4.png'), fullPage: true });
});

test('the Town: the Smith rolled once, gifts to the Square bring its roll, the journal keeps the day (ch.4, ch.5)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 77);
  const services = page.getByRole('region', { name: 'Town services' });
  await services.getByRole('button', { name: "Roll the Smith's disposition" }).click();
  const smith = services.getByRole('article', { name: 'The Smith' });
  await expect(smith).toContainText(/Favoured \w+, \w+ \(−20 %\) · distrusted \w+, \w+ \(\+30 %\)/);
  await expect(smith.getByRole('button', { name: "Roll the Smith's disposition" })).toHaveCount(0);
  // recolouring without the Stone is refused with the reason
  await smith.getByRole('button', { name: 'Recolour' }).click();
  await expect(page.getByRole('alert')).toContainText(/needs a Ruby in the inventory \(ch\.4\)/);

  await services.getByLabel('Gold to give').fill('120');
  await services.getByRole('button', { name: 'Give to the Square' }).click();
  await expect(services).toContainText('Square 120');
  const town = page.getByRole('region', { name: 'The Town' });
  await town.getByRole('button', { name: 'Next day' }).click();
  await expect(town.getByRole('list', { name: 'Day 1 report' })).toContainText(/Square: \d on d6 \(120 gold given\)/);

  await page.getByRole('button', { name: 'Journal' }).click();
  const session = page.getByRole('article', { name: 'Session 1' });
  await expect(session).toContainText('Day 1');
  await session.getByTestId('journal-notes-1').fill('The Square rang its bells.');
  await session.getByTestId('journal-notes-1').blur();
  await expect
    .poll(async () => (await api<{ session: number; notes: string }[]>(request, host, 'journal.view'))[0]!.notes)
    .toBe('The Square rang its bells.');
});
