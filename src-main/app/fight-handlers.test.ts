// The fight through the real commands, on a real campaign file (rulebook ch.1, ch.4, ch.8, ch.9, ch.11-ch.14,
// ch.16): attacks and their dice in the ledger, Armor answering one instance, Blocks and integrity, 0 Health
// and its choice, the Lich and its Phylactery, Challenges and their presets. Fixed seeds, fixed expectations.
import { describe, expect, it } from 'vitest';
import type { BoardView, TokenView } from '@shared/board.ts';
import { descendTo, openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const tokenNamed = (b: BoardView, name: string): TokenView => b.tokens.find((t) => t.name === name)!;
const lichslayer = async (app: App, name: string) => (await app.call('campaign.current', {}))!.roster.find((l) => l.name === name)!;
const ledgerOf = async (app: App, cause: string) => (await app.call('ledger.list', {})).filter((e) => e.cause.startsWith(cause)).reverse();

/**
 * The demo party on Floor 1 in a prepared, empty Vault (no roll, no trap), Odile's maul listing its
 * damage (ch.13: an item's Effect lists its attack), and the given enemies in the Vault.
 */
async function inTheVault(seed: number, enemies: { name: string; health: number; armor: number; attack?: string; colour?: 'Red' | 'Colourless' | 'Green'; stats?: Record<string, unknown> }[]) {
  const { app } = await openDemo(seed);
  const odile = await lichslayer(app, 'Odile Vantreck');
  await app.call('lichslayer.setItem', { id: odile.id, slot: 'gear', item: { name: 'Cinder Maul', colour: 'Red', notes: 'Attack: 2d6' } });
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  let board = await app.call('board.view', { floor: 1 });
  for (const e of enemies) board = await app.call('board.addToken', { kind: 'entity', name: e.name, colour: e.colour ?? 'Red', floor: 1, x: 2, y: 0, health: e.health, armor: e.armor, stats: { level: 2, attack: e.attack ?? '1d6', ...(e.stats ?? {}) } });
  return { app, board, odile };
}

describe('attacks (ch.1, ch.4, ch.11, ch.13)', () => {
  it('only Gear or loot that allows the attack action attacks; the dice with +1d6 per Power above 6 go to the ledger; Armor negates the first instance, then Health drops; felled, the enemy counts 1 XP; undo', async () => {
    const { app, board, odile } = await inTheVault(7, [{ name: 'Gnawer', health: 12, armor: 1 }]);
    const gnawer = tokenNamed(board, 'Gnawer');
    const phase = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(phase.combat!.current).toBe('Odile Vantreck');
    const quillam = tokenNamed(board, 'Brother Quillam');
    expect(await app.dispatch('fight.attack', { attacker: quillam.id, target: gnawer.id })).toMatchObject({
      ok: false,
      error: { code: 'refused', message: 'Brother Quillam holds no Gear or loot that allows the attack action: loot and gear define what a character can do (ch.11). Nothing changed.' },
    });
    const me = tokenNamed(board, 'Odile Vantreck');
    const first = await app.call('fight.attack', { attacker: me.id, target: gnawer.id });
    expect(first.lines).toEqual(['Attack: Odile Vantreck → Gnawer with Cinder Maul: 21 damage', "Armor negates the whole instance of 21 (Odile Vantreck's Cinder Maul): Armor 1 → 0; its other effects still resolve (ch.11)"]);
    const roll = (await ledgerOf(app, 'Attack: Odile Vantreck → Gnawer'))[0]!;
    // 2d6 from the maul, +1d6 for Power 7 (ch.4); the first six explodes twice (ch.11).
    expect(roll.explain).toBe('Odile Vantreck: 21 damage = 2d6! + 1d6! Power above 6 (ch.4) [6+6+3, 2, 4] (ch.11)');
    expect(roll.faces.map((f) => f.face)).toEqual([6, 6, 3, 2, 4]);
    const second = await app.call('fight.attack', { attacker: me.id, target: gnawer.id });
    // Odile's equipped loot is Red and Black (Colourless does not count): Dual-Color doubles her damage to a Red enemy (ch.14).
    expect(second.lines).toEqual([
      'Attack: Odile Vantreck → Gnawer with Cinder Maul: 15 damage',
      "30 to Gnawer's Health (no Armor left; ×2 attacker's Dual-Color against a Red enemy (ch.14): 15 → 30): 12 → 0 (ch.11)",
      'Odile Vantreck fells Gnawer: +1 XP (ch.1)',
      'No enemy stands on the turn stack: the fight can end (Combat over, ch.11)',
    ]);
    const after = await app.call('board.view', { floor: 1 });
    expect(tokenNamed(after, 'Gnawer')).toMatchObject({ health: 0, armor: 0, defeated: true });
    expect((await lichslayer(app, 'Odile Vantreck')).xp).toBe(odile.xp + 1);
    await app.call('history.undo', {});
    expect(tokenNamed(await app.call('board.view', { floor: 1 }), 'Gnawer')).toMatchObject({ health: 12, armor: 0, defeated: false });
    expect((await lichslayer(app, 'Odile Vantreck')).xp).toBe(odile.xp);
    app.close();
  });

  it('an enemy strikes on its own turn with its stat block, the weakest in reach by default (house rule); Armor negates one instance; a Block negates the next, rolls its integrity and costs the holder their next turn; once per Round', async () => {
    const { app, board } = await inTheVault(12, [{ name: 'Grey Hound', health: 20, armor: 0, attack: '1d6' }]);
    const sable = await lichslayer(app, 'Sable Hartigan');
    await app.call('lichslayer.setItem', { id: sable.id, slot: 'garment', item: { name: 'Hide Buckler', colour: 'Green', notes: 'Block: once a round, one instance.' } });
    const hound = tokenNamed(board, 'Grey Hound');
    let phase = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(await app.dispatch('fight.attack', { attacker: hound.id, target: tokenNamed(board, 'Sable Hartigan').id })).toMatchObject({ ok: false, error: { message: "Grey Hound attacks on their own turn (ch.11); it is Odile Vantreck's turn now. Nothing changed." } });
    let guard = 0;
    while (phase.combat!.currentTokenId !== hound.id && guard++ < 20) phase = await app.call('phase.nextTurn', {});
    const options = await app.call('fight.options', { attacker: hound.id });
    expect(options).toMatchObject({ refused: null, statDamage: '1d6', defaultTarget: tokenNamed(board, 'Sable Hartigan').id, defaultExplain: 'Sable Hartigan, the weakest in reach (24 Health) (house rule)' });
    expect(options.targets.find((t) => t.name === 'Sable Hartigan')!.blockers).toEqual([{ lichslayerId: sable.id, name: 'Sable Hartigan', slot: 'garment', item: 'Hide Buckler' }]);
    const first = await app.call('fight.attack', { attacker: hound.id, target: options.defaultTarget! });
    expect(first.lines).toEqual(['Attack: Grey Hound → Sable Hartigan: 2 damage', "Armor negates the whole instance of 2 (Grey Hound's attack): Armor 6 → 5; its other effects still resolve (ch.11)"]);
    expect((await lichslayer(app, 'Sable Hartigan')).armor).toBe(5);
    const blocked = await app.call('fight.attack', { attacker: hound.id, target: options.defaultTarget!, block: { lichslayerId: sable.id, slot: 'garment' } });
    expect(blocked.lines).toEqual([
      'Attack: Grey Hound → Sable Hartigan: 5 damage',
      "Sable Hartigan's Hide Buckler blocks the instance of 5: no damage; the blocking item rolls an integrity check (ch.13)",
      'Integrity of Hide Buckler: 6 on d6, it holds (ch.11)',
      "Sable Hartigan gives up their next turn: Hide Buckler's Block was a Response (ch.13, ch.15)",
    ]);
    expect((await app.call('phase.view', {})).combat).toMatchObject({ current: 'Grey Hound' });
    expect((await lichslayer(app, 'Sable Hartigan'))).toMatchObject({ armor: 5, health: 24 });
    expect(await app.dispatch('fight.attack', { attacker: hound.id, target: options.defaultTarget!, block: { lichslayerId: sable.id, slot: 'garment' } })).toMatchObject({ ok: false, error: { message: 'That Block is not possible: the holder must be Sable Hartigan or adjacent to them, with an intact Block item not yet used this Round (ch.13). Nothing changed.' } });
    const ledger = await ledgerOf(app, 'Attack: Grey Hound → Sable Hartigan');
    expect(ledger.map((e) => e.explain)).toEqual([
      'Grey Hound: 2 damage = 1d6! [2] (ch.11)',
      "Armor negates the whole instance of 2 (Grey Hound's attack): Armor 6 → 5; its other effects still resolve (ch.11)",
      'Grey Hound: 5 damage = 1d6! [5] (ch.11)',
      "Sable Hartigan's Hide Buckler blocks the instance of 5: no damage; the blocking item rolls an integrity check (ch.13)",
      'Integrity of Hide Buckler: 6 on d6, it holds (ch.11) — after its Block (ch.13)',
    ]);
    // Sable's next turn is given up for the Block (ch.15): the round goes from the Hound to its end.
    phase = await app.call('phase.nextTurn', {});
    expect(phase.combat!.atRoundEnd).toBe(true);
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      phase = await app.call('phase.nextTurn', {});
      if (phase.combat!.current) seen.push(phase.combat!.current);
    }
    expect(seen).toEqual(['Odile Vantreck', 'Brother Quillam', 'Wren of the Hollow']);
    app.close();
  });
});

describe('0 Health (ch.10, ch.11)', () => {
  it('at 0 Health the others are shaken and the character chooses: press on at 1 Health, or withdraw and leave the dive; the third time on a floor is permanent', async () => {
    const { app, board } = await inTheVault(13, []);
    const quillam = tokenNamed(board, 'Brother Quillam');
    const hit = (target: number) => app.call('fight.damage', { target, amount: 60, label: 'A falling bell', bypassArmor: true });
    const first = await hit(quillam.id);
    expect(first.atZero).toEqual([{ lichslayerId: quillam.lichslayerId, name: 'Brother Quillam', explain: '0 Health (1 of 3 on this floor): withdraw from the floor, or press on at 1 Health (ch.11)' }]);
    expect(first.lines.filter((l) => l.startsWith('Brother Quillam reached 0 Health (ch.11; target house rule)'))).toHaveLength(3);
    const pressed = await app.call('fight.atZero', { lichslayerId: quillam.lichslayerId!, choice: 'press-on' });
    expect(pressed.lines).toEqual(['Brother Quillam presses on at 1 Health (ch.11)']);
    expect((await lichslayer(app, 'Brother Quillam')).health).toBe(1);
    expect((await hit(quillam.id)).atZero[0]!.explain).toBe('0 Health (2 of 3 on this floor): withdraw from the floor, or press on at 1 Health (ch.11)');
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
    expect(two.tokens.filter((t) => t.kind === 'lichslayer').map((t) => t.name).sort()).toEqual(['Odile Vantreck', 'Sable Hartigan']);
    expect(await app.dispatch('fight.atZero', { lichslayerId: wren.lichslayerId!, choice: 'press-on' })).toMatchObject({ ok: false, error: { code: 'refused' } });
    app.close();
  });
});
