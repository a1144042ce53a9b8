// The Witch's capstone, Oneness, from the board a Judge uses (rulebook ch.2): offered in the token
// editor of a body she can see, shown on the body inhabited and on her own inert body, and ended
// from either with one button.
import { expect, test } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import type { RunningHost } from './web-host.ts';
import { ONENESS_WITCH } from '../src-main/test-support/floor-setups.ts';
import { addEnemy, api, demoOnAFreshHost, descendToTheBoard, rosterMember, tokenPoint } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const SHOTS = process.env.SKILL_SHOTS ?? 'test-results/shots/skill-shots';

test('Oneness: the Witch inhabits an enemy from its token editor, both bodies say so, and End Oneness frees her', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  host = await demoOnAFreshHost(page, request, 1414);
  const wren = await rosterMember(request, host, 'Wren of the Hollow');
  await api(request, host, 'lichslayer.update', { id: wren.id, patch: ONENESS_WITCH });
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
  await descendToTheBoard(page);
  const board = await addEnemy(request, host, { name: 'Hex Imp', colour: 'Blue', health: 40, stats: { magic: 3 } });
  const imp = board.tokens.find((t) => t.name === 'Hex Imp')!;
  const herBody = board.tokens.find((t) => t.lichslayerId === wren.id)!;
  // The board open before the Imp was added takes it from the campaign's push.
  await expect(page.getByRole('list', { name: 'Turn order, in stack order' })).toContainText('Hex Imp');
  const at = await tokenPoint(page, board, imp);
  await page.mouse.click(at.x, at.y);

  const editor = page.locator('.token-editor');
  await expect(editor.getByRole('group', { name: 'Oneness' })).toHaveCount(0);
  await page
    .getByRole('group', { name: 'Skills on Hex Imp' })
    .getByRole('button', { name: /Inhabit Hex Imp \(Oneness\)/ })
    .click();
  const oneness = editor.getByRole('group', { name: 'Oneness' });
  await expect(oneness).toContainText('Inhabited by Wren of the Hollow (Oneness)');
  await expect(page.locator('.turn-conditions .chip', { hasText: 'Inhabited by Wren of the Hollow' })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/oneness-inhabited.png` });

  // Her own body, chosen on the board, lies inert and offers the same way out.
  const home = await tokenPoint(page, board, herBody);
  await page.mouse.click(home.x, home.y);
  await expect(editor.locator('strong')).toHaveText('Wren of the Hollow');
  await expect(oneness).toContainText('Inert: Wren of the Hollow inhabits Hex Imp (Oneness)');
  await page.screenshot({ path: `${SHOTS}/oneness-inert.png` });
  await oneness.getByRole('button', { name: 'End Oneness' }).click();
  await expect(page.getByRole('region', { name: 'Notices' })).toContainText(
    'Wren of the Hollow ends Oneness and leaves Hex Imp',
  );
  await expect(oneness).toHaveCount(0);
  expect((await api<BoardView>(request, host, 'board.view', { floor: 1 })).oneness).toEqual([]);
});
