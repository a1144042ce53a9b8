// A new campaign from the picker: the Smith's disposition is told at once (ch.4), a Lichslayer
// rolled with a fixed seed holds starter loot whose row text shows on the Gauntlet (ch.1, ch.13):
// a line under each filled slot, the whole text on hover (title) and on keyboard focus (described by);
// off the slots too, in the inventory, the attack dialog and the printed Gauntlet.
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { actingPanelOnTurnOf, api, demoOnAFreshHost, fightABoneRat, rosterMember } from './board-helpers.ts';
import { printedPdf } from './print-helpers.ts';

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
    await expect(input).toHaveAttribute('title', new RegExp(escaped(details(name))));
    await input.focus();
    await expect(input).toHaveAccessibleDescription(new RegExp(escaped(details(name))));
  }
  await gauntlet.getByTestId('item-text-loot1').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/item-text-gauntlet.png' });
});

test('an item’s text follows it off the slots: an inventory stack on hover and focus, the attack dialog’s weapon, and the printed Gauntlet (ch.13)', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  host = await demoOnAFreshHost(page, request, 1414);
  const odile = await rosterMember(request, host, 'Odile Vantreck');
  // A starter loot row carried in the inventory: its row's text goes with it.
  const rows = (
    await api<{
      table: { rows: { label: string; details: string; loot: { actions: string[]; colour: string } | null }[] };
    }>(request, host, 'tables.get', { key: 'loot' })
  ).table.rows;
  const carried = rows.find((r) => r.loot && r.details.length > 20)!;
  await api(request, host, 'lichslayer.setInventory', { id: odile.id, stacks: [{ name: carried.label, count: 1 }] });
  // And in her gear, a starter weapon: its row's text goes to the attack dialog and the sheet.
  const weapon = rows.find((r) => r.loot?.actions.includes('attack') && r.details && r !== carried)!;
  await api(request, host, 'lichslayer.setItem', {
    id: odile.id,
    slot: 'gear',
    item: { name: weapon.label, colour: weapon.loot!.colour },
  });
  await page.reload();
  await page.getByRole('button', { name: "Open Odile Vantreck's Gauntlet" }).click();
  const stack = page.locator('.stack-name', { hasText: carried.label });
  await expect(stack).toHaveAttribute('title', new RegExp(escaped(carried.details)));
  const count = page.getByLabel(`${carried.label} count`);
  await count.focus();
  await expect(count).toHaveAccessibleDescription(new RegExp(escaped(carried.details)));

  // In a fight, the attack dialog says what her weapon is.
  await fightABoneRat(page, request, host);
  const panel = await actingPanelOnTurnOf(page, 'Odile Vantreck');
  await panel.getByRole('button', { name: 'Attack…' }).click();
  const attack = page.getByRole('dialog', { name: 'Odile Vantreck attacks' });
  await expect(attack.getByTestId('weapon-text')).toContainText(weapon.details);
  await page.screenshot({ path: 'test-results/item-text-attack.png' });
  await attack.getByRole('button', { name: 'Cancel' }).click();

  // On paper: her Gauntlet prints each equipped item's text.
  await page.goto(`${host.url}#/print/gauntlet/${odile.id}`);
  const sheet = await printedPdf(page);
  // pdftotext lays the sheet's columns out with spaces: the words, in order.
  expect(sheet.text.replace(/\s+/g, ' ')).toContain(weapon.details.replace(/\s+/g, ' ').slice(0, 30));
});

/** A text as a pattern that matches it literally. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the Cast dialog opens on the Lichslayer whose turn it is with their spell loot’s text, and a loot card prints its row’s text (ch.13, ch.15)', async ({
  page,
  request,
}) => {
  host = await demoOnAFreshHost(page, request, 1414);
  const quillam = await rosterMember(request, host, 'Brother Quillam');
  const rows = (
    await api<{
      table: {
        rows: { label: string; details: string; loot: { itemType: string; colour: string } | null }[];
      };
    }>(request, host, 'tables.get', { key: 'loot' })
  ).table.rows;
  const scroll = rows.findIndex((r) => r.loot?.itemType === 'scroll' && r.details.length > 20);
  const row = rows[scroll]!;
  await api(request, host, 'lichslayer.setItem', {
    id: quillam.id,
    slot: 'loot3',
    item: { name: row.label, colour: row.loot!.colour },
  });

  await fightABoneRat(page, request, host);
  const panel = await actingPanelOnTurnOf(page, 'Odile Vantreck');
  // Odile stands first in the stack: the dialog must follow the turn past her.
  await page.keyboard.press('Alt+t');
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Brother Quillam's turn");
  await page.keyboard.press('Alt+c');
  const cast = page.getByRole('dialog', { name: 'Cast a spell' });
  // The caster is the one acting, not the first of the party.
  await expect(cast.getByLabel('Caster').locator('option:checked')).toHaveText('Brother Quillam (their turn)');
  const loot = cast.getByRole('list', { name: 'Loot for spells' });
  await expect(loot).toContainText(row.label);
  await expect(loot).toContainText(row.details.slice(0, 30));
  await page.screenshot({ path: 'test-results/item-text-cast.png' });
  await page.keyboard.press('Escape');

  await page.goto(`${host.url}#/print/loot/${scroll}`);
  const card = page.locator('.loot-card');
  await expect(card).toHaveCount(1);
  await expect(card.locator('.card-head')).toContainText(row.label);
  await expect(card.locator('.card-effect')).toHaveText(row.details);
});
