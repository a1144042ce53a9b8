// The players' view never carries a secret and never lets one be inferred (design note 4):
// for many random board states, the serialized view holds none of the secret values, and its
// counts and turn order equal those computed from the visible entities alone.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { playerView } from './player-view.ts';
import { floorHandout, printGauntlets } from './print-view.ts';

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
  it('numbers visible entities afresh, so a hidden one leaves no gap in the names', async () => {
    const app = makeApp(tempDir());
    const view = await app.call('campaign.create', { name: 'Numbering' });
    await app.call('lichslayer.create', { name: 'Visible Hero' });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    app.close();
    const db = new Database(view.path);
    db.prepare(`INSERT INTO room (floor, x, y, revealed, room_type, name) VALUES (1, 0, 0, 1, 'vault', 'Open Vault')`).run();
    for (const [name, hidden] of [['Gnawer', 0], ['Gnawer 2', 1], ['Gnawer 3', 0]] as const) {
      db.prepare(`INSERT INTO token (kind, name, colour, floor, x, y, hidden) VALUES ('entity', ?, 'Red', 1, 0, 0, ?)`).run(name, hidden);
    }
    expect(playerView(db).tokens.map((t) => t.name).filter((n) => n.startsWith('Gnawer'))).toEqual(['Gnawer', 'Gnawer 2']);
    db.close();
  });

  it('leaks no secret and betrays no hidden entrant (many random board states)', async () => {
    const app = makeApp(tempDir());
    const view = await app.call('campaign.create', { name: 'Leak probe' });
    await app.call('lichslayer.create', { name: 'Visible Hero' });
    await app.call('lichslayer.update', { id: 1, patch: { hiddenClass: 'SECRET-CLASS-Witch', level: 1 } });
    app.close();
    const db = new Database(view.path);
    let probes = 0;

    fc.assert(
      fc.property(fc.array(roomArb, { minLength: 25, maxLength: 25 }), fc.array(tokenArb, { maxLength: 40 }), fc.integer({ min: 0, max: 2 ** 31 }), (rooms, tokens, shuffle) => {
        db.exec('DELETE FROM turn_stack; DELETE FROM token; DELETE FROM room; DELETE FROM setting WHERE key = \'board\'');
        db.prepare(`INSERT INTO setting (key, value) VALUES ('board', '{"partyFloor":1}')`).run();
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
          ).run(x, y, r.revealed ? 1 : 0, r.revealed ? 0 : 1, r.entered ? 1 : 0, r.type, name, trap && JSON.stringify({ label: trap, disabled: false, triggeredFor: [] }), chest && JSON.stringify({ opened: true, hasLoot: true, contents: chest }), r.stair ? 1 : 0, notes, r.revealed ? '' : `SECRET-DETAILS-${i}`);
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
            .prepare(`INSERT INTO token (kind, name, colour, floor, x, y, health, max_health, armor, stats, intention, hidden, defeated, placed_at) VALUES (?, ?, 'Red', ?, ?, ?, 7, 9, 2, ?, ?, ?, ?, ?)`)
            .run(t.kind, name, t.floor, t.x, t.y, JSON.stringify({ attack: `SECRET-ATTACK-${i}`, faction: 'Ghoul', level: 3 }), intention, t.hidden ? 1 : 0, t.defeated ? 1 : 0, i + 1);
          secrets.push(`SECRET-ATTACK-${i}`);
          ids.push(Number(info.lastInsertRowid));
        });
        // a random turn order over all tokens
        const order = [...ids].sort((a, b) => ((a * 2654435761 + shuffle) >>> 0) - ((b * 2654435761 + shuffle) >>> 0));
        order.forEach((id, position) => db.prepare(`INSERT INTO turn_stack (token_id, position) VALUES (?, ?)`).run(id, position));

        const pv = playerView(db);
        const text = JSON.stringify(pv);
        // what players' printouts are made from: the floor handout and the Gauntlet sheets
        const printed = JSON.stringify([floorHandout(db, 1), printGauntlets(db, view.path)]);
        for (const s of secrets) {
          probes += 2;
          if (text.includes(s)) throw new Error(`players' view leaks ${s}`);
          if (printed.includes(s)) throw new Error(`a players' printout leaks ${s}`);
        }
        // counts from visible entities only
        for (const room of pv.rooms) {
          const visibleHere = pv.tokens.filter((t) => t.x === room.x && t.y === room.y && t.kind === 'entity').length;
          expect(room.occupancy).toBe(visibleHere);
        }
        // turn order is the stack order of visible tokens, with no gaps to count
        const visibleNames = order.map((id) => db.prepare('SELECT name FROM token WHERE id = ?').get(id) as { name: string }).filter((r) => !r.name.startsWith('SECRET-')).map((r) => r.name);
        expect(pv.turnOrder.map((t) => t.name.replace(/ \d+$/, ''))).toEqual(visibleNames.map((n) => n.replace(/ \d+$/, '')));
        expect(pv.tokens.every((t) => /^t\d+$/.test(t.key))).toBe(true);
        expect(pv.tokens.map((t) => t.key)).toEqual(pv.tokens.map((_, i) => `t${i}`));
        // enemies show no numbers
        expect(pv.tokens.filter((t) => t.kind === 'entity').every((t) => t.health === null && t.armor === null)).toBe(true);
        return true;
      }),
      { numRuns: 150 },
    );
    expect(probes).toBeGreaterThan(6000);
    console.log(`leak probe: ${probes} secret values checked against the players' view and printouts, none found`);
    db.close();
  });
});
