// What the web host holds for clients that never finish: opening links' codes expire and only the
// newest few wait, and request bodies left unfinished are capped per token and in all, each one
// ended once its time has passed, while every other client is answered.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { makeApp, tempDir } from '../../test-support/temp-app.ts';
import {
  CODE_TTL_MS,
  MAX_CODES,
  MAX_PENDING_BODIES,
  MAX_PENDING_BODIES_TOTAL,
  startWebHost,
  type WebHost,
  type WebHostOptions,
} from './web-host.ts';

let host: WebHost | null = null;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await host?.close();
  host = null;
});

async function start(extra: Partial<WebHostOptions> = {}): Promise<WebHost> {
  const rendererDir = tempDir('lj-renderer-');
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  const app = makeApp();
  await app.call('campaign.create', { name: 'Limits' });
  host = await startWebHost({ app, rendererDir, port: 0, ...extra });
  return host;
}

/** A command with a whole body; its status. */
async function post(h: WebHost, command: string, token: string | null, body = '{}'): Promise<number> {
  const reply = await fetch(`http://127.0.0.1:${h.port}/${command === 'session' ? 'session' : `api/${command}`}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Lichslayer-Token': token } : {}) },
    body,
  });
  await reply.text();
  return reply.status;
}

/** A request that promises a 1,000-byte body and sends one byte of it, with whatever the host answers later. */
function stalled(h: WebHost, command: string, token: string | null): Promise<{ answer: Promise<string> }> {
  return new Promise((resolve) => {
    const socket = net.connect(h.port, '127.0.0.1');
    sockets.push(socket);
    let answer = '';
    const answered = new Promise<string>((done) => {
      socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
      socket.on('close', () => done(answer));
    });
    socket.on('error', () => undefined);
    const target = command === 'session' ? '/session' : `/api/${command}`;
    socket.write(
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nContent-Type: application/json\r\n${token ? `X-Lichslayer-Token: ${token}\r\n` : ''}Content-Length: 1000\r\n\r\n{`,
      () => resolve({ answer: answered }),
    );
  });
}

const status = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe('opening links', () => {
  it('a code is good for ten minutes, and only the newest four wait: older ones open nothing', async () => {
    let now = 1_000_000;
    const h = await start({ clock: () => now });
    const code = (url: string) => JSON.stringify({ code: new URL(url).searchParams.get('code') });
    const first = h.url;
    now += CODE_TTL_MS;
    expect(await post(h, 'session', null, code(first))).toBe(401);
    const issued = Array.from({ length: MAX_CODES + 1 }, () => h.openUrl());
    // The oldest was dropped when the fifth was issued; the newest four each open one window.
    expect(await post(h, 'session', null, code(issued[0]!))).toBe(401);
    for (const url of issued.slice(1)) expect(await post(h, 'session', null, code(url))).toBe(200);
    // Just inside its ten minutes a code still works.
    const late = h.openUrl();
    now += CODE_TTL_MS - 1;
    expect(await post(h, 'session', null, code(late))).toBe(200);
  });
});

describe('request bodies left unfinished', () => {
  it('are capped per token and in all; the host answers the others meanwhile, and frees a place as a client leaves', async () => {
    const h = await start();
    const judges = await Promise.all(
      Array.from({ length: MAX_PENDING_BODIES.judge }, () => stalled(h, 'campaign.current', h.token)),
    );
    await expect.poll(() => h.pendingBodies().judge).toBe(MAX_PENDING_BODIES.judge);
    // One more from the Judge's token is refused at once, without its body being waited for.
    expect(status(await (await stalled(h, 'campaign.current', h.token)).answer)).toBe(429);
    // The players' token has places of its own.
    expect(await post(h, 'players.view', h.playersToken)).toBe(200);
    const players = await Promise.all(
      Array.from({ length: MAX_PENDING_BODIES_TOTAL - MAX_PENDING_BODIES.judge }, () =>
        stalled(h, 'players.view', h.playersToken),
      ),
    );
    expect(players).toHaveLength(MAX_PENDING_BODIES.players);
    await expect.poll(() => h.pendingBodies().players).toBe(MAX_PENDING_BODIES.players);
    // Every place taken: the next body, whoever sends it, is refused.
    expect(status(await (await stalled(h, 'session', null)).answer)).toBe(429);
    // A client that gives up frees its place.
    sockets[0]!.destroy();
    await judges[0]!.answer;
    await expect.poll(() => h.pendingBodies().judge).toBe(MAX_PENDING_BODIES.judge - 1);
    expect(await post(h, 'campaign.current', h.token)).toBe(200);
  });

  it('each is answered 408 and closed once its time has passed', async () => {
    const h = await start({ requestTimeoutMs: 500 });
    const { answer } = await stalled(h, 'campaign.current', h.token);
    expect(status(await answer)).toBe(408);
    expect(await post(h, 'campaign.current', h.token)).toBe(200);
  });
});
