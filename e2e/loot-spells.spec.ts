// Loot, spells and the turning from the Judge's screens (ch.2, ch.13, ch.15, ch.16): the Gauntlet's
// extra Loot slots and a Vestment found; a ×N component chosen in the Cast dialog at the moment of
// casting; Cleanse of a turned character from the phase banner, a player-killing.
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

interface Roster {
  roster: {
    id: number;
    name: string;
    inventory: { name: string; count: number }[];
    items: Record<string, { name: string } | null>;
  }[];
}

test('Extra Pockets opens Loot slots 4 and 5 on the Gauntlet; an item held there; a Vestment found goes to the inventory', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 21);
  const sable = (await api<Roster>(request, host, 'campaign.current')).roster.find((l) => l.name === 'Sable Hartigan')!;
  await api(request, host, 'lichslayer.update', { id: sable.id, patch: { skill2: 'Extra Pockets' } });
  await api(request, host, 'lichslayer.setInventory', {
    id: sable.id,
    stacks: [
      { name: 'Cinder Compass', count: 1 },
      { name: 'Soot Bomb', count: 2 },
    ],
  });
  await page.getByRole('button', { name: "Open Sable Hartigan's Gauntlet" }).click();
  const gauntlet = page.getByRole('article', { name: "Sable Hartigan's Gauntlet" });
  await expect(gauntlet.getByTestId('slots-explain')).toHaveText('Extra Pockets: 5 Loot slots (ch.2)');
  await expect(gauntlet.getByLabel('Loot 5 item')).toBeVisible();
  await expect(gauntlet.getByLabel('Loot 6 item')).toHaveCount(0);
  // the Fate menu offers the open slots; the compass goes into Loot 4 and its Influence die shows
  await gauntlet.getByLabel('Fate of Cinder Compass').selectOption('hold:loot4');
  await expect(gauntlet.getByLabel('Loot 4 item')).toHaveValue('Cinder Compass');
  await expect(gauntlet).toContainText('Influence held: d6 (Cinder Compass)');
  await gauntlet.getByRole('button', { name: 'Vestment found…' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'finds' })).toContainText(
    /Sable Hartigan finds .+: 1d6 .+ \(ch\.15\); it goes into the inventory/,
  );
  const after = (await api<Roster>(request, host, 'campaign.current')).roster.find((l) => l.id === sable.id)!;
  expect(after.inventory.map((s) => s.name)).toHaveLength(2);
  await gauntlet.getByRole('heading', { name: /Loot slots/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('gauntlet-extra-pockets.png') });
});

test('a ×3 component with no choice made: the Cast dialog asks, and “all at once” resolves three castings as one (ch.13)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 15);
  const demon = await api<{ table: { rows: { label: string; spell: Record<string, unknown> }[] } }>(
    request,
    host,
    'tables.get',
    { key: 'spells-demon' },
  );
  const index = demon.table.rows.findIndex((r) => r.label === 'Cinder Lash');
  const row = demon.table.rows[index]!;
  await api(request, host, 'tables.setRow', {
    key: 'spells-demon',
    index,
    row: { ...row, spell: { ...row.spell, component: 'Bone Feather' } },
  });
  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await api(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Grey Hound',
    colour: 'Red',
    floor: 1,
    x: 2,
    y: 0,
    health: 6,
    armor: 0,
  });
  await page.keyboard.press('Alt+n');
  await expect(banner).toContainText('Combat · Floor 1');
  const roster = (await api<Roster>(request, host, 'campaign.current')).roster;
  const current = async () =>
    (await api<{ combat: { current: string | null } }>(request, host, 'phase.view')).combat.current;
  // whatever the entrance rolled, go to the first Lichslayer's turn
  let now = await current();
  for (let i = 0; i < 12 && !roster.some((l) => l.name === now); i++) {
    await page.keyboard.press('Alt+t');
    now = await current();
  }
  const caster = roster.find((l) => l.name === now)!;
  await api(request, host, 'lichslayer.setItem', {
    id: caster.id,
    slot: 'loot3',
    item: { name: 'Bone Feather', colour: 'Colourless', notes: "Component for any school's spells (×3)." },
  });

  await page.keyboard.press('Alt+c');
  const dialog = page.getByRole('dialog', { name: 'Cast a spell' });
  await dialog.getByRole('button', { name: 'Cinder Lash…' }).click();
  const options = dialog.getByRole('group', { name: 'Casting Cinder Lash' });
  await expect(options).toContainText(
    'Bone Feather is ×3: the choice is made now, once, and cannot be split afterwards (ch.13).',
  );
  await page.screenshot({ path: test.info().outputPath('cast-choice.png') });
  await options.getByRole('button', { name: 'Release all 3 at once' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'What happened' })).toContainText(
    /Cinder Lash \(.+\) resolves ×3 at once \(ch\.13\): 2d6 \[\d, \d\] \+ Magic \d+; 2d6 \[\d, \d\] \+ Magic \d+; 2d6 \[\d, \d\] \+ Magic \d+ = \d+ \(ch\.15\)/,
  );
  expect(
    (await api<Roster>(request, host, 'campaign.current')).roster.find((l) => l.id === caster.id)!.items.loot3,
  ).toBeNull();
});

test('Cleanse of a turned character from the phase banner: the caster is named, the cleansed is lost for good (ch.16, ch.11)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 7);
  await api(request, host, 'phase.attention', { event: { type: 'CROWN' } });
  await api(request, host, 'phase.send', { event: { type: 'MANIFEST' } });
  let turned: string[] = [];
  for (let i = 0; i < 40 && turned.length === 0; i++)
    turned = (await api<{ dive: { turned: string[] } }>(request, host, 'phase.nextTurn')).dive.turned;
  expect(turned.length).toBeGreaterThan(0);
  await page.reload();
  const banner = page.getByRole('status', { name: 'Phase' });
  const victim = turned[0]!;
  await expect(banner).toContainText(`${victim} is turned`);
  await banner.getByLabel(`End ${victim}'s turning`).selectOption('cleanse');
  const dialog = page.getByRole('dialog', { name: `Cleanse ${victim}?` });
  await expect(dialog).toContainText('It is a player-killing: the one who cast it rolls a Sanity Challenge, target 12');
  await page.screenshot({ path: test.info().outputPath('cleanse.png') });
  const caster = await dialog
    .getByLabel('Cleanse cast by')
    .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.textContent!);
  await dialog.getByRole('button', { name: `Cleanse: ${victim} dies` }).click();
  await expect(page.getByRole('list', { name: 'What happened' })).toContainText(`${caster} Cleanses ${victim}`);
  await expect(page.getByRole('list', { name: 'What happened' })).toContainText(`${caster} killed ${victim} (ch.11)`);
  await expect(banner).toContainText(`Lost: ${victim}`);
});
