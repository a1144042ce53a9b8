// A player's own dice through their private link (ch.1): sent only for the roll the Judge called for
// their Lichslayer, seen by the Judge, and resolved on the Judge's accept as entered by that player.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import type { Push } from '@shared/contract.ts';
import type { DiceCallView } from '@shared/contract/dice-entry.ts';
import type { FightResult } from '@shared/fight.ts';
import type { PrivateLinksView, PrivateView } from '@shared/private-view.ts';
import { socketProtocols } from '@shared/web-socket-token.ts';
import { openDemo, tempDir } from '../../test-support/temp-app.ts';
import { startWebHost, type WebHost } from './web-host.ts';

let host: WebHost | null = null;
afterEach(async () => {
  await host?.close();
  host = null;
});

async function start() {
  const demo = await openDemo(28);
  const rendererDir = tempDir('lj-renderer-');
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  host = await startWebHost({ app: demo.app, rendererDir, port: 0, playersOnLan: true, lanAddress: '127.0.0.1' });
  demo.app.options.privateLinks = host.privateLinks!;
  const h = host;
  const call = async (token: string, command: string, args: unknown = {}) => {
    const res = await fetch(`http://127.0.0.1:${h.port}/api/${command}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Lichslayer-Token': token },
      body: JSON.stringify(args),
    });
    return {
      status: res.status,
      body: (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } },
    };
  };
  const issue = async (lichslayerId: number) => {
    const reply = await call(h.token, 'private.issue', { lichslayerId });
    const link = (reply.body.value as PrivateLinksView).links.find((l) => l.lichslayerId === lichslayerId)!;
    return new URL(link.url).searchParams.get('token')!;
  };
  const named = (name: string) => demo.roster.find((l) => l.name === name)!;
  return { ...demo, h, call, issue, named };
}

describe("a player's own dice (ch.1)", () => {
  it('a player cannot send a roll nobody asked for, nor one asked of another Lichslayer', async () => {
    const { call, issue, named, h } = await start();
    const quillam = named('Brother Quillam');
    const odile = named('Odile Vantreck');
    const token = await issue(quillam.id);
    const unasked = await call(token, 'private.sendDice', { faces: [5] });
    expect(unasked).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: {
          message: 'No roll is asked of your Lichslayer right now: the Judge calls for a roll first. Nothing was sent.',
        },
      },
    });
    await call(h.token, 'handDice.call', {
      lichslayerId: odile.id,
      command: 'challenge.roll',
      args: { lichslayerId: odile.id, target: 6 },
    });
    expect((await call(token, 'private.sendDice', { faces: [5] })).status).toBe(400);
    // Naming Odile from Quillam's link is refused by the host before any command runs.
    expect((await call(token, 'private.sendDice', { lichslayerId: odile.id, faces: [5] })).status).toBe(403);
    // Nor may the link call, accept or read the Judge's roll.
    expect((await call(token, 'handDice.current')).status).toBe(403);
    expect((await call(token, 'handDice.accept', { args: {} })).status).toBe(403);
    expect(((await call(h.token, 'handDice.current')).body.value as DiceCallView).offered).toBeNull();
  });

  it('the Judge calls a Challenge for Quillam; his screen shows it, his faces reach the Judge, and the accepted roll is his in the ledger', async () => {
    const { call, issue, named, h } = await start();
    const quillam = named('Brother Quillam');
    const token = await issue(quillam.id);
    const ws = await new Promise<WebSocket>((resolve, reject) => {
      const s = new WebSocket(`ws://127.0.0.1:${h.port}/me/ws`, socketProtocols(token));
      s.on('open', () => resolve(s));
      s.on('error', reject);
    });
    const pushes: PrivateView[] = [];
    ws.on('message', (data) => pushes.push((JSON.parse(String(data)) as Push & { view: PrivateView }).view));
    // The Judge made the cause public: main words the rest from Quillam's own dice.
    const what = 'Challenge: Climb the shaft, target 6 — 1d6, Sanity Strange (ch.8) −1';
    const called = await call(h.token, 'handDice.call', {
      lichslayerId: quillam.id,
      command: 'challenge.roll',
      args: { lichslayerId: quillam.id, target: 6, cause: 'Climb the shaft' },
      causePublic: true,
    });
    expect((called.body.value as DiceCallView).what).toBe(what);
    await expect.poll(() => pushes.at(-1)?.call).toEqual({ what, sent: null });
    const sent = await call(token, 'private.sendDice', { faces: [6, 3] });
    expect(sent.status).toBe(200);
    expect((sent.body.value as PrivateView).call).toEqual({ what, sent: [6, 3] });
    expect((await call(h.token, 'handDice.current')).body.value).toEqual({
      lichslayerId: quillam.id,
      name: 'Brother Quillam',
      command: 'challenge.roll',
      what,
      offered: [6, 3],
    });
    const accepted = await call(h.token, 'handDice.accept', {
      args: { lichslayerId: quillam.id, target: 6, cause: 'Climb the shaft' },
    });
    // 6 explodes into 3: 9, less 1 for Strange (ch.8), against 6.
    expect((accepted.body.value as FightResult).challenge).toEqual({ total: 8, target: 6, success: true });
    const ledger = (await call(h.token, 'ledger.list', {})).body.value as {
      command: string;
      enteredBy: string | null;
      faces: { face: number }[];
    }[];
    const roll = ledger.find((e) => e.command === 'challenge.roll')!;
    expect([roll.enteredBy, roll.faces.map((f) => f.face)]).toEqual(["Brother Quillam's player", [6, 3]]);
    // Answered: nothing is asked any more, and the screen says so.
    expect((await call(h.token, 'handDice.current')).body.value).toBeNull();
    await expect.poll(() => pushes.at(-1)?.call).toBeNull();
    ws.close();
  });

  it("an attack on a hidden token asked of Quillam's player never names it on his page or its pushes, nor a cause the Judge kept private (ch.1, ch.11)", async () => {
    const { app, call, issue, named, h } = await start();
    const quillam = named('Brother Quillam');
    const token = await issue(quillam.id);
    const pushes: string[] = [];
    const ws = await new Promise<WebSocket>((resolve, reject) => {
      const s = new WebSocket(`ws://127.0.0.1:${h.port}/me/ws`, socketProtocols(token));
      s.on('message', (data) => pushes.push(String(data)));
      s.on('open', () => resolve(s));
      s.on('error', reject);
    });
    await app.call('lichslayer.setItem', {
      id: quillam.id,
      slot: 'gear',
      item: { name: 'Cinder Maul', colour: 'Red', notes: 'Attack: 2d6' },
    });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const add = (name: string, hidden: boolean) =>
      app.call('board.addToken', {
        kind: 'entity',
        name,
        colour: 'Black',
        floor: 1,
        x: 2,
        y: 0,
        hidden,
        health: 20,
        stats: { level: 1, attack: '1d6' },
      });
    await add('Gnawer', false);
    const board = await add('Lurking Veilwraith', true);
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const byName = (name: string) => board.tokens.find((t) => t.name === name)!.id;
    const ask = async (args: unknown) =>
      (await call(h.token, 'handDice.call', { lichslayerId: quillam.id, command: 'fight.attack', args })).body
        .value as DiceCallView;
    const attacker = byName('Brother Quillam');
    // The Judge's dialog names the hidden target; the player's ask does not.
    const hidden = await ask({ attacker, target: byName('Lurking Veilwraith') });
    expect(hidden.what).toBe('Attack a target with Cinder Maul (2d6)');
    expect((await ask({ attacker, target: byName('Gnawer') })).what).toBe('Attack Gnawer with Cinder Maul (2d6)');
    await ask({ attacker, target: byName('Lurking Veilwraith') });
    // A Challenge whose cause the Judge typed, not made public: the cause stays off the player's page.
    const cause = 'Lurking Veilwraith breathes on you';
    const kept = (
      await call(h.token, 'handDice.call', {
        lichslayerId: quillam.id,
        command: 'challenge.roll',
        args: { lichslayerId: quillam.id, target: 12, sanity: true, cause },
      })
    ).body.value as DiceCallView;
    expect(kept.what).toBe('Sanity Challenge, target 12 — 1d6, Sanity Strange (ch.8) −1');
    await call(token, 'private.sendDice', { faces: [3] });
    await expect.poll(() => pushes.length).toBeGreaterThan(3);
    const page = JSON.stringify((await call(token, 'private.view')).body.value);
    const received = [page, ...pushes].join('\n');
    expect(received).toContain('Attack a target with Cinder Maul (2d6)');
    expect(received).toContain('Sanity Challenge, target 12');
    expect([
      received.includes('Lurking Veilwraith'),
      received.includes('Veilwraith'),
      received.includes('breathes'),
    ]).toEqual([false, false, false]);
    ws.close();
  });
});
