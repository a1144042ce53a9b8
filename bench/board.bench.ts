// The board in real Chromium through the web host: a drop on a full floor (mouse-up to the Judge's
// last draw, and to the players' canvas), and the time from starting the web host (`npm start`
// where Electron cannot run) to the board drawn, through the picker as a Judge opens it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BoardView } from '../src-shared/board.ts';
import { startWebHost } from '../src-main/hosts/web/web-host.ts';
import { CELL, cellOrigin, stageLayout, tokenSlot } from '../src-renderer/src/components/board/board-geometry.ts';
import { fillFloor } from './full-floor.ts';
import { benchApp, ROOT } from './grown-campaign.ts';
import { median, result, type Benchmark } from './harness.ts';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const launch = () => chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
/** One frame at 60 Hz: a drop is drawn on both screens within it. */
const FRAME_MS = 16.7;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stamps every Konva draw of the page, and every mouse-up, on the clock both pages share
 * (timeOrigin + now). A string, not a function: the TypeScript loader decorates functions with
 * helpers the page lacks.
 */
const STAMP_DRAWS = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__draws = [];
  window.__ups = [];
  const proto = window.Konva.Layer.prototype;
  const original = proto.drawScene;
  proto.drawScene = function (...a) { const r = original.apply(this, a); window.__draws.push(now()); return r; };
  window.addEventListener('mouseup', () => window.__ups.push(now()), true);
})()`;

/** A floor of 25 revealed vaults holding 60 tokens: the party of four and the entities. */
async function fullFloor() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lj-bench-board-'));
  const app = benchApp(dataDir);
  await app.ensureFirstLaunch();
  const [demo] = await app.call('campaign.list', {});
  await app.call('campaign.open', { path: demo!.path });
  await app.call('dice.setSeed', { seed: 5 });
  await fillFloor(app);
  await app.idle();
  const host = await startWebHost({ app, rendererDir: path.join(ROOT, 'out/renderer'), port: 0 });
  return {
    app,
    host,
    async close() {
      await host.close();
      app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function screenPoint(page: Page, board: BoardView, tokenId: number | null, room: { x: number; y: number }) {
  const box = (await page.getByTestId('board-canvas').boundingBox())!;
  const [w, h] = (await page.evaluate(
    `(() => { const el = document.querySelector('[data-testid="board-canvas"]'); return [el.clientWidth, el.clientHeight]; })()`,
  )) as number[];
  const { scale, cellW, offsetX, offsetY } = stageLayout(w!, h!);
  const ox = box.x + offsetX;
  const oy = box.y + offsetY;
  if (tokenId === null) {
    const o = cellOrigin(room.x, room.y, cellW);
    return { x: ox + (o.x + cellW / 2) * scale, y: oy + (o.y + CELL / 2) * scale };
  }
  const inRoom = board.tokens.filter((t) => t.x === room.x && t.y === room.y && !t.defeated);
  const slot = tokenSlot(
    room.x,
    room.y,
    inRoom.findIndex((t) => t.id === tokenId),
    inRoom.length,
    undefined,
    cellW,
  );
  return { x: ox + slot.x * scale, y: oy + slot.y * scale };
}

/** Waits until a page has drawn nothing for `quiet` ms, then returns its draws since `since`. */
async function drawsAfter(page: Page, since: number, quiet = 400): Promise<number[]> {
  for (let k = 0; k < 100; k++) {
    const draws = ((await page.evaluate('window.__draws')) as number[]).filter((t) => t >= since);
    const now = (await page.evaluate('performance.timeOrigin + performance.now()')) as number;
    if (draws.length && now - draws[draws.length - 1]! >= quiet) return draws;
    await sleep(50);
  }
  throw new Error('The page never settled after the drop');
}

async function dropBench(browser: Browser) {
  const floor = await fullFloor();
  try {
    const judge = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await judge.goto(floor.host.url + '#/board');
    await judge.getByRole('button', { name: '7, the party is here' }).click();
    await judge.getByTestId('board-canvas').locator('canvas').first().waitFor();
    const players = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await players.goto(floor.host.playersUrl);
    await players.getByRole('heading', { name: 'Turn order' }).waitFor();
    await sleep(800);
    await judge.evaluate(STAMP_DRAWS);
    await players.evaluate(STAMP_DRAWS);
    const toJudge: number[] = [];
    const toPlayers: number[] = [];
    const command: number[] = [];
    const odile = (await floor.app.call('board.view', { floor: 7 })).tokens.find((t) => t.name === 'Odile Vantreck')!;
    // The Judge's token, as the page holds it once it has traded the link's one-time code.
    const token = floor.host.token;
    for (let i = 0; i < 24; i++) {
      const board = await floor.app.call('board.view', { floor: 7 });
      const at = board.tokens.find((t) => t.id === odile.id)!;
      const to = { x: at.x === 2 ? 1 : 2, y: 0 };
      const from = await screenPoint(judge, board, odile.id, { x: at.x!, y: at.y! });
      const target = await screenPoint(judge, board, null, to);
      await judge.mouse.move(from.x, from.y);
      await judge.mouse.down();
      await judge.mouse.move(from.x + 6, from.y + 6, { steps: 3 });
      await judge.mouse.move(target.x, target.y, { steps: 10 });
      await judge.mouse.up();
      const up = ((await judge.evaluate('window.__ups')) as number[]).at(-1)!;
      const judgeDraws = await drawsAfter(judge, up);
      const playerDraws = await drawsAfter(players, up);
      const moved = (await floor.app.call('board.view', { floor: 7 })).tokens.find((t) => t.id === odile.id)!;
      if (moved.x !== to.x) throw new Error(`The drop did not move Odile to (${to.x + 1},1)`);
      toJudge.push(judgeDraws.at(-1)! - up);
      toPlayers.push(playerDraws.at(-1)! - up);
      // The baseline: the same move sent by the page itself, with nothing drawn (and moved back).
      const [ms, ok] = (await judge.evaluate(
        `(async () => { const t = performance.now(); const r = await fetch('/api/board.moveToken', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Lichslayer-Token': ${JSON.stringify(token)} }, body: JSON.stringify({ tokenId: ${odile.id}, floor: 7, x: ${at.x}, y: 0 }) }); const reply = await r.json(); return [performance.now() - t, reply.ok === true]; })()`,
      )) as [number, boolean];
      // A refused request (a wrong token) is no baseline for a move.
      if (!ok) throw new Error('The baseline move was refused');
      command.push(ms);
      await drawsAfter(judge, up + 1, 300).catch(() => []);
    }
    return [
      result(
        'drop-full-floor-to-last-draw',
        median(toJudge),
        median(command),
        'ms',
        '≤ 16.7 ms, a frame (baseline = the move command alone, sent by the page)',
        (_r, v) => v <= FRAME_MS,
      ),
      result(
        'drop-full-floor-to-players-canvas',
        median(toPlayers),
        median(command),
        'ms',
        '≤ 16.7 ms, a frame (baseline = the move command alone, sent by the page)',
        (_r, v) => v <= FRAME_MS,
      ),
    ];
  } finally {
    await floor.close();
  }
}

/** Starts the built web host as `npm start` does where Electron cannot run; resolves with its URL. */
function startServe(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'out/main/serve.js'), '--data-dir', dataDir, '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () =>
    new Promise<void>((done) =>
      child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM')),
    );
  return new Promise((resolve, reject) => {
    // Not a measure of anything: a host that never prints its link fails the run rather than hanging it.
    const timer = setTimeout(
      () => (void stop(), reject(new Error(`The web host printed no link within 120 s: ${output}`))),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // The printed link carries a one-time code that a page trades for the Judge's token.
      const m = /running at (http:\/\/127\.0\.0\.1:\d+\/\?code=\w+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`The web host exited (${code}): ${output}`))));
  });
}

/**
 * Resolves in the frame a button the Judge would press is on screen and enabled. Playwright's own
 * wait for an element looks again after 0, 20, 50, 100 and 100 ms, then every 500 ms, which put up
 * to half a second per step that the Judge never waits through into the figure; the click that
 * follows finds the button at once.
 */
const buttonShown = (page: Page, name: string) =>
  page.waitForFunction(
    (label) =>
      [...document.querySelectorAll('button')].some(
        (b) =>
          !b.disabled &&
          (b.getAttribute('aria-label') ?? b.textContent?.trim()) === label &&
          b.getClientRects().length > 0,
      ),
    name,
    { polling: 'raf', timeout: 60_000 },
  );

async function startToBoard(browser: Browser) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lj-bench-start-'));
  // A Judge who has used the app: the demo exists and was opened before.
  const first = benchApp(dataDir);
  await first.ensureFirstLaunch();
  const [demo] = await first.call('campaign.list', {});
  await first.call('campaign.open', { path: demo!.path });
  await first.call('board.enterFloor', { floor: 1 });
  await first.idle();
  first.close();
  const total: number[] = [];
  const ready: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      let serve: Awaited<ReturnType<typeof startServe>> | null = null;
      const start = process.hrtime.bigint();
      const ms = () => Number(process.hrtime.bigint() - start) / 1e6;
      try {
        serve = await startServe(dataDir);
        ready.push(ms());
        // The Judge opens the printed link, picks the recent campaign and goes to the board.
        await page.goto(serve.url);
        const open = `Open ${demo!.name ?? demo!.fileName}`;
        await buttonShown(page, open);
        await page.getByRole('button', { name: open, exact: true }).click();
        await buttonShown(page, 'Board');
        await page.getByRole('button', { name: 'Board', exact: true }).click();
        await page.waitForFunction(
          () => {
            const w = window as unknown as { Konva?: { stages: { find: (s: string) => unknown[] }[] } };
            return (w.Konva?.stages[0]?.find('.token').length ?? 0) >= 4;
          },
          null,
          { polling: 'raf', timeout: 60_000 },
        );
        total.push(ms());
      } finally {
        await page.close();
        await serve?.stop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return [
    result(
      'npm-start-web-host-to-board-drawn',
      median(total),
      median(ready),
      'ms',
      '≤ 1,500 ms through the picker (baseline = the web host printing its URL)',
      (_r, v) => v <= 1500,
    ),
  ];
}

export const boardBenchmarks: Benchmark[] = [
  {
    name: 'board drop on a full floor (Chromium)',
    run: async () => {
      const browser = await launch();
      try {
        return await dropBench(browser);
      } finally {
        await browser.close();
      }
    },
  },
  {
    name: 'web host start to the board drawn (Chromium)',
    run: async () => {
      const browser = await launch();
      try {
        return await startToBoard(browser);
      } finally {
        await browser.close();
      }
    },
  },
];
