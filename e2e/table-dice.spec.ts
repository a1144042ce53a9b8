// Dice rolled at the table (ch.1, ch.11): the Judge types the faces into the Attack dialog (a face a
// die cannot show is refused by die), and a Lichslayer's player sends theirs from their own phone
// when the Judge calls the roll — the Judge sees them arrive and accepts; the ledger names who.
import { expect, test, type Browser, type Page, type APIRequestContext, type Locator } from '@playwright/test';
import type { CampaignView, LedgerEntry } from '../src-shared/contract.ts';
import type { PrivateLinksView } from '../src-shared/private-view.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, openSeededDemo, tokenPoint } from './board-helpers.ts';
import type { BoardView } from '../src-shared/board.ts';
import { SPIKE_ROOM } from '../src-main/test-support/spike-room.ts';

const SHOTS = process.env.TABLE_DICE_SHOTS ?? 'test-results/shots/table-dice-shots';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

/** The demo party on Floor 1 with a Gnawer in the landing, the fight on: Odile's turn. */
async function odileFacesAGnawer(page: Page, request: APIRequestContext, extraArgs: string[] = []) {
  host = await startHost(tempDataDir(), 0, extraArgs);
  await openSeededDemo(page, request, host, 1414);
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
  const roster = (await api<CampaignView>(request, host, 'campaign.current')).roster;
  return { panel, odile: roster.find((l) => l.name === 'Odile Vantreck')! };
}

/** The same fight with players on the local network, and Odile's own screen open on a phone-sized page. */
async function odileWithHerPhone(page: Page, request: APIRequestContext, browser: Browser) {
  const { panel, odile } = await odileFacesAGnawer(page, request, ['--players-on-lan']);
  const links = await api<PrivateLinksView>(request, host, 'private.issue', { lichslayerId: odile.id });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const phone = await context.newPage();
  await phone.goto(links.links.find((l) => l.lichslayerId === odile.id)!.url);
  return { panel, odile, phone, context };
}

const attackRolls = async (request: APIRequestContext) =>
  (await api<LedgerEntry[]>(request, host, 'ledger.list', { character: 'Odile Vantreck' })).filter(
    (e) => e.command === 'fight.attack' && e.faces.length > 0,
  );

test('the Judge types the faces rolled at the table into the Attack dialog: a 7 on a d6 is refused by die, 4 6 2 4 deals 16 as the app would (ch.11)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { panel } = await odileFacesAGnawer(page, request);
  await panel.getByRole('button', { name: 'Attack…' }).click();
  const attack = page.getByRole('dialog', { name: 'Odile Vantreck attacks' });
  await attack.getByRole('radio', { name: /Gnawer/ }).check();
  const faces = attack.getByLabel('Faces rolled at the table');
  await faces.fill('4 7 3');
  await attack.getByRole('button', { name: 'Use these faces' }).click();
  await expect(attack.getByRole('alert')).toHaveText('Die 2 is a d6: 7 cannot come up on it (1 to 6).');
  await page.screenshot({ path: `${SHOTS}/attack-table-dice-refused.png` });
  await faces.fill('4 6 2 4');
  await attack.getByRole('button', { name: 'Use these faces' }).click();
  await expect(attack.getByRole('list', { name: 'What happened' })).toContainText(
    'Odile Vantreck: 16 damage = 2d6! + 1d6! Power above 6 (ch.4) [4, 6+2, 4] (ch.11)',
  );
  await page.screenshot({ path: `${SHOTS}/attack-table-dice-result.png` });
  const [roll] = await attackRolls(request);
  expect([roll!.enteredBy, roll!.faces.map((f) => f.face)]).toEqual(['the Judge', [4, 6, 2, 4]]);
  await attack.getByRole('button', { name: 'Done' }).click();

  // The Challenge dialog takes the faces the same way.
  await panel.getByRole('button', { name: 'Challenge…' }).click();
  const challenge = page.getByRole('dialog', { name: /^Challenge/ });
  await expect(challenge.getByLabel('Faces rolled at the table')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/challenge-table-dice.png` });
});

test("Odile's player sends her dice from her phone when the Judge opens her attack; the Judge accepts them, and a roll nobody asked for cannot be sent (ch.1, ch.11)", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const { panel, phone, context } = await odileWithHerPhone(page, request, browser);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Odile Vantreck');
  // Nothing asked: nothing to send.
  await expect(phone.getByRole('region', { name: 'The Judge asks a roll' })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Attack…' }).click();
  const attack = page.getByRole('dialog', { name: 'Odile Vantreck attacks' });
  await attack.getByRole('radio', { name: /Gnawer/ }).check();
  const asked = phone.getByRole('region', { name: 'The Judge asks a roll' });
  await expect(asked).toContainText('The Judge asks: Attack Gnawer with');
  await expect(attack.getByText("Asked of Odile Vantreck's player on their own screen")).toBeVisible();
  await asked.getByLabel('Your dice, in the order rolled').fill('5 3 2');
  await asked.getByRole('button', { name: 'Send my dice' }).click();
  await expect(asked.getByTestId('sent')).toHaveText('5 3 2');
  await phone.screenshot({ path: `${SHOTS}/private-dice-360x740.png`, fullPage: true });
  await expect(attack.getByTestId('sent-faces')).toHaveText('5 3 2');
  await page.screenshot({ path: `${SHOTS}/attack-player-dice.png` });
  await attack.getByRole('button', { name: 'Accept their dice' }).click();
  await expect(attack.getByRole('list', { name: 'What happened' })).toContainText(
    'Odile Vantreck: 10 damage = 2d6! + 1d6! Power above 6 (ch.4) [5, 3, 2] (ch.11)',
  );
  const [roll] = await attackRolls(request);
  expect([roll!.enteredBy, roll!.faces.map((f) => f.face)]).toEqual(["Odile Vantreck's player", [5, 3, 2]]);
  // Answered: the phone asks nothing more, and a roll sent now is refused.
  await expect(asked).toHaveCount(0);
  const refused = await phone.evaluate(async () => {
    const token = sessionStorage.getItem('lichslayer-token')!;
    const res = await fetch('/api/private.sendDice', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Lichslayer-Token': token },
      body: JSON.stringify({ faces: [6, 6, 6] }),
    });
    return (await res.json()) as { ok: boolean; error?: { message: string } };
  });
  expect(refused).toEqual({
    ok: false,
    error: {
      code: 'refused',
      message: 'No roll is asked of your Lichslayer right now: the Judge calls for a roll first. Nothing was sent.',
    },
  });
  await context.close();
});

test("the other rolls take the table's dice: a named Challenge on 6 4 3 makes 13, and a Damage or a Next turn that calls no Sanity Challenge refuses the faces (ch.1, ch.11)", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { panel } = await odileFacesAGnawer(page, request);
  await panel.getByRole('button', { name: 'Challenge…' }).click();
  const challenge = page.getByRole('dialog', { name: /^Challenge/ });
  await challenge
    .getByLabel('Table dice for which Challenge')
    .selectOption({ label: 'Sanity Challenge: killing a player (ch.11) · 12' });
  await challenge.getByLabel('Faces rolled at the table').fill('6 4 3');
  await page.screenshot({ path: `${SHOTS}/challenge-preset-table-dice.png` });
  await challenge.getByRole('button', { name: 'Use these faces' }).click();
  await expect(challenge.getByRole('list', { name: 'What happened' })).toContainText('13 = 2d6! [6+4, 3]');
  const [roll] = (await api<LedgerEntry[]>(request, host, 'ledger.list', { character: 'Odile Vantreck' })).filter(
    (e) => e.command === 'challenge.roll' && e.faces.length > 0,
  );
  expect([roll!.enteredBy, roll!.faces.map((f) => f.face)]).toEqual(['the Judge', [6, 4, 3]]);
  await challenge.getByRole('button', { name: 'Done' }).click();

  // Damage to the Gnawer calls no Sanity Challenge: faces for it are refused, nothing changes.
  await panel.getByRole('button', { name: 'Damage Gnawer…' }).click();
  const damage = page.getByRole('dialog', { name: 'Damage to Gnawer' });
  await damage.getByLabel('Sanity Challenges it calls with dice rolled at the table').check();
  await damage.getByLabel('Faces rolled at the table').fill('4');
  await damage.getByRole('button', { name: 'Use these faces' }).click();
  await expect(damage.getByRole('alert')).toHaveText(
    'This command rolled no dice, so the faces entered were not used. Nothing changed.',
  );
  await page.screenshot({ path: `${SHOTS}/damage-table-dice-refused.png` });
  await damage.getByRole('button', { name: 'Cancel' }).click();

  await panel.getByRole('button', { name: "The turn's end on dice rolled at the table" }).click();
  const next = page.getByRole('dialog', { name: 'Next turn with dice rolled at the table' });
  await expect(next.getByTestId('next-turn-dice-preview')).toHaveText(
    'This press rolls no dice: no Sanity Challenge is due and no spell resolves. Faces typed here are refused; press Next turn instead.',
  );
  await next.getByLabel('Faces rolled at the table').fill('5');
  await next.getByRole('button', { name: 'Use these faces' }).click();
  await expect(next.getByRole('alert')).toHaveText(
    'This command rolled no dice, so the faces entered were not used. Nothing changed.',
  );
  await page.screenshot({ path: `${SHOTS}/next-turn-table-dice.png` });
  await next.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('heading')).toHaveText("Round 1 · Odile Vantreck's turn");
});

/** The board opened on Floor 1 with Odile's token clicked: her card shows in the room panel. */
async function clickOdileOnTheBoard(page: Page, request: APIRequestContext) {
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  const b = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const at = await tokenPoint(
    page,
    b,
    b.tokens.find((t) => t.name === 'Odile Vantreck')!,
  );
  await page.mouse.click(at.x, at.y);
}

/** The faces typed into the entry dialog move Odile into room (4,1), and the board's notices say what the room did. */
async function odileEntersOn(page: Page, request: APIRequestContext, dialog: Locator, faces: string, notice: string) {
  await dialog.getByLabel('Faces rolled at the table').fill(faces);
  await dialog.getByRole('button', { name: 'Use these faces' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'On the board' })).toContainText(notice);
  const moved = (await api<BoardView>(request, host, 'board.view', { floor: 1 })).tokens.find(
    (t) => t.name === 'Odile Vantreck',
  )!;
  expect([moved.x, moved.y]).toEqual([3, 0]);
}

test('Odile enters the Spike Room on faces typed at the table: the dialog names the trap and its dice, 3 5 deal 8 through her Armor, 30 → 22 (ch.9, ch.11)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 4);
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  await api(request, host, 'board.setRoom', SPIKE_ROOM);
  await page.setViewportSize({ width: 1366, height: 768 });
  await clickOdileOnTheBoard(page, request);
  const dialog = page.getByRole('dialog', { name: 'Odile Vantreck enters a room on table dice' });
  // From the keyboard: the arrow chooses the room beside hers, Shift+Enter opens the dialog on it.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+Enter');
  await expect(dialog.getByLabel('Into')).toHaveValue('3,0');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  // From her card in the room panel, back in her own room.
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('button', { name: 'Enter a room on table dice…' }).click();
  await dialog.getByLabel('Into').selectOption({ label: 'Room (4,1) — Spike Room' });
  await expect(dialog.getByTestId('what-waits')).toHaveText(
    'Trap: Spiked floor — 2d6 through Armor. Enter the faces in that order.',
  );
  await expect(dialog.getByTestId('faces-rule')).toHaveText(
    "One face per die, in the order the dice fall. A roll the faces run out partway through is refused; any roll after the last face is the app's.",
  );
  // The ask on Odile's player's screen follows the room chosen, naming the room and nothing in it.
  await expect(dialog).toContainText('Entering F1 (4,1): the dice the room asks of you');
  await page.screenshot({ path: `${SHOTS}/enter-on-table-dice.png` });
  await odileEntersOn(page, request, dialog, '3 5', "8 to Odile Vantreck's Health (bypasses Armor): 30 → 22 (ch.11)");
  const rolls = (await api<LedgerEntry[]>(request, host, 'ledger.list', { character: 'Odile Vantreck' })).filter(
    (e) => e.command === 'board.moveToken' && e.faces.length > 0,
  );
  expect(rolls.map((e) => [e.enteredBy, e.faces.map((f) => f.face)])).toEqual([['the Judge', [3, 5]]]);
});

test('the Roll panel takes a table’s faces rolled at the table: a 5 for the Inn’s d12 is its fifth event, and the ledger says the Judge entered it (ch.1, ch.5)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 4);
  await page.goto(host.url + '#/tables/inn-events');
  const panel = page.getByRole('region', { name: 'Roll panel' });
  await expect(panel.getByLabel('Table to roll')).toHaveValue('inn-events');
  await panel.getByLabel('Faces rolled at the table').fill('5 3');
  await panel.getByRole('button', { name: 'Use these faces' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'This roll used 1 die, but 2 faces were entered: remove the extra.',
  );
  await panel.getByLabel('Faces rolled at the table').fill('5');
  await panel.getByRole('button', { name: 'Use these faces' }).click();
  await expect(panel.getByTestId('ledger-line')).toHaveText(
    '5 = 5 on d12 → A stranger asks too many questions (Inn Events)',
  );
  await page.screenshot({ path: `${SHOTS}/roll-panel-faces.png`, fullPage: false });
  const [newest] = await api<LedgerEntry[]>(request, host, 'ledger.list', { limit: 1 });
  expect([newest!.cause, newest!.enteredBy]).toEqual(['Roll panel: Inn Events', 'the Judge']);
});

test('an ask on a player’s phone is worded anew when the Judge hides its target: the hidden Gnawer becomes “a target” (ch.1)', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const { panel, phone, context } = await odileWithHerPhone(page, request, browser);
  await panel.getByRole('button', { name: 'Attack…' }).click();
  const attack = page.getByRole('dialog', { name: 'Odile Vantreck attacks' });
  await attack.getByRole('radio', { name: /Gnawer/ }).check();
  const asked = phone.getByRole('region', { name: 'The Judge asks a roll' });
  await expect(asked).toContainText('The Judge asks: Attack Gnawer with');
  const board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const gnawer = board.tokens.find((t) => t.name === 'Gnawer')!;
  await api(request, host, 'board.updateToken', { id: gnawer.id, patch: { hidden: true } });
  await expect(asked).toContainText('The Judge asks: Attack a target with');
  await expect(asked).not.toContainText('Gnawer');
  await context.close();
});

test('a Lichslayer rolled up in the wizard on faces from the table: 100, 41 + 4 and 70 give Fen Flail, Drowned Poultice and Brand Hatchet (ch.1, ch.4)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 4);
  await page.getByRole('button', { name: 'Roll a Lichslayer…' }).click();
  const wizard = page.getByRole('dialog', { name: 'Roll a Lichslayer' });
  await wizard.getByLabel('Name').fill('Mira Quell');
  await wizard.getByLabel('Influence die for starting loot 2').selectOption('6');
  await expect(wizard.getByTestId('face-order')).toHaveText(
    'Faces in this order — loot 1: d100; loot 2: d100 then its d6; loot 3: d100; six d6 for the stat points; the class d8.',
  );
  await wizard.getByLabel('Faces rolled at the table').fill('100 41 4 70 1 2 3 4 5 6');
  await page.screenshot({ path: `${SHOTS}/creation-form.png`, fullPage: false });
  await wizard.getByRole('button', { name: 'Use these faces' }).click();
  await expect(wizard.getByRole('alert')).toHaveText(
    'This roll needs more dice than the 10 entered: die 11 is a d8 with no face. Enter it too.',
  );
  await wizard.getByLabel('Faces rolled at the table').fill('100 41 4 70 1 2 3 4 5 6 3');
  await wizard.getByRole('button', { name: 'Use these faces' }).click();
  await expect(wizard.getByRole('list', { name: 'Starting loot' }).getByRole('listitem')).toHaveText([
    '60: Fen Flail (Green)',
    '5: Drowned Poultice (Blue)',
    '30: Brand Hatchet (Red)',
  ]);
  await expect(wizard.getByTestId('stat-points')).toHaveText('1→power, 2→speed, 3→health, 4→armor, 5→magic, 6→choice');
  await page.screenshot({ path: `${SHOTS}/creation-faces.png`, fullPage: false });
  const [newest] = await api<LedgerEntry[]>(request, host, 'ledger.list', { limit: 1 });
  expect([newest!.cause, newest!.enteredBy]).toEqual(['Creation of Mira Quell: class (hidden)', 'the Judge']);
});

test('the dialog reveals an unrevealed room ahead of Odile, naming its trap before her faces go in: 1 4 5 3 spring the Loose flagstone and fail the Sanity Test (ch.9, ch.10)', async ({
  page,
  request,
}) => {
  host = await startHost(tempDataDir());
  await openSeededDemo(page, request, host, 21);
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  await clickOdileOnTheBoard(page, request);
  await page.getByRole('button', { name: 'Enter a room on table dice…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Odile Vantreck enters a room on table dice' });
  await dialog.getByLabel('Into').selectOption('3,0');
  await expect(dialog.getByTestId('what-waits')).toContainText('Unrevealed: the app rolls what room it is');
  await dialog.getByRole('button', { name: 'Reveal it first' }).click();
  await expect(dialog.getByTestId('what-waits')).toContainText('Trap: A trap (1d6 on entry)');
  await expect(dialog.getByRole('button', { name: 'Reveal it first' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/reveal-ahead.png` });
  await odileEntersOn(
    page,
    request,
    dialog,
    '1 4 5 3',
    'Trap triggers for Odile Vantreck: Loose flagstone — 1d6 damage, one instance. (ch.9)',
  );
});

test("Odile opens the chest where she stands from the acting panel on the table's faces: 6 holds loot, 50 finds the Cinder Compass, 3 on the gold die is 30 gold (ch.9, ch.10)", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const { panel } = await odileFacesAGnawer(page, request);
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { chest: true } });
  await panel.getByRole('button', { name: 'The chest on table dice…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Odile Vantreck opens the chest on table dice' });
  await expect(dialog).toContainText('its d6, the loot roll when it holds loot, then its gold');
  await dialog.getByLabel('Faces rolled at the table').fill('6');
  await dialog.getByRole('button', { name: 'Use these faces' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This roll needs more dice than the 1 entered: die 2 is a d100 with no face. Enter it too.',
  );
  await dialog.getByLabel('Faces rolled at the table').fill('6 50 3');
  await page.screenshot({ path: `${SHOTS}/chest-on-table-dice.png` });
  await dialog.getByRole('button', { name: 'Use these faces' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Open chest' })).toHaveCount(0);
  const chest = (await api<LedgerEntry[]>(request, host, 'ledger.list', { character: 'Odile Vantreck' }))
    .filter((e) => e.command === 'board.openChest')
    .map((e) => [e.explain, e.enteredBy]);
  expect(chest).toEqual([
    ['30 gold = 1d6! [3] × 10 (ch.10)', 'the Judge'],
    ['10 = 50 on d100 − 40 (Floor 1) → Common: Cinder Compass (Tomb Loot Table)', 'the Judge'],
    ['6 on d6 (loot on 4+): the chest holds loot (ch.9)', 'the Judge'],
  ]);
});
