// Private links: one token per Lichslayer, issued by the Judge only while the players' screens are
// shared on the local network, that reads its own Lichslayer's screen and nothing else, and stops
// at once when revoked or re-issued (its open screens closed).
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { COMMAND_NAMES, PRIVATE_COMMANDS, type Push } from '@shared/contract.ts';
import type { PrivateLinksView, PrivateView } from '@shared/private-view.ts';
import { socketProtocols } from '@shared/web-socket-token.ts';
import { makeApp, openDemo, tempDir } from '../../test-support/temp-app.ts';
import { admission, REVOKED_CLOSE_CODE, startWebHost, type WebHost } from './web-host.ts';

let host: WebHost | null = null;
afterEach(async () => {
  await host?.close();
  host = null;
});

const json = { 'Content-Type': 'application/json' };

async function start(playersOnLan: boolean) {
  const demo = await openDemo(28);
  const rendererDir = tempDir('lj-renderer-');
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  host = await startWebHost({ app: demo.app, rendererDir, port: 0, playersOnLan, lanAddress: '127.0.0.1' });
  if (host.privateLinks) demo.app.options.privateLinks = host.privateLinks;
  const h = host;
  const call = async (token: string, command: string, args: unknown = {}) => {
    const res = await fetch(`http://127.0.0.1:${h.port}/api/${command}`, {
      method: 'POST',
      headers: { ...json, 'X-Lichslayer-Token': token },
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
  return { ...demo, h, call, issue };
}

function openSocket(h: WebHost, token: string): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/me/ws`, socketProtocols(token));
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', reject);
  });
}

describe('private links', () => {
  it('are not issued while the players’ screens stay on this machine, and no token opens one', async () => {
    const { h, call, roster } = await start(false);
    expect(h.privateLinks).toBeNull();
    const refused = await call(h.token, 'private.issue', { lichslayerId: roster[0]!.id });
    expect(refused.body.ok).toBe(false);
    expect(refused.body.error!.message).toContain('--players-on-lan');
    expect((await call(h.token, 'private.links')).body.value).toEqual({ sharing: false, links: [] });
    // A private token is honoured only while sharing is on, from this machine or another.
    const base = {
      host: '192.0.2.1:5178',
      origin: undefined,
      publicAsset: false,
      port: 5178,
      token: 'J'.repeat(48),
      playersToken: 'P'.repeat(48),
      presented: ['Q'.repeat(48)],
      privateTokens: new Map([['Q'.repeat(48), 7]]),
    };
    expect(admission({ ...base, remote: '192.0.2.7', playersOnLan: false })).toMatchObject({ status: 403 });
    expect(admission({ ...base, remote: '127.0.0.1', host: '127.0.0.1:5178', playersOnLan: false })).toMatchObject({
      status: 401,
    });
    expect(admission({ ...base, remote: '192.0.2.7', playersOnLan: true })).toEqual({
      role: 'players',
      lichslayerId: 7,
    });
  });

  it('a private token reads its own Lichslayer and is refused every other command, the players’ view included', async () => {
    const { h, call, issue, roster } = await start(true);
    const [mine, other] = [roster[0]!, roster[1]!];
    const token = await issue(mine.id);
    const own = await call(token, 'private.view', {});
    expect(own.status).toBe(200);
    expect((own.body.value as PrivateView).name).toBe(mine.name);
    expect((await call(token, 'private.view', { lichslayerId: mine.id })).status).toBe(200);
    // Another Lichslayer's screen, asked for by id, is refused.
    const theirs = await call(token, 'private.view', { lichslayerId: other.id });
    expect(theirs.status).toBe(403);
    expect(JSON.stringify(theirs.body)).not.toContain(other.name);
    const refused: string[] = [];
    for (const command of COMMAND_NAMES.filter((c) => !PRIVATE_COMMANDS.includes(c))) {
      const reply = await call(token, command, { lichslayerId: mine.id });
      if (reply.status === 403 && reply.body.ok === false) refused.push(command);
    }
    expect(refused).toEqual(COMMAND_NAMES.filter((c) => !PRIVATE_COMMANDS.includes(c)));
    expect(refused).toContain('players.view');
    expect(refused).toContain('private.issue');
    expect(refused.length).toBeGreaterThan(130);
    // The shared players' token may not read a private screen either.
    expect((await call(h.playersToken, 'private.view', { lichslayerId: mine.id })).status).toBe(403);
  });

  it('is pushed its own screen only, only when it changed, and a revoked link is closed and refused at once', async () => {
    const { h, call, issue, roster } = await start(true);
    const [mine, other] = [roster[0]!, roster[1]!];
    const token = await issue(mine.id);
    const ws = (await openSocket(h, token)) as WebSocket;
    const pushes: Push[] = [];
    ws.on('message', (data) => pushes.push(JSON.parse(String(data)) as Push));
    // Another Lichslayer's gold changes nothing on this screen; this one's does.
    await call(h.token, 'lichslayer.update', { id: other.id, patch: { gold: 41 } });
    await call(h.token, 'lichslayer.update', { id: mine.id, patch: { gold: 37 } });
    await expect.poll(() => pushes.length).toBe(1);
    expect(pushes[0]!.type).toBe('private');
    expect((pushes[0] as { view: PrivateView }).view.gold).toBe(37);
    expect(JSON.stringify(pushes)).not.toContain(other.name);

    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await call(h.token, 'private.revoke', { lichslayerId: mine.id });
    expect(await closed).toBe(REVOKED_CLOSE_CODE);
    expect((await call(token, 'private.view', {})).status).toBe(401);
    expect(await openSocket(h, token)).toBe(401);
    expect((await call(h.token, 'private.links')).body.value).toEqual({ sharing: true, links: [] });
  });

  it('re-issuing a link ends the old one; each Lichslayer has a link of their own', async () => {
    const { h, call, issue, roster } = await start(true);
    const first = await issue(roster[0]!.id);
    const second = await issue(roster[0]!.id);
    const third = await issue(roster[2]!.id);
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await call(first, 'private.view', {})).status).toBe(401);
    expect(((await call(second, 'private.view', {})).body.value as PrivateView).name).toBe(roster[0]!.name);
    expect(((await call(third, 'private.view', {})).body.value as PrivateView).name).toBe(roster[2]!.name);
    const links = (await call(h.token, 'private.links')).body.value as PrivateLinksView;
    expect(links.links.map((l) => l.lichslayerId).sort()).toEqual([roster[0]!.id, roster[2]!.id].sort());
  });
});

describe('a private link belongs to the Lichslayer it was given for', () => {
  it('ends when another campaign is opened, so the same row number there shows nobody’s Gauntlet', async () => {
    const { h, call, issue, roster } = await start(true);
    const token = await issue(roster[0]!.id);
    const ws = (await openSocket(h, token)) as WebSocket;
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const other = await call(h.token, 'campaign.create', { name: 'Another table' });
    expect(other.body.ok).toBe(true);
    await call(h.token, 'lichslayer.create', { name: 'Someone Else' });
    expect(await closed).toBe(REVOKED_CLOSE_CODE);
    const after = await call(token, 'private.view', {});
    expect(after.status).toBe(401);
    expect(JSON.stringify(after.body)).not.toContain('Someone Else');
    expect((await call(h.token, 'private.links')).body.value).toEqual({ sharing: true, links: [] });
  });

  it('ends when that Lichslayer is removed, so a new one given the same row number is not shown to it', async () => {
    const { h, call, issue, roster } = await start(true);
    const last = roster[roster.length - 1]!;
    const token = await issue(last.id);
    await call(h.token, 'lichslayer.delete', { id: last.id });
    await call(h.token, 'lichslayer.create', { name: 'Newcomer Vane' });
    const after = await call(token, 'private.view', {});
    expect(after.status).toBe(401);
    expect(JSON.stringify(after.body)).not.toContain('Newcomer Vane');
    expect((await call(h.token, 'private.links')).body.value).toEqual({ sharing: true, links: [] });
  });

  it('ends when the creation of its Lichslayer is undone, so the next one created is not shown to it', async () => {
    const { h, call, issue } = await start(true);
    const created = (await call(h.token, 'lichslayer.create', { name: 'Brief Visitor' })).body.value as {
      roster: { id: number; name: string }[];
    };
    const visitor = created.roster.find((l) => l.name === 'Brief Visitor')!;
    const token = await issue(visitor.id);
    expect((await call(token, 'private.view', {})).status).toBe(200);
    await call(h.token, 'history.undo', {});
    await call(h.token, 'lichslayer.create', { name: 'Second Comer' });
    const after = await call(token, 'private.view', {});
    expect(after.status).toBe(401);
    expect(JSON.stringify(after.body)).not.toContain('Second Comer');
  });
});

describe('a private link the Judge keeps', () => {
  it('opens its own Gauntlet again after the app and its host restart; a link not kept, or no longer kept, does not', async () => {
    const first = await start(true);
    const [kept, unkept, dropped] = [first.roster[0]!, first.roster[1]!, first.roster[2]!];
    const keptToken = await first.issue(kept.id);
    const unkeptToken = await first.issue(unkept.id);
    const droppedToken = await first.issue(dropped.id);
    const keep = await first.call(first.h.token, 'private.keep', { lichslayerId: kept.id, keep: true });
    expect((keep.body.value as PrivateLinksView).links.find((l) => l.lichslayerId === kept.id)!.kept).toBe(true);
    await first.call(first.h.token, 'private.keep', { lichslayerId: dropped.id, keep: true });
    await first.call(first.h.token, 'private.keep', { lichslayerId: dropped.id, keep: false });
    const campaign = first.app.current()!.path;
    await first.h.close();
    host = null;
    first.app.close();

    // The same data folder, a new app and host: the campaign opened again, as the Judge does.
    const app = makeApp(first.dataDir);
    const rendererDir = tempDir('lj-renderer-');
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    host = await startWebHost({ app, rendererDir, port: 0, playersOnLan: true, lanAddress: '127.0.0.1' });
    if (host.privateLinks) app.options.privateLinks = host.privateLinks;
    await app.call('campaign.open', { path: campaign });
    const view = (token: string) =>
      fetch(`http://127.0.0.1:${host!.port}/api/private.view`, {
        method: 'POST',
        headers: { ...json, 'X-Lichslayer-Token': token },
        body: '{}',
      });
    const again = await view(keptToken);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { value: PrivateView }).value.name).toBe(kept.name);
    expect((await view(unkeptToken)).status).toBe(401);
    expect((await view(droppedToken)).status).toBe(401);
    const links = (await app.call('private.links', {})) as PrivateLinksView;
    expect(links.links.map((l) => [l.lichslayerId, l.kept])).toEqual([[kept.id, true]]);
    app.close();
  });

  it('is refused while its Lichslayer has no link, and a kept link issued anew stays kept as the new token, the old one ended', async () => {
    const t = await start(true);
    const [l] = t.roster;
    const refused = await t.call(t.h.token, 'private.keep', { lichslayerId: l!.id, keep: true });
    expect(refused.body).toMatchObject({
      ok: false,
      error: { message: 'Give this Lichslayer a private link first, then keep it. Nothing changed.' },
    });
    expect(((await t.app.call('private.links', {})) as PrivateLinksView).links).toEqual([]);
    const old = await t.issue(l!.id);
    await t.call(t.h.token, 'private.keep', { lichslayerId: l!.id, keep: true });
    const fresh = await t.issue(l!.id);
    expect(fresh).not.toBe(old);
    const links = (await t.app.call('private.links', {})) as PrivateLinksView;
    expect(links.links.map((x) => [x.lichslayerId, x.kept])).toEqual([[l!.id, true]]);
    expect(new URL(links.links[0]!.url).searchParams.get('token')).toBe(fresh);
    expect((await t.call(old, 'private.view')).status).toBe(401);
    expect((await t.call(fresh, 'private.view')).status).toBe(200);
    t.app.close();
  });
});
