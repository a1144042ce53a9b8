// A class skill's dice rolled at the table (ch.1, ch.2): the skills on the selected room offer their
// dice to the table beside the one-click use; Sable's Burgle takes the 70 her player rolled.
import { expect, test } from '@playwright/test';
import type { LedgerEntry, TableView } from '../src-shared/contract.ts';
import type { BoardView } from '../src-shared/board.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo, rosterMember, tokenPoint } from './board-helpers.ts';

const SHOTS = process.env.TABLE_DICE_SHOTS ?? 'test-results/shots/table-dice-shots';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test.use({ viewport: { width: 1366, height: 768 } });

test('Sable Burgles the Mark on a 70 rolled at the table: 30 on the loot table gives her the Brand Hatchet, entered by the Judge (ch.1, ch.2)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 11);
  const sable = await rosterMember(request, host, 'Sable Hartigan');
  await api(request, host, 'lichslayer.update', {
    id: sable.id,
    patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', skill2: 'Extra Pockets', skill3: 'Disarm', level: 6 },
  });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
  const loot = (await api<TableView>(request, host, 'tables.get', { key: 'loot' })).table.rows;
  const indices = loot.map((r, i) => (r.loot ? i : -1)).filter((i) => i >= 0);
  await api(request, host, 'tables.recolour', { key: 'loot', indices, colour: 'All-Color' });
  await api(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Mark',
    colour: 'Red',
    floor: 1,
    x: 2,
    y: 0,
    health: 3,
    armor: 0,
  });
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  const b = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const at = await tokenPoint(
    page,
    b,
    b.tokens.find((t) => t.name === 'Sable Hartigan')!,
  );
  await page.mouse.click(at.x, at.y);

  await expect(page.getByRole('button', { name: 'Sable Hartigan: Burgle Mark', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/burgle-offer.png` });
  await page.getByRole('button', { name: 'Sable Hartigan: Burgle Mark on table dice…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sable Hartigan: Burgle Mark on table dice' });
  await dialog.getByLabel('Faces rolled at the table').fill('101');
  await dialog.getByRole('button', { name: 'Use these faces' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Die 1 is a d100: 101 cannot come up on it (1 to 100).');
  await page.screenshot({ path: `${SHOTS}/burgle-on-table-dice.png` });
  await dialog.getByLabel('Faces rolled at the table').fill('70');
  await dialog.getByRole('button', { name: 'Use these faces' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Sable Hartigan Burgles Brand Hatchet from Mark' }),
  ).toHaveCount(1);
  const [entry] = await api<LedgerEntry[]>(request, host, 'ledger.list', { limit: 1 });
  expect([entry!.cause, entry!.enteredBy, entry!.faces.map((f) => f.face)]).toEqual([
    'Sable Hartigan Burgles Mark',
    'the Judge',
    [70],
  ]);
});

test('the Bandit at the table: Disarm from sneak takes the mechanism’s 88 from the board, and Cheat takes its reroll’s faces in the ledger (ch.1, ch.2)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 11);
  const sable = await rosterMember(request, host, 'Sable Hartigan');
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
  await api(request, host, 'skill.points', { id: sable.id, delta: 1 });
  await api(request, host, 'skill.spendPoint', { id: sable.id, action: 'enhance', skill: 'Disarm' });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  await api(request, host, 'board.setRoom', {
    floor: 1,
    x: 2,
    y: 0,
    patch: { trap: { label: 'Needle lock', disabled: false } },
  });
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  const b = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const at = await tokenPoint(
    page,
    b,
    b.tokens.find((t) => t.name === 'Sable Hartigan')!,
  );
  await page.mouse.click(at.x, at.y);

  const skills = page.getByRole('group', { name: 'Skills on this room' });
  await expect(skills.getByRole('button', { name: 'Sable Hartigan: Disarm the trap on table dice…' })).toHaveCount(0);
  await skills.getByRole('button', { name: 'Sable Hartigan: Disarm the trap from sneak on table dice…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sable Hartigan: Disarm the trap from sneak on table dice' });
  await dialog.getByLabel('Faces rolled at the table').fill('88');
  await dialog.getByRole('button', { name: 'Use these faces' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Sable Hartigan recovers Moss Scroll from Needle lock' }),
  ).toHaveCount(1);

  // A roll of hers to Cheat on, its reroll rolled at the table.
  await api(request, host, 'dice.setSeed', { seed: 7 });
  await api(request, host, 'challenge.roll', { lichslayerId: sable.id, target: 12, cause: 'Climb the shaft' });
  await page.getByRole('button', { name: 'Ledger', exact: true }).click();
  await page.locator('.ledger-toggle', { hasText: '34 = 6d6! [1, 6+6+3, 2, 4, 6+3, 3] vs 12' }).click();
  await page.getByRole('button', { name: 'Cheat: Sable Hartigan rerolls this on table dice…' }).click();
  const faces = page.locator('.ledger-detail').getByLabel('Faces rolled at the table');
  await faces.fill('2 3');
  await page.locator('.ledger-detail').getByRole('button', { name: 'Use these faces' }).click();
  await expect(page.locator('.ledger-detail').getByRole('alert')).toHaveText(
    'This roll needs more dice than the 2 entered: die 3 is a d6 with no face. Enter it too.',
  );
  await page.screenshot({ path: `${SHOTS}/cheat-on-table-dice.png` });
  await faces.fill('6 5 6 4 5 5 5 5');
  await page.locator('.ledger-detail').getByRole('button', { name: 'Use these faces' }).click();
  await expect(page.locator('.ledger-explain', { hasText: "the reroll's 41 stands" })).toHaveCount(1);
  const [entry] = await api<LedgerEntry[]>(request, host, 'ledger.list', { limit: 1 });
  expect([entry!.cause, entry!.enteredBy, entry!.faces.map((f) => f.face)]).toEqual([
    'Sable Hartigan Cheats on #3',
    'the Judge',
    [6, 5, 6, 4, 5, 5, 5, 5],
  ]);
});
