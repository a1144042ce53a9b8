// The Bandit's, Aristocrat's, Lich Doctor's and Witch's skills and the ailments (ch.2, ch.3), driven
// through the commands a Judge uses, on the demo campaign with fixed seeds.
import { describe, expect, it } from 'vitest';
import { descendTo, openDemo } from '../test-support/temp-app.ts';

const setup = () => openDemo(11);

describe('ailments (ch.2)', () => {
  it('the Judge sets and clears Burn, Poison, Freeze and Bound on a Lichslayer or a token: shown on the Gauntlet and the turn tracker, one undo step each; Family Heirloom makes Bound fail with no roll', async () => {
    const { app, roster, me } = await setup();
    const [o, q] = roster;
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    const gnawer = (await app.call('board.addToken', { kind: 'entity', name: 'Gnawer', colour: 'Red', floor: 1, x: 2, y: 0, health: 12, armor: 0 })).tokens.find((t) => t.name === 'Gnawer')!;
    const set = await app.call('ailment.set', { lichslayerId: o!.id, ailment: 'Poison', on: true });
    expect(set.notes).toEqual(['Odile Vantreck is afflicted with Poison: ongoing damage: not an instance, it strikes Health directly past Armor (ch.11); its amount comes from its source']);
    await app.call('ailment.set', { tokenId: gnawer.id, ailment: 'Freeze', on: true });
    await app.call('ailment.set', { lichslayerId: o!.id, ailment: 'Burn', on: true });
    expect((await me(o!.id)).life.ailments).toEqual(['Burn', 'Poison']);
    const board = await app.call('board.view', { floor: 1 });
    expect(board.turnStack.find((e) => e.name === o!.name)!.conditions).toEqual(['Burn', 'Poison']);
    expect(board.turnStack.find((e) => e.tokenId === gnawer.id)!.publicConditions).toEqual(['Freeze']);
    expect((await app.call('players.view', {})).turnOrder.find((e) => e.name === o!.name)!.conditions).toEqual(['Burn', 'Poison']);
    expect(await app.dispatch('ailment.set', { lichslayerId: o!.id, ailment: 'Burn', on: true })).toMatchObject({ ok: false, error: { message: 'Odile Vantreck is already afflicted with Burn. Nothing changed.' } });
    expect(await app.dispatch('ailment.set', { tokenId: gnawer.id, ailment: 'Bound', on: false })).toMatchObject({ ok: false, error: { message: 'Gnawer is not afflicted with Bound. Nothing changed.' } });
    expect(await app.dispatch('ailment.set', { ailment: 'Bound', on: true })).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    await app.call('history.undo', {});
    expect((await me(o!.id)).life.ailments).toEqual(['Poison']);
    await app.call('ailment.set', { lichslayerId: o!.id, ailment: 'Poison', on: false });
    expect((await me(o!.id)).life.ailments).toEqual([]);
    // ch.2 Family Heirloom: the Aristocrat cannot be Bound; the effect fails with no roll.
    await app.call('lichslayer.update', { id: q!.id, patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', skill2: 'Retainers', skill3: 'Family Heirloom', level: 6 } });
    expect(await app.dispatch('ailment.set', { lichslayerId: q!.id, ailment: 'Bound', on: true })).toMatchObject({ ok: false, error: { message: 'Brother Quillam holds Family Heirloom: Bound and every compelling effect fails without a roll (ch.2). Nothing changed.' } });
    expect((await app.call('ailment.set', { lichslayerId: q!.id, ailment: 'Freeze', on: true })).notes).toEqual(['Brother Quillam is afflicted with Freeze: its effect on a turn is the Judge’s: the book names Freeze but gives no rule for it']);
    app.close();
  });
});
