// A short dive on Floor 1 with a fixed seed, from the Town to a cleared floor and back, reading the
// phase banner at each step (ch.9 floors, ch.11 combat, ch.1 XP for a cleared floor).
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { addEnemy, api, openSeededDemo } from './board-helpers.ts';
import type { BoardView } from '../src-shared/board.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test('a short dive: Town → Floor 1 → combat → cleared → Town, with the banner and the rules in step', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 2026);
  const banner = page.getByRole('status', { name: 'Phase' });
  await expect(banner).toContainText('In the Town');
  await expect(banner).toContainText("Lich's Attention: Stage 0");
  await expect(banner.getByRole('button', { name: 'Combat over' })).toBeDisabled();
  await expect(banner.getByRole('button', { name: 'Withdraw to Town' })).toHaveAttribute(
    'title',
    'The party is in the Town',
  );

  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.locator('.floors button[aria-pressed="true"]')).toHaveText(/1/);

  await page.keyboard.press('Alt+n');
  await expect(banner).toContainText('Combat · Floor 1');
  const stack = (await api<{ turnStack: { name: string }[] }>(request, host, 'board.view', { floor: 1 })).turnStack.map(
    (e) => e.name,
  );
  await expect(banner.getByTestId('turn')).toContainText(`Round 1 · ${stack[0]}'s turn`);
  // ch.11: the Bone-white Abbess stands with the party, so no enemy may move between turns: one key starts the next turn.
  await page.keyboard.press('Alt+t');
  await expect(banner.getByTestId('turn')).toContainText(`Round 1 · ${stack[1]}'s turn`);
  await expect(page.locator('.turn-stack li.current-turn')).toContainText(stack[1]!);
  await expect(banner.getByRole('button', { name: 'Descend' })).toHaveAttribute(
    'title',
    'Finish the fight before taking the stair (ch.11)',
  );
  await banner.getByRole('button', { name: 'Combat over' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');

  // ch.1, RULINGS: a floor counts as cleared once all 25 rooms are entered and no enemy is left on the stack.
  await expect(banner.getByRole('button', { name: 'Floor cleared' })).toBeDisabled();
  const floorOne = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  for (const e of floorOne.tokens.filter((t) => t.kind === 'entity' && !t.defeated))
    await api(request, host, 'fight.damage', { target: e.id, amount: 9999, label: 'the Judge', bypassArmor: true });
  const walker = floorOne.tokens.find((t) => t.kind === 'lichslayer')!;
  for (const r of floorOne.rooms.filter((room) => !room.entered)) {
    if (!r.revealed)
      await api(request, host, 'board.setRoom', {
        floor: 1,
        x: r.x,
        y: r.y,
        patch: { type: 'chamber', name: `Swept room ${r.x + 1},${r.y + 1}` },
        revealed: true,
      });
    await api(request, host, 'board.moveToken', { tokenId: walker.id, floor: 1, x: r.x, y: r.y, override: true });
  }
  // The fight's end shows its summary first; the Judge reads it and closes it.
  await page.getByRole('dialog', { name: 'The fight is over' }).getByRole('button', { name: 'Done' }).click();
  await banner.getByRole('button', { name: 'Floor cleared' }).click();
  await expect
    .poll(
      async () =>
        (await api<{ roster: { name: string; xp: number }[] }>(request, host, 'campaign.current')).roster.find(
          (l) => l.name === 'Odile Vantreck',
        )!.xp,
    )
    .toBe(14 + 6);

  await banner.getByRole('button', { name: 'Withdraw to Town' }).click();
  await expect(banner).toContainText('In the Town');
});

test('spells in the round and the Lich in the Town: cast from the dialog, pay at once, then Stage 4 brings the manifestation (ch.15, ch.16)', async ({
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
  await page.keyboard.press('Alt+n');
  await expect(banner).toContainText('Combat · Floor 1');
  // Whatever the entrance room rolled, go to the first Lichslayer's turn.
  const names = (await api<{ roster: { name: string }[] }>(request, host, 'campaign.current')).roster.map(
    (l) => l.name,
  );
  const current = async () =>
    (await api<{ combat: { current: string | null } }>(request, host, 'phase.view')).combat.current;
  for (let i = 0; i < 12 && !names.includes((await current()) ?? ''); i++) await page.keyboard.press('Alt+t');
  const first = (await current())!;
  await expect(banner.getByTestId('turn')).toContainText(`${first}'s turn`);
  const goldOf = async () =>
    (await api<{ roster: { name: string; gold: number }[] }>(request, host, 'campaign.current')).roster.find(
      (l) => l.name === first,
    )!.gold;
  const gold = await goldOf();

  await page.keyboard.press('Alt+c');
  const dialog = page.getByRole('dialog', { name: 'Cast a spell' });
  await expect(dialog.getByLabel('Caster')).toHaveValue(/\d+/);
  // a spell needing a Vestment is listed only with the refusals, and says why
  await expect(dialog.getByRole('button', { name: 'Blaze' })).toHaveCount(0);
  await dialog.getByText('Show spells not allowed now').click();
  await expect(dialog.getByRole('button', { name: 'Blaze' })).toBeDisabled();
  await expect(dialog).toContainText(
    'can be cast only while The Unbound’s Coat of Arms is equipped and unbroken (ch.15)',
  );
  await dialog.getByRole('button', { name: 'Cinder Lash' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'What happened' })).toContainText(
    /Cinder Lash \(.+\) resolves: 2d6 \[\d, \d\] \+ Magic \d+ = \d+ \(ch\.15\)/,
  );
  expect(await goldOf()).toBe(gold - 36);
  // On Turn used the action: the turn is over, and with no enemy apart to move the next one begins (ch.11)
  const after = (await api<{ combat: { current: string; between: boolean } }>(request, host, 'phase.view')).combat;
  expect(after.between).toBe(false);
  expect(after.current).not.toBe(first);
  await expect(banner.getByTestId('turn')).toContainText(`${after.current}'s turn`);

  await banner.getByRole('button', { name: 'Withdraw to Town' }).click();
  await expect(banner).toContainText('In the Town');
  // The dive's end shows its summary; the Judge closes it.
  await page.getByRole('dialog', { name: 'The dive is over' }).getByRole('button', { name: 'Done' }).click();
  await expect(banner.getByRole('button', { name: 'The Lich manifests' })).toHaveCount(0);
  await banner.getByText("Lich's Attention: Stage 0").click();
  await page.getByRole('menuitem', { name: "The Lich's Crown is applied" }).click();
  await expect(banner).toContainText("Lich's Attention: Stage 4");
  await banner.getByRole('button', { name: 'The Lich manifests' }).click();
  await expect(banner).toContainText('The Lich in the Town');
  await expect(page.getByLabel('The Lich Health')).toHaveValue('360');
  await expect(page.getByRole('list', { name: 'What happened' })).toContainText(
    'every Lichslayer in the Town is at Lost (ch.16)',
  );
  await expect(banner.getByRole('button', { name: 'Lich defeated' })).toHaveAttribute('title', /Phylactery stands/);
  await page.screenshot({ path: test.info().outputPath('manifestation.png') });
});
