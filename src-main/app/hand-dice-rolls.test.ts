// The Judge's other rolls for a Lichslayer on dice rolled at the table (ch.1, ch.8, ch.11): damage's
// Sanity Challenge, a named Challenge, the round's-end Sanity Challenges. Fixed faces give a fixed
// result, whatever the seed; the ledger names who entered them and replay still checks the rest.
import { describe, expect, it } from 'vitest';
import type { BoardView } from '@shared/board.ts';
import { openDemo } from '../test-support/temp-app.ts';
import { noticesOf } from '../test-support/hand-rolled.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const tokenId = (b: BoardView, name: string): number => b.tokens.find((t) => t.name === name)!.id;

/** The newest ledger entries of a command that hold faces, newest first. */
const rollsOf = async (app: App, command: string) =>
  (await app.call('ledger.list', {})).filter((e) => e.command === command && e.faces.length > 0);

/** The demo party on Floor 1 in an empty Vault with an entity of that colour, in a fight. */
async function partyBeside(seed: number, colour: 'Red' | 'Colourless') {
  const { app, roster } = await openDemo(seed);
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  const board = await app.call('board.addToken', {
    kind: 'entity',
    name: 'Pale Watcher',
    colour,
    floor: 1,
    x: 2,
    y: 0,
    health: 40,
    armor: 0,
    stats: { level: 1, attack: '1d6' },
  });
  await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  const named = (name: string) => roster.find((l) => l.name === name)!;
  return { app, board, named };
}

describe('the Judge’s other rolls on dice rolled at the table (ch.1, ch.8, ch.11)', () => {
  it('Lich-type damage on an entered 5: Quillam’s Sanity Challenge makes 4 against 12 and he drops to Edge; the ledger says the Judge entered it (ch.8)', async () => {
    const { app, board } = await partyBeside(3, 'Red');
    const r = await app.call('handDice.roll', {
      command: 'fight.damage',
      args: { target: tokenId(board, 'Brother Quillam'), amount: 2, label: 'a grave-cold touch', lichType: true },
      faces: [5],
    });
    expect('lines' in r && r.lines.at(-1)).toBe(
      'Damage from a grave-cold touch, a Lich-type source (ch.8): Brother Quillam fails (4 = 1d6! [5] − 1 (Sanity Strange (ch.8)) vs 12: short of the target (ch.1)) and drops to Edge (ch.8)',
    );
    const [entry] = await rollsOf(app, 'fight.damage');
    expect([entry!.enteredBy, entry!.faces.map((f) => f.face)]).toEqual(['the Judge', [5]]);
    expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true });
    app.close();
  });

  it('the same roll asked of Quillam’s player: his screen is told what to roll, he sends 5, and the accepted roll is his (ch.1, ch.8)', async () => {
    const { app, board, named } = await partyBeside(3, 'Red');
    const quillam = named('Brother Quillam');
    const args = { target: tokenId(board, 'Brother Quillam'), amount: 2, label: 'a grave-cold touch', lichType: true };
    const call = await app.call('handDice.call', { lichslayerId: quillam.id, command: 'fight.damage', args });
    // The Judge's label for the damage stays off the player's screen.
    expect(call?.what).toBe('Sanity Challenge, for damage taken — 1d6, Sanity Strange (ch.8) −1');
    await app.call('private.sendDice', { lichslayerId: quillam.id, faces: [5] });
    await app.call('handDice.accept', { args });
    const [entry] = await rollsOf(app, 'fight.damage');
    expect([entry!.enteredBy, entry!.faces.map((f) => f.face)]).toEqual(["Brother Quillam's player", [5]]);
    expect(await app.call('handDice.current', {})).toBeNull();
    app.close();
  });

  it('a Lichslayer felled to 0 Health: the others’ Sanity Challenges, shaken, come from the faces entered with the damage (ch.11)', async () => {
    const { app, board } = await partyBeside(3, 'Red');
    const args = { target: tokenId(board, 'Brother Quillam'), amount: 99, label: 'a falling slab', bypassArmor: true };
    const r = await app.call('handDice.roll', { command: 'fight.damage', args, faces: [2, 3, 4, 2, 3, 4] });
    const shaken = 'Brother Quillam reached 0 Health (ch.11; target house rule)';
    expect('lines' in r && r.lines.slice(1)).toEqual([
      "99 to Brother Quillam's Health (bypasses Armor): 36 → 0 (ch.11)",
      `${shaken}: Odile Vantreck fails (5 = 2d6! [2, 3] vs 12: short of the target (ch.1)) and drops to Strange (ch.8)`,
      `${shaken}: Sable Hartigan fails (4 = 1d6! [4] vs 12: short of the target (ch.1)) and drops to Strange (ch.8)`,
      `${shaken}: Wren of the Hollow fails (7 = 3d6! [2, 3, 4] − 2 (Sanity Edge (ch.8)) vs 12: short of the target (ch.1)) and drops to Paranoid (ch.8)`,
      'Brother Quillam: 0 Health (1 of 3 on this floor): withdraw from the floor, or press on at 1 Health (ch.11)',
    ]);
    // The choice itself rolls nothing: entered faces for it are refused, and pressing on is the usual command.
    expect(
      await app.dispatch('handDice.roll', { command: 'fight.atZero' as never, args: {}, faces: [1] }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    const rolls = (await rollsOf(app, 'fight.damage')).map((e) => e.enteredBy);
    expect(rolls).toEqual(['the Judge', 'the Judge', 'the Judge']);
    app.close();
  });

  it('a named Challenge (killing a player, target 12 by the rule) on entered 6 and 4: 9 fails and Quillam drops to Edge (ch.1, ch.11)', async () => {
    const { app, named } = await partyBeside(3, 'Red');
    const quillam = named('Brother Quillam');
    const r = await app.call('handDice.roll', {
      command: 'challenge.roll',
      args: { lichslayerId: quillam.id, preset: 'sanity:pvp-kill' },
      faces: [6, 4],
    });
    expect('challenge' in r && r.challenge).toEqual({ total: 9, target: 12, success: false });
    const [entry] = await rollsOf(app, 'challenge.roll');
    expect([entry!.enteredBy, entry!.faces.map((f) => f.face)]).toEqual(['the Judge', [6, 4]]);
    expect((await app.call('campaign.current', {}))!.roster.find((l) => l.id === quillam.id)!.sanity).toBe('edge');
    app.close();
  });

  it('the round’s end beside a Colourless entity: each Lichslayer’s Sanity Challenge comes from the faces entered, in turn order (ch.11)', async () => {
    const { app } = await partyBeside(5, 'Colourless');
    // Odile, Quillam, Sable and Wren take their turns; the Pale Watcher's turn is the round's last.
    for (let i = 0; i < 4; i++) await app.call('phase.nextTurn', {});
    expect((await app.call('phase.view', {})).combat?.current).toBe('Pale Watcher');
    const r = await app.call('handDice.roll', {
      command: 'phase.nextTurn',
      args: {},
      faces: [2, 3, 4, 5, 2, 3, 4],
    });
    const beside = 'A round beside Pale Watcher, Colourless (ch.11; target house rule)';
    expect(noticesOf(r)).toEqual([
      `${beside}: Odile Vantreck fails (5 = 2d6! [2, 3] vs 12: short of the target (ch.1)) and drops to Strange (ch.8)`,
      `${beside}: Brother Quillam fails (3 = 1d6! [4] − 1 (Sanity Strange (ch.8)) vs 12: short of the target (ch.1)) and drops to Edge (ch.8)`,
      `${beside}: Sable Hartigan fails (5 = 1d6! [5] vs 12: short of the target (ch.1)) and drops to Strange (ch.8)`,
      `${beside}: Wren of the Hollow fails (7 = 3d6! [2, 3, 4] − 2 (Sanity Edge (ch.8)) vs 12: short of the target (ch.1)) and drops to Paranoid (ch.8)`,
    ]);
    const rolls = (await rollsOf(app, 'phase.nextTurn')).reverse();
    expect(rolls.map((e) => [e.enteredBy, e.faces.map((f) => f.face)])).toEqual([
      ['the Judge', [2, 3]],
      ['the Judge', [4]],
      ['the Judge', [5]],
      ['the Judge', [2, 3, 4]],
    ]);
    expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true });
    app.close();
  });
});
