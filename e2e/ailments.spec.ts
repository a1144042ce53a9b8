// Ailments and the skills that lift them, from the screens a Judge uses (rulebook ch.2): Poison set on an
// enemy from its token editor shows on the turn tracker; the Lich Doctor's Bandage, offered in the same
// editor, lifts it; Burn toggled on a Gauntlet shows there; Cheat is offered on a roll in the ledger.
import { expect, test } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import type { CampaignView } from '../src-shared/contract.ts';
import type { RunningHost } from './web-host.ts';
import { api, demoOnAFreshHost, tokenPoint } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const SHOTS = process.env.SKILL_SHOTS ?? 'test-results/shots/skill-shots';

test('ailments on the board and the Gauntlet; Bandage lifts one from the token editor; Cheat on a ledger roll', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  host = await demoOnAFreshHost(page, request, 1414);
  const roster = (await api<CampaignView>(request, host, 'campaign.current')).roster;
  const quillam = roster.find((l) => l.name === 'Brother Quillam')!;
  const sable = roster.find((l) => l.name === 'Sable Hartigan')!;
  await api(request, host, 'lichslayer.update', {
    id: quillam.id,
    patch: { hiddenClass: 'The Lich Doctor', skill1: 'Diagnose and Bandage', level: 2 },
  });
  await api(request, host, 'lichslayer.update', {
    id: sable.id,
    patch: {
      hiddenClass: 'The Bandit',
      skill1: 'Burgle',
      skill2: 'Extra Pockets',
      skill3: 'Disarm',
      capstone: 'Cheat',
      level: 6,
    },
  });
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Stair Landing' } });
  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  const board = await api<BoardView>(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Gnawer',
    colour: 'Red',
    floor: 1,
    x: 2,
    y: 0,
    health: 5,
    armor: 0,
    stats: { level: 1 },
  });
  const gnawer = board.tokens.find((t) => t.name === 'Gnawer')!;
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  const at = await tokenPoint(page, board, gnawer);
  await page.mouse.click(at.x, at.y);

  const ailments = page.getByRole('group', { name: "Gnawer's ailments" });
  await ailments.getByRole('button', { name: 'Poison' }).click();
  await expect(ailments.getByRole('button', { name: 'Poison' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.turn-conditions .chip', { hasText: 'Poison' })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/board-poison.png` });

  await page
    .getByRole('group', { name: 'Skills on Gnawer' })
    .getByRole('button', { name: 'Brother Quillam: Bandage', exact: true })
    .click();
  await expect(ailments.getByRole('button', { name: 'Poison' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.turn-conditions .chip', { hasText: 'Poison' })).toHaveCount(0);

  // A Gauntlet: Burn toggled in Vitals.
  await page.getByRole('button', { name: 'Roster', exact: true }).click();
  await page.getByRole('button', { name: "Open Sable Hartigan's Gauntlet" }).click();
  const mine = page.getByRole('group', { name: 'Ailments' });
  await mine.getByRole('button', { name: 'Burn' }).click();
  await expect(mine.getByRole('button', { name: 'Burn' })).toHaveAttribute('aria-pressed', 'true');
  expect(
    (await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.id === sable.id)!.life.ailments,
  ).toEqual(['Burn']);
  await page.screenshot({ path: `${SHOTS}/gauntlet-burn.png` });

  // The ledger: Cheat on Quillam's Bandage roll (a roll that is not hers: the lower is better).
  await page.getByRole('button', { name: 'Ledger', exact: true }).click();
  await page.locator('.ledger-toggle', { hasText: 'Gnawer' }).first().click();
  await page.getByRole('button', { name: 'Cheat: Sable Hartigan rerolls this', exact: true }).click();
  await expect(page.locator('.ledger-explain', { hasText: 'Sable Hartigan Cheats on' })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/ledger-cheat.png` });
});
