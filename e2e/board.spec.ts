// The Tomb board in Chromium (rulebook ch.9 the board, ch.10 room generation): drag to reveal,
// refusal of a full room, undo, restart; and the players' screen beside it.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, drag, konvaTokenPositions, roomPoint, tokenPoint } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

async function openBoard(page: Page) {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' }).click();
  await expect(page.getByRole('heading', { name: 'Demo: The Ashen Causeway' })).toBeVisible();
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
}

test('drag a Lichslayer into an adjacent unrevealed room: revealed, entities placed, roll in the ledger; undo; restart', async ({
  page,
  request,
}) => {
  const dataDir = tempDataDir();
  host = await startHost(dataDir);
  await openBoard(page);
  await api(request, host, 'dice.setSeed', { seed: 4 });
  await page.getByRole('button', { name: 'Enter party here' }).click();
  await expect(page.locator('.board-notices')).toContainText('The party enters Floor 1');

  let board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const odile = board.tokens.find((t) => t.name === 'Odile Vantreck')!;
  await drag(page, await tokenPoint(page, board, odile), await roomPoint(page, 2, 1));
  await expect(page.locator('.board-notices')).toContainText('Odile Vantreck reveals');

  board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const revealed = board.rooms.find((r) => r.x === 2 && r.y === 1)!;
  expect(revealed.revealed).toBe(true);
  expect(board.tokens.find((t) => t.id === odile.id)).toMatchObject({ x: 2, y: 1 });
  const entities = board.tokens.filter((t) => t.kind === 'entity' && t.x === 2 && t.y === 1);
  for (const e of entities) expect(board.turnStack.map((s) => s.tokenId)).toContain(e.id);
  const ledger = await api<{ cause: string; explain: string }[]>(request, host, 'ledger.list', { floor: 1 });
  expect(ledger.some((l) => l.cause === 'Reveal F1 (3,2)' && l.explain.includes(revealed.name))).toBe(true);
  await expect(page.getByRole('region', { name: 'Selected room' })).toContainText(revealed.name);

  // undo the reveal from the keyboard
  await page.locator('.keys').click();
  await page.keyboard.press('Control+z');
  await expect
    .poll(
      async () =>
        (await api<BoardView>(request, host, 'board.view', { floor: 1 })).rooms.find((r) => r.x === 2 && r.y === 1)!
          .revealed,
    )
    .toBe(false);
  board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  expect(board.tokens.find((t) => t.id === odile.id)).toMatchObject({ x: 2, y: 0 });

  await host.stop();
  host = await startHost(dataDir);
  await openBoard(page);
  const after = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  expect(after.rooms.find((r) => r.x === 2 && r.y === 1)!.revealed).toBe(false);
  expect(after.tokens.find((t) => t.id === odile.id)).toMatchObject({ x: 2, y: 0 });
  expect(after.rooms.find((r) => r.x === 2 && r.y === 0)!.revealed).toBe(true);
});

test('dragging into a full room is refused with the reason, and the token returns', async ({ page, request }) => {
  host = await startHost(tempDataDir());
  await openBoard(page);
  // a Vault at the entrance holds the whole party (ch.9), so no one steps on into the Hall beside it
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Landing' } });
  await page.getByRole('button', { name: 'Enter party here' }).click();
  await api(request, host, 'board.setRoom', {
    floor: 1,
    x: 1,
    y: 0,
    patch: { type: 'hall', name: 'Choked Hall' },
    revealed: true,
  });
  await api(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Ghoul One',
    colour: 'Red',
    floor: 1,
    x: 1,
    y: 0,
    health: 6,
    armor: 0,
  });
  const board = await api<BoardView>(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Ghoul Two',
    colour: 'Red',
    floor: 1,
    x: 1,
    y: 0,
    health: 6,
    armor: 0,
  });
  await page.reload();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  const before = await konvaTokenPositions(page);
  const sable = board.tokens.find((t) => t.name === 'Sable Hartigan')!;
  await drag(page, await tokenPoint(page, board, sable), await roomPoint(page, 1, 0));
  await expect(page.getByRole('alert').first()).toContainText(
    'The Hall is full (2 of 2): it blocks passage until an entity leaves (ch.9). Sable Hartigan stays where they were.',
  );
  await expect.poll(() => konvaTokenPositions(page)).toEqual(before);
  const now = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  expect(now.tokens.find((t) => t.id === sable.id)).toMatchObject({ x: 2, y: 0 });
});

test("the players' screen updates live and shows nothing secret", async ({ page, request, context }) => {
  host = await startHost(tempDataDir());
  await openBoard(page);
  // seeded: how many rolls a reveal makes (room, entities, trap, gold) depends on the dice
  await api(request, host, 'dice.setSeed', { seed: 4 });
  await api(request, host, 'board.setRoom', {
    floor: 1,
    x: 4,
    y: 4,
    patch: { type: 'vault', name: 'SECRET Hoard', trap: { label: 'SECRET spikes', disabled: false } },
  });
  await page.getByRole('button', { name: 'Enter party here' }).click();
  const [players] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: "Players' screen" }).click(),
  ]);
  await expect(players.getByRole('heading', { name: 'Turn order' })).toBeVisible();
  await expect(players.locator('body')).toContainText('Floor 1');
  const board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const wren = board.tokens.find((t) => t.name === 'Wren of the Hollow')!;
  await drag(page, await tokenPoint(page, board, wren), await roomPoint(page, 3, 0));
  // seed 4: the two rooms the party's moves reveal, in the order shown; nothing else is public (the
  // entrance's Chamber of 4 is the party's, so its rolled entity is not placed, ch.9)
  await expect(players.locator('.public-rolls li')).toHaveText([
    /12 on d12 → Ghoul Larder/,
    /5 on d12 → Rat-king Nest/,
  ]);
  const text = await players.locator('body').innerText();
  expect(text).not.toContain('SECRET');
  expect(await players.evaluate(() => document.documentElement.outerHTML)).not.toContain('SECRET');
});

/** A room's line in the floor's text mirror, drawn from the same tokens as the canvas. */
const mirrorRoom = (page: import('@playwright/test').Page, x: number, y: number) =>
  page.getByRole('region', { name: 'Floor 1 as text' }).getByRole('button', { name: `Room (${x + 1},${y + 1}):` });

/** Seed 4: the party's entrance, a Chamber of 4 (ch.9), full until Odile steps out of it. */
const AFTER_ODILE_LEFT = 'Room (3,1): Rat-king Nest, Chamber · 3/4 (chest), 3 tokens';

/** The seeded party entered at (3,1), and an empty vault revealed on the top row, shown on the board. */
async function partyAndAVault(page: Page, request: APIRequestContext, x: number, name: string): Promise<void> {
  host = await startHost(tempDataDir());
  await openBoard(page);
  await api(request, host, 'dice.setSeed', { seed: 4 });
  await page.getByRole('button', { name: 'Enter party here' }).click();
  await api(request, host, 'board.setRoom', { floor: 1, x, y: 0, patch: { type: 'vault', name }, revealed: true });
  await expect(mirrorRoom(page, x, 0)).toContainText(name);
}

test('a step into a revealed room is drawn before main answers, and main agrees with what was drawn', async ({
  page,
  request,
}) => {
  await partyAndAVault(page, request, 1, 'Quiet Gallery');
  // The move is held at the page's edge until the canvas has been read: main has not seen it yet.
  let asked = 0;
  let answer!: () => void;
  const held = new Promise<void>((r) => (answer = r));
  await page.route('**/api/board.moveToken', async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  const board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const odile = board.tokens.find((t) => t.name === 'Odile Vantreck')!;
  await drag(page, await tokenPoint(page, board, odile), await roomPoint(page, 1, 0));
  await expect.poll(() => asked).toBe(1);
  await expect(mirrorRoom(page, 1, 0)).toHaveText(/Quiet Gallery, Vault · 1\/\d+, 1 token$/);
  await expect(mirrorRoom(page, 1, 0).locator('..')).toContainText('Odile Vantreck');
  await expect(mirrorRoom(page, 2, 0)).toHaveText(AFTER_ODILE_LEFT);
  const drawn = [await mirrorRoom(page, 1, 0).innerText(), await mirrorRoom(page, 2, 0).innerText()];
  answer();
  await expect
    .poll(async () =>
      (await api<BoardView>(request, host, 'board.view', { floor: 1 })).tokens.find((t) => t.id === odile.id),
    )
    .toMatchObject({ x: 1, y: 0 });
  await expect(page.getByRole('region', { name: 'Selected room' })).toContainText('Quiet Gallery');
  expect([await mirrorRoom(page, 1, 0).innerText(), await mirrorRoom(page, 2, 0).innerText()]).toEqual(drawn);
});

test('a drawn step main asks the Judge about goes back until the Judge moves it anyway', async ({ page, request }) => {
  await partyAndAVault(page, request, 0, 'Far Gallery');
  const board = await api<BoardView>(request, host, 'board.view', { floor: 1 });
  const odile = board.tokens.find((t) => t.name === 'Odile Vantreck')!;
  const entrance = await mirrorRoom(page, 2, 0).innerText();
  // Two rooms along: not a step the book allows in one move (ch.9), so main asks first.
  await drag(page, await tokenPoint(page, board, odile), await roomPoint(page, 0, 0));
  const dialog = page.getByRole('dialog', { name: 'Judge override?' });
  await expect(dialog).toBeVisible();
  await expect(mirrorRoom(page, 0, 0)).not.toContainText('token');
  await expect(mirrorRoom(page, 2, 0)).toHaveText(entrance);
  await dialog.getByRole('button', { name: 'Move anyway' }).click();
  await expect(mirrorRoom(page, 0, 0)).toHaveText(/Far Gallery, Vault · 1\/\d+, 1 token$/);
  await expect(mirrorRoom(page, 2, 0)).toHaveText(AFTER_ODILE_LEFT);
});
