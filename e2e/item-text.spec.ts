// A new campaign from the picker: the Smith's disposition is told at once (ch.4), a Lichslayer
// rolled with a fixed seed holds starter loot whose row text shows on the Gauntlet (ch.1, ch.13):
// a line under each filled slot, the whole text on hover (title) and on keyboard focus (described by).
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test('a rolled Lichslayer’s loot shows its row’s text on the Gauntlet, on hover and on focus (ch.13)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await page.goto(host.url);
  await page.getByPlaceholder('The Ninth Descent').fill('First Descent');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('region', { name: 'Notices' })).toContainText("The Smith's disposition: favoured");
  await api(request, host, 'dice.setSeed', { seed: 101 });

  await page.getByRole('button', { name: 'Roll a Lichslayer…' }).click();
  const wizard = page.getByRole('dialog', { name: 'Roll a Lichslayer' });
  await wizard.getByLabel('Name').fill('Ash Vell');
  await wizard.getByRole('button', { name: 'Roll' }).click();
  await expect(wizard.getByRole('list', { name: 'Starting loot' }).getByRole('listitem')).toHaveCount(3);
  await wizard.getByRole('button', { name: 'Open the Gauntlet' }).click();

  const gauntlet = page.getByRole('article', { name: "Ash Vell's Gauntlet" });
  const held = await api<{ roster: { items: Record<string, { name: string } | null>; gold: number }[] }>(
    request,
    host,
    'campaign.current',
  );
  const ash = held.roster[0]!;
  expect(ash.gold).toBe(324);
  const table = await api<{ table: { rows: { label: string; details: string }[] } }>(request, host, 'tables.get', {
    key: 'loot',
  });
  const details = (name: string) => table.table.rows.find((r) => r.label === name)!.details;
  for (const slot of ['loot1', 'loot2', 'loot3']) {
    const name = ash.items[slot]!.name;
    const line = gauntlet.getByTestId(`item-text-${slot}`);
    await expect(line).toBeVisible();
    await expect(line).toContainText(details(name));
    // Hover and keyboard focus give the same text: the input's title, and the line it is described by.
    const input = gauntlet.getByLabel(`Loot ${slot.slice(-1)} item`);
    await expect(input).toHaveAttribute('title', new RegExp(details(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await input.focus();
    await expect(input).toHaveAccessibleDescription(new RegExp(details(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  }
  await gauntlet.getByTestId('item-text-loot1').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/item-text-gauntlet.png' });
});
