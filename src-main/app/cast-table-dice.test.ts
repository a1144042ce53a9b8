// A spell's dice rolled at the table (ch.15): the Cast dialog's phase.cast run through handDice on
// faces the Judge types or the caster's player sends; wrong faces are refused and change nothing;
// a spell cast for later rolls nothing now, and its dice come with the Next turn that resolves it. Fixed seed 7 (Odile Vantreck's turn first), fixed faces.
import { describe, expect, it } from 'vitest';
import { fightInTheQuietVault } from '../test-support/floor-setups.ts';
import { openDemo } from '../test-support/temp-app.ts';
import { noticesOf } from '../test-support/hand-rolled.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

/** Odile on her turn in a fight on Floor 1, bare but for Black gear, 700 gold: Magic 1 (ch.4, ch.15). */
async function odileCasts() {
  const { app } = await openDemo(7);
  const p = await fightInTheQuietVault(app, { name: 'Grey Hound', health: 6 });
  const me = p.combat!.entrants.find((e) => e.tokenId === p.combat!.currentTokenId)!;
  const id = me.lichslayerId!;
  for (const slot of ['gear', 'garment', 'accessory', 'loot1', 'loot2', 'loot3'] as const)
    await app.call('lichslayer.setItem', { id, slot, item: null });
  await app.call('lichslayer.setItem', { id, slot: 'gear', item: { name: 'Soot Axe', colour: 'Black' } });
  await app.call('lichslayer.update', { id, patch: { gold: 700 } });
  return { app, tokenId: me.tokenId, id, name: me.name };
}

/** Where a spell sits in the campaign's spell tables. */
async function spellAt(app: App, label: string) {
  for (const t of (await app.call('tables.list', {})).filter((x) => x.category === 'spell')) {
    const row = (await app.call('tables.get', { key: t.key })).table.rows.findIndex((r) => r.label === label);
    if (row >= 0) return { table: t.key, row };
  }
  throw new Error(`no spell ${label}`);
}

const spellRolls = async (app: App) =>
  (await app.call('ledger.list', {})).filter((e) => e.command === 'phase.cast' && e.faces.length > 0);

describe('a spell cast on dice rolled at the table (ch.15)', () => {
  it('Cinder Lash on the Judge’s faces 4 5 resolves 2d6 [4, 5] + Magic 1 = 10; the ledger says the Judge entered them', async () => {
    const { app, tokenId, id, name } = await odileCasts();
    expect(name).toBe('Odile Vantreck');
    const lash = await spellAt(app, 'Cinder Lash');
    const book = await app.call('phase.spellbook', { tokenId });
    expect(book.schools.flatMap((s) => s.spells).find((s) => s.label === 'Cinder Lash')).toMatchObject({
      allowed: true,
      tableDice: '2d6',
    });
    const r = await app.call('handDice.roll', { command: 'phase.cast', args: { tokenId, ...lash }, faces: [4, 5] });
    expect(noticesOf(r)).toContain(
      'Cinder Lash (Odile Vantreck) resolves: 2d6 [4, 5] + Magic 1 = 10 (ch.15); Magic 1 at casting (ch.15) — Black damage to one target in the room.',
    );
    const [entry] = await spellRolls(app);
    expect(entry).toMatchObject({
      enteredBy: 'the Judge',
      cause: 'Spell: Cinder Lash by Odile Vantreck (Demon Magic)',
    });
    expect(entry!.faces.map((f) => [f.sides, f.face])).toEqual([
      [6, 4],
      [6, 5],
    ]);
    const odile = (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!;
    expect(odile.gold).toBe(700 - 36);
    expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true, problem: null });
    app.close();
  });

  it('a 7 on a d6, one face short or one too many are refused by die, and the gold, the turn and the ledger stay as they were', async () => {
    const { app, tokenId, id } = await odileCasts();
    const lash = await spellAt(app, 'Cinder Lash');
    const before = {
      ledger: await app.call('ledger.list', {}),
      phase: (await app.call('phase.view', {})).combat,
      odile: (await app.call('campaign.current', {}))!.roster.find((l) => l.id === id),
    };
    const cast = (faces: number[]) =>
      app.dispatch('handDice.roll', { command: 'phase.cast', args: { tokenId, ...lash }, faces });
    expect(await cast([4, 7])).toMatchObject({
      ok: false,
      error: { code: 'refused', message: 'Die 2 is a d6: 7 cannot come up on it (1 to 6).' },
    });
    expect(await cast([4])).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message: 'This roll needs more dice than the 1 entered: die 2 is a d6 with no face. Enter it too.',
      },
    });
    expect(await cast([4, 5, 6])).toMatchObject({
      ok: false,
      error: { code: 'refused', message: 'This roll used 2 dice, but 3 faces were entered: remove the extra.' },
    });
    expect(await app.call('ledger.list', {})).toEqual(before.ledger);
    expect((await app.call('phase.view', {})).combat).toEqual(before.phase);
    expect((await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)).toEqual(before.odile);
    app.close();
  });

  it('Burning Floor resolves at the round’s end (ch.15): the book offers no table dice for it, and faces for it now are refused', async () => {
    const { app, tokenId, id } = await odileCasts();
    const floor = await spellAt(app, 'Burning Floor');
    const book = await app.call('phase.spellbook', { tokenId });
    expect(book.schools.flatMap((s) => s.spells).find((s) => s.label === 'Burning Floor')).toMatchObject({
      allowed: true,
      tableDice: null,
    });
    expect(
      await app.dispatch('handDice.roll', { command: 'phase.cast', args: { tokenId, ...floor }, faces: [3] }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message: 'This command rolled no dice, so the faces entered were not used. Nothing changed.',
      },
    });
    expect((await app.call('campaign.current', {}))!.roster.find((l) => l.id === id)!.gold).toBe(700);
    app.close();
  });

  it('Burning Floor cast for the round’s end takes its 1d6 from the table at the Next turn that ends the round: the preview names it, face 5 resolves 1d6 [5] = 5, entered by the Judge (ch.11, ch.15)', async () => {
    const { app, tokenId } = await odileCasts();
    await app.call('phase.cast', { tokenId, ...(await spellAt(app, 'Burning Floor')) });
    const preview = () => app.call('handDice.preview', { command: 'phase.nextTurn', args: {} });
    // Brother Quillam's, Sable's, Wren's and the Grey Hound's turns come first: they roll nothing.
    for (const next of ['Brother Quillam', 'Sable Hartigan', 'Wren of the Hollow', 'Grey Hound']) {
      expect(await preview()).toEqual({ dice: [], refused: null });
      expect((await app.call('phase.nextTurn', {})).combat!.current).toBe(next);
    }
    const state = async () => ({
      ledger: await app.call('ledger.list', {}),
      phase: await app.call('phase.view', {}),
      history: (await app.call('campaign.current', {}))!.history,
    });
    const before = await state();
    expect(await preview()).toEqual({
      dice: [{ count: 1, sides: 6, cause: 'Spell: Burning Floor by Odile Vantreck (Demon Magic)', who: null }],
      refused: null,
    });
    // The preview decided on a draft it threw away: no roll, no turn, no undo step, no change.
    expect(await state()).toEqual(before);
    const r = await app.call('handDice.roll', { command: 'phase.nextTurn', args: {}, faces: [5] });
    expect(noticesOf(r)).toContain(
      'Burning Floor (Odile Vantreck) resolves: 1d6 [5] = 5 (ch.15) — The room burns: everyone in it takes 1d6 each round it lasts (not an instance).',
    );
    expect(r).toMatchObject({ combat: { atRoundEnd: true, pending: [] } });
    const [entry] = await spellRolls(app);
    expect([entry!.enteredBy, entry!.cause, entry!.faces.map((f) => f.face)]).toEqual([
      'the Judge',
      'Spell: Burning Floor by Odile Vantreck (Demon Magic)',
      [5],
    ]);
    app.close();
  });

  it('the preview of a command that would be refused says why and asks for no dice', async () => {
    const { app } = await openDemo(7);
    expect(await app.call('handDice.preview', { command: 'phase.nextTurn', args: {} })).toEqual({
      dice: [],
      refused: 'There is no fight on: turns advance only in combat (ch.11).',
    });
    app.close();
  });

  it('Odile’s player is asked for Cinder Lash’s 2d6 ×3 at once; her faces 1 2 3 4 5 6 resolve 21 + 3 × Magic 1 = 24, entered by her player (ch.13, ch.15)', async () => {
    const { app, tokenId, id } = await odileCasts();
    const lash = await spellAt(app, 'Cinder Lash');
    const row = (await app.call('tables.get', { key: lash.table })).table.rows[lash.row]!;
    await app.call('tables.setRow', {
      key: lash.table,
      index: lash.row,
      row: { ...row, spell: { ...row.spell!, component: 'Bone Feather' } },
    });
    await app.call('lichslayer.setItem', {
      id,
      slot: 'loot1',
      item: { name: 'Bone Feather', colour: 'Colourless', notes: "Component for any school's spells (×3)." },
    });
    const args = { tokenId, ...lash, componentChoice: 'all-at-once' };
    const call = await app.call('handDice.call', { lichslayerId: id, command: 'phase.cast', args });
    expect(call?.what).toBe("Cinder Lash's roll (2d6 ×3 at once) for Odile Vantreck");
    await app.call('private.sendDice', { lichslayerId: id, faces: [1, 2, 3, 4, 5, 6] });
    const r = await app.call('handDice.accept', { args });
    expect(noticesOf(r)).toContain(
      'Cinder Lash (Odile Vantreck) resolves ×3 at once (ch.13): 2d6 [1, 2] + Magic 1; 2d6 [3, 4] + Magic 1; 2d6 [5, 6] + Magic 1 = 24 (ch.15); Magic 1 at casting (ch.15) — Black damage to one target in the room.',
    );
    const [entry] = await spellRolls(app);
    expect([entry!.enteredBy, entry!.faces.map((f) => f.face)]).toEqual([
      "Odile Vantreck's player",
      [1, 2, 3, 4, 5, 6],
    ]);
    expect(await app.call('handDice.current', {})).toBeNull();
    app.close();
  });
});
