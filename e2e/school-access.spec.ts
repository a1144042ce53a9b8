// Spell school access in the Cast dialog (ch.2, ch.15, ch.17): main says which schools are open to
// the caster and why the rest are shut; the dialog shows it beside each school's spells.
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { addEnemy, api, openSeededDemo } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test('the Cast dialog shows each school open or shut to the caster, and why: Demon Magic by Black loot, Lich’s Magic shut (ch.15)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 15);
  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await addEnemy(request, host, { name: 'Grey Hound', health: 6 });
  // The key acts on the phase the page holds: wait until the descent has reached the banner (in the
  // Town it offers no "Enemies enter"), or Alt+N would be refused there.
  await expect(banner.getByRole('button', { name: 'Enemies enter' })).toBeEnabled();
  await page.keyboard.press('Alt+n');
  await expect(banner).toContainText('Combat · Floor 1');
  const roster = (await api<{ roster: { id: number; name: string }[] }>(request, host, 'campaign.current')).roster;
  const current = async () =>
    (await api<{ combat: { current: string | null } }>(request, host, 'phase.view')).combat.current;
  let now = await current();
  for (let i = 0; i < 12 && !roster.some((l) => l.name === now); i++) {
    await page.keyboard.press('Alt+t');
    now = await current();
  }
  const caster = roster.find((l) => l.name === now)!;
  for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'])
    await api(request, host, 'lichslayer.setItem', { id: caster.id, slot, item: null });
  await api(request, host, 'lichslayer.setItem', {
    id: caster.id,
    slot: 'gear',
    item: { name: 'Soot Maul', colour: 'Black' },
  });
  await page.keyboard.press('Alt+c');
  const dialog = page.getByRole('dialog', { name: 'Cast a spell' });
  const schools = dialog.getByRole('list', { name: 'Schools open now' });
  await expect(schools).toContainText('✓ Demon Magic');
  await expect(schools).toContainText("✗ Lich's Magic");
  await expect(dialog).toContainText(
    'Demon Magic open: Black loot equipped (house rule: one unbroken item is enough) (ch.15)',
  );
  await dialog.getByLabel('Show spells not allowed now').check();
  await expect(dialog).toContainText(
    `Celestial Magic is not open to ${caster.name}: it opens with Orange loot equipped`,
  );
  await page.screenshot({ path: test.info().outputPath('cast-schools.png') });
});
