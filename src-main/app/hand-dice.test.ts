// Dice rolled at the table (ch.1, ch.11): faces the Judge types in resolve an attack and a Challenge
// exactly as the same faces rolled by the app; the seeded source does not move for them, the ledger
// names who entered them, and replay still checks every roll the app made. Fixed seeds and faces.
import { describe, expect, it } from 'vitest';
import type { BoardView } from '@shared/board.ts';
import { intoTheVault, openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

/** The newest ledger entry of a command that holds its roll's faces (the others chain on from it). */
const rollOf = async (app: App, command: string) =>
  (await app.call('ledger.list', {})).find((e) => e.command === command && e.faces.length > 0);

const tokenId = (b: BoardView, name: string): number => b.tokens.find((t) => t.name === name)!.id;

/** The demo party on Floor 1 in an empty Vault with one Gnawer; Odile's maul rolls 2d6 (ch.13), her turn. */
async function odileFacesAGnawer(seed: number): Promise<{ app: App; odile: number; gnawer: number }> {
  const { app } = await openDemo(seed);
  const roster = (await app.call('campaign.current', {}))!.roster;
  const odile = roster.find((l) => l.name === 'Odile Vantreck')!;
  await app.call('lichslayer.setItem', {
    id: odile.id,
    slot: 'gear',
    item: { name: 'Cinder Maul', colour: 'Red', notes: 'Attack: 2d6' },
  });
  const board = await intoTheVault(app, [{ name: 'Gnawer', health: 40 }], { enter: true });
  return { app, odile: tokenId(board, 'Odile Vantreck'), gnawer: tokenId(board, 'Gnawer') };
}

describe('dice rolled at the table (ch.1, ch.11)', () => {
  it('an attack on entered faces 4, 6+2, 4 resolves as the app rolling them: 16 damage, the same lines; the ledger says the Judge entered them', async () => {
    const rolled = await odileFacesAGnawer(16);
    const byApp = await rolled.app.call('fight.attack', { attacker: rolled.odile, target: rolled.gnawer });
    rolled.app.close();
    // Another seed: the faces typed, not the seed, decide the attack.
    const typed = await odileFacesAGnawer(99);
    const byHand = await typed.app.call('handDice.roll', {
      command: 'fight.attack',
      args: { attacker: typed.odile, target: typed.gnawer },
      faces: [4, 6, 2, 4],
    });
    expect(byHand).toEqual(byApp);
    expect('lines' in byHand && byHand.lines[1]).toBe(
      'Odile Vantreck: 16 damage = 2d6! + 1d6! Power above 6 (ch.4) [4, 6+2, 4] (ch.11)',
    );
    const entry = await rollOf(typed.app, 'fight.attack');
    expect(entry).toMatchObject({ enteredBy: 'the Judge' });
    expect(entry!.faces.map((f) => f.face)).toEqual([4, 6, 2, 4]);
    expect(await typed.app.call('ledger.verify', {})).toMatchObject({ ok: true, problem: null });
    typed.app.close();
  });

  it('entered faces leave the seeded source where it was: the next attack the app rolls comes out as it would have (4, 6+2, 4 on seed 16)', async () => {
    const { app, odile, gnawer } = await odileFacesAGnawer(16);
    await app.call('handDice.roll', {
      command: 'fight.attack',
      args: { attacker: odile, target: gnawer },
      faces: [2, 3, 5],
    });
    const next = await app.call('fight.attack', { attacker: odile, target: gnawer, outOfTurn: true });
    expect(next.lines[1]).toBe('Odile Vantreck: 16 damage = 2d6! + 1d6! Power above 6 (ch.4) [4, 6+2, 4] (ch.11)');
    const attacks = (await app.call('ledger.list', {})).filter((e) => e.command === 'fight.attack' && e.faces.length);
    expect(attacks.map((e) => [e.enteredBy, e.faces.map((f) => f.face)])).toEqual([
      [null, [4, 6, 2, 4]],
      ['the Judge', [2, 3, 5]],
    ]);
    expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true });
    app.close();
  });

  it('faces the dice cannot show, too few or too many are refused with which die, and nothing changes', async () => {
    const { app, odile, gnawer } = await odileFacesAGnawer(16);
    const before = await app.call('ledger.list', {});
    const attack = (faces: number[]) =>
      app.dispatch('handDice.roll', { command: 'fight.attack', args: { attacker: odile, target: gnawer }, faces });
    expect(await attack([4, 7, 3])).toMatchObject({
      ok: false,
      error: { code: 'refused', message: 'Die 2 is a d6: 7 cannot come up on it (1 to 6).' },
    });
    // The six explodes: a fourth die is asked for (ch.11).
    expect(await attack([4, 6, 2])).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message: 'This roll needs more dice than the 3 entered: die 4 is a d6 with no face. Enter it too.',
      },
    });
    expect(await attack([4, 5, 3, 2])).toMatchObject({
      ok: false,
      error: { code: 'refused', message: 'This roll used 3 dice, but 4 faces were entered: remove the extra.' },
    });
    expect(
      await app.dispatch('handDice.roll', { command: 'fight.attack', args: { attacker: odile }, faces: [1] }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(await app.call('ledger.list', {})).toEqual(before);
    app.close();
  });

  it('a Challenge on an entered natural 1 fails and asks the integrity die, which is entered too (ch.1, ch.11)', async () => {
    const { app } = await odileFacesAGnawer(16);
    const quillam = (await app.call('campaign.current', {}))!.roster.find((l) => l.name === 'Brother Quillam')!;
    const r = await app.call('handDice.roll', {
      command: 'challenge.roll',
      args: { lichslayerId: quillam.id, target: 6, cause: 'Climb the shaft' },
      faces: [1, 4],
    });
    // Quillam is Strange: −1 (ch.8).
    expect('challenge' in r && r.challenge).toEqual({ total: 0, target: 6, success: false });
    expect('lines' in r && r.lines[0]).toBe(
      'Brother Quillam: Climb the shaft: Brother Quillam fails (0 = 1d6! [1] − 1 (Sanity Strange (ch.8)) vs 6: all natural 1s: fails (ch.1)); a natural 1: Integrity of Iron-ribbed Lantern: 4 on d6, it holds (ch.11), on the first equipped item that can break, Iron-ribbed Lantern (house rule)',
    );
    const entry = await rollOf(app, 'challenge.roll');
    expect(entry).toMatchObject({ enteredBy: 'the Judge' });
    expect(entry!.faces.map((f) => [f.sides, f.face])).toEqual([
      [6, 1],
      [6, 4],
    ]);
    app.close();
  });

  it('a chest opened on entered faces: 6 holds loot, 50 on the d100 finds the Cinder Compass, 3 on the gold die gives 30 gold (ch.9, ch.10)', async () => {
    const { app } = await openDemo(16);
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 0,
      patch: { type: 'vault', name: 'Quiet Vault', chest: true },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const odile = (await app.call('campaign.current', {}))!.roster.find((l) => l.name === 'Odile Vantreck')!;
    const chest = { floor: 1, x: 2, y: 0, lichslayerId: odile.id };
    expect(await app.dispatch('handDice.roll', { command: 'board.openChest', args: chest, faces: [6] })).toMatchObject({
      ok: false,
      error: { message: 'This roll needs more dice than the 1 entered: die 2 is a d100 with no face. Enter it too.' },
    });
    await app.call('handDice.roll', { command: 'board.openChest', args: chest, faces: [6, 50, 3] });
    const entries = (await app.call('ledger.list', { limit: 3 })).map((e) => [e.explain, e.enteredBy]);
    expect(entries).toEqual([
      ['30 gold = 1d6! [3] × 10 (ch.10)', 'the Judge'],
      ['10 = 50 on d100 − 40 (Floor 1) → Common: Cinder Compass (Tomb Loot Table)', 'the Judge'],
      ['6 on d6 (loot on 4+): the chest holds loot (ch.9)', 'the Judge'],
    ]);
    app.close();
  });
});
