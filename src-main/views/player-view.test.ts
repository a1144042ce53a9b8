// The players' view never carries a secret and never lets one be inferred (design note 4):
// for many random board states, the serialized view holds none of the secret values, and its
// counts and turn order equal those computed from the visible entities alone.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import type { BoardView, PlayerView } from '@shared/board.ts';
import type { CampaignView } from '@shared/contract.ts';
import { socketProtocols } from '@shared/web-socket-token.ts';
import { makeApp, openDemo, tempDir } from '../test-support/temp-app.ts';
import { startWebHost } from '../hosts/web/web-host.ts';
import { stateReader } from '../db/play-store.ts';
import { playerView } from './player-view.ts';
import { floorHandout, printGauntlets } from './print-view.ts';
import { secretsOf } from '../test-support/leak-probe.ts';
import { addEnemy, fightInTheQuietVault } from '../test-support/floor-setups.ts';

const roomArb = fc.record({
  revealed: fc.boolean(),
  entered: fc.boolean(),
  type: fc.constantFrom('hall', 'chamber', 'vault', 'antechamber', 'shrine'),
  trap: fc.boolean(),
  chest: fc.boolean(),
  stair: fc.boolean(),
  notes: fc.boolean(),
});
const tokenArb = fc.record({
  kind: fc.constantFrom('entity', 'entity', 'entity', 'retainer', 'familiar', 'phylactery'),
  x: fc.integer({ min: 0, max: 4 }),
  y: fc.integer({ min: 0, max: 4 }),
  floor: fc.constantFrom(1, 1, 1, 2),
  hidden: fc.boolean(),
  defeated: fc.boolean(),
  intention: fc.boolean(),
});

describe("players' view", () => {
  it("counts the party in a room's places as the Judge's board does, a hidden enemy left out (ch.9)", async () => {
    const { app } = await openDemo(7);
    await fightInTheQuietVault(app, { name: 'Grey Hound', health: 30 });
    await addEnemy(app, { name: 'Unseen Thing', health: 5, hidden: true });
    const judged = (await app.call('board.view', { floor: 1 })).rooms.find((r) => r.x === 2 && r.y === 0)!;
    const seen = (await app.call('players.view', {}))!.rooms.find((r) => r.x === 2 && r.y === 0)!;
    // The Judge counts six: the party of four, the Grey Hound and the hidden thing; the table five.
    expect([judged.occupancy, judged.capacity, judged.full]).toEqual([6, 6, true]);
    expect([seen.occupancy, seen.capacity, seen.full]).toEqual([5, 6, false]);
    app.close();
  });

  it('numbers visible entities afresh, so a hidden one leaves no gap in the names', async () => {
    const app = makeApp(tempDir());
    const view = await app.call('campaign.create', { name: 'Numbering' });
    await app.call('lichslayer.create', { name: 'Visible Hero' });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    app.close();
    const db = new Database(view.path);
    // The entrance room was rolled with an unseeded campaign's dice: its entities (Gnawers among them
    // at times) would make the names below depend on chance.
    db.prepare(`DELETE FROM token WHERE kind = 'entity'`).run();
    db.prepare(
      `INSERT INTO room (floor, x, y, revealed, room_type, name) VALUES (1, 0, 0, 1, 'vault', 'Open Vault')`,
    ).run();
    for (const [name, hidden] of [
      ['Gnawer', 0],
      ['Gnawer 2', 1],
      ['Gnawer 3', 0],
    ] as const) {
      db.prepare(
        `INSERT INTO token (kind, name, colour, floor, x, y, hidden) VALUES ('entity', ?, 'Red', 1, 0, 0, ?)`,
      ).run(name, hidden);
    }
    // Only the room set here: the party's entrance may roll Gnawers of its own (the dice are not seeded).
    expect(
      playerView(db, stateReader(db))
        .tokens.filter((t) => t.x === 0 && t.y === 0)
        .map((t) => t.name),
    ).toEqual(['Gnawer', 'Gnawer 2']);
    db.close();
  });

  it('leaks no secret and betrays no hidden entrant (many random board states)', async () => {
    const app = makeApp(tempDir());
    const view = await app.call('campaign.create', { name: 'Leak probe' });
    await app.call('lichslayer.create', { name: 'Visible Hero' });
    await app.call('lichslayer.update', { id: 1, patch: { hiddenClass: 'SECRET-CLASS-Witch', level: 1 } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    app.close();
    const db = new Database(view.path);
    let probes = 0;

    fc.assert(
      fc.property(
        fc.array(roomArb, { minLength: 25, maxLength: 25 }),
        fc.array(tokenArb, { maxLength: 40 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (rooms, tokens, shuffle) => {
          db.exec('DELETE FROM turn_stack; DELETE FROM token; DELETE FROM room');
          const secrets: string[] = ['SECRET-CLASS-Witch'];
          rooms.forEach((r, i) => {
            const x = i % 5;
            const y = Math.floor(i / 5);
            const name = r.revealed ? `Room ${i}` : `SECRET-ROOM-${i}`;
            if (!r.revealed) secrets.push(name);
            const trap = r.trap ? `SECRET-TRAP-${i}` : null;
            const chest = r.chest ? `SECRET-CHEST-${i}` : null;
            const notes = r.notes ? `SECRET-NOTE-${i}` : '';
            for (const s of [trap, chest, notes]) if (s) secrets.push(s);
            db.prepare(
              `INSERT INTO room (floor, x, y, revealed, prepared, entered, room_type, name, trap, chest, stair, notes, details) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            ).run(
              x,
              y,
              r.revealed ? 1 : 0,
              r.revealed ? 0 : 1,
              r.entered ? 1 : 0,
              r.type,
              name,
              trap && JSON.stringify({ label: trap, disabled: false, triggeredFor: [] }),
              chest && JSON.stringify({ opened: true, hasLoot: true, contents: chest }),
              r.stair ? 1 : 0,
              notes,
              r.revealed ? '' : `SECRET-DETAILS-${i}`,
            );
            if (!r.revealed) secrets.push(`SECRET-DETAILS-${i}`);
          });
          const ids: number[] = [];
          tokens.forEach((t, i) => {
            const roomRevealed = rooms[t.y * 5 + t.x]!.revealed;
            const visible = t.floor === 1 && roomRevealed && !t.hidden && !t.defeated && t.kind !== 'phylactery';
            const name = visible ? `Token ${i}` : `SECRET-TOKEN-${i}`;
            if (!visible) secrets.push(name);
            const intention = t.intention ? `SECRET-INTENT-${i}` : '';
            if (intention) secrets.push(intention);
            const info = db
              .prepare(
                `INSERT INTO token (kind, name, colour, floor, x, y, health, max_health, armor, stats, intention, hidden, defeated, placed_at) VALUES (?, ?, 'Red', ?, ?, ?, 7, 9, 2, ?, ?, ?, ?, ?)`,
              )
              .run(
                t.kind,
                name,
                t.floor,
                t.x,
                t.y,
                JSON.stringify({ attack: `SECRET-ATTACK-${i}`, faction: 'Ghoul', level: 3 }),
                intention,
                t.hidden ? 1 : 0,
                t.defeated ? 1 : 0,
                i + 1,
              );
            secrets.push(`SECRET-ATTACK-${i}`);
            ids.push(Number(info.lastInsertRowid));
          });
          // a random turn order over all tokens
          const order = [...ids].sort(
            (a, b) => ((a * 2654435761 + shuffle) >>> 0) - ((b * 2654435761 + shuffle) >>> 0),
          );
          order.forEach((id, position) =>
            db.prepare(`INSERT INTO turn_stack (token_id, position) VALUES (?, ?)`).run(id, position),
          );
          // a fight under way: every entity has a spell waiting, named as a secret (the tracker's conditions)
          const entityIds = ids.filter((_, i) => tokens[i]!.kind === 'entity');
          const pending = entityIds.map((caster, i) => ({
            id: i + 1,
            caster,
            table: 'spells',
            row: 0,
            label: `SECRET-SPELL-${i}`,
            time: 'end-round',
            round: 1,
          }));
          pending.forEach((c) => secrets.push(c.label));
          db.prepare(`DELETE FROM setting WHERE key = 'machine:combat'`).run();
          if (order.length) {
            const context = {
              round: 1,
              order: order.map((tokenId) => ({ tokenId, turns: 1 })),
              queue: order.slice(1),
              current: order[0],
              acted: [],
              owes: [],
              interrupted: null,
              pending,
              due: [],
              nextCastId: pending.length + 1,
              moved: [],
            };
            db.prepare(`INSERT INTO setting (key, value) VALUES ('machine:combat', ?)`).run(
              JSON.stringify({ status: 'active', value: 'turn', historyValue: {}, children: {}, context }),
            );
          }

          const pv = playerView(db, stateReader(db));
          const text = JSON.stringify(pv);
          // what players' printouts are made from: the floor handout and the Gauntlet sheets
          const printed = JSON.stringify([
            floorHandout(db, stateReader(db), 1),
            printGauntlets(db, stateReader(db), view.path),
          ]);
          for (const s of secrets) {
            probes += 2;
            if (text.includes(s)) throw new Error(`players' view leaks ${s}`);
            if (printed.includes(s)) throw new Error(`a players' printout leaks ${s}`);
          }
          // counts from visible tokens only, the party with the enemies, as the Judge's board counts (ch.9)
          for (const room of pv.rooms) {
            const visibleHere = pv.tokens.filter((t) => t.x === room.x && t.y === room.y).length;
            expect(room.occupancy).toBe(visibleHere);
          }
          // turn order is the stack order of visible tokens, with no gaps to count
          const visibleNames = order
            .map((id) => db.prepare('SELECT name FROM token WHERE id = ?').get(id) as { name: string })
            .filter((r) => !r.name.startsWith('SECRET-'))
            .map((r) => r.name);
          expect(pv.turnOrder.map((t) => t.name.replace(/ \d+$/, ''))).toEqual(
            visibleNames.map((n) => n.replace(/ \d+$/, '')),
          );
          expect(pv.tokens.every((t) => /^t\d+$/.test(t.key))).toBe(true);
          expect(pv.tokens.map((t) => t.key)).toEqual(pv.tokens.map((_, i) => `t${i}`));
          // enemies show no numbers, on the board or in the turn order
          expect(pv.tokens.filter((t) => t.kind === 'entity').every((t) => t.health === null && t.armor === null)).toBe(
            true,
          );
          expect(
            pv.turnOrder.filter((t) => t.kind === 'entity').every((t) => t.health === null && t.maxHealth === null),
          ).toBe(true);
          // at most one entrant is highlighted, and the board's highlight is the turn order's
          expect(pv.turnOrder.filter((t) => t.current).length).toBeLessThanOrEqual(1);
          expect(pv.tokens.filter((t) => t.current).map((t) => t.name)).toEqual(
            pv.turnOrder.filter((t) => t.current).map((t) => t.name),
          );
          return true;
        },
      ),
      { numRuns: 150 },
    );
    expect(probes).toBeGreaterThan(6000);
    console.log(`leak probe: ${probes} secret values checked against the players' view and printouts, none found`);
    db.close();
  });
});

// Everything the players' token can receive — every field of
// players.view, every WebSocket push, the page — after every kind of Judge action, pre-rolls
// included, holds none of the secrets the Judge's own board shows.
describe("what the players' token receives", () => {
  const json = { 'Content-Type': 'application/json' };

  it('holds no secret after any Judge action, pre-rolled floors included', async () => {
    const { app } = await openDemo(916);
    const rendererDir = tempDir('lj-renderer-');
    fs.writeFileSync(
      path.join(rendererDir, 'index.html'),
      '<!doctype html><title>Lichslayer Judge</title><div id="app"></div>',
    );
    const host = await startWebHost({ app, rendererDir, port: 0 });
    const base = `http://127.0.0.1:${host.port}`;
    const judge = async (command: string, args: unknown) => {
      const reply = (await (
        await fetch(`${base}/api/${command}`, {
          method: 'POST',
          headers: { ...json, 'X-Lichslayer-Token': host.token },
          body: JSON.stringify(args),
        })
      ).json()) as { ok: boolean; value: unknown; error?: { message: string } };
      if (!reply.ok) throw new Error(`${command}: ${reply.error?.message}`);
      return reply.value;
    };
    const pushes: string[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/players/ws`, socketProtocols(host.playersToken));
    ws.on('message', (data) => pushes.push(String(data)));
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    try {
      const roster = ((await judge('campaign.current', {})) as CampaignView).roster;
      // The fight's numbers: an enemy's Health and Armor, before and after a hit, are the Judge's alone.
      const enemyId = async () =>
        ((await judge('board.view', { floor: 1 })) as BoardView).tokens.find((t) => t.name === 'Gravelord Ossifrax')!
          .id;
      const actions: [string, unknown | (() => Promise<unknown>)][] = [
        ['board.prerollFloor', { floor: 1 }],
        ['board.prerollFloor', { floor: 2 }],
        ['board.prerollFloor', { floor: 3 }],
        [
          'board.setRoom',
          {
            floor: 1,
            x: 0,
            y: 0,
            patch: {
              name: 'Sealed Ossuary of Nine',
              details: 'A lever behind the altar',
              notes: 'Judge: the lever floods it',
              trap: { label: 'Ninefold needle' },
            },
          },
        ],
        ['board.enterFloor', { floor: 1 }],
        [
          'board.addToken',
          {
            kind: 'entity',
            name: 'Lurking Veilwraith',
            colour: 'Black',
            floor: 1,
            x: 2,
            y: 4,
            hidden: true,
            stats: { attack: 'Veil strike 3d6' },
          },
        ],
        ['lichslayer.update', { id: roster[0]!.id, patch: { hiddenClass: 'The Witch' } }],
        // ch.2: an ailment on a hidden entity, and Commune enhanced reading a pre-rolled room two floors ahead.
        [
          'ailment.set',
          async () => ({
            tokenId: ((await judge('board.view', { floor: 1 })) as BoardView).tokens.find(
              (t) => t.name === 'Lurking Veilwraith',
            )!.id,
            ailment: 'Bound',
            on: true,
          }),
        ],
        ['lichslayer.update', { id: roster[0]!.id, patch: { skill1: 'Commune', level: 2 } }],
        ['skill.points', { id: roster[0]!.id, delta: 1 }],
        ['skill.spendPoint', { id: roster[0]!.id, action: 'enhance', skill: 'Commune' }],
        ['skill.use', { id: roster[0]!.id, skill: 'Commune', rooms: [{ x: 3, y: 3 }], ahead: true }],
        ['board.revealRoom', { floor: 1, x: 1, y: 4 }],
        ['board.prerollRoom', { floor: 4, x: 0, y: 0 }],
        ['tables.roll', { key: 'loot', context: { floor: 2 } }],
        ['loot.vestment', { id: roster[1]!.id }],
        ['board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault' } }],
        [
          'board.addToken',
          {
            kind: 'entity',
            name: 'Gravelord Ossifrax',
            colour: 'Black',
            floor: 1,
            x: 2,
            y: 0,
            health: 7331,
            armor: 93,
            stats: { attack: 'Ossify 4d6' },
          },
        ],
        [
          'fight.damage',
          async () => ({ target: await enemyId(), amount: 1000, label: 'A falling portcullis', bypassArmor: true }),
        ],
        [
          'fight.attack',
          async () => ({
            attacker: ((await judge('board.view', { floor: 1 })) as BoardView).tokens.find(
              (t) => t.name === 'Odile Vantreck',
            )!.id,
            target: await enemyId(),
            damage: 5,
          }),
        ],
        ['fight.options', async () => ({ attacker: await enemyId() })],
        ['challenge.roll', { lichslayerId: roster[1]!.id, target: 12, sanity: true, cause: 'The Gravelord stares' }],
        ['town.nextDay', { duringDive: true }],
        ['history.undo', {}],
        ['history.redo', {}],
      ];
      const numbers = ['7331', '6331', '6326', 'Ossify 4d6'];
      const leaks: string[] = [];
      let probes = 0;
      for (const [command, args] of actions) {
        await judge(command, typeof args === 'function' ? await (args as () => Promise<unknown>)() : args);
        const view = await (
          await fetch(`${base}/api/players.view`, {
            method: 'POST',
            headers: { ...json, 'X-Lichslayer-Token': host.playersToken },
            body: '{}',
          })
        ).text();
        const page = await (await fetch(`${base}/players`)).text();
        const boards = await Promise.all(
          Array.from({ length: 10 }, (_, i) => judge('board.view', { floor: i + 1 }) as Promise<BoardView>),
        );
        // A push's revision counts changes and says nothing secret: a secret number must not match it.
        const received = [view, page, ...pushes].join('\n').replace(/"revision":\d+/g, '');
        for (const s of [...secretsOf(boards), ...numbers]) {
          probes++;
          if (received.includes(s)) leaks.push(`after ${command}: ${s}`);
        }
      }
      expect(pushes.length).toBeGreaterThan(0);
      expect(probes).toBeGreaterThan(500);
      expect(leaks).toEqual([]);
      // What a revealed room's roll decided is shown once the room is in sight.
      const shown = JSON.parse(
        await (
          await fetch(`${base}/api/players.view`, {
            method: 'POST',
            headers: { ...json, 'X-Lichslayer-Token': host.playersToken },
            body: '{}',
          })
        ).text(),
      ) as { value: PlayerView };
      expect(shown.value.rolls.some((r) => r.explain.includes('→'))).toBe(true);
      console.log(
        `players' token probe: ${probes} secret values checked after ${actions.length} Judge actions, none received`,
      );
    } finally {
      ws.close();
      await host.close();
      app.close();
    }
  }, 120_000);
});

// The players' list of rolls shows only what players saw happen and what still
// stands. Each case goes through the Judge's commands and reads what players.view returns.
describe("the players' list of rolls", () => {
  type Roll = { explain: string; at: string };
  const key = (r: Roll) => `${r.at} ${r.explain}`;

  async function setUp(enter: boolean) {
    const { app } = await openDemo(1608);
    if (enter) await app.call('board.enterFloor', { floor: 1 });
    const shown = async () => (await app.call('players.view', {})).rolls.map(key);
    const newest = async () => (await app.call('ledger.list', { limit: 1 }))[0]?.id ?? 0;
    /** Every ledger entry after `since` (public or not), as players would see it. */
    const madeSince = async (since: number) =>
      (await app.call('ledger.list', { limit: 500 }))
        .filter((e) => e.id > since)
        .map((e) => key({ explain: e.explain, at: e.at }));
    /** Runs a Judge command; returns the ledger entries it made. */
    const judge = async <K extends Parameters<typeof app.call>[0]>(
      command: K,
      args: Parameters<typeof app.call<K>>[1],
    ) => {
      const since = await newest();
      await app.call(command, args);
      return madeSince(since);
    };
    return { app, shown, judge };
  }
  const overlap = (a: string[], b: string[]) => a.filter((x) => b.includes(x));

  it("a room revealed ahead, on a floor the party is not on, shows none of its rolls; one on the party's floor does", async () => {
    const { app, shown, judge } = await setUp(true);
    const ahead = await judge('board.revealRoom', { floor: 3, x: 2, y: 2 });
    expect(ahead.length).toBeGreaterThan(0);
    expect(overlap(ahead, await shown())).toEqual([]);
    const here = await judge('board.revealRoom', { floor: 1, x: 2, y: 2 });
    expect(overlap(here, await shown()).length).toBeGreaterThan(0);
    app.close();
  }, 120_000);

  it('an undone action takes its rolls off the list; redone, they come back', async () => {
    const { app, shown, judge } = await setUp(false);
    // 100 gold given at the Square makes the next day roll its public d6 (ch.5).
    const giver = (await app.call('campaign.current', {}))!.roster[0]!.id;
    await app.call('lichslayer.gainGold', { id: giver, amount: 150 });
    await app.call('town.contribute', { id: giver, to: 'square', amount: 120 });
    const day = await judge('town.nextDay', {});
    const square = overlap(day, await shown());
    expect(square.length).toBeGreaterThan(0);
    await app.call('history.undo', {});
    expect(overlap(square, await shown())).toEqual([]);
    await app.call('history.redo', {});
    expect(overlap(square, await shown())).toEqual(square);
    // Undone, then replaced by another action: withdrawn for good.
    await app.call('history.undo', {});
    await app.call('lichslayer.create', { name: 'Newcomer' });
    expect(overlap(square, await shown())).toEqual([]);
    app.close();
  }, 120_000);

  it('an undone action whose step a new session drops (undo kept for one session) keeps its rolls off the list', async () => {
    const { app, shown, judge } = await setUp(false);
    await app.call('storage.setKeep', { undoSessions: 1, ledgerSessions: 3 });
    const giver = (await app.call('campaign.current', {}))!.roster[0]!.id;
    await app.call('lichslayer.gainGold', { id: giver, amount: 150 });
    await app.call('town.contribute', { id: giver, to: 'square', amount: 120 });
    const square = overlap(await judge('town.nextDay', {}), await shown());
    expect(square.length).toBe(1);
    await app.call('history.undo', {});
    await app.call('ledger.newSession', {});
    expect((await app.call('campaign.current', {}))!.history.canRedo).toBeNull();
    expect(overlap(square, await shown())).toEqual([]);
    app.close();
  }, 120_000);

  it('a room cleared and revealed afresh shows only its new rolls; undoing the clear brings the old ones back', async () => {
    const { app, shown, judge } = await setUp(true);
    const first = overlap(await judge('board.revealRoom', { floor: 1, x: 2, y: 2 }), await shown());
    expect(first.length).toBeGreaterThan(0);
    await app.call('board.resetRoom', { floor: 1, x: 2, y: 2 });
    const second = overlap(await judge('board.revealRoom', { floor: 1, x: 2, y: 2 }), await shown());
    expect(second.length).toBeGreaterThan(0);
    expect(overlap(first, await shown())).toEqual([]);
    await app.call('history.undo', {});
    await app.call('history.undo', {});
    expect(overlap(first, await shown())).toEqual(first);
    app.close();
  }, 120_000);

  it("an impossible room's discarded first roll never reaches the players; the re-roll that made the room does (ch.10)", async () => {
    const { app, shown, judge } = await setUp(true);
    // After a Sanity Break on this floor the Whispering Stair is impossible here, so seed 5's first
    // roll (7 on d12) is thrown away and re-rolled.
    const rooms = (await app.call('tables.get', { key: 'rooms-upper' })).table;
    const stair = rooms.rows.findIndex((r) => r.label === 'Whispering Stair');
    await app.call('tables.setRow', {
      key: 'rooms-upper',
      index: stair,
      row: { ...rooms.rows[stair]!, room: { ...rooms.rows[stair]!.room!, impossibleWhen: 'sanity-break' } },
    });
    const odile = (await app.call('campaign.current', {}))!.roster.find((l) => l.name === 'Odile Vantreck')!;
    await app.call('challenge.roll', { lichslayerId: odile.id, target: 12, sanity: true, cause: 'A vision', total: 3 });
    await app.call('dice.setSeed', { seed: 5 });
    const made = await judge('board.revealRoom', { floor: 1, x: 2, y: 2 });
    const discarded = made.filter((k) => k.includes('7 = 7 on d12 → Whispering Stair'));
    const reroll = made.filter((k) => / on d12 → /.test(k) && !k.includes('Whispering Stair'));
    expect(discarded).toHaveLength(1);
    expect(reroll).toHaveLength(1);
    const visible = await shown();
    expect(overlap(discarded, visible)).toEqual([]);
    expect(overlap(reroll, visible)).toEqual(reroll);
    expect(visible.filter((k) => k.includes('impossible'))).toEqual([]);
    const room = (await app.call('players.view', {})).rooms.find((r) => r.x === 2 && r.y === 2)!;
    expect(room.name).toBe(reroll[0]!.split('→ ')[1]!.split(' (')[0]);
    app.close();
  }, 120_000);

  it('a pre-rolled room the Judge rewrote before revealing it shows none of the pre-roll', async () => {
    const { app, shown, judge } = await setUp(true);
    const preroll = await judge('board.prerollRoom', { floor: 1, x: 3, y: 3 });
    expect(preroll.length).toBeGreaterThan(0);
    expect(overlap(preroll, await shown())).toEqual([]);
    await app.call('board.setRoom', { floor: 1, x: 3, y: 3, patch: { name: 'Hall of the Judge', type: 'hall' } });
    await app.call('board.revealRoom', { floor: 1, x: 3, y: 3 });
    expect(overlap(preroll, await shown())).toEqual([]);
    // Untouched, a pre-rolled room's rolls do come to light when it is revealed.
    const kept = await judge('board.prerollRoom', { floor: 1, x: 4, y: 4 });
    await app.call('board.revealRoom', { floor: 1, x: 4, y: 4 });
    expect(overlap(kept, await shown()).length).toBeGreaterThan(0);
    app.close();
  }, 120_000);
});
