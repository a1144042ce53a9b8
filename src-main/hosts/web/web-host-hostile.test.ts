// Hostile bytes against the web host running in a process of its own:
// request targets `new URL()` rejects, bad percent-encoding and NUL bytes in static paths,
// oversized and unmasked WebSocket frames, and a raw-socket fuzz of request lines, headers,
// encodings and frames. After every one the host process is alive and still answers, and at the
// end the campaign is exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { tempDir } from '../../test-support/temp-app.ts';
import { socketProtocols } from '@shared/web-socket-token.ts';

const WORKER = path.resolve(import.meta.dirname, '../../test-support/web-host-worker.ts');

interface Hosted {
  child: ChildProcess;
  port: number;
  token: string;
  playersToken: string;
  file: string;
  stderr: () => string;
}

let hosted: Hosted;

function startHostProcess(): Promise<Hosted> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, tempDir('lj-hostile-')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line)
        resolve({
          child,
          ...(JSON.parse(line) as { port: number; token: string; playersToken: string; file: string }),
          stderr: () => err,
        });
    });
    child.on('exit', (code) => reject(new Error(`the host process ended (${code}) before it started: ${err}`)));
  });
}

/**
 * Writes raw bytes and collects everything the host answers until it closes the connection.
 * `complete` requests (with Connection: close) are left for the host to close; a fuzzed request
 * may be incomplete on purpose, so once the host has been quiet for a while the test half-closes
 * its side, which ends the request for the host's parser (the answer is then not checked).
 */
function raw(port: number, bytes: Buffer | string, complete = true): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const hush = () => {
      clearTimeout(quiet);
      if (!complete) quiet = setTimeout(() => socket.end(), 300);
    };
    socket.on('data', (c: Buffer) => {
      answer += c.toString('latin1');
      hush();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(quiet);
      resolve(answer);
    });
    socket.write(bytes, hush);
    // Not a time limit on the host: only so a test that went wrong ends instead of hanging.
    socket.setTimeout(60_000, () => socket.destroy());
  });
}

const status = (answer: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

/** The host process is still running and a proper command is still answered. */
async function expectAlive(h: Hosted): Promise<void> {
  expect(h.child.exitCode, h.stderr()).toBeNull();
  const reply = await fetch(`http://127.0.0.1:${h.port}/api/campaign.current`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Lichslayer-Token': h.token },
    body: '{}',
  });
  expect(reply.status).toBe(200);
}

/** Opens a WebSocket by hand (so later frames can be anything) and returns the open socket. */
function handshake(h: Hosted, tokenToShow: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(h.port, '127.0.0.1');
    socket.on('error', () => undefined);
    let head = '';
    const onData = (c: Buffer) => {
      head += c.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      if (status(head) === 101) resolve(socket);
      else reject(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
    socket.write(
      [
        // The query token is what the old host read; today's reads the subprotocol. Both are sent
        // so this reproduction runs against either.
        `GET /players/ws?token=${tokenToShow} HTTP/1.1`,
        `Host: 127.0.0.1:${h.port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Sec-WebSocket-Protocol: ${socketProtocols(tokenToShow).join(', ')}`,
        '',
        '',
      ].join('\r\n'),
    );
  });
}

/** One WebSocket frame: masked as a client must, or not. */
function frame(opcode: number, payload: Buffer, masked: boolean, fin = true): Buffer {
  const len = payload.length;
  const header =
    len < 126
      ? Buffer.from([(fin ? 0x80 : 0) | opcode, (masked ? 0x80 : 0) | len])
      : len < 65536
        ? Buffer.from([(fin ? 0x80 : 0) | opcode, (masked ? 0x80 : 0) | 126, len >> 8, len & 0xff])
        : Buffer.concat([
            Buffer.from([(fin ? 0x80 : 0) | opcode, (masked ? 0x80 : 0) | 127]),
            (() => {
              const b = Buffer.alloc(8);
              b.writeBigUInt64BE(BigInt(len));
              return b;
            })(),
          ]);
  if (!masked) return Buffer.concat([header, payload]);
  const mask = crypto.randomBytes(4);
  return Buffer.concat([header, mask, Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!))]);
}

/** Sends frames on an open socket and waits until the host has closed it (or the frames were taken). */
function sendFrames(socket: net.Socket, frames: Buffer[]): Promise<void> {
  return new Promise((resolve) => {
    socket.on('close', () => resolve());
    socket.write(Buffer.concat(frames), () => socket.end());
    socket.setTimeout(30_000, () => socket.destroy());
  });
}

function campaignState(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return JSON.stringify(
      ['lichslayer', 'inventory', 'item', 'history', 'meta', 'room', 'token'].map((t) =>
        db.prepare(`SELECT * FROM ${t} ORDER BY 1`).all(),
      ),
    );
  } finally {
    db.close();
  }
}

let before = '';
beforeAll(async () => {
  hosted = await startHostProcess();
  before = campaignState(hosted.file);
}, 60_000);
afterAll(() => {
  hosted.child.kill('SIGKILL');
});

/** A command posted with a token; the reply's status and text. */
async function post(
  h: Hosted,
  command: string,
  token: string,
  body: string,
): Promise<{ status: number; text: string }> {
  const reply = await fetch(`http://127.0.0.1:${h.port}/api/${command}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Lichslayer-Token': token },
    body,
  });
  return { status: reply.status, text: await reply.text() };
}

/** A JSON object with `n` keys (about 12 bytes each): a million is 12 MB, under the Judge's limit. */
const manyKeys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;

describe('no request, whoever sends it, costs the host seconds or a huge answer', () => {
  it("the players' token is refused past 1 KB before the body is read, whatever the body holds", async () => {
    // A declared 12 MB: the answer comes while the body has not been sent at all.
    const head = (extra: string) =>
      `POST /api/players.view HTTP/1.1\r\nHost: 127.0.0.1:${hosted.port}\r\nContent-Type: application/json\r\nX-Lichslayer-Token: ${hosted.playersToken}\r\n${extra}\r\n`;
    const declared = await raw(hosted.port, head('Content-Length: 12000000\r\n') + '{"k0":0,', false);
    expect(status(declared)).toBe(413);
    expect(JSON.parse(/\{.*\}/.exec(declared)![0])).toEqual({
      ok: false,
      error: {
        code: 'invalid-args',
        message:
          "players.view: the request (12.0 MB) is larger than the 1,024 bytes a players' screen ever sends. Nothing was changed.",
      },
    });
    // No length declared (chunked): refused once 1 KB has come in.
    const chunk = '['.repeat(2000);
    const chunked = await raw(
      hosted.port,
      head('Transfer-Encoding: chunked\r\n') + `${chunk.length.toString(16)}\r\n${chunk}\r\n`,
      false,
    );
    expect(status(chunked)).toBe(413);
    expect(chunked).toContain("is larger than the 1,024 bytes a players' screen ever sends");
    // The Judge's limit is far larger: the same 2 KB from the Judge's token is read (and refused for its nesting).
    expect((await post(hosted, 'campaign.current', hosted.token, chunk)).status).toBe(400);
    // What a players' screen really sends still works.
    expect((await post(hosted, 'players.view', hosted.playersToken, '{}')).status).toBe(200);
    await expectAlive(hosted);
  }, 120_000);

  it('nesting deeper than any command takes is refused before it is parsed, for every role', async () => {
    const judge = await post(hosted, 'campaign.current', hosted.token, '['.repeat(1_000_000) + ']'.repeat(1_000_000));
    expect(judge.status).toBe(400);
    expect(JSON.parse(judge.text)).toEqual({
      ok: false,
      error: {
        code: 'invalid-args',
        message:
          'campaign.current: the request body nests deeper than the 32 levels any command takes. Nothing was changed.',
      },
    });
    const players = await post(
      hosted,
      'players.view',
      hosted.playersToken,
      '{"a":'.repeat(100) + '0' + '}'.repeat(100),
    );
    expect(JSON.parse(players.text)).toMatchObject({
      error: {
        message:
          'players.view: the request body nests deeper than the 32 levels any command takes. Nothing was changed.',
      },
    });
    // Brackets inside a string are text, not nesting.
    const text = await post(
      hosted,
      'tables.packPreview',
      hosted.token,
      JSON.stringify({ text: '['.repeat(100) + '{'.repeat(100) }),
    );
    expect(JSON.parse(text.text)).toMatchObject({ ok: true });
    await expectAlive(hosted);
  }, 120_000);

  it('a million keys are refused before they are parsed, even from the Judge', async () => {
    const keys = await post(hosted, 'campaign.current', hosted.token, manyKeys(1_000_000));
    expect(keys.status).toBe(400);
    expect(JSON.parse(keys.text)).toEqual({
      ok: false,
      error: {
        code: 'invalid-args',
        message:
          'campaign.current: the request body holds more than the 100,000 values any command takes. Nothing was changed.',
      },
    });
    await expectAlive(hosted);
  }, 120_000);

  it('an answer listing what is wrong names the first few issues, each cut short', async () => {
    const keys = await post(
      hosted,
      'campaign.current',
      hosted.token,
      `{${Array.from({ length: 90_000 }, (_, i) => `"unwanted-key-${i}":0`).join(',')}}`,
    );
    expect(keys.status).toBe(400);
    const reply = JSON.parse(keys.text) as { ok: false; error: { code: string; message: string } };
    expect(reply.error.code).toBe('invalid-args');
    expect(
      reply.error.message.startsWith('campaign.current: Unrecognized keys: "unwanted-key-0", "unwanted-key-1"'),
    ).toBe(true);
    expect(reply.error.message.length).toBeLessThan(400);
    const many = await post(
      hosted,
      'lichslayer.update',
      hosted.token,
      JSON.stringify({
        id: 'x',
        patch: { xp: 'a', gold: 'b', level: 'c', health: 'd', armor: 'e', speed: 'f', notes: 7 },
      }),
    );
    expect(JSON.parse(many.text).error.message).toMatch(/; and \d+ more$/);
    await expectAlive(hosted);
  }, 120_000);
});

describe('the web host survives hostile requests (its own process)', () => {
  it('a request target new URL() rejects is a 400, with or without the token, and on the WebSocket upgrade', async () => {
    for (const target of ['//[', '//[/', '/[::1', 'http://[', '*', '//%', '\u00ff']) {
      const answer = await raw(
        hosted.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${hosted.port}\r\nConnection: close\r\n\r\n`,
      );
      expect(status(answer), `${target}: ${answer.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      await expectAlive(hosted);
    }
    const upgrade = await raw(
      hosted.port,
      `GET //[ HTTP/1.1\r\nHost: 127.0.0.1:${hosted.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    expect(status(upgrade)).toBe(400);
    await expectAlive(hosted);
  });

  it('an oversized frame or an unmasked frame drops that socket, not the host', async () => {
    const big = await handshake(hosted, hosted.playersToken);
    await sendFrames(big, [frame(0x1, Buffer.alloc(5000, 0x61), true)]);
    await expectAlive(hosted);
    const unmasked = await handshake(hosted, hosted.playersToken);
    await sendFrames(unmasked, [frame(0x1, Buffer.from('hello'), false)]);
    await expectAlive(hosted);
    const badClose = await handshake(hosted, hosted.playersToken);
    await sendFrames(badClose, [frame(0x8, Buffer.from([0x03, 0xe7]), true)]);
    await expectAlive(hosted);
  });

  it('bad percent-encoding and NUL bytes in a static path are answered, not thrown', async () => {
    for (const p of [
      '/%',
      '/%E0%A4%A',
      '/index.html%00.png',
      '/%00',
      '/..%2f..%2fetc%2fpasswd',
      '/%5c..%5cpackage.json',
    ]) {
      const answer = await raw(
        hosted.port,
        `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1:${hosted.port}\r\nConnection: close\r\n\r\n`,
      );
      expect(status(answer), p).toBe(404);
      await expectAlive(hosted);
    }
  });

  it('a raw-socket fuzz of request lines, headers, encodings and WebSocket frames leaves the host up and the campaign unchanged', async () => {
    const methods = fc.constantFrom(
      'GET',
      'POST',
      'HEAD',
      'PUT',
      'DELETE',
      'OPTIONS',
      'CONNECT',
      'TRACE',
      'G\u0000T',
      '',
      'get',
    );
    const pieces = fc.constantFrom(
      '/',
      '//',
      '/api/',
      '/api/campaign.current',
      '/api/players.view',
      '/api/lichslayer.delete',
      '/ws',
      '/players/ws',
      '/players',
      '/index.html',
      '%',
      '%00',
      '%zz',
      '%E0%A4',
      '[',
      ']',
      '..',
      '?',
      '#',
      '&',
      '=',
      'token=',
      '\u00e9',
      '\u0000',
      '\t',
      ' ',
      '\\',
      '@',
      ':',
    );
    const target = fc.array(pieces, { maxLength: 8 }).map((p) => p.join(''));
    const headerName = fc.constantFrom(
      'Host',
      'Origin',
      'Content-Length',
      'Content-Type',
      'Transfer-Encoding',
      'Cookie',
      'X-Lichslayer-Token',
      'Upgrade',
      'Connection',
      'Sec-WebSocket-Key',
      'Sec-WebSocket-Version',
      'Sec-WebSocket-Protocol',
      'Expect',
      'X\u0000Bad',
      '',
      ' Leading',
    );
    const headerValue = fc.oneof(
      fc.constantFrom(
        '',
        '-1',
        '99999999999999999999',
        '0',
        '5',
        'chunked',
        'gzip, chunked',
        'application/json',
        'websocket',
        'Upgrade',
        '13',
        '100-continue',
        `127.0.0.1`,
        'http://evil.example',
        'lichslayer_token=x',
        'lichslayer, lichslayer-token.x',
      ),
      fc.string({ maxLength: 40 }),
      fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.from(b).toString('latin1')),
    );
    const body = fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 200 }),
      fc.constantFrom('{}', '{"name":', '5\r\n{}\r\n0\r\n\r\n', 'zz\r\nxx\r\n', '0\r\n\r\n'),
    );
    const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 extra', '', 'HTTP/9');
    const useToken = fc.constantFrom('none', 'judge', 'players', 'wrong');
    const request = fc.record({
      method: methods,
      target,
      version,
      headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 6 }),
      body,
      useToken,
      goodHost: fc.boolean(),
    });

    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const lines = [`${r.method} ${r.target} ${r.version}`];
        if (r.goodHost) lines.push(`Host: 127.0.0.1:${hosted.port}`);
        const shown =
          r.useToken === 'judge'
            ? hosted.token
            : r.useToken === 'players'
              ? hosted.playersToken
              : r.useToken === 'wrong'
                ? 'f'.repeat(48)
                : null;
        if (shown) lines.push(`X-Lichslayer-Token: ${shown}`);
        for (const [k, v] of r.headers) lines.push(`${k}: ${v}`);
        const answer = await raw(hosted.port, Buffer.from(`${lines.join('\r\n')}\r\n\r\n${r.body}`, 'latin1'), false);
        // Whatever came, every answer is the host's refusal or its reply, never its own failure.
        for (const [, code] of answer.matchAll(/HTTP\/1\.1 (\d{3})/g))
          expect(Number(code), `${lines[0]}: ${answer.slice(0, 200)}`).toBeLessThan(500);
        sent++;
        expect(hosted.child.exitCode, hosted.stderr()).toBeNull();
      }),
      { numRuns: 400, seed: 16 },
    );
    await expectAlive(hosted);

    // WebSocket frames: every opcode, masked or not, fragmented, oversized lengths, garbage.
    const frameArb = fc.record({
      opcode: fc.integer({ min: 0, max: 15 }),
      masked: fc.boolean(),
      fin: fc.boolean(),
      payload: fc.uint8Array({ maxLength: 1500 }),
    });
    const wireArb = fc.oneof(
      fc
        .array(frameArb, { minLength: 1, maxLength: 4 })
        .map((fs) => Buffer.concat(fs.map((f) => frame(f.opcode, Buffer.from(f.payload), f.masked, f.fin)))),
      fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => Buffer.from(b)),
    );
    let frames = 0;
    await fc.assert(
      fc.asyncProperty(wireArb, fc.boolean(), async (wire, judge) => {
        const socket = await handshake(hosted, judge ? hosted.token : hosted.playersToken);
        await sendFrames(socket, [wire]);
        frames++;
        expect(hosted.child.exitCode, hosted.stderr()).toBeNull();
      }),
      { numRuns: 150, seed: 16 },
    );
    await expectAlive(hosted);
    expect(campaignState(hosted.file)).toBe(before);
    expect(sent).toBe(400);
    expect(frames).toBe(150);
    console.log(`web host fuzz: ${sent} raw requests and ${frames} WebSocket streams; host up, campaign unchanged`);
  }, 240_000);
});
