// Accessibility of the views a11y.spec.ts never reaches: the board's side panel opened up (room prep,
// add-token form, token editor), the zero-Health prompt, the table-dice dialog, a fight printed, the
// Journal filtered, and the Tables screen with a roll, a row's drawer and a confirmation dialog.
import { expect, test } from '@playwright/test';
import type { RunningHost } from './web-host.ts';
import { actingPanelOnTurnOf, demoOnAFreshHost, fightABoneRat } from './board-helpers.ts';
import { axeFindings } from './axe-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test("the room prep form with its trap editor, the add-token form, the token editor, the zero-Health prompt, the table-dice dialog, the fight printed, the Journal with its summaries filtered, a roll with a row's drawer open and a confirmation dialog pass axe", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  host = await demoOnAFreshHost(page, request, 1414);
  await fightABoneRat(page, request, host);
  const panel = await actingPanelOnTurnOf(page, 'Odile Vantreck');
  const room = page.getByRole('region', { name: 'Selected room' });
  const found: Record<string, string[]> = {};

  await room.getByText('Set by hand (prep)').click();
  await expect(room.getByRole('group', { name: 'Trap' })).toBeVisible();
  found['room prep'] = await axeFindings(page);
  // The chest set here by hand is what the acting panel then offers on table dice.
  await room.getByLabel('Chest').check();
  await room.getByText('Set by hand (prep)').click();

  await room.getByRole('button', { name: /Bone Rat/ }).click();
  await room.getByText('Add a token here').click();
  await expect(room.getByRole('button', { name: 'Remove' })).toBeVisible();
  found['add-token form and token editor'] = await axeFindings(page);
  await room.getByText('Add a token here').click();

  await panel.getByRole('button', { name: 'The chest on table dice…' }).click();
  const dice = page.getByRole('dialog', { name: 'Odile Vantreck opens the chest on table dice' });
  await dice.getByLabel('Faces rolled at the table').fill('6');
  found['table-dice dialog'] = await axeFindings(page);
  await page.keyboard.press('Escape');
  await expect(dice).toHaveCount(0);

  await room.getByRole('button', { name: /Odile Vantreck/ }).click();
  await room
    .getByRole('group', { name: 'Fight actions for Odile Vantreck' })
    .getByRole('button', { name: 'Damage…' })
    .click();
  const hurt = page.getByRole('dialog', { name: 'Damage to Odile Vantreck' });
  await hurt.getByLabel('Amount').fill('99');
  await hurt.getByLabel('Bypasses Armor').check();
  await hurt.getByRole('button', { name: 'Apply one instance' }).click();
  await hurt.getByRole('button', { name: 'Done' }).click();
  const zero = page.getByRole('region', { name: 'At 0 Health' });
  await expect(zero.getByRole('button', { name: 'Press on at 1' })).toBeVisible();
  found['zero-Health prompt'] = await axeFindings(page);
  await zero.getByRole('button', { name: 'Press on at 1' }).click();
  await expect(zero).toHaveCount(0);

  await room.getByRole('button', { name: /Bone Rat/ }).click();
  await panel.getByRole('button', { name: 'Damage Bone Rat…' }).click();
  const damage = page.getByRole('dialog', { name: 'Damage to Bone Rat' });
  await damage.getByLabel('Amount').fill('20');
  await damage.getByRole('button', { name: 'Apply one instance' }).click();
  await damage.getByRole('button', { name: 'Done' }).click();
  await panel.getByRole('button', { name: 'End the fight' }).click();
  const fought = page.getByRole('dialog', { name: 'The fight is over' });
  await expect(fought.getByTestId('fight-summary')).toContainText('Felled:');
  await fought.getByRole('button', { name: 'Print…' }).click();
  await expect(page.locator('.print-area[data-ready="true"]')).toBeVisible();
  found['fight printed'] = await axeFindings(page);
  await page.getByRole('button', { name: 'Back', exact: true }).click();

  await page.getByRole('button', { name: 'Journal', exact: true }).click();
  const session = page.getByRole('article', { name: 'Session 1' });
  await expect(session.getByTestId('fight-summary')).toBeVisible();
  await page.getByTestId('journal-kind').selectOption('fights');
  await expect(page.getByRole('group', { name: 'Journal filters' }).getByRole('button')).toBeVisible();
  found['Journal filtered'] = await axeFindings(page);

  await page.getByRole('button', { name: 'Tables', exact: true }).click();
  await page.locator('.table-link').first().click();
  await page.getByRole('button', { name: 'Roll', exact: true }).click();
  await expect(page.getByTestId('ledger-line')).toBeVisible();
  await page.getByRole('button', { name: 'More of row 1', exact: true }).click();
  await expect(page.getByRole('button', { name: 'More of row 1', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  found['roll and row drawer'] = await axeFindings(page);
  await page.getByRole('button', { name: 'Delete table…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete table?' });
  await expect(confirm).toBeVisible();
  found['confirmation dialog'] = await axeFindings(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);

  expect(found).toEqual({
    'room prep': [],
    'add-token form and token editor': [],
    'table-dice dialog': [],
    'zero-Health prompt': [],
    'fight printed': [],
    'Journal filtered': [],
    'roll and row drawer': [],
    'confirmation dialog': [],
  });
});
