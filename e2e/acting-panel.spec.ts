// A fight run from the acting entrant's panel at 1366×768 (rulebook ch.1, ch.11): every button the
// entrant has stays inside the screen without scrolling and follows the turn; one press (or Alt+T)
// starts the next turn; the dialogs open for whoever's turn it is; a kill by the Judge's hand asks
// whose it was and gives the XP; the attack's dice show in its result. And when the host goes away,
// the Judge's page says so at once and stops claiming saves; started again, it sends the Judge to its new link.
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import type { CampaignView } from '../src-shared/contract.ts';
import { axeFindings } from './axe-helpers.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { addEnemy, allInView, api, openSeededDemo, tokenPoint } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const SHOTS = process.env.ACTING_SHOTS ?? 'test-results/shots/acting-shots';

/** Odile Vantreck is given Bleached Ink, a Colourless consumable, in her first loot slot; returns a reader of her sheet as it stands. */
async function odileWithBleachedInk(
  request: APIRequestContext,
): Promise<() => Promise<CampaignView['roster'][number]>> {
  const odile = async () =>
    (await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.name === 'Odile Vantreck')!;
  await api(request, host, 'lichslayer.setItem', {
    id: (await odile()).id,
    slot: 'loot1',
    item: { name: 'Bleached Ink', colour: 'Colourless' },
  });
  return odile;
}

test('a fight from the acting panel at 1366×768: attack with its dice, one press a turn, the Challenge for the acting entrant, a kill by hand credited, the banner whole at the round’s end (ch.1, ch.11)', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 1414);
  const me = async (name: string) =>
    (await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.name === name)!;
  await api(request, host, 'board.setRoom', {
    floor: 1,
    x: 2,
    y: 0,
    patch: { type: 'vault', name: 'Stair Landing', chest: true },
  });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  for (const [name, health] of [
    ['Ossuary Warden', 4097],
    ['Bone Rat', 9],
  ] as const)
    await api<BoardView>(request, host, 'board.addToken', {
      kind: 'entity',
      name,
      colour: 'Red',
      floor: 1,
      x: 2,
      y: 0,
      health,
      armor: 0,
      stats: { level: 2, attack: '1d6' },
    });
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Enemies enter' }).click();

  const panel = page.getByRole('region', { name: 'Acting entrant' });
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Odile Vantreck's turn");
  expect(await allInView(page, panel)).toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: `${SHOTS}/1-odile-turn.png` });

  // A token's card: shown on hover; a click selects the token without pinning its card over its
  // neighbours; picked from the keyboard (S) it stays until Esc.
  const b0 = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const at = await tokenPoint(
    page,
    b0,
    b0.tokens.find((t) => t.name === 'Ossuary Warden')!,
  );
  await page.mouse.click(at.x, at.y);
  const card = page.getByTestId('token-card');
  await expect(card).toContainText('Ossuary Warden');
  await page.mouse.move(5, 400);
  await expect(card).toHaveCount(0);
  await page.keyboard.press('s');
  await expect(card).toBeVisible();
  // The card covers the centre of no token on the floor.
  const cardBox = (await card.boundingBox())!;
  for (const t of b0.tokens.filter((t) => t.floor === 1 && t.x !== null)) {
    const p = await tokenPoint(page, b0, t);
    const inside =
      p.x > cardBox.x && p.x < cardBox.x + cardBox.width && p.y > cardBox.y && p.y < cardBox.y + cardBox.height;
    expect(inside, `the token card covers ${t.name}`).toBe(false);
  }
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  // Picked again, a click away from the board closes it too.
  await page.keyboard.press('s');
  await expect(card).toBeVisible();
  await page
    .getByRole('heading', { name: /^Floor 1/ })
    .first()
    .click();
  await expect(card).toHaveCount(0);

  // Odile attacks from the panel; the result shows the dice as the ledger does.
  await panel.getByRole('button', { name: 'Attack…' }).click();
  const attack = page.getByRole('dialog', { name: 'Odile Vantreck attacks' });
  await attack.getByRole('radio', { name: /Ossuary Warden/ }).check();
  await attack.getByRole('button', { name: 'Roll the attack' }).click();
  await expect(attack.getByRole('list', { name: 'What happened' })).toContainText(
    /Odile Vantreck: \d+ damage = 2d6! \+ 1d6! Power above 6 \(ch\.4\) \[/,
  );
  await page.screenshot({ path: `${SHOTS}/2-attack-result.png` });
  await attack.getByRole('button', { name: 'Done' }).click();

  // One press: Brother Quillam's turn at once (every enemy stands with the party). He holds no weapon.
  await panel.getByRole('button', { name: 'Next turn' }).click();
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Brother Quillam's turn");
  await expect(banner.getByTestId('turn')).toContainText("Round 1 · Brother Quillam's turn");
  await expect(panel.getByRole('button', { name: 'Attack…' })).toBeDisabled();
  await allInView(page, panel);

  // The toolbar's Challenge… opens for the acting entrant, not the roster's first.
  await page.locator('.board-toolbar').getByRole('button', { name: 'Challenge…' }).click();
  const challenge = page.getByRole('dialog', { name: /^Challenge/ });
  await expect(challenge.getByLabel('Who rolls')).toHaveValue(String((await me('Brother Quillam')).id));
  await challenge.getByRole('button', { name: 'Cancel' }).click();

  // One key: Alt+T ends Quillam's turn and starts Sable's.
  await page.keyboard.press('Alt+t');
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Sable Hartigan's turn");

  // Sable opens the chest where she stands, from the panel; what it held is told in a toast that covers
  // neither the board, the room panel nor the acting panel.
  await panel.getByRole('button', { name: 'Open chest', exact: true }).click();
  const toast = page.locator('.board-notices').filter({ hasText: 'Sable Hartigan opens the chest' });
  await expect(toast).toBeVisible();
  const overlaps = async (other: Locator) => {
    const a = (await toast.boundingBox())!;
    const b = (await other.boundingBox())!;
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  };
  expect(await overlaps(panel)).toBe(false);
  expect(await overlaps(page.getByTestId('board-canvas'))).toBe(false);
  // The room panel scrolls in its own column part, which the docked toasts sit below.
  expect(await overlaps(page.locator('.side-scroll'))).toBe(false);
  await page.screenshot({ path: `${SHOTS}/3a-chest-toast.png` });
  await expect(panel.getByRole('button', { name: 'Open chest', exact: true })).toHaveCount(0);

  // Sable fells the Bone Rat by the Judge's hand: the dialog asks whose hand, Sable by default; the XP is hers.
  const sableXp = (await me('Sable Hartigan')).xp;
  const board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const rat = board.tokens.find((t) => t.name === 'Bone Rat')!;
  await page
    .getByRole('region', { name: 'Selected room' })
    .getByRole('button', { name: /Bone Rat/ })
    .click();
  await panel.getByRole('button', { name: 'Damage Bone Rat…' }).click();
  const damage = page.getByRole('dialog', { name: 'Damage to Bone Rat' });
  const sableToken = board.tokens.find((t) => t.name === 'Sable Hartigan')!;
  await expect(damage.getByLabel("Who dealt it (a kill's XP is theirs)")).toHaveValue(String(sableToken.id));
  await damage.getByLabel('Amount').fill('20');
  await damage.getByLabel('From').fill('a thrown lantern');
  await page.screenshot({ path: `${SHOTS}/3-damage-by-hand.png` });
  await damage.getByRole('button', { name: 'Apply one instance' }).click();
  await expect(damage.getByRole('list', { name: 'What happened' })).toContainText(
    'Sable Hartigan fells Bone Rat: +1 XP (ch.1)',
  );
  await damage.getByRole('button', { name: 'Done' }).click();
  expect((await me('Sable Hartigan')).xp).toBe(sableXp + 1);
  expect(
    (await api<BoardView>(request, host, 'board.view', { floor: 1 })).tokens.find((t) => t.id === rat.id),
  ).toMatchObject({
    defeated: true,
  });

  // Wren, then the Warden, then the round's end: one press each; the felled Rat folds into one line.
  await panel.getByRole('button', { name: 'Next turn' }).click();
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Wren of the Hollow's turn");
  await panel.getByRole('button', { name: 'Next turn' }).click();
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Ossuary Warden's turn");
  await expect(page.getByRole('region', { name: 'Turn order' }).getByText('Felled: 1')).toBeVisible();
  await allInView(page, panel);
  await page.screenshot({ path: `${SHOTS}/4-warden-turn.png` });
  await panel.getByRole('button', { name: 'Next turn' }).click();
  await expect(panel.getByRole('heading')).toHaveText('End of round 1');
  await allInView(page, panel);
  // The banner stays whole: Withdraw to Town inside the screen, the toolbar uncovered.
  const withdraw = (await banner.getByRole('button', { name: 'Withdraw to Town' }).boundingBox())!;
  expect(withdraw.x + withdraw.width).toBeLessThanOrEqual(1366);
  const toolbar = page.locator('.board-toolbar').getByRole('button', { name: 'Enter party here' });
  await toolbar.click({ trial: true });
  await page.screenshot({ path: `${SHOTS}/5-round-end.png` });
  // Off the board the banner carries the fight's buttons itself, and still fits.
  await page.getByRole('button', { name: 'Roster', exact: true }).click();
  await expect(banner.getByRole('button', { name: 'Start next round' })).toBeVisible();
  for (const name of ['Start next round', 'Withdraw to Town']) {
    const box = (await banner.getByRole('button', { name }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
  }
  await page.screenshot({ path: `${SHOTS}/5b-round-end-roster.png` });
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await panel.getByRole('button', { name: 'Start next round' }).click();
  await expect(panel.getByRole('heading')).toHaveText("Round 2 · Odile Vantreck's turn");
});

test('when the host process stops, the Judge’s page says so at once with no timer run, stops claiming saves, and after a restart sends the Judge to the new link, where everything saved is kept', async ({
  page,
  request,
}) => {
  const dataDir = tempDataDir();
  host = await startHost(dataDir);
  const port = Number(new URL(host.url).port);
  await page.clock.install();
  await openSeededDemo(page, request, host, 7);
  const odile = await odileWithBleachedInk(request);
  await expect(page.getByText('All changes saved')).toBeVisible();
  // The page's clock stands still from here: what it shows next comes from the socket closing,
  // not from a timer, so it is on screen as soon as the stopped host drops the connection.
  await page.clock.pauseAt(Date.now() + 60_000);
  await host.stop();
  const alert = page.getByRole('alert').filter({ hasText: 'host is unreachable' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Nothing you do now is saved');
  await expect(alert).toContainText('Start it again (npm start) and open the link it prints');
  await expect(page.getByText('All changes saved')).toHaveCount(0);
  await expect(page.getByText('Not saved: host unreachable')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/6-host-down.png` });
  // axe waits on timers of its own: the clock runs again, and the page keeps trying a dead host.
  await page.clock.resume();
  expect(await axeFindings(page)).toEqual([]);
  await expect(alert).toBeVisible();

  // Started again on the same port, the host has new links: the page's next try finds it and says so.
  host = await startHost(dataDir, port);
  const relaunched = page.getByRole('alert').filter({ hasText: 'was started again' });
  await expect(relaunched).toContainText('Open the newest link the host printed');
  await expect(page.getByText('Not saved: link out of date')).toBeVisible();
  await expect(alert).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/6b-host-relaunched.png` });
  expect(await axeFindings(page)).toEqual([]);

  await page.goto(host.printedUrl);
  await page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' }).click();
  await expect(page.getByRole('heading', { name: 'Demo: The Ashen Causeway' })).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect((await odile()).items.loot1?.name).toBe('Bleached Ink');
});

test('when the same host’s connection drops and comes back, the Judge’s page says so at once, then reconnects by itself and claims saves again', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await page.clock.install();
  await openSeededDemo(page, request, host, 7);
  // The live connection is cut as a network drop cuts it; while down, no new one gets through.
  let down = false;
  const sockets: { close: () => Promise<void> }[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (down) return void ws.close();
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.reload();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.clock.pauseAt(Date.now() + 60_000);
  down = true;
  for (const s of sockets) await s.close();
  const alert = page.getByRole('alert').filter({ hasText: 'host is unreachable' });
  await expect(alert).toBeVisible();
  await expect(page.getByText('Not saved: host unreachable')).toBeVisible();
  // Each try a second apart is refused while down; the first one after it is back reconnects.
  await page.clock.runFor(1000);
  await expect(alert).toBeVisible();
  down = false;
  await page.clock.runFor(1000);
  await expect(alert).toHaveCount(0);
  await expect(page.getByText('All changes saved')).toBeVisible();
});

test('the acting Lichslayer uses what it holds from the panel: Bleached Ink consumed on her turn leaves her Gauntlet, without leaving the board (ch.13)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 1414);
  const odile = await odileWithBleachedInk(request);
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Stair Landing' } });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  await addEnemy(request, host, { name: 'Bone Rat', health: 9, stats: { level: 1, attack: '1d6' } });
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await page.getByRole('status', { name: 'Phase' }).getByRole('button', { name: 'Enemies enter' }).click();
  const panel = page.getByRole('region', { name: 'Acting entrant' });
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Odile Vantreck's turn");

  const holds = panel.getByRole('group', { name: 'What Odile Vantreck holds' });
  const pick = holds.getByRole('combobox', { name: 'An item Odile Vantreck holds' });
  await pick.selectOption({ label: 'Loot 1: Bleached Ink' });
  for (const box of [await pick.boundingBox(), await holds.getByRole('combobox').nth(1).boundingBox()])
    expect([box!.x >= 0, box!.y >= 0, box!.x + box!.width <= 1366, box!.y + box!.height <= 768]).toEqual([
      true,
      true,
      true,
      true,
    ]);
  await page.screenshot({ path: `${SHOTS}/item-from-panel.png` });
  await holds.getByRole('combobox', { name: 'Fate of Bleached Ink' }).selectOption('consume');
  await expect(page.getByText(/Bleached Ink is used up for its effect \(ch\.13\)/)).toBeVisible();
  expect((await odile()).items.loot1).toBeNull();
  await expect(pick.locator('option', { hasText: 'Bleached Ink' })).toHaveCount(0);
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Odile Vantreck's turn");
});
