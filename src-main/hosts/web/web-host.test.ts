// The local web host: the token, Host and Origin checks, body limits, live pushes, and requests
// that once ended the host (bad targets, bad static paths, bad frames, cookie tokens).
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { socketProtocols } from '@shared/web-socket-token.ts';
import { makeApp, tempDir } from '../../test-support/temp-app.ts';
import net from 'node:net';
import crypto from 'node:crypto';
import {
  admission,
  isLoopback,
  MAX_BODY_BYTES,
  MAX_SOCKETS,
  startWebHost,
  type WebHost,
  type WebHostOptions,
} from './web-host.ts';
import { MAX_PASTE_CHARS } from './http-input.ts';

let host: WebHost | null = null;
afterEach(async () => {
  await host?.close();
  host = null;
});

async function start(extra: Partial<WebHostOptions> = {}): Promise<WebHost> {
  const rendererDir = tempDir('lj-renderer-');
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  const app = makeApp();
  await app.call('campaign.create', { name: 'Host test' });
  host = await startWebHost({ app, rendererDir, port: 0, ...extra });
  return host;
}

/** A raw request, so the test controls Host and Origin exactly as a hostile page could. */
function request(
  h: WebHost,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: h.port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: { Host: `127.0.0.1:${h.port}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const json = { 'Content-Type': 'application/json' };

describe('web host', () => {
  it('binds to 127.0.0.1 and prints a link with a one-time code, never the token', async () => {
    const h = await start();
    expect(h.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${h.port}/\\?code=[0-9a-f]{32}$`));
    expect(h.url).not.toContain(h.token);
    const code = new URL(h.url).searchParams.get('code')!;
    const trade = (c: unknown, headers: Record<string, string> = {}) =>
      request(h, {
        path: '/session',
        method: 'POST',
        headers: { ...json, ...headers },
        body: JSON.stringify({ code: c }),
      });
    // Another site's page cannot trade it.
    expect((await trade(code, { Origin: 'http://evil.example' })).status).toBe(403);
    // Once, for the token...
    const first = await trade(code);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ ok: true, value: { token: h.token } });
    // ...and never again: the link left in the history or a log opens nothing.
    const again = await trade(code);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('already been used') },
    });
    for (const wrong of ['', 'f'.repeat(32), 12, null]) expect((await trade(wrong)).status).toBe(401);
    // A fresh link for another window works once too.
    expect((await trade(new URL(h.openUrl()).searchParams.get('code'))).status).toBe(200);
  });

  it('serves the renderer without a token, and commands only with the token header', async () => {
    const h = await start();
    const page = await request(h, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const reply = await request(h, {
      path: '/api/campaign.current',
      method: 'POST',
      headers: { ...json, 'X-Lichslayer-Token': h.token },
      body: '{}',
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true, value: { name: 'Host test' } });
  });

  it('the token never rides in a cookie, and a cookie carrying it opens nothing', async () => {
    const h = await start();
    for (const p of ['/', `/?token=${h.token}`, '/players', `/players?token=${h.playersToken}`]) {
      const page = await request(h, { path: p });
      expect(page.status).toBe(200);
      expect(page.headers['set-cookie']).toBeUndefined();
    }
    // Cookies are not bound to a port: one set here would reach every server on 127.0.0.1.
    const byCookie = await request(h, {
      path: '/api/campaign.current',
      method: 'POST',
      headers: { ...json, Cookie: `lichslayer_token=${h.token}; lichslayer_players=${h.playersToken}` },
      body: '{}',
    });
    expect(byCookie.status).toBe(401);
    // Nor does the token in a command's address count: only the header does.
    const byQuery = await request(h, {
      path: `/api/campaign.current?token=${h.token}`,
      method: 'POST',
      headers: json,
      body: '{}',
    });
    expect(byQuery.status).toBe(401);
  });

  it('refuses a command without the token, with a JSON reply the app can show', async () => {
    const h = await start();
    const api = await request(h, { path: '/api/campaign.current', method: 'POST', headers: json, body: '{}' });
    expect(api.status).toBe(401);
    expect(JSON.parse(api.body)).toMatchObject({
      ok: false,
      error: { code: 'refused', message: expect.stringMatching(/token/) },
    });
    const wrong = await request(h, {
      path: '/api/campaign.current',
      method: 'POST',
      headers: { ...json, 'X-Lichslayer-Token': 'wrong' },
      body: '{}',
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses a foreign Origin even with the token', async () => {
    const h = await start();
    const reply = await request(h, {
      path: '/api/lichslayer.create',
      method: 'POST',
      headers: { ...json, 'X-Lichslayer-Token': h.token, Origin: 'http://evil.example' },
      body: JSON.stringify({ name: 'Intruder' }),
    });
    expect(reply.status).toBe(403);
  });

  it('refuses a foreign Host header (DNS rebinding), for pages too', async () => {
    const h = await start();
    expect((await request(h, { path: '/', headers: { Host: `evil.example:${h.port}` } })).status).toBe(421);
    const reply = await request(h, {
      path: '/api/campaign.current',
      method: 'POST',
      headers: { ...json, 'X-Lichslayer-Token': h.token, Host: `evil.example:${h.port}` },
      body: '{}',
    });
    expect(reply.status).toBe(421);
  });

  it("accepts a paste of the contract's maximum at its worst encoding, and answers anything larger with a JSON error", async () => {
    const h = await start();
    expect(MAX_PASTE_CHARS).toBe(2_000_000);
    // Control characters are JSON-escaped to six bytes each: the largest body a legal paste makes.
    const worst = JSON.stringify({ text: '\u0001'.repeat(MAX_PASTE_CHARS) });
    expect(Buffer.byteLength(worst)).toBeGreaterThan(11_000_000);
    const legal = await request(h, {
      path: '/api/tables.importPreview',
      method: 'POST',
      headers: { ...json, 'X-Lichslayer-Token': h.token },
      body: worst,
    });
    // The host let it through: the answer is the import's own, not the host's size limit.
    expect(legal.status).not.toBe(413);
    expect(JSON.parse(legal.body).error?.message ?? '').not.toMatch(/the app accepts/);
    const over = await request(h, {
      path: '/api/tables.importPreview',
      method: 'POST',
      headers: { ...json, 'X-Lichslayer-Token': h.token },
      body: JSON.stringify({ text: '\u0001'.repeat(MAX_PASTE_CHARS + 20_000) }),
    });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-args',
        message:
          'tables.importPreview: the request is larger than the 12.1 MB the app accepts (a pasted table may hold up to 2,000,000 characters). Nothing was changed.',
      },
    });
    expect(MAX_BODY_BYTES).toBe(MAX_PASTE_CHARS * 6 + 64 * 1024);
    const bad = await request(h, {
      path: '/api/lichslayer.create',
      method: 'POST',
      headers: { ...json, 'X-Lichslayer-Token': h.token },
      body: '{"name":',
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.message).toMatch(/not valid JSON/);
  }, 60_000);

  it("gives the players' screen its own read-only token that can never call a Judge command", async () => {
    const h = await start();
    expect(h.playersUrl).toMatch(/\/players\?token=[0-9a-f]{48}$/);
    expect(h.playersToken).not.toBe(h.token);
    const view = await request(h, {
      path: '/api/players.view',
      method: 'POST',
      headers: { ...json, 'X-Lichslayer-Token': h.playersToken },
      body: '{}',
    });
    expect(JSON.parse(view.body)).toMatchObject({ ok: true, value: { campaign: 'Host test' } });
    for (const command of [
      'lichslayer.create',
      'campaign.current',
      'board.view',
      'tables.get',
      'history.undo',
      'nope',
    ]) {
      const reply = await request(h, {
        path: `/api/${command}`,
        method: 'POST',
        headers: { ...json, 'X-Lichslayer-Token': h.playersToken },
        body: JSON.stringify({ name: 'Spy' }),
      });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatch(/read-only/);
    }
  });

  it("a players' socket hears only the players' view, even when it shows the Judge's token", async () => {
    const h = await start();
    const call = (command: string, body: unknown) =>
      request(h, {
        path: `/api/${command}`,
        method: 'POST',
        headers: { ...json, 'X-Lichslayer-Token': h.token },
        body: JSON.stringify(body),
      });
    await call('lichslayer.create', { name: 'Aster' });
    // Each a change the players' screen shows: the party on Floor 1, then a room revealed there.
    const visible = [
      () => call('board.enterFloor', { floor: 1 }),
      () => call('board.revealRoom', { floor: 1, x: 2, y: 1 }),
    ];
    for (const [i, shown] of [h.playersToken, h.token].entries()) {
      const ws = new WebSocket(`ws://127.0.0.1:${h.port}/players/ws`, socketProtocols(shown));
      await new Promise<void>((resolve, reject) => {
        ws.on('open', () => resolve());
        ws.on('error', reject);
      });
      expect(ws.protocol).toBe('lichslayer');
      const messages: { type: string }[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(String(data)) as { type: string }));
      await visible[i]!();
      await expect.poll(() => messages.length).toBeGreaterThan(0);
      expect(messages.every((m) => m.type === 'players')).toBe(true);
      ws.close();
    }
  });

  it("the players' screen is pushed only when what it shows changes: a hidden enemy added sends nothing", async () => {
    const h = await start();
    const call = (command: string, body: unknown) =>
      request(h, {
        path: `/api/${command}`,
        method: 'POST',
        headers: { ...json, 'X-Lichslayer-Token': h.token },
        body: JSON.stringify(body),
      });
    await call('lichslayer.create', { name: 'Aster' });
    await call('board.enterFloor', { floor: 1 });
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/players/ws`, socketProtocols(h.playersToken));
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    const messages: { type: string; view: { tokens: { name: string }[] } | null }[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as (typeof messages)[number]));
    await call('board.addToken', {
      kind: 'entity',
      name: 'Lurker Unseen',
      colour: 'Black',
      floor: 1,
      x: 4,
      y: 4,
      health: 6,
      armor: 0,
      hidden: true,
    });
    await call('lichslayer.create', { name: 'Not on the board' });
    // The next push the socket hears is the first change it can see: the party moved on.
    await call('board.revealRoom', { floor: 1, x: 2, y: 1 });
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    expect(messages).toHaveLength(1);
    expect(JSON.stringify(messages)).not.toContain('Lurker Unseen');
    ws.close();
  });

  it('does not serve files outside the renderer folder', async () => {
    const h = await start();
    expect((await request(h, { path: '/../package.json' })).status).toBe(404);
    expect((await request(h, { path: '/%2e%2e/%2e%2e/etc/passwd' })).status).toBe(404);
  });

  it('pushes the campaign view over the web socket after a change, and refuses sockets without the token', async () => {
    const h = await start();
    for (const refusedUrl of [`ws://127.0.0.1:${h.port}/ws`, `ws://127.0.0.1:${h.port}/ws?token=${h.token}`]) {
      const refused = new WebSocket(refusedUrl);
      await new Promise<void>((resolve) => refused.on('error', () => resolve()));
    }

    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/ws`, socketProtocols(h.token), {
      headers: { Origin: `http://127.0.0.1:${h.port}` },
    });
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    const pushed = new Promise<unknown>((resolve) => ws.on('message', (data) => resolve(JSON.parse(String(data)))));
    await request(h, {
      path: '/api/lichslayer.create',
      method: 'POST',
      headers: { ...json, 'X-Lichslayer-Token': h.token },
      body: JSON.stringify({ name: 'Pushed' }),
    });
    expect(await pushed).toMatchObject({ type: 'campaign', view: { roster: [{ name: 'Pushed' }] } });
    ws.close();
  });
});

describe('players on the local network', () => {
  const base = {
    host: '192.0.2.1:5178',
    origin: undefined,
    publicAsset: false,
    port: 5178,
    token: 'J'.repeat(48),
    playersToken: 'P'.repeat(48),
  };

  it('refuses every other machine unless the Judge shares the players’ screen', () => {
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('192.0.2.7')).toBe(false);
    expect(admission({ ...base, remote: '192.0.2.7', presented: ['P'.repeat(48)], playersOnLan: false })).toMatchObject(
      { status: 403 },
    );
    expect(admission({ ...base, remote: '192.0.2.7', presented: ['P'.repeat(48)], playersOnLan: true })).toEqual({
      role: 'players',
    });
  });

  it('never lets another machine in as the Judge, even with the Judge token', () => {
    expect(admission({ ...base, remote: '192.0.2.7', presented: ['J'.repeat(48)], playersOnLan: true })).toMatchObject({
      status: 401,
    });
    expect(
      admission({
        ...base,
        remote: '192.0.2.7',
        presented: ['P'.repeat(48)],
        origin: 'http://evil.example',
        playersOnLan: true,
      }),
    ).toMatchObject({ status: 403 });
  });

  it('on this machine the Judge gets the app on a LAN-enabled host', async () => {
    const rendererDir = tempDir('lj-renderer-');
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html>');
    const lan = await startWebHost({ app: makeApp(), rendererDir, port: 0, playersOnLan: true });
    try {
      expect((await fetch(`http://127.0.0.1:${lan.port}/`)).status).toBe(200);
      expect(
        admission({
          ...base,
          host: `127.0.0.1:${lan.port}`,
          port: lan.port,
          token: lan.token,
          playersToken: lan.playersToken,
          remote: '127.0.0.1',
          presented: [lan.token],
          playersOnLan: true,
        }),
      ).toEqual({ role: 'judge' });
    } finally {
      await lan.close();
    }
  });
});

/** Opens a socket with a token; resolves with the socket once open, or with the refusal's status. */
function openSocket(h: WebHost, token: string, where = '/ws'): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}${where}`, socketProtocols(token));
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', reject);
  });
}

/** A WebSocket opened by hand: it never answers a ping, and it reads only when told to. */
function rawSocket(h: WebHost, token: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(h.port, '127.0.0.1');
    socket.on('error', () => undefined);
    let head = '';
    const onData = (c: Buffer) => {
      head += c.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      if (head.startsWith('HTTP/1.1 101')) resolve(socket);
      else reject(new Error(head.split('\r\n')[0]));
    };
    socket.on('data', onData);
    socket.write(
      `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: ${socketProtocols(token).join(', ')}\r\n\r\n`,
    );
  });
}

describe('WebSocket connections are capped, kept alive only while they answer, and never buffer without bound', () => {
  it('each token holds at most its share of sockets; one more is refused 429 until one closes', async () => {
    const h = await start();
    const judge: WebSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS.judge; i++) judge.push((await openSocket(h, h.token)) as WebSocket);
    expect(judge.every((ws) => ws.readyState === WebSocket.OPEN)).toBe(true);
    expect(await openSocket(h, h.token)).toBe(429);
    // The Judge's token on the players' socket still counts against the Judge's share.
    expect(await openSocket(h, h.token, '/players/ws')).toBe(429);
    // The players' token has its own share, untouched by the Judge's.
    const players: WebSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS.players; i++)
      players.push((await openSocket(h, h.playersToken, '/players/ws')) as WebSocket);
    expect(await openSocket(h, h.playersToken, '/players/ws')).toBe(429);
    expect(h.connections()).toEqual({ judge: 8, players: 32 });
    // A socket closed frees its place.
    const closed = new Promise((resolve) => judge[0]!.once('close', resolve));
    judge[0]!.close();
    await closed;
    await expect.poll(() => h.connections().judge, { timeout: 30_000 }).toBe(7);
    const again = await openSocket(h, h.token);
    expect(again).toBeInstanceOf(WebSocket);
    for (const ws of [...judge, ...players, again as WebSocket]) ws.terminate();
  }, 60_000);

  it('a socket that stops answering pings is dropped; one that answers stays', async () => {
    const h = await start({ heartbeatMs: 100 });
    const dead = await rawSocket(h, h.token);
    const deadClosed = new Promise<void>((resolve) => dead.on('close', () => resolve()));
    const live = (await openSocket(h, h.token)) as WebSocket;
    let pings = 0;
    const fivePings = new Promise<void>((resolve) => live.on('ping', () => ++pings === 5 && resolve()));
    await deadClosed;
    await fivePings;
    expect(live.readyState).toBe(WebSocket.OPEN);
    expect(h.connections().judge).toBe(1);
    live.terminate();
  }, 60_000);

  it('a socket whose reader stopped reading is dropped once its unsent pushes pass the limit; the others still get theirs', async () => {
    const h = await start({ maxBufferedBytes: 256 * 1024, heartbeatMs: 3_600_000 });
    const slow = await rawSocket(h, h.token);
    slow.pause();
    const reader = (await openSocket(h, h.token)) as WebSocket;
    let received = 0;
    reader.on('message', () => received++);
    // Each Judge command pushes the whole campaign view (tens of KB, growing with the roster)
    // to both sockets; the kernel's buffers fill first, then the host's own queue.
    let commands = 0;
    while (h.connections().judge === 2 && commands < 600) {
      const reply = await request(h, {
        path: '/api/lichslayer.create',
        method: 'POST',
        headers: { ...json, 'X-Lichslayer-Token': h.token },
        body: JSON.stringify({ name: `Crowd ${commands}` }),
      });
      expect(reply.status).toBe(200);
      commands++;
    }
    expect(h.connections().judge).toBe(1);
    await expect.poll(() => received, { timeout: 30_000 }).toBe(commands);
    expect(reader.readyState).toBe(WebSocket.OPEN);
    reader.terminate();
    slow.destroy();
  }, 300_000);
});
