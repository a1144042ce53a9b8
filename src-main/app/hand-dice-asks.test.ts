// What a player is asked to roll at the table names every die the roll will take (ch.4, ch.11): an
// attack's weapon dice and the extra d6 its attacker's Power above 6 adds; the faces the player sends
// for all of them resolve the attack. Fixed seed, fixed faces.
import { describe, expect, it } from 'vitest';
import type { BoardView } from '@shared/board.ts';
import { intoTheVault, openDemo } from '../test-support/temp-app.ts';

const tokenId = (b: BoardView, name: string): number => b.tokens.find((t) => t.name === name)!.id;

/** The demo party on Floor 1 in an empty Vault with a Green Gnawer (40 Health, no Armor, no colour match); Odile at Power 8 with a 2d6 maul, her turn. */
async function odileAtPower8(seed: number) {
  const { app, roster } = await openDemo(seed);
  const odile = roster.find((l) => l.name === 'Odile Vantreck')!;
  await app.call('lichslayer.update', { id: odile.id, patch: { power: 8 } });
  await app.call('lichslayer.setItem', {
    id: odile.id,
    slot: 'gear',
    item: { name: 'Cinder Maul', colour: 'Red', notes: 'Attack: 2d6' },
  });
  const board = await intoTheVault(app, [{ name: 'Gnawer', colour: 'Green', health: 40 }], { enter: true });
  const args = { attacker: tokenId(board, 'Odile Vantreck'), target: tokenId(board, 'Gnawer') };
  return { app, odile, args };
}

describe('the dice a player is asked for (ch.4, ch.11)', () => {
  it('Odile at Power 8 is asked for her maul’s 2d6 and 2d6 more for Power above 6 (ch.4); her faces 3 4 5 2 deal 14 and the Gnawer drops to 26', async () => {
    const { app, odile, args } = await odileAtPower8(21);
    const call = await app.call('handDice.call', { lichslayerId: odile.id, command: 'fight.attack', args });
    expect(call?.what).toBe('Attack Gnawer with Cinder Maul (2d6 + 2d6 for Power above 6)');
    await app.call('private.sendDice', { lichslayerId: odile.id, faces: [3, 4, 5, 2] });
    const r = await app.call('handDice.accept', { args });
    expect('lines' in r && r.lines[1]).toBe(
      'Odile Vantreck: 14 damage = 2d6! + 2d6! Power above 6 (ch.4) [3, 4, 5, 2] (ch.11)',
    );
    expect('damage' in r && r.damage).toBe(14);
    const gnawer = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.name === 'Gnawer')!;
    expect(gnawer.health).toBe(26);
    const [entry] = (await app.call('ledger.list', {})).filter((e) => e.command === 'fight.attack' && e.faces.length);
    expect([entry!.enteredBy, entry!.faces.map((f) => f.face)]).toEqual(["Odile Vantreck's player", [3, 4, 5, 2]]);
    app.close();
  });

  it('the maul’s two faces alone are refused at Power 8: the Power dice are asked for too, and nothing changes (ch.4)', async () => {
    const { app, args } = await odileAtPower8(21);
    const before = await app.call('ledger.list', {});
    expect(await app.dispatch('handDice.roll', { command: 'fight.attack', args, faces: [3, 4] })).toMatchObject({
      ok: false,
      error: { message: 'This roll needs more dice than the 2 entered: die 3 is a d6 with no face. Enter it too.' },
    });
    expect(await app.call('ledger.list', {})).toEqual(before);
    app.close();
  });

  it('a skill’s bonus dice are named in the ask after the Power dice (ch.2, ch.4)', async () => {
    const { app, odile, args } = await odileAtPower8(21);
    const call = await app.call('handDice.call', {
      lichslayerId: odile.id,
      command: 'fight.attack',
      args: { ...args, bonusDice: 1 },
    });
    expect(call?.what).toBe('Attack Gnawer with Cinder Maul (2d6 + 2d6 for Power above 6 + 1d6 bonus)');
    app.close();
  });

  it('the Cinder Compass’s Influence die, added to the attack, is asked for last; faces 3 4 5 2 and 6 deal 20 (ch.4, ch.13)', async () => {
    const { app, odile, args } = await odileAtPower8(21);
    await app.call('lichslayer.setItem', {
      id: odile.id,
      slot: 'loot3',
      item: { name: 'Cinder Compass', colour: 'Red' },
    });
    const withInfluence = { ...args, influence: true };
    const call = await app.call('handDice.call', {
      lichslayerId: odile.id,
      command: 'fight.attack',
      args: withInfluence,
    });
    expect(call?.what).toBe(
      'Attack Gnawer with Cinder Maul (2d6 + 2d6 for Power above 6 + 1d6 Influence of Cinder Compass)',
    );
    await app.call('private.sendDice', { lichslayerId: odile.id, faces: [3, 4, 5, 2, 6] });
    const r = await app.call('handDice.accept', { args: withInfluence });
    expect('damage' in r && r.damage).toBe(20);
    app.close();
  });
  it('asked again in the same words, nothing changes and nothing is pushed; with the Gnawer hidden the ask names “a target”', async () => {
    const { app, odile, args } = await odileAtPower8(21);
    const ask = { lichslayerId: odile.id, command: 'fight.attack' as const, args };
    const first = await app.dispatch('handDice.call', ask);
    const again = await app.dispatch('handDice.call', ask);
    expect(first).toMatchObject({ ok: true, revision: expect.any(Number) });
    expect(again.ok && again.revision).toBe(first.ok && first.revision);
    await app.call('board.updateToken', { id: args.target, patch: { hidden: true } });
    const hidden = await app.call('handDice.call', ask);
    expect(hidden?.what).toBe('Attack a target with Cinder Maul (2d6 + 2d6 for Power above 6)');
    app.close();
  });
  it('a dialog’s ask that reaches main after its roll was answered asks the player nothing more; a dialog opened anew asks again', async () => {
    const { app, odile, args } = await odileAtPower8(21);
    const ask = {
      lichslayerId: odile.id,
      command: 'fight.attack' as const,
      args,
      asker: 'attack dialog, first opening',
    };
    await app.call('handDice.call', ask);
    await app.call('private.sendDice', { lichslayerId: odile.id, faces: [3, 4, 5, 2] });
    await app.call('handDice.accept', { args });
    // The dialog's last ask, sent as the Judge accepted, arrives after the roll was made.
    expect(await app.call('handDice.call', ask)).toBeNull();
    expect(await app.call('handDice.current', {})).toBeNull();
    expect((await app.call('private.view', { lichslayerId: odile.id })).call).toBeNull();
    const reopened = await app.call('handDice.call', { ...ask, asker: 'attack dialog, second opening' });
    expect(reopened?.what).toBe('Attack Gnawer with Cinder Maul (2d6 + 2d6 for Power above 6)');
    app.close();
  });
});
