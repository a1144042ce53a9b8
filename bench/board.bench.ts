// Board (issue: the Tomb board): frame cost while dragging a token across a floor with 25
// revealed rooms and 60 tokens, in Chromium, against the same drag on an empty stage; and the
// time from drop to the players' screen showing the move.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CampaignApp } from '../src-main/app/campaign-app.ts';
import { descendTo } from '../src-main/test-support/temp-app.ts';
import { startWebHost } from '../src-main/hosts/web/web-host.ts';
import type { BoardView } from '../src-shared/board.ts';
import { CELL, cellOrigin, stageLayout, tokenSlot } from '../src-renderer/src/components/board/board-geometry.ts';
import type { Benchmark, BenchResult } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function setUp(fill: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lj-bench-board-'));
  const app = new CampaignApp({ dataDir, host: 'web', version: 'bench', resourcesDir: path.join(ROOT, 'resources') });
  await app.ensureFirstLaunch();
  const [demo] = await app.call('campaign.list', {});
  await app.call('campaign.open', { path: demo!.path });
  await app.call('dice.setSeed', { seed: 5 });
  // Floors are entered one at a time from the Town (ch.9): the party descends to Floor 7.
  await descendTo(app, 7);
  if (fill) {
    await app.call('board.prerollFloor', { floor: 7 });
    for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) await app.call('board.setRoom', { floor: 7, x, y, patch: {}, revealed: true });
    let view = await app.call('board.view', { floor: 7 });
    const colours = ['Red', 'Blue', 'Green', 'Purple', 'Black', 'Orange'] as const;
    for (let n = 0; view.tokens.length < 60 && n < 400; n++) {
      const r = view.rooms[n % 25]!;
      // grow rooms so every token has space: turn every room into a vault
      await app.call('board.setRoom', { floor: 7, x: r.x, y: r.y, patch: { type: 'vault' } });
      const reply = await app.dispatch('board.addToken', { kind: 'entity', name: `Shade ${n}`, colour: colours[n % 6]!, floor: 7, x: r.x, y: r.y, health: 20, armor: 2 });
      if (reply.ok) view = reply.value as BoardView;
    }
  }
  const host = await startWebHost({ app, rendererDir: path.join(ROOT, 'out/renderer'), port: 0 });
  return { app, host, dataDir };
}

/** Per-frame Konva draw time (ms) while a token is dragged along the top row and back. */
async function dragCost(page: Page, board: BoardView): Promise<number[]> {
  // A string, not a function: the TypeScript loader decorates functions with helpers the page lacks.
  await page.evaluate(`(() => {
    const proto = window.Konva.Layer.prototype;
    const original = proto.drawScene;
    window.__frames = [];
    window.__acc = 0;
    proto.drawScene = function (...a) {
      const t = performance.now();
      const r = original.apply(this, a);
      window.__acc += performance.now() - t;
      return r;
    };
    const tick = () => {
      if (window.__acc > 0) window.__frames.push(window.__acc);
      window.__acc = 0;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const canvas = page.getByTestId('board-canvas');
  const box = (await canvas.boundingBox())!;
  const [w, h] = (await page.evaluate(`(() => { const el = document.querySelector('[data-testid="board-canvas"]'); return [el.clientWidth, el.clientHeight]; })()`)) as number[];
  const { scale, cellW, offsetX, offsetY } = stageLayout(w!, h!);
  const ox = box.x + offsetX;
  const oy = box.y + offsetY;
  const token = board.tokens.find((t) => t.kind === 'lichslayer')!;
  const inRoom = board.tokens.filter((t) => t.x === token.x && t.y === token.y && !t.defeated);
  const slot = tokenSlot(token.x!, token.y!, inRoom.findIndex((t) => t.id === token.id), inRoom.length, undefined, cellW);
  const from = { x: ox + slot.x * scale, y: oy + slot.y * scale };
  const far = cellOrigin(0, 4, cellW);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(ox + (far.x + cellW / 2) * scale, oy + (far.y + CELL / 2) * scale, { steps: 120 });
  await page.mouse.move(from.x + 3, from.y + 3, { steps: 120 });
  await page.mouse.up();
  await page.waitForTimeout(200);
  return (await page.evaluate('window.__frames')) as number[];
}

export const boardBenchmarks: Benchmark[] = [
  {
    name: 'drag across a full floor (25 rooms, 60 tokens) vs an empty stage',
    run: async (): Promise<BenchResult> => {
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
      try {
        const measure = async (fill: boolean) => {
          const { app, host, dataDir } = await setUp(fill);
          const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
          await page.goto(host.url + '#/board');
          await page.getByTestId('board-canvas').locator('canvas').first().waitFor();
          await page.getByRole('button', { name: '7•' }).click();
          await page.waitForTimeout(600);
          const board = await app.call('board.view', { floor: 7 });
          const frames = await dragCost(page, board);
          await page.close();
          await host.close();
          app.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
          return { frames, tokens: board.tokens.length };
        };
        const empty = await measure(false);
        const full = await measure(true);
        const p95 = pct(full.frames, 95);
        const base = pct(empty.frames, 95);
        process.stderr.write(`  full floor: ${full.tokens} tokens, ${full.frames.length} frames, p50 ${pct(full.frames, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms; empty stage p95 ${base.toFixed(2)} ms\n`);
        return { name: 'board-drag-frame-p95', value: Number(p95.toFixed(2)), unit: 'ms', baseline: Number(base.toFixed(2)), ratio: Number((p95 / Math.max(base, 0.01)).toFixed(2)), target: '< 16.7 ms', pass: p95 < 16.7 };
      } finally {
        await browser.close();
      }
    },
  },
  {
    name: "drop to players' screen update",
    run: async (): Promise<BenchResult> => {
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
      const { app, host, dataDir } = await setUp(false);
      try {
        const players = await browser.newPage();
        await players.goto(host.playersUrl);
        await players.getByRole('heading', { name: 'Turn order' }).waitFor();
        const samples: number[] = [];
        const baseline: number[] = [];
        const board = await app.call('board.view', { floor: 7 });
        const token = board.tokens.find((t) => t.kind === 'lichslayer')!;
        // The players' board is a canvas: every Konva draw on the players' page is stamped, and a
        // move's latency is the first draw after the drop.
        await players.evaluate(`(() => {
          window.__m = [];
          const proto = window.Konva.Layer.prototype;
          const original = proto.drawScene;
          proto.drawScene = function (...a) { const r = original.apply(this, a); window.__m.push(Date.now()); return r; };
        })()`);
        await app.call('board.setRoom', { floor: 7, x: 3, y: 0, patch: { type: 'chamber', name: 'Bench room' }, revealed: true });
        for (let i = 0; i < 12; i++) {
          await new Promise((r) => setTimeout(r, 150));
          const t0 = Date.now();
          const moved = await app.dispatch('board.moveToken', { tokenId: token.id, floor: 7, x: i % 2 === 0 ? 3 : 2, y: 0 });
          const acked = Date.now();
          if (!moved.ok) throw new Error(JSON.stringify(moved.error));
          let seen: number | undefined;
          for (let k = 0; k < 200 && seen === undefined; k++) {
            seen = ((await players.evaluate('window.__m')) as number[]).find((t) => t >= t0);
            if (seen === undefined) await new Promise((r) => setTimeout(r, 5));
          }
          if (seen === undefined) throw new Error("The players' screen never showed the move");
          samples.push(seen - t0);
          baseline.push(acked - t0);
        }
        const value = pct(samples, 50);
        const base = pct(baseline, 50);
        return { name: 'drop-to-players-screen', value, unit: 'ms', baseline: base, ratio: Number((value / Math.max(base, 1)).toFixed(2)), target: 'baseline = the move command alone', pass: null };
      } finally {
        await host.close();
        app.close();
        await browser.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  },
];
