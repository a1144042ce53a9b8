// A whole fight on Floor 2, played from the board (rulebook ch.8, ch.9, ch.11-ch.14): a Lichslayer attacks
// (the dice in the ledger, the enemy's Health drops), the enemy strikes back (Armor negates one instance),
// a trap springs on entry and its effect lands, a chest is opened and its gold lands on a Gauntlet, the
// enemy is felled for XP — and the players' screen never shows an enemy's numbers. The Judge's prep
// (the rooms and the enemy) is set through the app's own commands; the fight is played by clicks.
import { expect, test, type Page } from '@playwright/test';
import type { BoardView, PlayerView } from '../src-shared/board.ts';
import type { CampaignView, LedgerEntry } from '../src-shared/contract.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo, roomPoint, tokenPoint } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const SHOTS = process.env.FIGHT_SHOTS ?? 'test-results/shots/fight-shots';
const ENEMY_HEALTH = 4097;

async function clickToken(page: Page, name: string) {
  const board = await api<BoardView>(page.request, host, 'board.view', { floor: 2 });
  const t = board.tokens.find((k) => k.name === name)!;
  const at = await tokenPoint(page, board, t);
  await page.mouse.click(at.x, at.y);
  await expect(page.getByRole('group', { name: `Fight actions for ${name}` })).toBeVisible();
}

test('a fight on Floor 2 from the board: attack, the enemy strikes back, a trap, a chest, the enemy felled for XP; the players see no enemy numbers', async ({
  page,
  request,
  context,
}) => {
  // A whole fight is a long scenario on a shared, loaded machine: a generous budget, not a deadline.
  test.setTimeout(300_000);
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 1414);
  const me = async (name: string) =>
    (await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.name === name)!;

  // The Judge's prep: quiet landings on Floors 1 and 2 (no roll), a chest in Floor 2's landing, a trapped hall beside it, and an enemy.
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Stair Landing' } });
  await api(request, host, 'board.setRoom', {
    floor: 2,
    x: 2,
    y: 0,
    patch: { type: 'vault', name: 'Bone Vault', chest: true },
  });
  await api(request, host, 'board.setRoom', {
    floor: 2,
    x: 2,
    y: 1,
    patch: {
      type: 'hall',
      name: 'Snare Hall',
      trap: { label: 'Rusted spikes', disabled: false, effect: { damage: '1d6' } },
    },
    revealed: true,
  });

  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 2');
  let board = await api<BoardView>(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Ossuary Warden',
    colour: 'Red',
    floor: 2,
    x: 2,
    y: 0,
    health: ENEMY_HEALTH,
    armor: 0,
    stats: { level: 3, attack: '1d6' },
  });
  const warden = board.tokens.find((t) => t.name === 'Ossuary Warden')!;
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  await page.locator('.floors').getByRole('button', { name: '2' }).click();

  // The players' screen, open beside the Judge's.
  const { url } = await api<{ url: string }>(request, host, 'app.playersScreen');
  const players = await context.newPage();
  await players.goto(url);
  await expect(players.getByRole('heading', { name: 'Turn order' })).toBeVisible();

  await banner.getByRole('button', { name: 'Enemies enter' }).click();
  await expect(banner.getByTestId('turn')).toContainText("Round 1 · Odile Vantreck's turn");

  // 1. Odile attacks the Warden: from her token, the Attack dialog proposes the enemy in her room.
  await clickToken(page, 'Odile Vantreck');
  await page
    .getByRole('group', { name: 'Fight actions for Odile Vantreck' })
    .getByRole('button', { name: 'Attack…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Odile Vantreck attacks' });
  await expect(dialog.getByRole('radio', { name: /Ossuary Warden/ })).toBeChecked();
  await expect(dialog.getByLabel('Weapon')).toHaveValue('gear');
  await page.screenshot({ path: `${SHOTS}/attack-dialog.png` });
  await dialog.getByRole('button', { name: 'Roll the attack' }).click();
  await expect(dialog.getByRole('list', { name: 'What happened' })).toContainText("to Ossuary Warden's Health");
  await page.screenshot({ path: `${SHOTS}/attack-result.png` });
  await dialog.getByRole('button', { name: 'Done' }).click();
  const attack = (await api<LedgerEntry[]>(request, host, 'ledger.list', { character: 'Odile Vantreck' })).find(
    (e) => e.cause === 'Attack: Odile Vantreck → Ossuary Warden with Cinder Maul',
  )!;
  // 2d6 from the maul and 1d6 for Power 7 (ch.4): the faces are in the ledger.
  expect(attack.explain).toMatch(/^Odile Vantreck: \d+ damage = 2d6! \+ 1d6! Power above 6 \(ch\.4\) \[/);
  expect(attack.faces.length).toBeGreaterThanOrEqual(3);
  board = await api<BoardView>(request, host, 'board.view', { floor: 2 });
  const afterHit = board.tokens.find((t) => t.id === warden.id)!.health!;
  expect(afterHit).toBeLessThan(ENEMY_HEALTH);

  // 2. Round on to the Warden's turn, one press a turn from the acting panel (the Warden stands with the
  // party, so no gap between turns, ch.11); it strikes back at the weakest in reach (house rule): Sable's Armor negates the instance.
  const turn = banner.getByTestId('turn');
  const acting = page.getByRole('region', { name: 'Acting entrant' });
  for (const next of [
    "Brother Quillam's turn",
    "Sable Hartigan's turn",
    "Wren of the Hollow's turn",
    "Ossuary Warden's turn",
  ]) {
    await acting.getByRole('button', { name: 'Next turn' }).click();
    await expect(turn).toContainText(next);
  }
  const sableArmor = (await me('Sable Hartigan')).armor;
  await page.keyboard.press('Alt+a');
  const strike = page.getByRole('dialog', { name: 'Ossuary Warden attacks' });
  await expect(
    strike.getByText('Proposed: Sable Hartigan, the weakest in reach (24 Health) (house rule)'),
  ).toBeVisible();
  await strike.getByRole('button', { name: 'Roll the attack' }).click();
  await expect(strike.getByRole('list', { name: 'What happened' })).toContainText(
    `Armor ${sableArmor} → ${sableArmor - 1}`,
  );
  await strike.getByRole('button', { name: 'Done' }).click();
  expect((await me('Sable Hartigan')).armor).toBe(sableArmor - 1);

  // 3. Wren walks into the trapped hall: the trap springs for her and its damage lands (Armor answers it).
  const wrenArmor = (await me('Wren of the Hollow')).armor;
  board = await api<BoardView>(request, host, 'board.view', { floor: 2 });
  const wren = board.tokens.find((t) => t.name === 'Wren of the Hollow')!;
  await page.mouse.move(0, 0);
  const from = await tokenPoint(page, board, wren);
  const to = await roomPoint(page, 2, 1);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 6, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  await expect(page.locator('.board-notices')).toContainText(
    'Trap triggers for Wren of the Hollow: Rusted spikes (ch.9)',
  );
  await expect(page.locator('.board-notices')).toContainText(`Armor ${wrenArmor} → ${wrenArmor - 1}`);
  expect((await me('Wren of the Hollow')).armor).toBe(wrenArmor - 1);

  // 4. Sable opens the Vault's chest: the Judge's gold roll lands on her Gauntlet, counted for XP.
  const sableBefore = await me('Sable Hartigan');
  // The Vault is the room above the hall Wren just entered: the arrow keys select it.
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('region', { name: 'Selected room' })).toContainText('Room (3,1)');
  const loot = page.getByRole('group', { name: 'Chest and gold' });
  await loot.getByLabel('Who opens the chest').selectOption({ label: 'Sable Hartigan' });
  await loot.getByRole('button', { name: 'Open chest' }).click();
  await expect(page.locator('.board-notices')).toContainText('Sable Hartigan opens the chest');
  const sableAfter = await me('Sable Hartigan');
  const chest = (await api<BoardView>(request, host, 'board.view', { floor: 2 })).rooms.find(
    (r) => r.x === 2 && r.y === 0,
  )!.chest!;
  expect(chest).toMatchObject({ opened: true, openedBy: 'Sable Hartigan', goldFormula: '1d6x10' });
  expect(chest.gold).toBeGreaterThan(0);
  expect(sableAfter.gold).toBe(sableBefore.gold + chest.gold!);
  expect(sableAfter.life.goldGained).toBe(sableBefore.life.goldGained + chest.gold!);

  // The players' screen: the fight is on, and no enemy number is on it.
  await expect(players.locator('body')).toContainText('Ossuary Warden');
  const seen = await players.evaluate(() => document.documentElement.outerHTML);
  for (const n of [String(ENEMY_HEALTH), String(afterHit)]) expect(seen).not.toContain(n);
  const pv = (await (
    await request.post(`${host.origin}/api/players.view`, {
      headers: {
        'X-Lichslayer-Token': new URL(url).searchParams.get('token')!,
        'Content-Type': 'application/json',
        Connection: 'close',
      },
      data: {},
    })
  ).json()) as { value: PlayerView };
  expect(pv.value.tokens.filter((t) => t.kind === 'entity')).toEqual([
    expect.objectContaining({ name: 'Ossuary Warden', health: null, maxHealth: null, armor: null }),
  ]);
  await players.screenshot({ path: `${SHOTS}/players.png` });

  // 5. Sable fells the Warden, the Judge setting the blow by hand: felled, +1 XP, the fight can end.
  await clickToken(page, 'Sable Hartigan');
  await page
    .getByRole('group', { name: 'Fight actions for Sable Hartigan' })
    .getByRole('button', { name: 'Attack…' })
    .click();
  const blow = page.getByRole('dialog', { name: 'Sable Hartigan attacks' });
  // It is the Warden's turn still: Sable strikes outside hers, as the Judge rules.
  await blow.getByLabel("Attack outside its turn (a skill, or the Judge's call)").check();
  await blow.getByLabel('Set the damage by hand').check();
  await blow.getByLabel('Damage set by hand').fill('9999');
  await blow.getByRole('button', { name: 'Apply' }).click();
  await expect(blow.getByRole('list', { name: 'What happened' })).toContainText(
    'Sable Hartigan fells Ossuary Warden: +1 XP (ch.1)',
  );
  await blow.getByRole('button', { name: 'Done' }).click();
  expect((await me('Sable Hartigan')).xp).toBe(sableAfter.xp + 1);
  expect(
    (await api<BoardView>(request, host, 'board.view', { floor: 2 })).tokens.find((t) => t.id === warden.id),
  ).toMatchObject({ defeated: true, health: 0 });
  await page.screenshot({ path: `${SHOTS}/felled.png` });
  await banner.getByRole('button', { name: 'Combat over' }).click();
  await expect(banner).toContainText('Exploring · Floor 2');
  // The felled Warden leaves the players' board; the fight's summary beside it says who felled it.
  await expect(players.getByRole('region', { name: 'The board' })).not.toContainText('Ossuary Warden');
  await expect(players.getByRole('region', { name: 'What just ended' })).toContainText(
    'Felled: Ossuary Warden (by Sable Hartigan)',
  );
  // The felled Warden stays on the Judge's board, crossed out.
  await page.reload();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  await expect
    .poll(async () => (await page.getByTestId('board-canvas').locator('canvas').first().boundingBox())?.width ?? 0)
    .toBeGreaterThan(600);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.screenshot({ path: `${SHOTS}/after-fight.png` });
});

test('the Challenge dialog: the named Challenges where they arise, a roll in the ledger, and the Judge overriding the total', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 5);
  const roster = (await api<CampaignView>(request, host, 'campaign.current')).roster;
  const quillam = roster.find((l) => l.name === 'Brother Quillam')!;
  await api(request, host, 'lichslayer.update', { id: quillam.id, patch: { sanity: 'paranoid' } });
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await page.getByRole('button', { name: 'Challenge…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Challenge/ });
  await dialog.getByLabel('Who rolls').selectOption({ label: 'Brother Quillam' });
  await expect(dialog.getByRole('button', { name: /Loot at Paranoid · 18/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/challenge-dialog.png` });
  await dialog.getByRole('button', { name: /Loot at Paranoid · 18/ }).click();
  await expect(dialog.getByRole('list', { name: 'What happened' })).toContainText('Brother Quillam: Loot at Paranoid');
  await dialog.getByRole('button', { name: 'Override…' }).click();
  await dialog.getByLabel('Total set by hand').fill('20');
  await dialog.getByRole('button', { name: 'Apply instead of the roll' }).click();
  await expect(dialog.getByRole('list', { name: 'What happened' })).toContainText(
    "Brother Quillam succeeds (20, the Judge's call (set by hand instead of the roll) vs 18: meets the target)",
  );
  const ledger = await api<LedgerEntry[]>(request, host, 'ledger.list', { character: 'Brother Quillam' });
  expect(ledger.map((e) => e.explain)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^-?\d+ = 1d6! \[/),
      "20, the Judge's call (set by hand instead of the roll) vs 18: meets the target",
    ]),
  );
});
