// The fight through the real commands, on a real campaign file (rulebook ch.1, ch.4, ch.8, ch.9, ch.11-ch.14,
// ch.16): attacks and their dice in the ledger, Armor answering one instance, Blocks and integrity, 0 Health
// and its choice, the Lich and its Phylactery, Challenges and their presets. Fixed seeds, fixed expectations.
import { describe, expect, it } from 'vitest';
import type { BoardView, TokenView } from '@shared/board.ts';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { descendTo, intoTheVault, makeApp, openDemo, tempDir, type VaultEnemy } from '../test-support/temp-app.ts';
import { SPIKE_ROOM } from '../test-support/spike-room.ts';
import { landingsTo, reliquary, trapBeside } from '../test-support/floor-setups.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const tokenNamed = (b: BoardView, name: string): TokenView => b.tokens.find((t) => t.name === name)!;
const lichslayer = async (app: App, name: string) =>
  (await app.call('campaign.current', {}))!.roster.find((l) => l.name === name)!;
const ledgerOf = async (app: App, cause: string) =>
  (await app.call('ledger.list', {})).filter((e) => e.cause.startsWith(cause)).reverse();

/**
 * The demo party on Floor 1 in a prepared, empty Vault (no roll, no trap), Odile's maul listing its
 * damage (ch.13: an item's Effect lists its attack), and the given enemies in the Vault.
 */
async function inTheVault(seed: number, enemies: (VaultEnemy & { health: number; armor: number })[]) {
  const { app } = await openDemo(seed);
  const odile = await lichslayer(app, 'Odile Vantreck');
  await app.call('lichslayer.setItem', {
    id: odile.id,
    slot: 'gear',
    item: { name: 'Cinder Maul', colour: 'Red', notes: 'Attack: 2d6' },
  });
  const board = await intoTheVault(app, enemies);
  return { app, board, odile };
}

describe('attacks (ch.1, ch.4, ch.11, ch.13)', () => {
  it('only Gear or loot that allows the attack action attacks; the dice with +1d6 per Power above 6 go to the ledger and to the result the Judge reads; Armor negates the first instance, then Health drops; felled, the enemy counts 1 XP; undo', async () => {
    const { app, board, odile } = await inTheVault(16, [{ name: 'Gnawer', health: 12, armor: 1 }]);
    const gnawer = tokenNamed(board, 'Gnawer');
    const phase = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(phase.combat!.current).toBe('Odile Vantreck');
    const quillam = tokenNamed(board, 'Brother Quillam');
    expect(await app.dispatch('fight.attack', { attacker: quillam.id, target: gnawer.id })).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message:
          'Brother Quillam holds no Gear or loot that allows the attack action: loot and gear define what a character can do (ch.11). Nothing changed.',
      },
    });
    const me = tokenNamed(board, 'Odile Vantreck');
    const first = await app.call('fight.attack', { attacker: me.id, target: gnawer.id });
    expect(first.lines).toEqual([
      'Attack: Odile Vantreck → Gnawer with Cinder Maul: 16 damage',
      'Odile Vantreck: 16 damage = 2d6! + 1d6! Power above 6 (ch.4) [4, 6+2, 4] (ch.11)',
      "Armor negates the whole instance of 16 (Odile Vantreck's Cinder Maul): Armor 1 → 0; its other effects still resolve (ch.11)",
    ]);
    const roll = (await ledgerOf(app, 'Attack: Odile Vantreck → Gnawer'))[0]!;
    // 2d6 from the maul, +1d6 for Power 7 (ch.4); the six explodes (ch.11).
    expect(roll.explain).toBe('Odile Vantreck: 16 damage = 2d6! + 1d6! Power above 6 (ch.4) [4, 6+2, 4] (ch.11)');
    expect(roll.faces.map((f) => f.face)).toEqual([4, 6, 2, 4]);
    const second = await app.call('fight.attack', { attacker: me.id, target: gnawer.id });
    // Odile's equipped loot is Red and Black (Colourless does not count): Dual-Color doubles her damage to a Red enemy (ch.14).
    expect(second.lines).toEqual([
      'Attack: Odile Vantreck → Gnawer with Cinder Maul: 24 damage',
      'Odile Vantreck: 24 damage = 2d6! + 1d6! Power above 6 (ch.4) [5, 6+6+4, 3] (ch.11)',
      "48 to Gnawer's Health (no Armor left; ×2 attacker's Dual-Color against a Red enemy (ch.14): 24 → 48): 12 → 0 (ch.11)",
      'Odile Vantreck fells Gnawer: +1 XP (ch.1)',
      'No enemy stands on the turn stack: the fight can end (Combat over, ch.11)',
    ]);
    const after = await app.call('board.view', { floor: 1 });
    expect(tokenNamed(after, 'Gnawer')).toMatchObject({ health: 0, armor: 0, defeated: true });
    expect((await lichslayer(app, 'Odile Vantreck')).xp).toBe(odile.xp + 1);
    await app.call('history.undo', {});
    expect(tokenNamed(await app.call('board.view', { floor: 1 }), 'Gnawer')).toMatchObject({
      health: 12,
      armor: 0,
      defeated: false,
    });
    expect((await lichslayer(app, 'Odile Vantreck')).xp).toBe(odile.xp);
    app.close();
  });

  it('an enemy strikes on its own turn with its stat block, the weakest in reach by default (house rule); Armor negates one instance; a Block negates the next, rolls its integrity and costs the holder their next turn; once per Round', async () => {
    const { app, board } = await inTheVault(15, [{ name: 'Grey Hound', health: 20, armor: 0, attack: '1d6' }]);
    const sable = await lichslayer(app, 'Sable Hartigan');
    await app.call('lichslayer.setItem', {
      id: sable.id,
      slot: 'garment',
      item: { name: 'Hide Buckler', colour: 'Green', notes: 'Block: once a round, one instance.' },
    });
    const hound = tokenNamed(board, 'Grey Hound');
    let phase = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(
      await app.dispatch('fight.attack', { attacker: hound.id, target: tokenNamed(board, 'Sable Hartigan').id }),
    ).toMatchObject({
      ok: false,
      error: {
        message: "Grey Hound attacks on their own turn (ch.11); it is Odile Vantreck's turn now. Nothing changed.",
      },
    });
    let guard = 0;
    while (phase.combat!.currentTokenId !== hound.id && guard++ < 20) phase = await app.call('phase.nextTurn', {});
    const options = await app.call('fight.options', { attacker: hound.id });
    expect(options).toMatchObject({
      refused: null,
      statDamage: '1d6',
      defaultTarget: tokenNamed(board, 'Sable Hartigan').id,
      defaultExplain: 'Sable Hartigan, the weakest in reach (24 Health) (house rule)',
    });
    // ch.13: the holder, or a character adjacent to the target (Odile, in the same room), may Block.
    expect(options.targets.find((t) => t.name === 'Sable Hartigan')!.blockers).toEqual([
      {
        lichslayerId: (await lichslayer(app, 'Odile Vantreck')).id,
        name: 'Odile Vantreck',
        slot: 'garment',
        item: 'Tar-stitched Coat',
      },
      { lichslayerId: sable.id, name: 'Sable Hartigan', slot: 'garment', item: 'Hide Buckler' },
    ]);
    const first = await app.call('fight.attack', { attacker: hound.id, target: options.defaultTarget! });
    expect(first.lines).toEqual([
      'Attack: Grey Hound → Sable Hartigan: 5 damage',
      'Grey Hound: 5 damage = 1d6! [5] (ch.11)',
      "Armor negates the whole instance of 5 (Grey Hound's attack): Armor 6 → 5; its other effects still resolve (ch.11)",
    ]);
    expect((await lichslayer(app, 'Sable Hartigan')).armor).toBe(5);
    const blocked = await app.call('fight.attack', {
      attacker: hound.id,
      target: options.defaultTarget!,
      block: { lichslayerId: sable.id, slot: 'garment' },
    });
    expect(blocked.lines).toEqual([
      'Attack: Grey Hound → Sable Hartigan: 8 damage',
      'Grey Hound: 8 damage = 1d6! [6+2] (ch.11)',
      "Sable Hartigan's Hide Buckler blocks the instance of 8: no damage; the blocking item rolls an integrity check (ch.13)",
      'Integrity of Hide Buckler: 2 on d6, it holds (ch.11)',
      "Sable Hartigan gives up their next turn: Hide Buckler's Block was a Response (ch.13, ch.15)",
    ]);
    expect((await app.call('phase.view', {})).combat).toMatchObject({ current: 'Grey Hound' });
    expect(await lichslayer(app, 'Sable Hartigan')).toMatchObject({ armor: 5, health: 24 });
    expect(
      await app.dispatch('fight.attack', {
        attacker: hound.id,
        target: options.defaultTarget!,
        block: { lichslayerId: sable.id, slot: 'garment' },
      }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          'That Block is not possible: the holder must be Sable Hartigan or adjacent to them, with an intact Block item not yet used this Round (ch.13). Nothing changed.',
      },
    });
    const ledger = await ledgerOf(app, 'Attack: Grey Hound → Sable Hartigan');
    expect(ledger.map((e) => e.explain)).toEqual([
      'Grey Hound: 5 damage = 1d6! [5] (ch.11)',
      "Armor negates the whole instance of 5 (Grey Hound's attack): Armor 6 → 5; its other effects still resolve (ch.11)",
      'Grey Hound: 8 damage = 1d6! [6+2] (ch.11)',
      "Sable Hartigan's Hide Buckler blocks the instance of 8: no damage; the blocking item rolls an integrity check (ch.13)",
      'Integrity of Hide Buckler: 2 on d6, it holds (ch.11) — after its Block (ch.13)',
    ]);
    // Sable's next turn is given up for the Block (ch.15): the round goes from the Hound to its end.
    phase = await app.call('phase.nextTurn', {});
    expect(phase.combat!.atRoundEnd).toBe(true);
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      phase = await app.call('phase.nextTurn', {});
      if (phase.combat!.current) seen.push(phase.combat!.current);
    }
    // One press a turn (no enemy stands apart to move between them); Sable's owed turn is skipped, then the round ends and the next begins.
    expect(seen).toEqual(['Odile Vantreck', 'Brother Quillam', 'Wren of the Hollow', 'Grey Hound', 'Odile Vantreck']);
    app.close();
  });
});

describe('0 Health (ch.10, ch.11)', () => {
  it('at 0 Health the others are shaken and the character chooses: press on at 1 Health, or withdraw and leave the dive; the third time on a floor is permanent', async () => {
    const { app, board } = await inTheVault(13, []);
    const quillam = tokenNamed(board, 'Brother Quillam');
    const hit = (target: number) =>
      app.call('fight.damage', { target, amount: 60, label: 'A falling bell', bypassArmor: true });
    const first = await hit(quillam.id);
    expect(first.atZero).toEqual([
      {
        lichslayerId: quillam.lichslayerId,
        name: 'Brother Quillam',
        explain: '0 Health (1 of 3 on this floor): withdraw from the floor, or press on at 1 Health (ch.11)',
      },
    ]);
    expect(
      first.lines.filter((l) => l.startsWith('Brother Quillam reached 0 Health (ch.11; target house rule)')),
    ).toHaveLength(3);
    const pressed = await app.call('fight.atZero', { lichslayerId: quillam.lichslayerId!, choice: 'press-on' });
    expect(pressed.lines).toEqual(['Brother Quillam presses on at 1 Health (ch.11)']);
    expect((await lichslayer(app, 'Brother Quillam')).health).toBe(1);
    expect((await hit(quillam.id)).atZero[0]!.explain).toBe(
      '0 Health (2 of 3 on this floor): withdraw from the floor, or press on at 1 Health (ch.11)',
    );
    await app.call('fight.atZero', { lichslayerId: quillam.lichslayerId!, choice: 'press-on' });
    const third = await hit(quillam.id);
    expect(third.atZero).toEqual([]);
    expect(third.lines).toContain('Brother Quillam: Third time at 0 Health on this floor: permanently lost (ch.11)');
    expect(third.lines).toContain('Brother Quillam is permanently lost (ch.10, ch.11)');
    expect((await app.call('phase.view', {})).dive.lost).toEqual(['Brother Quillam']);
    const wren = tokenNamed(board, 'Wren of the Hollow');
    await hit(wren.id);
    const gone = await app.call('fight.atZero', { lichslayerId: wren.lichslayerId!, choice: 'withdraw' });
    expect(gone.lines).toEqual(['Wren of the Hollow withdraws: they leave the floor and their dive ends (ch.11)']);
    expect((await app.call('board.view', { floor: 1 })).tokens.map((t) => t.name)).not.toContain('Wren of the Hollow');
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const two = await app.call('board.view', { floor: 2 });
    expect(
      two.tokens
        .filter((t) => t.kind === 'lichslayer')
        .map((t) => t.name)
        .sort(),
    ).toEqual(['Odile Vantreck', 'Sable Hartigan']);
    expect(await app.dispatch('fight.atZero', { lichslayerId: wren.lichslayerId!, choice: 'press-on' })).toMatchObject({
      ok: false,
      error: { code: 'refused' },
    });
    app.close();
  });
});

describe('rooms on entry (ch.8, ch.9, ch.10)', () => {
  it("a trap's d6 is rolled on its tier's table for each character entering, and the row's effect lands; a listed effect is used instead of the roll; once per character", async () => {
    const { app, board } = await inTheVault(27, []);
    await app.call('board.setRoom', {
      floor: 1,
      x: 1,
      y: 0,
      patch: { type: 'chamber', name: 'Snare Room', trap: { label: 'A hidden trap', disabled: false } },
      revealed: true,
    });
    await app.call('board.setRoom', SPIKE_ROOM);
    const odile = tokenNamed(board, 'Odile Vantreck');
    const sable = tokenNamed(board, 'Sable Hartigan');
    const a = await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 1, y: 0 });
    expect(a.notices).toEqual([
      'Trap triggers for Odile Vantreck: Dust of sleep — A Challenge (target 6) stays awake; otherwise the next turn is lost. (ch.9)',
      'Dust of sleep: Challenge to escape it (trap table): Odile Vantreck succeeds (11 = 2d6! [2, 6+3] vs 6: meets the target (ch.1))',
    ]);
    const b = await app.call('board.moveToken', { tokenId: sable.id, floor: 1, x: 1, y: 0 });
    // Out of a fight, the poison's second round ticks at once (ch.9, ch.11).
    expect(b.notices).toEqual([
      'Trap triggers for Sable Hartigan: Poison dart — 1d6 ongoing damage for two rounds: Armor does not answer it. (ch.9)',
      "1 to Sable Hartigan's Health (ongoing, not an instance): 24 → 23 (ch.11)",
      'Poison dart (round 2 of 2, no fight on): 1 = 1d6! [1], ongoing (ch.9, ch.11)',
      "1 to Sable Hartigan's Health (ongoing, not an instance): 23 → 22 (ch.11)",
    ]);
    const rolls = await ledgerOf(app, 'Trap at F1 (2,1) for');
    // Each character's own d6 on the Upper Tombs' trap table (ch.9).
    expect(rolls.map((e) => [e.cause, e.table, e.explain])).toEqual([
      ['Trap at F1 (2,1) for Odile Vantreck', 'traps-upper', '5 = 5 on d6 → Dust of sleep (Traps: Upper Tombs)'],
      ['Trap at F1 (2,1) for Sable Hartigan', 'traps-upper', '2 = 2 on d6 → Poison dart (Traps: Upper Tombs)'],
    ]);
    const c = await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 0 });
    const d = await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 3, y: 0 });
    expect(c.notices ?? []).toEqual([]);
    expect(d.notices).toEqual([
      'Trap triggers for Odile Vantreck: Spiked floor (ch.9)',
      "10 to Odile Vantreck's Health (bypasses Armor): 30 → 20 (ch.11)",
    ]);
    const e = await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 0 });
    const f = await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 3, y: 0 });
    expect(f.notices ?? []).toEqual([]);
    expect(e.notices ?? []).toEqual([]);
    expect(await lichslayer(app, 'Odile Vantreck')).toMatchObject({ health: 20, armor: 5 });
    app.close();
  });

  it('a Sanity Test room calls a Sanity Challenge of each Lichslayer entering (target: the house rule, shifted by the Attention)', async () => {
    const { app, board } = await inTheVault(22, []);
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 1,
      patch: { type: 'hall', name: 'Whispering Stair', sanityTest: true },
      revealed: true,
    });
    await app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: 1 } });
    const b = await app.call('board.moveToken', {
      tokenId: tokenNamed(board, 'Brother Quillam').id,
      floor: 1,
      x: 2,
      y: 1,
    });
    expect(b.notices).toEqual([
      "Whispering Stair is a Sanity Test (ch.8, ch.11; target house rule): Brother Quillam fails (0 = 1d6! [1] − 1 (Sanity Strange (ch.8)) vs 14 (12 + 2, Lich's Attention Stage 1 (ch.5)): all natural 1s: fails (ch.1)) and drops to Edge (ch.8); a natural 1: Integrity of Iron-ribbed Lantern: 1 on d6, it breaks (ch.11), on the first equipped item that can break, Iron-ribbed Lantern (house rule): Iron-ribbed Lantern leaves its slot for the inventory, broken; it confers no effect and counts toward no synchronicity until the Smith repairs it",
    ]);
    expect((await lichslayer(app, 'Brother Quillam')).sanity).toBe('edge');
    app.close();
  });

  it("a chest opened by the Lichslayer at it: the d6, their loot roll with their penalties, the Judge's gold roll onto their Gauntlet (XP from gold); Edge loots again in the same round only with a Challenge of 12", async () => {
    const { app, board } = await inTheVault(23, [{ name: 'Tallow Ghoul', health: 9, armor: 0 }]);
    await app.call('houseRules.update', { patch: { chestSuccessOn: 1 } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { chest: true, gold: 90 } });
    const wren = await lichslayer(app, 'Wren of the Hollow');
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const opened = await app.call('board.openChest', { floor: 1, x: 2, y: 0, lichslayerId: wren.id });
    expect(opened.notices).toEqual([
      'Wren of the Hollow opens the chest: 6 on d6 (loot on 1+): the chest holds loot (ch.9)',
      'Wren of the Hollow takes Scarlet Cleaver into a Loot slot (loot3) (ch.13)',
      'Wren of the Hollow gains 50 gold: 50 gold gained ÷ 36 = 1 XP (ch.1)',
    ]);
    expect(opened.rooms.find((r) => r.x === 2 && r.y === 0)!.chest).toEqual({
      opened: true,
      hasLoot: true,
      contents: '',
      goldFormula: '1d6x10',
      gold: 50,
      openedBy: 'Wren of the Hollow',
    });
    const after = await lichslayer(app, 'Wren of the Hollow');
    expect(after).toMatchObject({ gold: wren.gold + 50, life: { goldGained: wren.life.goldGained + 50 } });
    expect(after.items.loot3).toEqual({
      name: 'Scarlet Cleaver',
      colour: 'Red',
      broken: false,
      notes: 'Attack: 1d6 damage.',
    });
    const loot = (await ledgerOf(app, 'Chest at F1 (3,1), opened by Wren of the Hollow: loot'))[0]!;
    // The player's loot roll: 1d100 + (Floor − 5) × 10 with Wren's Edge penalty (ch.1, ch.8).
    expect(loot.explain).toMatch(/^\d+ = \d+ on d100 − 40 \(Floor 1\) − 2 \(Sanity Edge \(ch\.8\)\)/);
    const gold = await app.call('board.takeGold', { floor: 1, x: 2, y: 0, to: wren.id });
    expect(gold.notices).toEqual([
      'Wren of the Hollow loots the gold of Quiet Vault: Edge looted in round 1: round 1 is an off-round, a Challenge of 12 to loot (ch.8): Wren of the Hollow fails (4 = 3d6! [1, 1, 4] − 2 (Sanity Edge (ch.8)) vs 12: short of the target (ch.1)); a natural 1: Integrity of Thornwood Staff: 3 on d6, it holds (ch.11), on the first equipped item that can break, Thornwood Staff (house rule)',
      'Nobody may loot the gold this round; it stays in the room (ch.8)',
    ]);
    expect(gold.rooms.find((r) => r.x === 2 && r.y === 0)!.gold).toBe(90);
    void board;
    app.close();
  });

  it('room gold is split evenly between the Lichslayers in the room; what does not divide stays', async () => {
    const { app } = await inTheVault(24, []);
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { gold: 103 } });
    const before = (await app.call('campaign.current', {}))!.roster;
    const b = await app.call('board.takeGold', { floor: 1, x: 2, y: 0, to: 'split' });
    expect(b.notices![0]).toBe('103 gold split between 4: 25 each; 3 that does not divide evenly stays in the room');
    expect(b.rooms.find((r) => r.x === 2 && r.y === 0)!.gold).toBe(3);
    const after = (await app.call('campaign.current', {}))!.roster;
    expect(after.map((l) => l.gold - before.find((x) => x.id === l.id)!.gold)).toEqual([25, 25, 25, 25]);
    expect(after.map((l) => l.life.goldGained - before.find((x) => x.id === l.id)!.life.goldGained)).toEqual([
      25, 25, 25, 25,
    ]);
    app.close();
  });

  it('ch.10: after a Sanity Break on the floor, a room the table makes impossible is re-rolled once, and a second impossible roll leaves it empty', async () => {
    const { app } = await inTheVault(25, []);
    const table = (await app.call('tables.get', { key: 'rooms-upper' })).table;
    for (const [i, row] of table.rows.entries())
      await app.call('tables.setRow', {
        key: 'rooms-upper',
        index: i,
        row: { ...row, room: { ...row.room!, impossibleWhen: 'sanity-break' } },
      });
    const odile = await lichslayer(app, 'Odile Vantreck');
    const failed = await app.call('challenge.roll', {
      lichslayerId: odile.id,
      target: 12,
      sanity: true,
      cause: 'A vision of the Lich',
      total: 3,
    });
    expect(failed.lines).toEqual([
      "Odile Vantreck: A vision of the Lich: Odile Vantreck fails (3, the Judge's call (set by hand instead of the roll) vs 12: short of the target) and drops to Strange (ch.8)",
    ]);
    const b = await app.call('board.revealRoom', { floor: 1, x: 1, y: 0 });
    expect(b.rooms.find((r) => r.x === 1 && r.y === 0)).toMatchObject({
      name: 'Empty room',
      type: 'antechamber',
      trap: null,
      chest: null,
      gold: 0,
    });
    const ledger = await ledgerOf(app, 'Reveal F1 (2,1)');
    expect(ledger.map((e) => e.explain)).toEqual([
      '12 = 12 on d12 → Ghoul Larder (Upper Tombs Rooms (Floors 1-3))',
      '8 = 8 on d12 → Sexton’s Storeroom (Upper Tombs Rooms (Floors 1-3))',
      'the first roll was impossible after a Sanity Break on this floor, and the re-roll impossible after a Sanity Break on this floor: the room is empty (ch.10)',
    ]);
    app.close();
  });

  it('ch.10: a Lost character revealing a room re-rolls a natural 1 once per dive', async () => {
    const { app, board } = await inTheVault(1, []);
    const wren = await lichslayer(app, 'Wren of the Hollow');
    await app.call('lichslayer.update', { id: wren.id, patch: { sanity: 'lost' } });
    await app.call('dice.setSeed', { seed: 12 });
    const b = await app.call('board.moveToken', {
      tokenId: tokenNamed(board, 'Wren of the Hollow').id,
      floor: 1,
      x: 1,
      y: 0,
    });
    const ledger = await ledgerOf(app, 'Reveal F1 (2,1)');
    expect(ledger.map((e) => e.explain).slice(0, 2)).toEqual([
      '2 = 2 on d12 [natural 1 re-rolled by a Lost character (ch.10)] → Collapsed Ossuary (Upper Tombs Rooms (Floors 1-3))',
      "Wren of the Hollow spends this dive's re-roll of a natural 1 on a room roll (ch.10)",
    ]);
    expect(ledger[0]!.faces.slice(0, 2).map((f) => f.face)).toEqual([1, 2]);
    expect(b.notices![0]).toBe('Wren of the Hollow reveals Collapsed Ossuary (hall)');
    await app.call('dice.setSeed', { seed: 12 });
    await app.call('board.moveToken', { tokenId: tokenNamed(board, 'Wren of the Hollow').id, floor: 1, x: 0, y: 0 });
    const again = await ledgerOf(app, 'Reveal F1 (1,1)');
    // Once per dive: the same natural 1 now stands.
    expect(again.map((e) => e.explain)).toEqual(['1 = 1 on d12 → Empty Antechamber (Upper Tombs Rooms (Floors 1-3))']);
    app.close();
  });
});

describe('the Lich and its Phylactery (ch.10, ch.12, ch.16)', () => {
  it('Floor 10: the Lich scaled by the Vestments worn and the Lost on the dive; immune to Colourless; its touch calls Sanity 18; the Phylactery only from its room, destroyed through the dive machine; then the true defeat, which ends the dive’s summary with the Tomb', async () => {
    const { app } = await openDemo(31);
    await app.call('houseRules.update', { patch: { lichOnFloorTen: true } });
    const roster = (await app.call('campaign.current', {}))!.roster;
    const [odile, , , wren] = roster;
    await app.call('lichslayer.setItem', {
      id: odile!.id,
      slot: 'gear',
      item: { name: 'Cinder Maul', colour: 'Red', notes: 'Attack: 2d6' },
    });
    await app.call('lichslayer.setItem', { id: odile!.id, slot: 'loot3', item: { name: 'Candles', colour: 'Blue' } });
    await app.call('lichslayer.update', { id: wren!.id, patch: { sanity: 'lost' } });
    await landingsTo(app, 10);
    await reliquary(app, { x: 3, type: 'chamber' });
    await descendTo(app, 10);
    const board = await app.call('board.view', { floor: 10 });
    const lich = board.tokens.find((t) => t.stats.lich)!;
    // ch.12: 144 + 12 per player at Lost (Wren, on the dive) + 24 per Unbound Vestment worn (Odile's Candles).
    expect(lich).toMatchObject({ health: 180, maxHealth: 180, armor: 18 });
    const immune = await app.call('fight.damage', {
      target: lich.id,
      amount: 40,
      label: 'Grey Hush',
      colour: 'Colourless',
      bypassArmor: true,
    });
    expect(immune.lines).toEqual([
      "Grey Hush: 40 to The Lich, the Judge's hand",
      'The Lich is immune to Colourless damage: Grey Hush does nothing (ch.16)',
    ]);
    const touch = await app.call('fight.attack', {
      attacker: lich.id,
      target: tokenNamed(board, 'Odile Vantreck').id,
      outOfTurn: true,
    });
    expect(touch.lines).toEqual([
      'Attack: The Lich → Odile Vantreck: 10 damage',
      'The Lich: 10 damage = 4d6! [1, 2, 4, 3] (ch.11)',
      "Armor negates the whole instance of 10 (The Lich's attack): Armor 5 → 4; its other effects still resolve (ch.11)",
      "The Lich's touch: Sanity Challenge on a hit (ch.12): Odile Vantreck fails (9 = 2d6! [5, 4] vs 22 (18 + 4, Lich's Attention Stage 2 (ch.5)): short of the target (ch.1)) and drops to Strange (ch.8)",
    ]);
    const phylactery = board.tokens.find((t) => t.kind === 'phylactery')!;
    expect(
      await app.dispatch('fight.attack', {
        attacker: tokenNamed(board, 'Odile Vantreck').id,
        target: phylactery.id,
        outOfTurn: true,
      }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          'The Phylactery cannot be targeted remotely: Odile Vantreck must be in its room to attack it (ch.12). Nothing changed.',
      },
    });
    await app.call('board.setRoom', { floor: 10, x: 3, y: 0, patch: {}, revealed: true });
    await app.call('board.moveToken', { tokenId: tokenNamed(board, 'Odile Vantreck').id, floor: 10, x: 3, y: 0 });
    const broke = await app.call('fight.damage', {
      target: phylactery.id,
      amount: 80,
      label: 'a Prismatic Maul',
      colour: 'All-Color',
    });
    expect(broke.lines).toEqual([
      "a Prismatic Maul: 80 to The Phylactery, the Judge's hand",
      "80 to The Phylactery's Health (All-Color passes its Armor): 72 → 0 (ch.11)",
      'The Phylactery is brought to 0 Health',
      "The Phylactery is destroyed: the waves stop and the Lich's Revival is denied (ch.10, ch.12)",
    ]);
    expect((await app.call('phase.view', {})).dive.actions.find((a) => a.type === 'LEAVE_TOMB')!.allowed).toBe(true);
    await app.call('history.undo', {});
    // Crush, instead: the Phylactery to 0 in one action, whatever the amount (ch.12).
    const crushed = await app.call('fight.damage', { target: phylactery.id, amount: 1, label: 'Crush', crush: true });
    expect(crushed.lines.slice(1, 3)).toEqual([
      'Crush reduces The Phylactery to 0 in one action (ch.12)',
      'The Phylactery is brought to 0 Health',
    ]);
    const down = await app.call('fight.damage', {
      target: lich.id,
      amount: 500,
      label: 'Everything',
      colour: 'All-Color',
    });
    expect(down.lines.slice(-1)).toEqual([
      'The Lich is down and its Phylactery is destroyed: it stays dead (ch.12, ch.16)',
    ]);
    const end = await app.call('phase.send', { event: { type: 'LICH_DEFEATED' } });
    expect(end.notices).toEqual([
      "The Lich is destroyed for good: 300 gold = 12d6! [6+3, 5, 1, 5, 2, 3, 5, 1, 3, 2, 6+4, 4] × 6, one of every faction's signature loot, and colour returns by 1 × 10 = 10 % over the week; the campaign ends (ch.12). The Judge shares the hoard out with “Gold found” on each Gauntlet.",
    ]);
    expect(end.dive).toMatchObject({
      state: 'resolved',
      ending: 'The Lich is destroyed for good: the campaign is won (ch.16)',
    });
    expect(await app.call('journal.summary', { of: 'dive' })).toMatchObject({
      of: 'dive',
      summary: { ending: 'resolved', floors: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    });
    app.close();
  });

  it('ch.11: killing a player costs the killer a Sanity Challenge of 12; on Floor 10 there is no withdrawal', async () => {
    const { app } = await openDemo(32);
    const [odile, , sable] = (await app.call('campaign.current', {}))!.roster;
    await app.call('lichslayer.setItem', {
      id: odile!.id,
      slot: 'gear',
      item: { name: 'Cinder Maul', colour: 'Red', notes: 'Attack: 2d6' },
    });
    await landingsTo(app, 10);
    await descendTo(app, 10);
    await app.call('lichslayer.update', { id: sable!.id, patch: { armor: 0 } });
    const board = await app.call('board.view', { floor: 10 });
    const kill = await app.call('fight.attack', {
      attacker: tokenNamed(board, 'Odile Vantreck').id,
      target: tokenNamed(board, 'Sable Hartigan').id,
      outOfTurn: true,
      damage: 99,
    });
    expect(kill.lines.slice(-3)).toEqual([
      'Sable Hartigan: No withdrawal on Floor 10: permanently lost (ch.10)',
      'Sable Hartigan is permanently lost (ch.10, ch.11)',
      "Odile Vantreck killed Sable Hartigan, a player (ch.11): Odile Vantreck fails (5 = 2d6! [3, 3] − 1 (Sanity Strange (ch.8)) vs 16 (12 + 4, Lich's Attention Stage 2 (ch.5)): short of the target (ch.1)) and drops to Edge (ch.8)",
    ]);
    expect(kill.atZero).toEqual([]);
    expect((await app.call('phase.view', {})).dive.lost).toEqual(['Sable Hartigan']);
    app.close();
  });
});

describe('a player killed by the Judge’s hand (ch.11)', () => {
  it('ch.11: damage by hand that kills a player, felled by another Lichslayer, costs that killer the Sanity Challenge of 12 an attack would', async () => {
    const { app } = await openDemo(32);
    const [, , sable] = (await app.call('campaign.current', {}))!.roster;
    await landingsTo(app, 10);
    await descendTo(app, 10);
    await app.call('lichslayer.update', { id: sable!.id, patch: { armor: 0 } });
    const board = await app.call('board.view', { floor: 10 });
    const kill = await app.call('fight.damage', {
      target: tokenNamed(board, 'Sable Hartigan').id,
      amount: 99,
      label: 'Shove into the pit',
      felledBy: tokenNamed(board, 'Odile Vantreck').id,
    });
    expect(kill.lines.slice(-2)).toEqual([
      'Sable Hartigan is permanently lost (ch.10, ch.11)',
      "Odile Vantreck killed Sable Hartigan, a player (ch.11): Odile Vantreck fails (5 = 2d6! [3, 3] − 1 (Sanity Strange (ch.8)) vs 16 (12 + 4, Lich's Attention Stage 2 (ch.5)): short of the target (ch.1)) and drops to Edge (ch.8)",
    ]);
    expect((await lichslayer(app, 'Odile Vantreck')).sanity).toBe('edge');
    app.close();
  });
});

describe('the Lich in the Town (ch.16)', () => {
  it('the manifested Lich strikes the richest by default; its damage is Colourless and Lich-type: a Sanity Challenge of 12 for each instance', async () => {
    const { app } = await openDemo(33);
    await app.call('phase.attention', { event: { type: 'CROWN' } });
    let phase = await app.call('phase.send', { event: { type: 'MANIFEST' } });
    const lich = phase.combat!.entrants.find((e) => e.name === 'The Lich')!;
    let guard = 0;
    while (phase.combat!.currentTokenId !== lich.tokenId && guard++ < 20) phase = await app.call('phase.nextTurn', {});
    const options = await app.call('fight.options', { attacker: lich.tokenId });
    expect(options).toMatchObject({
      statDamage: '6d6',
      defaultExplain: 'Sable Hartigan, the character holding the most gold (1210) (ch.16)',
    });
    const hit = await app.call('fight.attack', { attacker: lich.tokenId, target: options.defaultTarget! });
    expect(hit.lines.slice(3)).toEqual([
      "Damage from The Lich, a Lich-type source (ch.8): Sable Hartigan fails (-1 = 1d6! [3] − 4 (Sanity Lost (ch.8)) vs 18 (12 + 6, Lich's Attention Stage 4 (ch.5, house rule)): short of the target (ch.1)) and drops to Lost (ch.8)",
    ]);
    expect((await lichslayer(app, 'Sable Hartigan')).armor).toBe(5);
    expect(options.targets.every((t) => t.inReach)).toBe(true);
    app.close();
  });
});

describe('loot integrity (ch.11, ch.13)', () => {
  it('the Judge calls an integrity check on an equipped item; a broken weapon attacks no more; an unbreakable item never breaks', async () => {
    const { app, board } = await inTheVault(41, [{ name: 'Gnawer', health: 12, armor: 0 }]);
    const odile = await lichslayer(app, 'Odile Vantreck');
    await app.call('dice.setSeed', { seed: 4 });
    const held = await app.call('fight.integrity', { lichslayerId: odile.id, slot: 'gear' });
    expect(held.lines).toEqual(['Integrity of Cinder Maul: 5 on d6, it holds (ch.11)']);
    const broke = await app.call('fight.integrity', { lichslayerId: odile.id, slot: 'gear', result: 'breaks' });
    expect(broke.lines).toEqual([
      "Integrity of Cinder Maul: it breaks, the Judge's call (ch.11)",
      'Cinder Maul breaks: it leaves its slot for the inventory, broken; it confers no effect and counts toward no synchronicity until the Smith repairs it (ch.11)',
    ]);
    expect((await lichslayer(app, 'Odile Vantreck')).items.gear).toBeNull();
    expect(
      await app.dispatch('fight.attack', {
        attacker: tokenNamed(board, 'Odile Vantreck').id,
        target: tokenNamed(board, 'Gnawer').id,
      }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          'Odile Vantreck holds no Gear or loot that allows the attack action: loot and gear define what a character can do (ch.11). Nothing changed.',
      },
    });
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'loot3',
      item: { name: 'Bone Crown', colour: 'Red', notes: 'Unbreakable.' },
    });
    expect(await app.dispatch('fight.integrity', { lichslayerId: odile.id, slot: 'loot3' })).toMatchObject({
      ok: false,
      error: { message: 'Bone Crown is unbreakable (ch.11). Nothing changed.' },
    });
    app.close();
  });
});

describe('Challenges (ch.1, ch.2, ch.8)', () => {
  it('the named Challenges arise where they apply (Paranoid looting 18, Predict at level × 3, a Sanity Test room); a roll with a natural 1 breaks an item on a 1; the Judge may set the total', async () => {
    const { app, board } = await inTheVault(5, [{ name: 'Gnawer', health: 12, armor: 0 }]);
    const quillam = await lichslayer(app, 'Brother Quillam');
    await app.call('lichslayer.update', { id: quillam.id, patch: { sanity: 'paranoid', capstone: 'Predict' } });
    const setup = await app.call('challenge.presets', { lichslayerId: quillam.id });
    expect(setup.roller).toMatchObject({
      name: 'Brother Quillam',
      level: 1,
      modifiers: [{ source: 'Sanity Paranoid (ch.8)', value: -3 }],
      explain: '1d6, Sanity Paranoid (ch.8) −3',
    });
    expect(setup.presets.map((p) => [p.key, p.target])).toEqual([
      ['paranoid-looting', 18],
      [`predict:${tokenNamed(board, 'Gnawer').id}`, 6],
      ['sanity:lich-damage', 12],
      ['sanity:pvp-kill', 12],
    ]);
    expect(setup.integrity.map((i) => i.slot)).toEqual(['gear', 'garment', 'loot1']);
    await app.call('dice.setSeed', { seed: 5 });
    const rolled = await app.call('challenge.roll', { lichslayerId: quillam.id, preset: 'paranoid-looting' });
    expect(rolled).toEqual({
      lines: [
        'Brother Quillam: Loot at Paranoid — Paranoid must pass a Challenge, target 18, to loot at all (ch.8): Brother Quillam fails (-2 = 1d6! [1] − 3 (Sanity Paranoid (ch.8)) vs 18: all natural 1s: fails (ch.1)); a natural 1: Integrity of Iron-ribbed Lantern: 4 on d6, it holds (ch.11), on the first equipped item that can break, Iron-ribbed Lantern (house rule)',
      ],
      damage: null,
      challenge: { total: -2, target: 18, success: false },
      atZero: [],
      step: 'Challenge: Brother Quillam',
    });
    // Even a roll that changed nothing else is one undo step of its own, for the Judge's override.
    expect((await app.call('campaign.current', {}))!.history.canUndo).toBe('Challenge: Brother Quillam');
    const judged = await app.call('challenge.roll', {
      lichslayerId: quillam.id,
      preset: `predict:${tokenNamed(board, 'Gnawer').id}`,
      total: 7,
    });
    expect(judged.challenge).toEqual({ total: 7, target: 6, success: true });
    expect(judged.lines[0]).toMatch(
      /^Brother Quillam: Predict Gnawer — Target 6 = level 2 × 3: .* Brother Quillam succeeds \(7, the Judge's call \(set by hand instead of the roll\) vs 6: meets the target\)$/,
    );
    expect(await app.dispatch('challenge.roll', { lichslayerId: quillam.id, preset: 'influence-lich' })).toMatchObject({
      ok: false,
      error: { message: '“influence-lich” is not a Challenge that arises for Brother Quillam now. Nothing changed.' },
    });
    app.close();
  });
});

describe('the board under the Attention (ch.5, ch.9, ch.10)', () => {
  it('a Shrine holds no enemy until Stage 2 makes it unsafe on floors 1-5; then the house rule says how many', async () => {
    const { app } = await inTheVault(51, []);
    await app.call('board.setRoom', {
      floor: 1,
      x: 0,
      y: 0,
      patch: { type: 'shrine', name: 'Tallow Chapel' },
      revealed: true,
    });
    const add = () =>
      app.dispatch('board.addToken', {
        kind: 'entity',
        name: 'Ghoul',
        colour: 'Red',
        floor: 1,
        x: 0,
        y: 0,
        health: 6,
        armor: 0,
      });
    expect(await add()).toMatchObject({
      ok: false,
      error: { message: 'A Shrine / Rest room holds no enemies while it is safe (ch.9). Ghoul was not added.' },
    });
    await app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: 2 } });
    await app.call('houseRules.update', { patch: { unsafeShrineCapacity: 1 } });
    expect(await add()).toMatchObject({ ok: true });
    expect(await add()).toMatchObject({
      ok: false,
      error: {
        message:
          'The Shrine / Rest is full (1 of 1, unsafe at this Attention (ch.5)): it blocks passage until an entity leaves (ch.9). Ghoul was not added.',
      },
    });
    expect((await app.call('board.view', { floor: 1 })).rooms.find((r) => r.x === 0 && r.y === 0)).toMatchObject({
      capacity: 1,
      occupancy: 1,
      full: true,
    });
    app.close();
  });

  it('ch.10: a Lichslayer standing in a cleared room of Floor 9 has cleared it: the Gate opens from the board', async () => {
    const { app } = await openDemo(52);
    await landingsTo(app, 9);
    let phase = await app.call('phase.view', {});
    for (let f = 0; f < 9; f++) phase = await app.call('phase.send', { event: { type: 'DESCEND' } });
    expect(phase.notices!.slice(1)).toEqual(
      ['Odile Vantreck', 'Brother Quillam', 'Sable Hartigan', 'Wren of the Hollow'].map(
        (n) => `${n} has cleared a room on Floor 9: the Gate counts it (ch.10)`,
      ),
    );
    expect(phase.dive.clearedOnNine).toEqual([
      'Odile Vantreck',
      'Brother Quillam',
      'Sable Hartigan',
      'Wren of the Hollow',
    ]);
    expect(phase.dive.actions.find((a) => a.type === 'OPEN_GATE')!.allowed).toBe(true);
    app.close();
  });

  it('ch.11: ongoing damage is not an instance: it strikes Health through Armor, again at the start of the next round', async () => {
    const { app, board } = await inTheVault(53, [{ name: 'Gnawer', health: 12, armor: 0 }]);
    await trapBeside(app, 'Ember Room', 'Cold fire', { damage: '1d6', ongoing: true, rounds: 2 });
    let phase = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const b = await app.call('board.moveToken', {
      tokenId: tokenNamed(board, 'Odile Vantreck').id,
      floor: 1,
      x: 1,
      y: 0,
    });
    expect(b.notices).toEqual([
      'Trap triggers for Odile Vantreck: Cold fire (ch.9)',
      "1 to Odile Vantreck's Health (ongoing, not an instance): 30 → 29 (ch.11)",
      'Cold fire goes on for 1 more round (ch.11)',
    ]);
    expect((await lichslayer(app, 'Odile Vantreck')).armor).toBe(5);
    let guard = 0;
    while (!phase.combat!.atRoundEnd && guard++ < 20) phase = await app.call('phase.nextTurn', {});
    phase = await app.call('phase.nextTurn', {});
    expect(phase.notices).toEqual([
      'Cold fire, ongoing: 4 = 1d6! [4], ongoing (ch.9, ch.11)',
      "4 to Odile Vantreck's Health (ongoing, not an instance): 29 → 25 (ch.11)",
    ]);
    // Two rounds, then it is spent.
    guard = 0;
    while (!phase.combat!.atRoundEnd && guard++ < 20) phase = await app.call('phase.nextTurn', {});
    phase = await app.call('phase.nextTurn', {});
    expect(phase.notices ?? []).toEqual([]);
    expect((await lichslayer(app, 'Odile Vantreck')).health).toBe(25);
    app.close();
  });
});

describe("an older campaign's traps (ch.9)", () => {
  it('a trap rolled once when its room was revealed keeps its label as its listed effect; trap tables without effects say so, and a table reset to the starter one applies them', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'campaigns', 'old.lichslayer');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(path.resolve(import.meta.dirname, '../db/fixtures/campaign-v5.lichslayer'), file);
    const raw = new Database(file);
    raw
      .prepare(
        `INSERT INTO room (floor, x, y, revealed, room_type, name, trap) VALUES (1, 1, 0, 1, 'chamber', 'Old Crypt', ?)`,
      )
      .run(JSON.stringify({ label: 'Falling urn', disabled: false, triggeredFor: [] }));
    raw.close();
    const app = makeApp(dataDir);
    await app.call('campaign.open', { path: file });
    await app.call('dice.setSeed', { seed: 61 });
    const board = await app.call('board.view', { floor: 1 });
    const moved = await app.call('board.moveToken', {
      tokenId: tokenNamed(board, 'Odile Vantreck').id,
      floor: 1,
      x: 1,
      y: 0,
    });
    expect(moved.notices).toEqual([
      'Trap triggers for Odile Vantreck: Falling urn — 1d6 damage. (ch.9)',
      'Falling urn lists no effect the app can apply: resolve it by hand, or give its trap table row its damage, Challenge and lost turn',
    ]);
    await app.call('tables.resetToStarter', { key: 'traps-upper' });
    const again = await app.call('board.moveToken', {
      tokenId: tokenNamed(board, 'Sable Hartigan').id,
      floor: 1,
      x: 1,
      y: 0,
    });
    expect(again.notices).toEqual([
      'Trap triggers for Sable Hartigan: Falling urn — 1d6 damage, one instance. (ch.9)',
      'Armor negates the whole instance of 2 (Falling urn): Armor 6 → 5; its other effects still resolve (ch.11)',
    ]);
    app.close();
  });
});
