// Casts from elsewhere than the caster's own spells (rulebook ch.2): the Doctor prepares a spell in
// the Coat from the Gauntlet, and the Cast dialog offers it in a fight, cast at half gold.
import { expect, test } from '@playwright/test';
import type { CampaignView } from '../src-shared/contract.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { addEnemy, api, openSeededDemo, rosterMember } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test("the Doctor's Coat from the Gauntlet and the Cast dialog: prepared there, cast from it at half gold (ch.2)", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 7);
  const odile = await rosterMember(request, host, 'Odile Vantreck');
  await api(request, host, 'lichslayer.update', {
    id: odile.id,
    patch: {
      hiddenClass: 'The Lich Doctor',
      skill1: 'Diagnose and Bandage',
      skill2: 'Medicine Bay',
      skill3: 'Doctor’s Coat of Arms',
      level: 6,
      gold: 1800,
    },
  });
  await page.getByRole('button', { name: 'Roster' }).click();
  await page.getByRole('button', { name: "Open Odile Vantreck's Gauntlet" }).click();
  const gauntlet = page.getByRole('article', { name: "Odile Vantreck's Gauntlet" });
  await gauntlet
    .getByRole('combobox', { name: 'Spell: Prepare in Coat' })
    .selectOption({ label: 'Cinder Lash (Demon Magic)' });
  await gauntlet.getByRole('button', { name: 'Prepare in Coat' }).click();
  await expect(
    page.getByText('Odile Vantreck prepares Cinder Lash in the Coat (1 of 3): cast from it at half gold (ch.2)'),
  ).toBeVisible();
  await gauntlet.getByRole('button', { name: 'Prepare in Coat' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('coat-prepare.png') });

  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  await expect(page.getByTestId('board-canvas')).toBeVisible();
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await addEnemy(request, host, { name: 'Grey Hound', health: 40 });
  await page.keyboard.press('Alt+n');
  await expect(banner).toContainText('Combat · Floor 1');
  const current = async () =>
    (await api<{ combat: { current: string | null } }>(request, host, 'phase.view')).combat.current;
  for (let i = 0; i < 12 && (await current()) !== 'Odile Vantreck'; i++) await page.keyboard.press('Alt+t');
  expect(await current()).toBe('Odile Vantreck');
  await page.keyboard.press('Alt+c');
  const dialog = page.getByRole('dialog', { name: 'Cast a spell' });
  const held = dialog.getByRole('group', { name: 'Held spells' });
  await expect(held).toContainText('from the Coat, half gold');
  await page.screenshot({ path: test.info().outputPath('coat-cast-dialog.png') });
  await held.getByRole('button', { name: 'Cinder Lash' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'What happened' })).toContainText(
    "cast from the Doctor's Coat: half of 36 = 18 gold (ch.2)",
  );
  expect((await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.id === odile.id)!.gold).toBe(
    1782,
  );
});
