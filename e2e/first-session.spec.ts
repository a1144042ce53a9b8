// A first session from the campaign picker at 1366×768, every step a click or a key (the dice alone
// seeded): a new campaign, four Lichslayers rolled by the book (ch.1), a day at the Inn paid from
// their own gold (ch.4), Floor 1 (ch.9), a fight there to its end (an attack each way, a Challenge and
// a chest from the acting panel, all of it on screen unscrolled, the Judge's damage, turns and rounds,
// the fight's summary, on the players' screen too; ch.11), the withdrawal and the dive's summary, and
// the journal that keeps both, filtered by kind and floor.
import { expect, test, type Page } from '@playwright/test';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import type { BoardView } from '../src-shared/board.ts';
import { allInView, api, drag, roomPoint, tokenPoint } from './board-helpers.ts';
import { printedPdf } from './print-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const SHOTS = process.env.FIRST_SESSION_SHOTS ?? 'test-results/shots/first-session';
const NAMES = ['Ash Vell', 'Brindle Oak', 'Corra Finch', 'Dace Morrow'];
let shot = 0;

const snap = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${String(++shot).padStart(2, '0')}-${name}.png` });

test('a first session from the picker: four rolled Lichslayers pay the Inn from their own gold, descend to Floor 1, win a fight there by clicks with a Challenge and a chest from the acting panel, withdraw, and both summaries are shown to the players and kept and filtered in the journal (ch.1, ch.4, ch.9, ch.11)', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  host = await startHost(tempDataDir());
  await page.goto(host.url);
  await snap(page, 'picker');
  await page.getByRole('textbox', { name: 'Name' }).fill('The Ninth Descent');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { name: 'The Ninth Descent' }).waitFor();
  // The one shortcut: the dice are seeded, so the rolled party is the same every run.
  await api(request, host, 'dice.setSeed', { seed: 5 });

  for (const name of NAMES) {
    await page.getByRole('button', { name: 'Roll a Lichslayer…' }).click();
    const wizard = page.getByRole('dialog', { name: 'Roll a Lichslayer' });
    await wizard.getByLabel('Name').fill(name);
    await wizard.getByRole('button', { name: 'Roll' }).click();
    await expect(wizard.getByRole('list', { name: 'Starting loot' }).getByRole('listitem')).toHaveCount(3);
    if (name === NAMES[0]) await snap(page, 'rolled');
    await wizard.getByRole('button', { name: 'Close' }).click();
  }
  const town = page.getByRole('region', { name: 'The Town' });
  for (const [i, name] of NAMES.entries()) {
    await town.getByRole('button', { name: `Both 108 gold: meal and shelter for ${name}` }).click();
    await expect(town.getByRole('row').nth(i + 1)).toContainText('fed, sheltered');
    // 324 starting gold (the house rule's default) less the Inn's 108.
    await expect(town.getByRole('row').nth(i + 1)).toContainText(`${name} 216 gold`);
  }
  // Each paid the Inn's 108 from their own starting gold (ch.4, house rule).
  await expect(town.getByRole('row').filter({ hasText: 'fed, sheltered' })).toHaveCount(4);
  await snap(page, 'inn-paid');

  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  await snap(page, 'floor-1');

  // The overflow sent Dace Morrow alone into the Rat-king Nest with two Ghouls: the fight, by clicks (ch.11).
  await banner.getByRole('button', { name: 'Enemies enter' }).click();
  const panel = page.getByRole('region', { name: 'Acting entrant' });
  const heading = panel.getByRole('heading');
  await expect(heading).toHaveText("Round 1 · Ash Vell's turn");
  await snap(page, 'fight');
  // Ash, Brindle and Corra stand a room away with no reach: each turn passes.
  for (const next of ['Brindle Oak', 'Corra Finch', 'Dace Morrow']) {
    await panel.getByRole('button', { name: 'Next turn' }).click();
    await expect(heading).toHaveText(`Round 1 · ${next}'s turn`);
  }
  // Each attack and Challenge below is made with everything the acting entrant can do in view, unscrolled.
  expect(await allInView(page, panel)).toBeGreaterThanOrEqual(5);
  await panel.getByRole('button', { name: 'Attack…' }).click();
  const attack = page.getByRole('dialog', { name: 'Dace Morrow attacks' });
  await attack.getByRole('radio', { name: /Feaster/ }).check();
  await attack.getByRole('button', { name: 'Roll the attack' }).click();
  const happened = attack.getByRole('list', { name: 'What happened' });
  await expect(happened).toContainText(
    'Dace Morrow: 16 damage = 1d6! + 3d6! Power above 6 (ch.4) [2, 1, 3, 6+4] (ch.11)',
  );
  // The Ghoul's Armor takes the whole instance (ch.11).
  await expect(happened).toContainText('Armor 2 → 1');
  await snap(page, 'attack');
  await attack.getByRole('button', { name: 'Done' }).click();
  /** The Judge's own damage, through the Armor: a falling portcullis. */
  const portcullis = async (name: string) => {
    await panel.getByRole('button', { name: `Damage ${name}…` }).click();
    const damage = page.getByRole('dialog', { name: `Damage to ${name}` });
    await damage.getByLabel('Amount').fill('40');
    await damage.getByLabel('From').fill('a falling portcullis');
    await damage.getByLabel('Bypasses Armor').check();
    await damage.getByRole('button', { name: 'Apply one instance' }).click();
    await expect(damage.getByRole('list', { name: 'What happened' })).toContainText(
      `40 to ${name}'s Health (bypasses Armor): 18 → 0 (ch.11)`,
    );
    await expect(damage).toContainText(`Dace Morrow fells ${name}: +1 XP (ch.1)`);
    await snap(page, `damage-${name.toLowerCase().replace(' ', '-')}`);
    await damage.getByRole('button', { name: 'Done' }).click();
  };
  await portcullis('Feaster');
  // The felled Feaster's turn is skipped: the Ghast Lord strikes at Dace.
  await panel.getByRole('button', { name: 'Next turn' }).click();
  await expect(heading).toHaveText("Round 1 · Ghast Lord's turn");
  await snap(page, 'ghast-lord-turn');
  expect(await allInView(page, panel)).toBeGreaterThanOrEqual(5);
  await panel.getByRole('button', { name: 'Attack…' }).click();
  const strike = page.getByRole('dialog', { name: 'Ghast Lord attacks' });
  await strike.getByRole('button', { name: 'Roll the attack' }).click();
  await expect(strike.getByRole('list', { name: 'What happened' })).toContainText(
    'Ghast Lord: 0 damage = 2d6! [1, 1]: all natural 1s, the attack misses (house rule) (ch.11)',
  );
  await strike.getByRole('button', { name: 'Done' }).click();
  await panel.getByRole('button', { name: 'Next turn' }).click();
  await expect(heading).toHaveText('End of round 1');
  await panel.getByRole('button', { name: 'Start next round' }).click();
  for (const next of ['Ash Vell', 'Brindle Oak', 'Corra Finch', 'Dace Morrow']) {
    await expect(heading).toHaveText(`Round 2 · ${next}'s turn`);
    if (next !== 'Dace Morrow') await panel.getByRole('button', { name: 'Next turn' }).click();
  }
  await snap(page, 'round-2');
  // Everything Dace can do is on screen, the page unscrolled; his Challenge is made from the panel.
  expect(await allInView(page, panel)).toBeGreaterThanOrEqual(5);
  await panel.getByRole('button', { name: 'Challenge…' }).click();
  const challenge = page.getByRole('dialog', { name: /^Challenge/ });
  await challenge.getByRole('group', { name: 'Difficulty' }).getByRole('button').first().click();
  await challenge.getByRole('button', { name: /^Roll against / }).click();
  await expect(challenge.getByRole('list', { name: 'What happened' })).toContainText('Dace Morrow');
  await snap(page, 'challenge');
  await challenge.getByRole('button', { name: 'Done' }).click();
  await portcullis('Ghast Lord');
  // Both Ghouls down: the panel says so and ends the fight in one click; its summary follows.
  await expect(panel.getByRole('status')).toContainText('No enemy stands on this floor.');
  // The Nest's chest, opened where Dace stands, from the panel.
  await panel.getByRole('button', { name: 'Open chest', exact: true }).click();
  await expect(page.locator('.board-notices').filter({ hasText: 'Dace Morrow opens the chest' })).toBeVisible();
  await snap(page, 'fight-won');
  await panel.getByRole('button', { name: 'End the fight' }).click();
  const fought = page.getByRole('dialog', { name: 'The fight is over' });
  const summary = fought.getByTestId('fight-summary');
  await expect(summary).toContainText('Fight at F1 (2,1) · 2 rounds');
  await expect(summary).toContainText('Felled: Feaster (by Dace Morrow) · Ghast Lord (by Dace Morrow)');
  // The two kills and the chest opened (ch.1); the chest's loot and gold (ch.9, ch.10).
  await expect(summary).toContainText('XP: Dace Morrow +3 XP');
  await expect(summary).toContainText(/Loot: Dace Morrow: Grey Compass\s*· Gold: Dace Morrow \+70 gold/);
  await expect(summary).toContainText('10 rolls in the fight');
  await snap(page, 'fight-summary');
  // Kept beside the board, not modal: the board's controls answer while the summary stays in view.
  await fought.getByRole('button', { name: 'Keep beside the board' }).click();
  await expect(fought).toBeVisible();
  await page.getByRole('button', { name: 'Hide secrets' }).click();
  await expect(page.getByRole('button', { name: 'Show secrets' })).toBeVisible();
  await snap(page, 'fight-summary-beside');
  await page.getByRole('button', { name: 'Show secrets' }).click();
  await fought.getByRole('button', { name: 'Done' }).click();
  await expect(fought).toHaveCount(0);
  // The players' screen, as the room's big display shows it: the fight's summary with no secret.
  const players = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await players.goto(host.playersUrl);
  await expect(players.getByTestId('fight-summary')).toContainText(
    'Felled: Feaster (by Dace Morrow) · Ghast Lord (by Dace Morrow)',
  );
  await players.screenshot({ path: `${SHOTS}/${String(++shot).padStart(2, '0')}-players-fight-summary.png` });
  await players.context().close();

  // The Judge sets a trap in the room east of the party, and Ash steps into it (ch.9).
  const east = await roomPoint(page, 3, 0);
  await page.mouse.click(east.x, east.y);
  const roomPanel = page.getByRole('region', { name: 'Selected room' });
  await roomPanel.getByText('Set by hand (prep)').click();
  const trap = roomPanel.getByRole('group', { name: 'Trap' });
  await trap.getByLabel('Name').fill('Needle lock');
  await trap.getByLabel('Name').press('Enter');
  await trap.getByLabel(/Listed effect/).check();
  await trap.getByLabel('Damage').fill('1d6');
  await trap.getByLabel('Damage').press('Enter');
  // The form saves without waiting: poll until the trap's damage has landed.
  await expect
    .poll(
      async () =>
        (await api<BoardView>(request, host, 'board.view', { floor: 1 })).rooms.find((r) => r.x === 3 && r.y === 0)!
          .trap,
    )
    .toMatchObject({ label: 'Needle lock', effect: { damage: '1d6' } });
  const prepared = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const ash = await tokenPoint(
    page,
    prepared,
    prepared.tokens.find((t) => t.name === 'Ash Vell')!,
  );
  await drag(page, ash, east);
  // Its notice, the newest of several, is scrolled into view at the side column's foot.
  await expect(page.locator('.board-notices').filter({ hasText: 'Needle lock' })).toBeInViewport();
  await snap(page, 'trap');

  // Back to the Town: the Judge is shown the dive's summary, kept in the journal (ch.9).
  await banner.getByRole('button', { name: 'Withdraw to Town' }).click();
  const over = page.getByRole('dialog', { name: 'The dive is over' });
  await expect(over.getByTestId('dive-summary')).toContainText('Floor 1 · back in the Town');
  await expect(over.getByTestId('dive-summary')).toContainText('Rooms entered:');
  await snap(page, 'dive-summary');
  // Printed from the dialog: the dive's summary on paper, read back from the PDF.
  await over.getByRole('button', { name: 'Print…' }).click();
  await expect(page.getByRole('heading', { name: 'Dive summary' })).toBeVisible();
  const dive = await printedPdf(page);
  expect(dive.pages).toBe(1);
  // The sheet's heading prints in capitals; the lines below as the dialog shows them.
  expect(dive.text).toContain(
    'Rooms entered: Empty Antechamber, F1 (3,1) · Rat-king Nest, F1 (2,1) · F1 (4,1) · Fights: 1',
  );
  expect(dive.text).toContain('XP: Dace Morrow +3 XP');
  await snap(page, 'dive-summary-print');
  await page.goto(`${host.url}#/print/fight`);
  const fight = await printedPdf(page);
  expect(fight.pages).toBe(1);
  expect(fight.text).toMatch(/Ghast Lord\s+enemy\s+0\s+18\s+0/);
  expect(fight.text).toContain('Felled: Feaster (by Dace Morrow) · Ghast Lord (by Dace Morrow)');
  await page.goto(`${host.url}#/board`);

  await page.getByRole('button', { name: 'Journal', exact: true }).click();
  const session = page.getByRole('article', { name: 'Session 1' });
  await expect(session.getByTestId('dive-summary')).toContainText('Floor 1 · back in the Town');
  await expect(session.getByTestId('fight-summary')).toContainText('Fight at F1 (2,1) · 2 rounds');
  await snap(page, 'journal');
  await page.getByTestId('journal-kind').selectOption('town');
  await expect(session.getByTestId('journal-steps-1').getByRole('listitem')).toHaveCount(4);
  await expect(session.getByTestId('journal-steps-1')).toContainText('Inn: both — Dace Morrow');
  await snap(page, 'journal-town');
  await page.getByTestId('journal-kind').selectOption('edits');
  await expect(session.getByTestId('journal-steps-1')).toContainText('Roll up Ash Vell');
  // By Lichslayer: Dace's own steps, his fight's attack among them; Ash's list holds none of Dace's.
  await page.getByTestId('journal-kind').selectOption('');
  await page.getByTestId('journal-lichslayer').selectOption('Dace Morrow');
  await expect(session.getByTestId('journal-steps-1')).toContainText('Attack: Dace Morrow → Feaster');
  await page.getByTestId('journal-lichslayer').selectOption('Ash Vell');
  await expect(session.getByTestId('journal-steps-1')).not.toContainText('Dace Morrow → Feaster');
  await page.getByTestId('journal-lichslayer').selectOption('');
  await page.getByTestId('journal-floor').selectOption('5');
  await expect(session).toContainText('Nothing recorded in this session matches these filters.');
  await snap(page, 'journal-empty');
});
