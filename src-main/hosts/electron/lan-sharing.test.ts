// The desktop app's "players on the local network" (the desktop twin of --players-on-lan): off by
// default, no private link is issued; on, a link opens its Lichslayer's page and view and nothing
// of the Judge's; off again, the links and the phones' sockets end at once, and a link from
// before does not open on the next sharing (ch.1: each player's Gauntlet is their own business).
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import type { PrivateLinksView, PrivateView } from '@shared/private-view.ts';
import { socketProtocols } from '@shared/web-socket-token.ts';
import { openDemo, tempDir } from '../../test-support/temp-app.ts';
import { lanSharing } from './lan-sharing.ts';

const post = (port: number, token: string, command: string, args: unknown = {}) =>
  fetch(`http://127.0.0.1:${port}/api/${command}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Lichslayer-Token': token },
    body: JSON.stringify(args),
  });

describe("the desktop app's players on the local network (ch.1)", () => {
  it('issues no private link while off; on, a link opens its own Gauntlet only; off, its socket closes and it opens nothing, nor on the next sharing', async () => {
    const { app, roster } = await openDemo(7);
    const rendererDir = tempDir('lj-renderer-');
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><div id="app"></div>');
    const lan = lanSharing(app, rendererDir, { lanAddress: '127.0.0.1' });
    // The Judge's screens hear each change, so an open Gauntlet offers or drops its link at once.
    const told: boolean[] = [];
    app.subscribe((push) => {
      if (push.type === 'sharing') told.push(push.on);
    });
    const odile = roster[0]!;
    expect(lan.sharing).toBe(false);
    expect(await app.dispatch('private.issue', { lichslayerId: odile.id })).toMatchObject({
      ok: false,
      error: { code: 'refused' },
    });
    expect(await app.call('private.links', {})).toEqual({ sharing: false, links: [] });

    const port = await lan.on();
    expect(lan.sharing).toBe(true);
    const links = (await app.call('private.issue', { lichslayerId: odile.id })) as PrivateLinksView;
    const url = new URL(links.links[0]!.url);
    expect([links.sharing, url.host, url.pathname]).toEqual([true, `127.0.0.1:${port}`, '/me']);
    const token = url.searchParams.get('token')!;
    expect((await fetch(`http://127.0.0.1:${port}/me`)).status).toBe(200);
    const own = (await (await post(port, token, 'private.view')).json()) as { value: PrivateView };
    expect(own.value.name).toBe(odile.name);
    expect((await post(port, token, 'campaign.current')).status).toBe(403);
    const ws = new WebSocket(`ws://127.0.0.1:${port}/me/ws`, socketProtocols(token));
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    const closed = new Promise((resolve) => ws.on('close', resolve));

    await lan.off();
    await closed;
    expect(lan.sharing).toBe(false);
    await expect(post(port, token, 'private.view')).rejects.toThrow();
    expect(await app.call('private.links', {})).toEqual({ sharing: false, links: [] });

    const again = await lan.on();
    expect((await post(again, token, 'private.view')).status).toBe(401);
    await lan.off();
    await lan.off();
    expect(told).toEqual([true, false, true, false]);
    app.close();
  });
});
