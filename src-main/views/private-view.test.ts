// Each player's own screen carries their Lichslayer's numbers as the Gauntlet shows them and no
// secret: not the board's (unrevealed rooms, hidden tokens, notes), not another Lichslayer's
// (class, gold, notes), not their own class before level 2 (ch.1). The leak probe runs over every
// private view and push, for each of the party's Lichslayers, after each step of a scripted dive.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import type { BoardView } from '@shared/board.ts';
import type { CampaignView } from '@shared/contract.ts';
import type { PrivateLinksView, PrivateView } from '@shared/private-view.ts';
import { socketProtocols } from '@shared/web-socket-token.ts';
import { openDemo, tempDir } from '../test-support/temp-app.ts';
import { secretsOf } from '../test-support/leak-probe.ts';
import { startWebHost } from '../hosts/web/web-host.ts';

const json = { 'Content-Type': 'application/json' };

describe('a private screen (ch.1, ch.4, ch.8, ch.11)', () => {
  it("shows its own Gauntlet's numbers and holds no secret of the board, another Lichslayer or its own hidden class, through a scripted dive", async () => {
    const { app } = await openDemo(916);
    const rendererDir = tempDir('lj-renderer-');
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><div id="app"></div>');
    const host = await startWebHost({ app, rendererDir, port: 0, playersOnLan: true, lanAddress: '127.0.0.1' });
    app.options.privateLinks = host.privateLinks!;
    const base = `http://127.0.0.1:${host.port}`;
    const post = async (token: string, command: string, args: unknown) => {
      const reply = (await (
        await fetch(`${base}/api/${command}`, {
          method: 'POST',
          headers: { ...json, 'X-Lichslayer-Token': token },
          body: JSON.stringify(args),
        })
      ).json()) as { ok: boolean; value: unknown; error?: { message: string } };
      if (!reply.ok) throw new Error(`${command}: ${reply.error?.message}`);
      return reply.value;
    };
    const judge = (command: string, args: unknown) => post(host.token, command, args);
    const roster = ((await judge('campaign.current', {})) as CampaignView).roster;
    expect(roster.length).toBe(4);
    // Each Lichslayer's own secrets: a class still hidden, a purse and the Judge's notes.
    for (const [i, l] of roster.entries())
      await judge('lichslayer.update', {
        id: l.id,
        patch: { level: 1, hiddenClass: `SECRET-CLASS-${i}`, gold: 4301 + i * 17, notes: `JUDGE-NOTE-${i}` },
      });
    const tokens: string[] = [];
    for (const l of roster) {
      const links = (await judge('private.issue', { lichslayerId: l.id })) as PrivateLinksView;
      tokens.push(new URL(links.links.find((k) => k.lichslayerId === l.id)!.url).searchParams.get('token')!);
    }
    // Odile holds Break at level 1: the skill would name her hidden class, so her screen lists none (ch.1, ch.2).
    const odile = roster.find((l) => l.name === 'Odile Vantreck')!;
    expect(odile.skill1).toBe('Break');
    const odileView = (await post(tokens[roster.indexOf(odile)]!, 'private.view', {})) as PrivateView;
    expect([odileView.level, odileView.className, odileView.skills]).toEqual([1, null, []]);
    const pushes: string[][] = roster.map(() => []);
    const sockets = await Promise.all(
      tokens.map(
        (token, i) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${host.port}/me/ws`, socketProtocols(token));
            ws.on('message', (data) => pushes[i]!.push(String(data)));
            ws.on('open', () => resolve(ws));
            ws.on('error', reject);
          }),
      ),
    );
    const actions: [string, unknown | (() => Promise<unknown>)][] = [
      ['board.prerollFloor', { floor: 1 }],
      [
        'board.setRoom',
        { floor: 1, x: 0, y: 0, patch: { name: 'Sealed Ossuary of Nine', notes: 'Judge: the lever floods it' } },
      ],
      ['board.enterFloor', { floor: 1 }],
      ['board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Husk Vault' }, revealed: true }],
      [
        'board.addToken',
        { kind: 'entity', name: 'Lurking Veilwraith', colour: 'Black', floor: 1, x: 2, y: 0, hidden: true },
      ],
      ['board.addToken', { kind: 'entity', name: 'Grinning Husk', colour: 'Red', floor: 1, x: 2, y: 0, health: 7331 }],
      ['phase.send', { event: { type: 'ENEMIES_ENTER' } }],
      ['phase.nextTurn', {}],
      // The Judge asks a player for an attack on the hidden Veilwraith: main words the ask for the table.
      [
        'handDice.call',
        async () => {
          const b = (await judge('board.view', { floor: 1 })) as BoardView;
          const of = (name: string) => b.tokens.find((t) => t.name === name)!.id;
          const args = { attacker: of(roster[1]!.name), target: of('Lurking Veilwraith') };
          return { lichslayerId: roster[1]!.id, command: 'fight.attack', args };
        },
      ],
      ['challenge.roll', { lichslayerId: roster[1]!.id, target: 12, sanity: true, cause: 'The Husk grins' }],
      ['lichslayer.update', { id: roster[2]!.id, patch: { health: 3, sanity: 'strange' } }],
      ['lichslayer.update', { id: roster[0]!.id, patch: { level: 2 } }],
      ['town.nextDay', { duringDive: true }],
      ['history.undo', {}],
      ['history.redo', {}],
    ];
    const leaks: string[] = [];
    let probes = 0;
    let fights = 0;
    try {
      for (const [command, args] of actions) {
        await judge(command, typeof args === 'function' ? await (args as () => Promise<unknown>)() : args);
        const gauntlets = ((await judge('campaign.current', {})) as CampaignView).roster;
        const boards = await Promise.all(
          Array.from({ length: 3 }, (_, i) => judge('board.view', { floor: i + 1 }) as Promise<BoardView>),
        );
        const board = [...secretsOf(boards), '7331', 'Lurking Veilwraith'];
        for (const [i, l] of gauntlets.entries()) {
          const own = (await post(tokens[i]!, 'private.view', {})) as PrivateView;
          // The numbers are the Gauntlet's own.
          expect([own.name, own.health, own.armor, own.magic, own.gold, own.sanity.level]).toEqual([
            l.name,
            l.health,
            l.armor,
            l.derived.magic.value,
            l.gold,
            l.sanity,
          ]);
          expect(own.className).toBe(l.level >= 2 ? l.hiddenClass : null);
          if (own.fight) fights++;
          const others = gauntlets.filter((o) => o.id !== l.id);
          const secrets = [
            ...board.filter((s) => s !== l.hiddenClass || l.level < 2),
            `JUDGE-NOTE-${i}`,
            ...others.flatMap((o) => [o.hiddenClass ?? '', String(o.gold), o.notes]),
          ].filter((s) => s.length >= 4);
          // The revision is a counter of changes, not campaign content: a number in it is no leak.
          const received = [JSON.stringify(own), ...pushes[i]!].join('\n').replace(/"revision":\d+/g, '');
          for (const s of secrets) {
            probes++;
            if (received.includes(s)) leaks.push(`${l.name} after ${command}: ${s}`);
          }
        }
      }
      // The level-2 Lichslayer now sees the class; the fight showed on the private screens.
      expect(((await post(tokens[0]!, 'private.view', {})) as PrivateView).className).toBe('SECRET-CLASS-0');
      expect(fights).toBeGreaterThan(0);
      // The ask reached its player, worded without the hidden target's name.
      expect(pushes[1]!.some((p) => p.includes('"what":"Attack a target'))).toBe(true);
      expect(pushes.every((p) => p.length > 0)).toBe(true);
      expect(probes).toBeGreaterThan(300);
      expect(leaks).toEqual([]);
      console.log(`private leak probe: ${probes} secret values checked over 4 private screens, none found`);
    } finally {
      for (const ws of sockets) ws.close();
      await host.close();
      app.close();
    }
  });
});
