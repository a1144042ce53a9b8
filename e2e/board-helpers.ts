// Helpers for driving the Konva board: where a token sits on screen, and the app's own API.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { CampaignView } from '../src-shared/contract.ts';
import type { BoardView, TokenView } from '../src-shared/board.ts';
import {
  cellOrigin,
  CELL,
  GAP,
  PAD,
  stageLayout,
  tokenSlot,
} from '../src-renderer/src/components/board/board-geometry.ts';
import { startHost, tempDataDir, type RunningHost } from './web-host.ts';
import { ENEMY_DEFAULTS, type Enemy } from '../src-main/test-support/floor-setups.ts';

export async function api<T>(
  request: APIRequestContext,
  host: RunningHost,
  command: string,
  args: unknown = {},
): Promise<T> {
  const token = new URL(host.url).searchParams.get('token')!;
  // A fresh connection per call: Node's client sends on a kept-alive socket the host may be closing
  // after its idle timeout, and unlike a browser it does not retry (a reset POST, not the host's fault).
  const res = await request.post(`${host.origin}/api/${command}`, {
    headers: { 'X-Lichslayer-Token': token, 'Content-Type': 'application/json', Connection: 'close' },
    data: args,
  });
  const reply = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!reply.ok) throw new Error(`${command}: ${reply.error?.message}`);
  return reply.value;
}

/** Where the floor sits on screen, computed as the canvas computes it (same geometry module). */
async function stageFrame(page: Page) {
  const canvas = page.getByTestId('board-canvas');
  const box = (await canvas.boundingBox())!;
  const [w, h] = await canvas.evaluate((el) => [el.clientWidth, el.clientHeight]);
  const l = stageLayout(w!, h!);
  return { scale: l.scale, cellW: l.cellW, ox: box.x + l.offsetX, oy: box.y + l.offsetY };
}

/** Screen point of a token, laid out as the canvas lays it out (same geometry module). */
export async function tokenPoint(page: Page, board: BoardView, token: TokenView) {
  const f = await stageFrame(page);
  const inRoom = board.tokens.filter((t) => t.x === token.x && t.y === token.y && !t.defeated);
  const slot = tokenSlot(
    token.x!,
    token.y!,
    inRoom.findIndex((t) => t.id === token.id),
    inRoom.length,
    undefined,
    f.cellW,
  );
  return { x: f.ox + slot.x * f.scale, y: f.oy + slot.y * f.scale };
}

export async function roomPoint(page: Page, x: number, y: number) {
  const f = await stageFrame(page);
  const o = cellOrigin(x, y, f.cellW);
  return { x: f.ox + (o.x + f.cellW / 2) * f.scale, y: f.oy + (o.y + CELL / 2) * f.scale };
}

export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 6, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** Which room each token stands in, by its label. Rooms, not pixels: the page's layout may widen
 * the board between two reads (a side panel filling in), which moves every token's pixels. */
export async function konvaTokenPositions(page: Page) {
  const read = await page.evaluate(() => {
    const w = window as unknown as {
      Konva: {
        stages: {
          width: () => number;
          height: () => number;
          find: (s: string) => { x: () => number; y: () => number; getAttr: (a: string) => string }[];
        }[];
      };
    };
    const stage = w.Konva.stages[0]!;
    const tokens = stage.find('.token').map((n) => ({ label: n.getAttr('tokenLabel'), x: n.x(), y: n.y() }));
    return { width: stage.width(), height: stage.height(), tokens };
  });
  const { cellW } = stageLayout(read.width, read.height);
  return read.tokens
    .map((t) => ({
      label: t.label,
      x: Math.floor((t.x - PAD) / (cellW + GAP)),
      y: Math.floor((t.y - PAD) / (CELL + GAP)),
    }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.y - b.y || a.x - b.x);
}

/** Opens the demo campaign in the page, waits for it, and seeds the dice: where a played scenario starts. */
export async function openSeededDemo(
  page: Page,
  request: APIRequestContext,
  host: RunningHost,
  seed: number,
): Promise<void> {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open Demo: The Ashen Causeway' }).click();
  await page.getByRole('heading', { name: 'Demo: The Ashen Causeway' }).waitFor();
  await api(request, host, 'dice.setSeed', { seed });
}

/**
 * A fresh host with the Judge's page at 1366×768, the demo campaign open and the dice seeded. Should
 * the opening fail, the host is stopped here: the caller has no host yet to stop.
 */
export async function demoOnAFreshHost(page: Page, request: APIRequestContext, seed: number): Promise<RunningHost> {
  await page.setViewportSize({ width: 1366, height: 768 });
  const host = await startHost(tempDataDir());
  try {
    await openSeededDemo(page, request, host, seed);
  } catch (failure) {
    await host.stop();
    throw failure;
  }
  return host;
}

/** Sets an enemy down through the API (as `ENEMY_DEFAULTS`, unless told); the floor's board after. */
export async function addEnemy(request: APIRequestContext, host: RunningHost, enemy: Enemy): Promise<BoardView> {
  return api<BoardView>(request, host, 'board.addToken', { ...ENEMY_DEFAULTS, ...enemy });
}

/**
 * A fight on Floor 1 through the API: the Quiet Vault set at (2,0) where the party arrives, the
 * party descends, the enemy is set down there, and the enemies enter.
 */
export async function fightInTheQuietVault(request: APIRequestContext, host: RunningHost, enemy: Enemy): Promise<void> {
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  await addEnemy(request, host, enemy);
  await api(request, host, 'phase.send', { event: { type: 'ENEMIES_ENTER' } });
}

/** One of the campaign's Lichslayers, by name. */
export async function rosterMember(
  request: APIRequestContext,
  host: RunningHost,
  name: string,
): Promise<CampaignView['roster'][number]> {
  const found = (await api<CampaignView>(request, host, 'campaign.current')).roster.find((l) => l.name === name);
  if (!found) throw new Error(`No Lichslayer named ${name} in the roster`);
  return found;
}

/** The party descends to Floor 1 from the phase banner, and the Judge opens the board. */
export async function descendToTheBoard(page: Page): Promise<void> {
  const banner = page.getByRole('status', { name: 'Phase' });
  await banner.getByRole('button', { name: 'Descend' }).click();
  await expect(banner).toContainText('Exploring · Floor 1');
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
}

/** Every button of the panel lies inside the 1366×768 viewport, the page unscrolled. */
export async function allInView(page: Page, panel: Locator): Promise<number> {
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
  const buttons = panel.getByRole('button');
  const n = await buttons.count();
  for (let i = 0; i < n; i++) {
    const box = (await buttons.nth(i).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
  }
  return n;
}

/**
 * A fight on Floor 1 begun from the board: the party descends into a quiet Vault at (3,1) where a
 * Bone Rat (9 Health, no Armor, 1d6) waits, the Judge opens the board and the enemies enter.
 */
export async function fightABoneRat(
  page: Page,
  request: APIRequestContext,
  host: RunningHost,
  { room = 'Stair Landing', level = 2 }: { room?: string; level?: number } = {},
): Promise<void> {
  await api(request, host, 'board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: room } });
  await api(request, host, 'phase.send', { event: { type: 'DESCEND' } });
  await addEnemy(request, host, { name: 'Bone Rat', health: 9, stats: { level, attack: '1d6' } });
  await page.getByRole('button', { name: 'Board', exact: true }).click();
  await expect(page.getByTestId('board-canvas').locator('canvas').first()).toBeVisible();
  await page.getByRole('status', { name: 'Phase' }).getByRole('button', { name: 'Enemies enter' }).click();
}

/** The acting-entrant panel, once it says Round 1 has come to this entrant's turn. */
export async function actingPanelOnTurnOf(page: Page, entrant: string): Promise<Locator> {
  const panel = page.getByRole('region', { name: 'Acting entrant' });
  await expect(panel.getByRole('heading')).toHaveText(`Round 1 · ${entrant}'s turn`);
  return panel;
}
