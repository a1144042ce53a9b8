// At the table: a new Judge runs a first session on a 1366×768 laptop with the
// players' screen on a TV: one key per action, one truth for where the party is, a screen that
// fits, readable tokens, a real turn tracker, the ledger by part of a name, and a players' screen
// that reads across the table and says what to do after a restart. Seeded, fixed expectations.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { BoardView } from '../src-shared/board.ts';
import type { PhaseView } from '../src-shared/phase.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { api, drag, openSeededDemo, roomPoint, tokenPoint } from './board-helpers.ts';

let host: RunningHost;
test.afterEach(async () => {
  await host?.stop();
});

const board = (request: APIRequestContext, floor = 1) => api<BoardView>(request, host, 'board.view', { floor });
const phase = (request: APIRequestContext) => api<PhaseView>(request, host, 'phase.view');
const day = async (request: APIRequestContext) =>
  (await api<{ town: { day: number } }>(request, host, 'campaign.current')).town.day;

/**
 * A fight on Floor 1: the party entered by the board's button, Odile revealed the room below the
 * entrance, two Bloated Mourners wait at the entrance and a hidden Veil Lurker in a hall; the
 * enemies entered and the round has moved on to Brother Quillam's turn.
 */
async function fight(page: Page, request: APIRequestContext): Promise<void> {
  await openSeededDemo(page, request, host, 4);
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  await page.getByRole('button', { name: 'Enter party here' }).click();
  await expect(page.getByRole('status', { name: 'Phase' })).toContainText('Exploring · Floor 1');
  const b = await board(request);
  const odile = b.tokens.find((t) => t.name === 'Odile Vantreck')!;
  await api(request, host, 'board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 1 });
  // The entrance made a Vault: the three Lichslayers left there and the two Mourners fit (ch.9: every token fills a room).
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault' } });
  await api(request, host, 'board.setRoom', {
    floor: 1,
    x: 1,
    y: 0,
    patch: { type: 'hall', name: 'Bone Hall' },
    revealed: true,
  });
  await api(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Bloated Mourner',
    colour: 'Green',
    floor: 1,
    x: 2,
    y: 0,
    health: 14,
    armor: 1,
  });
  await api(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Bloated Mourner 2',
    colour: 'Green',
    floor: 1,
    x: 2,
    y: 0,
    health: 14,
    armor: 1,
  });
  await api(request, host, 'board.addToken', {
    kind: 'entity',
    name: 'Veil Lurker',
    colour: 'Black',
    floor: 1,
    x: 1,
    y: 0,
    health: 9,
    armor: 0,
    hidden: true,
  });
  await page.keyboard.press('Alt+n');
  await expect(page.getByRole('status', { name: 'Phase' })).toContainText('Combat · Floor 1');
  // Turns go by (Alt+T) until Brother Quillam's: how many depends on what Odile's reveal rolled
  // from the starter tables, so the setup steps on, each press landing before the next.
  for (let i = 0; i < 8; i++) {
    const before = await phase(request);
    if (before.combat?.current === 'Brother Quillam') break;
    await page.keyboard.press('Alt+t');
    await expect
      .poll(async () => JSON.stringify((await phase(request)).combat))
      .not.toBe(JSON.stringify(before.combat));
  }
  await expect.poll(async () => (await phase(request)).combat?.current ?? null).toBe('Brother Quillam');
  await expect(page.getByTestId('turn')).toContainText("Brother Quillam's turn");
}

/** Everything drawn outside the window, and whether the page scrolls: an empty list when it all fits. */
function outsideTheWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const W = window.innerWidth;
    const H = window.innerHeight;
    const root = document.documentElement;
    if (root.scrollHeight > H || root.scrollWidth > W)
      found.push(`the page scrolls: ${root.scrollWidth}×${root.scrollHeight} in ${W}×${H}`);
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Inside a box that scrolls or clips, the box is what must fit (and it is checked itself).
      let inside = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible' || s.clipPath !== 'none') inside = true;
      }
      if (inside) continue;
      if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1)
        found.push(
          `${el.tagName.toLowerCase()}.${el.className} at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
    }
    return found;
  });
}

/** The Konva tokens as drawn: label, kind, shape, size on screen, Health bar, turn ring. */
function drawnTokens(page: Page) {
  return page.evaluate(() => {
    type Node = {
      getAttr: (k: string) => string;
      className: string;
      find: (s: string) => Node[];
      getClientRect: () => { width: number };
    };
    const w = window as unknown as { Konva: { stages: { find: (s: string) => Node[] }[] } };
    return w.Konva.stages[0]!.find('.token').map((g) => ({
      label: g.getAttr('tokenLabel'),
      kind: g.getAttr('kind'),
      shape: g.find('.token-shape')[0]!.className,
      across: Math.round(g.find('.token-shape')[0]!.getClientRect().width),
      bar: g.find('.health-bar').length === 1,
      ring: g.find('.turn-ring').length === 1,
    }));
  });
}

async function openPlayers(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const players = await context.newPage();
  await players.goto(host.playersUrl);
  return players;
}

test.describe('at the table at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('1. one key, one action: Alt+Shift+N on the Roster during a dive does nothing; Next day (Alt+P) asks first; "?" lists the keys', async ({
    page,
    request,
  }) => {
    host = await startHost(tempDataDir());
    await openSeededDemo(page, request, host, 4);
    const banner = page.getByRole('status', { name: 'Phase' });
    await banner.getByRole('button', { name: 'Descend' }).click();
    await expect(banner).toContainText('Exploring · Floor 1');
    // Descending shows the board; the Judge goes back to the Roster.
    await page.getByRole('button', { name: 'Roster', exact: true }).click();
    const before = await day(request);

    await page.keyboard.press('Alt+Shift+N');
    // "?" after it: once the key list is open, the keystroke before it has been handled.
    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Keys on this screen' });
    await expect(keys).toBeVisible();
    expect(await day(request)).toBe(before);
    expect((await phase(request)).dive.state).toBe('exploring');
    await expect(keys.getByRole('region', { name: 'Roster and Town' })).toContainText(/Alt\+P\s*Next day/);
    await expect(keys.getByRole('region', { name: 'Phase banner (every campaign screen)' })).toContainText(
      /Alt\+N\s*Enemies enter/,
    );
    await expect(keys.getByRole('region', { name: 'Phase banner (every campaign screen)' })).toContainText(
      /Alt\+A\s*The current entrant attacks/,
    );
    await page.keyboard.press('Escape');
    await expect(keys).toHaveCount(0);

    await page.keyboard.press('Alt+p');
    const ask = page.getByRole('dialog', { name: 'Pass a day during the dive?' });
    await expect(ask).toContainText(
      'The party is on Floor 1 of the Tombs; days pass in the Town between dives (ch.5).',
    );
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await day(request)).toBe(before);
    await page.getByRole('button', { name: 'Next day' }).click();
    await page
      .getByRole('dialog', { name: 'Pass a day during the dive?' })
      .getByRole('button', { name: 'Pass the day' })
      .click();
    await expect.poll(() => day(request)).toBe(before + 1);
    expect((await phase(request)).dive.state).toBe('exploring');
  });

  test("2. one truth for where the party is: banner, board and players' screen agree; a party token in the Town is refused with the reason", async ({
    page,
    request,
    browser,
  }) => {
    host = await startHost(tempDataDir());
    await openSeededDemo(page, request, host, 4);
    await page.getByRole('button', { name: 'Board', exact: true }).click();
    const banner = page.getByRole('status', { name: 'Phase' });
    await expect(banner).toContainText('In the Town');
    await page.getByRole('button', { name: 'Enter party here' }).click();
    await expect(banner).toContainText('Exploring · Floor 1');
    const players = await openPlayers(browser, 1366, 768);
    await expect(players.locator('.players-head')).toContainText('Floor 1');
    await expect(players.locator('.players-order')).toContainText('Odile Vantreck');
    const party = (await board(request)).tokens.filter((t) => t.kind === 'lichslayer');
    expect(party.map((t) => [t.floor, t.x, t.y])).toEqual(party.map(() => [1, 2, 0]));
    await expect(page.locator('.board-mirror')).toContainText('Odile Vantreck: Lichslayer');

    await banner.getByRole('button', { name: 'Withdraw to Town' }).click();
    await expect(banner).toContainText('In the Town');
    await expect(players.locator('.players-head')).toContainText('In the Town');
    await expect(players.getByText('The party is in the Town.')).toBeVisible();
    expect((await board(request)).tokens.filter((t) => t.kind === 'lichslayer')).toEqual([]);
    await expect(page.locator('.board-mirror')).not.toContainText('Odile Vantreck');

    // A Retainer left on the board while the party is in the Town: dragging it is refused, with the rule.
    const added = await api<BoardView>(request, host, 'board.addToken', {
      kind: 'retainer',
      name: 'Pell',
      colour: 'Blue',
      floor: 1,
      x: 2,
      y: 0,
    });
    const pell = added.tokens.find((t) => t.name === 'Pell')!;
    await page.reload();
    await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
    const now = await board(request);
    await drag(page, await tokenPoint(page, now, pell), await roomPoint(page, 3, 0));
    await expect(page.getByRole('alert')).toContainText(
      'The party is in the Town: Pell goes into the Tombs when the party descends (ch.9)',
    );
    expect((await board(request)).tokens.find((t) => t.id === pell.id)).toMatchObject({ floor: 1, x: 2, y: 0 });

    await banner.getByRole('button', { name: 'Descend' }).click();
    await expect(banner).toContainText('Exploring · Floor 1');
    await expect(players.locator('.players-head')).toContainText('Floor 1');
    await players.context().close();
  });

  test('3. the screen fits: board, banner and tracker at once, no scroll; toasts beside the board never move it, fade, errors stay', async ({
    page,
    request,
  }) => {
    host = await startHost(tempDataDir());
    await page.clock.install();
    await fight(page, request);
    // From here the page's clock stands still unless the test moves it: toasts fade on the
    // clock, not on how fast this machine runs.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const canvas = page.getByTestId('board-canvas');
    for (const part of [
      page.getByRole('status', { name: 'Phase' }),
      canvas,
      page.getByRole('region', { name: 'Turn order' }),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(768);
      expect(box.x + box.width).toBeLessThanOrEqual(1366);
    }
    expect(await outsideTheWindow(page)).toEqual([]);
    const where = await canvas.boundingBox();

    // A reveal sets off a notice: a toast beside the board, not over it. The room cursor starts at
    // the entrance (3,1); → selects (4,1), R reveals it.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('r');
    const told = page
      .getByRole('status')
      .filter({ has: page.locator('.board-notices') })
      .filter({ hasText: /Revealed .+ \(\w+\)/ });
    await expect(told).toBeVisible();
    const toast = (await told.boundingBox())!;
    expect(await canvas.boundingBox()).toEqual(where);
    expect(toast.x).toBeGreaterThanOrEqual(where!.x + where!.width);
    expect(await outsideTheWindow(page)).toEqual([]);

    // A refusal: an error toast that stays, in the same corner; the board does not move.
    await page.keyboard.press('Alt+d');
    const problem = page.getByRole('alert');
    await expect(problem).toContainText('Finish the fight before taking the stair (ch.11)');
    expect(await canvas.boundingBox()).toEqual(where);
    expect((await problem.boundingBox())!.x).toBeGreaterThanOrEqual(where!.x + where!.width);

    await page.clock.runFor(20_000);
    await expect(told).toHaveCount(0);
    await page.clock.runFor(120_000);
    await expect(problem).toBeVisible();
    await problem.getByRole('button', { name: 'Dismiss this problem' }).click();
    await expect(problem).toHaveCount(0);
  });

  test('4. tokens read at a glance: big enough, unique labels, a shape per side, Health bars, whose turn ringed, a card on hover', async ({
    page,
    request,
  }) => {
    host = await startHost(tempDataDir());
    await fight(page, request);
    // A Retainer and a Familiar join the party in the entrance: each side has its own shape.
    await api(request, host, 'board.addToken', {
      kind: 'retainer',
      name: 'Pell',
      colour: 'Blue',
      floor: 1,
      x: 2,
      y: 0,
    });
    await api(request, host, 'board.addToken', {
      kind: 'familiar',
      name: 'Pip',
      colour: 'Purple',
      floor: 1,
      x: 2,
      y: 0,
    });
    const onFloor = (await board(request)).tokens.filter((t) => t.x !== null && t.y !== null);
    await expect.poll(async () => (await drawnTokens(page)).length).toBe(onFloor.length);
    const tokens = await drawnTokens(page);
    expect(new Set(tokens.map((t) => t.label)).size).toBe(tokens.length);
    expect(
      tokens
        .filter((t) => t.label.startsWith('BM'))
        .map((t) => t.label)
        .sort(),
    ).toEqual(['BM', 'BM2']);
    const SHAPE: Record<string, string> = {
      lichslayer: 'Circle',
      retainer: 'Rect',
      familiar: 'RegularPolygon',
      entity: 'RegularPolygon',
    };
    for (const t of tokens) {
      expect(t.across, `${t.label} across`).toBeGreaterThanOrEqual(30);
      expect(t.shape, t.label).toBe(SHAPE[t.kind]);
    }
    expect(
      tokens
        .filter((t) => t.kind === 'retainer' || t.kind === 'familiar')
        .map((t) => t.kind)
        .sort(),
    ).toEqual(['familiar', 'retainer']);
    // The Familiar's diamond and the enemies' hexagon differ in sides, not just colour.
    expect(
      await page.evaluate(() => {
        type Node = { getAttr: (k: string) => unknown; find: (s: string) => Node[] };
        const w = window as unknown as { Konva: { stages: { find: (s: string) => Node[] }[] } };
        const sides = (kind: string) =>
          w.Konva.stages[0]!.find('.token')
            .filter((g) => g.getAttr('kind') === kind)
            .map((g) => g.find('.token-shape')[0]!.getAttr('sides'));
        return { familiar: [...new Set(sides('familiar'))], entity: [...new Set(sides('entity'))] };
      }),
    ).toEqual({ familiar: [4], entity: [6] });
    expect(tokens.filter((t) => t.kind === 'lichslayer').every((t) => t.bar)).toBe(true);
    expect(tokens.filter((t) => t.ring).map((t) => t.label)).toEqual(['BQ']);
    // Brother Quillam's turn ends and, no seen enemy standing apart to move (ch.11), one key rings Sable's turn.
    await page.keyboard.press('Alt+t');
    await expect.poll(async () => (await drawnTokens(page)).filter((t) => t.ring).map((t) => t.label)).toEqual(['SH']);

    const b = await board(request);
    const sable = b.tokens.find((t) => t.name === 'Sable Hartigan')!;
    const at = await tokenPoint(page, b, sable);
    await page.mouse.move(at.x, at.y);
    const card = page.getByTestId('token-card');
    await expect(card).toContainText('Sable Hartigan');
    await expect(card).toContainText(`Health ${sable.health}/${sable.maxHealth}`);
    await expect(card).toContainText('its turn');

    // The fight's token keys are in the one map, and the "?" list shows them on the board.
    await page.locator('.board-title').click();
    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Keys on this screen' }).getByRole('region', { name: 'Board' });
    await expect(keys).toContainText(/A\s*The selected token attacks/);
    await expect(keys).toContainText(/C\s*A Challenge for the selected token/);
    await expect(keys).toContainText(/D\s*Damage to the selected token/);
  });

  test("5. the turn tracker: Health, Speed, conditions, whose turn; keyboard driven; hidden entrants never on the players' side", async ({
    page,
    request,
    browser,
  }) => {
    host = await startHost(tempDataDir());
    await fight(page, request);
    const tracker = page.getByRole('region', { name: 'Turn order' });
    const stack = (await board(request)).turnStack;
    for (const e of stack) {
      const row = tracker.locator(`[data-entry="${e.tokenId}"]`);
      if (e.health !== null) await expect(row).toContainText(`${e.health}/${e.maxHealth}`);
      if (e.speed !== null) await expect(row.locator('.turn-speed')).toContainText(String(e.speed));
      for (const c of e.conditions) await expect(row).toContainText(c);
      // compact: one line for the name, never wrapped
      const name = (await row.locator('.turn-name').boundingBox())!;
      expect(name.height).toBeLessThan(30);
    }
    const current = tracker.locator('li.current-turn');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Brother Quillam');
    await expect(tracker.getByRole('button', { name: /^Veil Lurker, Enemy/ })).toBeVisible();

    const players = await openPlayers(browser, 1366, 768);
    await expect(players.locator('.players-order')).toContainText('Bloated Mourner 2');
    await expect(players.locator('.players-order')).not.toContainText('Veil Lurker');
    await expect(players.locator('.players-order li.current')).toContainText('Brother Quillam');
    await players.context().close();

    // Keyboard: a row's Alt+↓ moves it down the order; R answers out of turn; Enter shows it on the board.
    const wren = stack.find((e) => e.name === 'Wren of the Hollow')!;
    const at = stack.findIndex((e) => e.tokenId === wren.tokenId);
    const wrenRow = tracker.getByRole('button', { name: /^Wren of the Hollow, Lichslayer/ });
    await wrenRow.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect
      .poll(async () => (await board(request)).turnStack.findIndex((e) => e.tokenId === wren.tokenId))
      .toBe(at + 1);
    // Focus stays on the row it moved, drawn in its new place, so the next key acts on it.
    await expect(tracker.locator('li.turn-row').nth(at + 1)).toHaveAttribute('data-entry', String(wren.tokenId));
    await expect(wrenRow).toBeFocused();
    await page.keyboard.press('r');
    await expect(tracker.locator(`[data-entry="${wren.tokenId}"]`)).toContainText('Gives up their next turn');
    const wrenToken = (await board(request)).tokens.find((t) => t.id === wren.tokenId)!;
    await tracker.getByRole('button', { name: /^Wren of the Hollow, Lichslayer/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Selected room' })).toContainText(
      `Room (${wrenToken.x! + 1},${wrenToken.y! + 1})`,
    );
    await expect(page.getByTestId('token-card')).toContainText('Wren of the Hollow');

    // With secrets hidden (the laptop turned round), the hidden entrant leaves the tracker too.
    await page.locator('.board-title').click();
    await page.keyboard.press('h');
    await expect(tracker.getByRole('button', { name: /^Veil Lurker/ })).toHaveCount(0);
  });

  test('6. the ledger finds a character by part of the name, and a reveal by a move is filed under its Lichslayer', async ({
    page,
    request,
  }) => {
    host = await startHost(tempDataDir());
    await fight(page, request);
    await page.getByRole('button', { name: 'Ledger', exact: true }).click();
    await page.getByLabel('Character').fill('odile');
    const rolls = page.getByRole('list', { name: 'Rolls' });
    await expect(rolls.locator('li')).not.toHaveCount(0);
    const found = await api<{ cause: string; character: string | null }[]>(request, host, 'ledger.list', {
      character: 'odile',
    });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.character === 'Odile Vantreck')).toBe(true);
    expect(found.some((e) => e.cause.startsWith('Reveal F1 (3,2)'))).toBe(true);
    await expect(rolls.locator('li')).toHaveCount(found.length);
    await rolls.locator('li').first().getByRole('button').click();
    await expect(rolls.locator('li').first()).toContainText('· Odile Vantreck');
  });

  test("7. the players' screen says what to do when the Judge's app restarts", async ({ page, request, browser }) => {
    const dataDir = tempDataDir();
    host = await startHost(dataDir);
    await openSeededDemo(page, request, host, 4);
    const port = Number(new URL(host.url).port);
    const players = await openPlayers(browser, 1366, 768);
    await expect(players.locator('.players-head')).toContainText('In the Town');
    await host.stop();
    await expect(players.getByRole('status').filter({ hasText: "Lost the Judge's app: trying again…" })).toBeVisible();
    await expect(players.locator('.players-head')).toContainText('In the Town');
    host = await startHost(dataDir, port);
    await expect(players.getByRole('alert')).toContainText(
      "The Judge's app was restarted, so this screen's link no longer works. Ask the Judge for the new players' link",
    );
    // The new link works at once: it waits for the Judge, then shows the campaign once it is open.
    await players.goto(host.playersUrl);
    await expect(players.getByText('Waiting for the Judge to open a campaign…')).toBeVisible();
    const [campaign] = await api<{ path: string }[]>(request, host, 'campaign.list');
    await api(request, host, 'campaign.open', { path: campaign!.path });
    await expect(players.locator('.players-head')).toContainText('In the Town');
    await players.context().close();
  });
});

test.describe('at the table at 1920×1080', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test("7. the players' screen reads across the table: nothing under 18 px, whose turn large, darkness, a roll shown large", async ({
    page,
    request,
    browser,
  }) => {
    host = await startHost(tempDataDir());
    await fight(page, request);
    const players = await openPlayers(browser, 1920, 1080);
    await expect(players.locator('canvas').first()).toBeVisible();
    const turn = players.getByRole('region', { name: 'Whose turn' });
    await expect(turn).toContainText("Brother Quillam's turn");
    expect(
      Number.parseFloat(await turn.locator('.whose-turn').evaluate((el) => getComputedStyle(el).fontSize)),
    ).toBeGreaterThanOrEqual(40);
    const small = await players.evaluate(() => {
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement!;
        if (!n.textContent?.trim() || el.closest('.board-mirror')) continue;
        const size = Number.parseFloat(getComputedStyle(el).fontSize);
        if (size < 18) out.push(`${n.textContent.trim().slice(0, 30)}: ${size}px`);
      }
      type Text = {
        fontSize: () => number;
        getAbsoluteScale: () => { y: number };
        text: () => string;
        isVisible: () => boolean;
      };
      const w = window as unknown as { Konva: { stages: { find: (s: string) => Text[] }[] } };
      for (const t of w.Konva.stages[0]!.find('Text')) {
        const size = t.fontSize() * t.getAbsoluteScale().y;
        if (t.text() && t.isVisible() && size < 17.9) out.push(`canvas “${t.text()}”: ${size.toFixed(1)}px`);
      }
      return out;
    });
    expect(small).toEqual([]);
    const revealed = (await board(request)).rooms.filter((r) => r.revealed).length;
    const dark = await players.evaluate(
      () =>
        (window as unknown as { Konva: { stages: { find: (s: string) => unknown[] }[] } }).Konva.stages[0]!.find(
          '.dark',
        ).length,
    );
    expect(dark).toBe(25 - revealed);
    expect(await outsideTheWindow(players)).toEqual([]);

    // Sable steps into the dark room beside her: the reveal's roll flashes up on the TV.
    const sable = (await board(request)).tokens.find((t) => t.name === 'Sable Hartigan')!;
    const b = await api<BoardView>(request, host, 'board.moveToken', { tokenId: sable.id, floor: 1, x: 3, y: 0 });
    const room = b.rooms.find((r) => r.x === 3 && r.y === 0)!;
    await expect(players.locator('.roll-flash')).toContainText(room.name);
    await players.context().close();
  });
});

test.describe("the screenshots of a fight, with the players' screen beside the board", () => {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test.describe(`${width}×${height}`, () => {
      test.use({ viewport: { width, height } });
      test(`fits without scroll and shows everything at once at ${width}×${height}`, async ({
        page,
        request,
        browser,
      }) => {
        host = await startHost(tempDataDir());
        // Ten entrants: the four, the Mourners, the hidden Lurker and what Odile's reveal let in.
        await fight(page, request);
        await expect(page.getByRole('region', { name: 'Turn order' }).locator('li.turn-row')).toHaveCount(10);
        // Whose turn it is and all it can do stay on screen beside the full tracker.
        const acting = page.getByRole('region', { name: 'Acting entrant' });
        for (const name of ['Next turn', 'Attack…', 'Challenge…', 'Cast…'])
          await expect(acting.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
        const players = await openPlayers(browser, width, height);
        await expect(players.locator('canvas').first()).toBeVisible();
        await expect(players.getByRole('region', { name: 'Whose turn' })).toContainText("Brother Quillam's turn");
        expect(await outsideTheWindow(page)).toEqual([]);
        expect(await outsideTheWindow(players)).toEqual([]);
        const judge = await page.screenshot({ path: test.info().outputPath(`board-${width}.png`) });
        const tv = await players.screenshot({ path: test.info().outputPath(`players-${width}.png`) });
        // Side by side, as a Judge sees them across the table.
        const beside = await browser.newPage({ viewport: { width: width * 2 + 16, height } });
        await beside.setContent(
          `<body style="margin:0;background:#000;display:flex;gap:16px"><img src="data:image/png;base64,${judge.toString('base64')}"><img src="data:image/png;base64,${tv.toString('base64')}"></body>`,
        );
        await beside.screenshot({ path: test.info().outputPath(`beside-${width}.png`) });
        await beside.close();
        await players.context().close();
      });
    });
  }
});
