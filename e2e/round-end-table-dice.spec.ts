// A round's end on dice rolled at the table (ch.8, ch.11): the Next turn dialog lists each
// Lichslayer's Sanity Challenge apart, with whose it is, and the faces typed in that order go to
// each in turn. Fixed seed 7: the party of four in the Quiet Vault beside the Pale Watcher, a
// Colourless entity that takes the round's last turn.
import { expect, test } from '@playwright/test';
import type { LedgerEntry } from '../src-shared/contract.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, fightInTheQuietVault, openSeededDemo } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const beside = 'A round beside Pale Watcher, Colourless (ch.11; target house rule)';

test("the Next turn dialog lists the four Sanity Challenges of a round's end by Lichslayer, and 3 3 · 4 · 5 · 2 2 2 go to each in turn (ch.8, ch.11)", async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 7);
  await fightInTheQuietVault(request, host, { name: 'Pale Watcher', colour: 'Colourless', health: 6 });
  // Brother Quillam's, Sable's, Wren's and the Pale Watcher's turns come first.
  for (let i = 0; i < 4; i++) await api(request, host, 'phase.nextTurn');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.reload();
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Acting entrant' });
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Pale Watcher's turn");
  await panel.getByRole('button', { name: "The turn's end on dice rolled at the table" }).click();
  const next = page.getByRole('dialog', { name: 'Next turn with dice rolled at the table' });
  await expect(next.getByTestId('next-turn-dice-preview').getByRole('listitem')).toHaveText([
    `2d6 ${beside}, for Odile Vantreck`,
    `1d6 ${beside}, for Brother Quillam`,
    `1d6 ${beside}, for Sable Hartigan`,
    `3d6 ${beside}, for Wren of the Hollow`,
  ]);
  await expect(next).toContainText(
    'A 6 rolls again and a natural 1 calls an integrity check: type those faces right after the die that called them.',
  );
  await page.screenshot({ path: test.info().outputPath('round-end-table-dice.png') });
  await next.getByLabel('Faces rolled at the table').fill('3 3 4 5 2 2 2');
  await next.getByRole('button', { name: 'Use these faces' }).click();
  await expect(next).toHaveCount(0);
  // The ledger lists the newest roll first.
  const rolls = (await api<LedgerEntry[]>(request, host, 'ledger.list')).filter((e) => e.cause === beside).reverse();
  expect(rolls.map((e) => [e.character, e.enteredBy, e.faces.map((f) => f.face)])).toEqual([
    ['Odile Vantreck', 'the Judge', [3, 3]],
    ['Brother Quillam', 'the Judge', [4]],
    ['Sable Hartigan', 'the Judge', [5]],
    ['Wren of the Hollow', 'the Judge', [2, 2, 2]],
  ]);
});
