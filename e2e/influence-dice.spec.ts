// Influence dice from the Attack and Challenge dialogs (ch.1, ch.13): Odile holds the Cinder Compass
// (Influence 1d6); each dialog names the die held with a box to add it, and the roll made with the box
// ticked adds the Compass's face, named in what happened.
import { expect, test } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo, rosterMember } from './board-helpers.ts';

const SHOTS = process.env.INFLUENCE_SHOTS ?? 'test-results/shots/influence-shots';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

test('ch.13: the Attack and Challenge dialogs offer the Influence die held; ticked, the roll adds the Cinder Compass’s face', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 1414);
  const odile = await rosterMember(request, host, 'Odile Vantreck');
  await api(request, host, 'lichslayer.setItem', {
    id: odile.id,
    slot: 'loot3',
    item: { name: 'Cinder Compass', colour: 'Red' },
  });
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Stair Landing' } });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  await api(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Gnawer',
    colour: 'Red',
    floor: 1,
    x: 2,
    y: 0,
    health: 4097,
    armor: 0,
    stats: { level: 2, attack: '1d6' },
  });
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  await page.getByRole('status', { name: 'Phase' }).getByRole('button', { name: 'Enemies enter' }).click();
  const panel = page.getByRole('region', { name: 'Acting entrant' });
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Odile Vantreck's turn");

  await panel.getByRole('button', { name: 'Attack…' }).click();
  const attack = page.getByRole('dialog', { name: 'Odile Vantreck attacks' });
  await attack.getByRole('radio', { name: /Gnawer/ }).check();
  const box = attack.getByRole('checkbox', { name: 'Add the Influence dice' });
  await expect(attack.getByText('Add the Influence dice to the damage: Cinder Compass d6 (ch.13)')).toBeVisible();
  await box.check();
  await page.screenshot({ path: `${SHOTS}/attack-influence.png` });
  await attack.getByRole('button', { name: 'Roll the attack' }).click();
  await expect(attack.getByRole('list', { name: 'What happened' })).toContainText('(influence: Cinder Compass)');
  await page.screenshot({ path: `${SHOTS}/attack-influence-result.png` });
  await attack.getByRole('button', { name: 'Done' }).click();

  await panel.getByRole('button', { name: 'Challenge…' }).click();
  const challenge = page.getByRole('dialog', { name: /^Challenge/ });
  await challenge.getByRole('checkbox', { name: 'Add the Influence dice' }).check();
  await page.screenshot({ path: `${SHOTS}/challenge-influence.png` });
  await challenge.getByRole('button', { name: 'Roll against 12' }).click();
  await expect(challenge.getByRole('list', { name: 'What happened' })).toContainText('(influence: Cinder Compass)');
});
