// A spell's dice rolled at the table (ch.15): in the Cast dialog the Judge chooses table dice, picks
// Cinder Lash and types the faces; a 7 on a d6 is refused by die and changes nothing, 4 5 resolves
// the spell on them, and the ledger names the Judge. A spell cast for the round's end takes its dice
// in the Next turn dialog, which names them. Fixed seed 7: Odile Vantreck's turn first.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { CampaignView, LedgerEntry } from '../src-shared/contract.ts';
import type { LichslayerView } from '../src-shared/contract/views.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, fightInTheQuietVault, openSeededDemo } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

/**
 * Odile on her turn in a fight on Floor 1 against a Grey Hound, bare but for Black gear (ch.15's Demon
 * spells) and 700 gold: Magic 1 (ch.4). The Cast dialog open at 1366x768, on dice rolled at the table.
 */
async function castOnTableDice(
  page: Page,
  request: APIRequestContext,
): Promise<{ odile: LichslayerView; dialog: Locator }> {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 7);
  await fightInTheQuietVault(request, host, { name: 'Grey Hound', health: 6 });
  expect((await api<{ combat: { current: string | null } }>(request, host, 'phase.view')).combat.current).toBe(
    'Odile Vantreck',
  );
  const odile = (await api<CampaignView>(request, host, 'campaign.current')).roster.find(
    (l) => l.name === 'Odile Vantreck',
  )!;
  for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'])
    await api(request, host, 'lichslayer.setItem', { id: odile.id, slot, item: null });
  await api(request, host, 'lichslayer.setItem', {
    id: odile.id,
    slot: 'gear',
    item: { name: 'Soot Axe', colour: 'Black' },
  });
  await api(request, host, 'lichslayer.update', { id: odile.id, patch: { gold: 700 } });
  await page.reload();
  await expect(page.getByRole('status', { name: 'Phase' })).toContainText('Combat · Floor 1');

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.keyboard.press('Alt+c');
  const dialog = page.getByRole('dialog', { name: 'Cast a spell' });
  await dialog.getByLabel("Roll the spell's dice at the table").check();
  return { odile, dialog };
}

/** Who entered the faces of Odile's spell roll in the ledger, and which faces. */
async function spellFacesEntered(request: APIRequestContext): Promise<[string | null, number[]]> {
  const [entry] = (await api<LedgerEntry[]>(request, host, 'ledger.list', { character: 'Odile Vantreck' })).filter(
    (e) => e.command === 'phase.cast' && e.faces.length > 0,
  );
  return [entry!.enteredBy, entry!.faces.map((f) => f.face)];
}

test('the Judge casts Cinder Lash on faces rolled at the table: 4 7 is refused by die, 4 5 resolves 2d6 [4, 5] + Magic 1 = 10 (ch.15)', async ({
  page,
  request,
}) => {
  const { odile, dialog } = await castOnTableDice(page, request);
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Cinder Lash' })).toContainText(
    'On Turn · 36 gold · 2d6',
  );
  await dialog.getByRole('button', { name: 'Cinder Lash…' }).click();
  const options = dialog.getByRole('group', { name: 'Casting Cinder Lash' });
  await expect(options.getByTestId('cast-table-dice')).toHaveText(
    "The faces go to Cinder Lash's 2d6, in the order they fall.",
  );
  const faces = options.getByLabel('Faces rolled at the table');
  await faces.fill('4 7');
  await options.getByRole('button', { name: 'Use these faces' }).click();
  await expect(options.getByRole('alert')).toHaveText('Die 2 is a d6: 7 cannot come up on it (1 to 6).');
  // The picked spell's entry and its refusal show whole at 1366x768: the spell list steps aside.
  await expect(faces).toBeInViewport();
  await expect(options.getByRole('alert')).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Crush' })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('cast-table-dice.png') });
  expect((await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.id === odile.id)!.gold).toBe(
    700,
  );

  await faces.fill('4 5');
  await options.getByRole('button', { name: 'Use these faces' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'What happened' })).toContainText(
    'Cinder Lash (Odile Vantreck) resolves: 2d6 [4, 5] + Magic 1 = 10 (ch.15)',
  );
  expect(await spellFacesEntered(request)).toEqual(['the Judge', [4, 5]]);
  expect((await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.id === odile.id)!.gold).toBe(
    664,
  );
});

test('Burning Floor, cast for the round’s end, takes its 1d6 in the Next turn dialog, which names it: face 5 resolves 1d6 [5] = 5 (ch.11, ch.15)', async ({
  page,
  request,
}) => {
  const { dialog } = await castOnTableDice(page, request);
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Burning Floor' })).toContainText(
    'End Round · 48 gold · no dice now: any come at Next turn, as it resolves',
  );
  await dialog.getByLabel("Roll the spell's dice at the table").uncheck();
  await dialog.getByRole('button', { name: 'Burning Floor' }).click();
  await expect(dialog).toHaveCount(0);
  // Brother Quillam's, Sable's, Wren's and the Grey Hound's turns pass first.
  for (let i = 0; i < 4; i++) await api(request, host, 'phase.nextTurn');
  await page.reload();
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Acting entrant' });
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Grey Hound's turn");
  await panel.getByRole('button', { name: "The turn's end on dice rolled at the table" }).click();
  const next = page.getByRole('dialog', { name: 'Next turn with dice rolled at the table' });
  await expect(next.getByTestId('next-turn-dice-preview')).toHaveText(
    '1d6 Spell: Burning Floor by Odile Vantreck (Demon Magic)',
  );
  await page.screenshot({ path: test.info().outputPath('next-turn-spell-dice.png') });
  await next.getByLabel('Faces rolled at the table').fill('5');
  await next.getByRole('button', { name: 'Use these faces' }).click();
  await expect(next).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'What happened' })).toContainText(
    'Burning Floor (Odile Vantreck) resolves: 1d6 [5] = 5 (ch.15)',
  );
  expect(await spellFacesEntered(request)).toEqual(['the Judge', [5]]);
});
