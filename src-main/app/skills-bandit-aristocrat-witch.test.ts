// The Bandit's, Aristocrat's, Lich Doctor's and Witch's skills and the ailments (ch.2, ch.3), driven
// through the commands a Judge uses, on the demo campaign with fixed seeds.
import { describe, expect, it } from 'vitest';
import { descendTo, openDemo } from '../test-support/temp-app.ts';
import { hexImpOnFloorOne, landingsTo } from '../test-support/floor-setups.ts';

const setup = () => openDemo(11);

describe('ailments (ch.2)', () => {
  it('the Judge sets and clears Burn, Poison, Freeze and Bound on a Lichslayer or a token: shown on the Gauntlet and the turn tracker, one undo step each; Family Heirloom makes Bound fail with no roll', async () => {
    const { app, roster, me } = await setup();
    const [o, q] = roster;
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    const gnawer = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Gnawer',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 0,
        health: 12,
        armor: 0,
      })
    ).tokens.find((t) => t.name === 'Gnawer')!;
    const set = await app.call('ailment.set', { lichslayerId: o!.id, ailment: 'Poison', on: true });
    expect(set.notes).toEqual([
      'Odile Vantreck is afflicted with Poison: ongoing damage: not an instance, it strikes Health directly past Armor (ch.11); its amount comes from its source',
    ]);
    await app.call('ailment.set', { tokenId: gnawer.id, ailment: 'Freeze', on: true });
    await app.call('ailment.set', { lichslayerId: o!.id, ailment: 'Burn', on: true });
    expect((await me(o!.id)).life.ailments).toEqual(['Burn', 'Poison']);
    const board = await app.call('board.view', { floor: 1 });
    expect(board.turnStack.find((e) => e.name === o!.name)!.conditions).toEqual(['Burn', 'Poison']);
    expect(board.turnStack.find((e) => e.tokenId === gnawer.id)!.publicConditions).toEqual(['Freeze']);
    expect((await app.call('players.view', {})).turnOrder.find((e) => e.name === o!.name)!.conditions).toEqual([
      'Burn',
      'Poison',
    ]);
    expect(await app.dispatch('ailment.set', { lichslayerId: o!.id, ailment: 'Burn', on: true })).toMatchObject({
      ok: false,
      error: { message: 'Odile Vantreck is already afflicted with Burn. Nothing changed.' },
    });
    expect(await app.dispatch('ailment.set', { tokenId: gnawer.id, ailment: 'Bound', on: false })).toMatchObject({
      ok: false,
      error: { message: 'Gnawer is not afflicted with Bound. Nothing changed.' },
    });
    expect(await app.dispatch('ailment.set', { ailment: 'Bound', on: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid-args' },
    });
    await app.call('history.undo', {});
    expect((await me(o!.id)).life.ailments).toEqual(['Poison']);
    await app.call('ailment.set', { lichslayerId: o!.id, ailment: 'Poison', on: false });
    expect((await me(o!.id)).life.ailments).toEqual([]);
    // A removed token's ailments stay with it: the next token placed, though SQLite gives it the same id, carries none.
    await app.call('board.removeToken', { id: gnawer.id });
    const rat = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Rat',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 0,
        health: 2,
        armor: 0,
      })
    ).tokens.find((t) => t.name === 'Rat')!;
    expect(rat.id).toBe(gnawer.id);
    expect(
      (await app.call('board.view', { floor: 1 })).turnStack.find((e) => e.tokenId === rat.id)!.conditions,
    ).toEqual([]);
    await app.call('history.undo', {});
    await app.call('history.undo', {});
    expect(
      (await app.call('board.view', { floor: 1 })).turnStack.find((e) => e.tokenId === gnawer.id)!.conditions,
    ).toEqual(['Freeze']);
    // ch.2 Family Heirloom: the Aristocrat cannot be Bound; the effect fails with no roll.
    await app.call('lichslayer.update', {
      id: q!.id,
      patch: {
        hiddenClass: 'The Aristocrat',
        skill1: 'Command',
        skill2: 'Retainers',
        skill3: 'Family Heirloom',
        level: 6,
      },
    });
    expect(await app.dispatch('ailment.set', { lichslayerId: q!.id, ailment: 'Bound', on: true })).toMatchObject({
      ok: false,
      error: {
        message:
          'Brother Quillam holds Family Heirloom: Bound and every compelling effect fails without a roll (ch.2). Nothing changed.',
      },
    });
    expect((await app.call('ailment.set', { lichslayerId: q!.id, ailment: 'Freeze', on: true })).notes).toEqual([
      'Brother Quillam is afflicted with Freeze: its effect on a turn is the Judge’s: the book names Freeze but gives no rule for it',
    ]);
    app.close();
  });

  it('Diagnose and Bandage removes one ailment from each target healed (the chosen one, or the first); Cure lifts one and restores 25% of maximum Health, rounded up, with 1d6 Rounds acting from 0 as at 1', async () => {
    const { app, roster, me } = await setup();
    const [o, q, sable] = roster;
    await app.call('lichslayer.update', {
      id: q!.id,
      patch: {
        hiddenClass: 'The Lich Doctor',
        skill1: 'Diagnose and Bandage',
        skill2: 'Medicine Bay',
        skill3: 'Doctor’s Coat of Arms',
        capstone: 'Cure',
        level: 2,
      },
    });
    await app.call('lichslayer.update', { id: o!.id, patch: { health: 10, maxHealth: 37 } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    const gnawer = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Gnawer',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 0,
        health: 5,
        armor: 0,
      })
    ).tokens.find((t) => t.name === 'Gnawer')!;
    const board = await app.call('board.view', { floor: 1 });
    const tok = (id: number) => board.tokens.find((t) => t.lichslayerId === id)!.id;
    for (const a of ['Bound', 'Poison'] as const)
      await app.call('ailment.set', { lichslayerId: o!.id, ailment: a, on: true });
    await app.call('ailment.set', { lichslayerId: sable!.id, ailment: 'Burn', on: true });
    await app.call('ailment.set', { lichslayerId: sable!.id, ailment: 'Freeze', on: true });
    // Only from the characters healed, and one each.
    expect(
      await app.dispatch('skill.use', {
        id: q!.id,
        skill: 'Diagnose and Bandage',
        tokens: [tok(o!.id)],
        lift: [{ tokenId: tok(sable!.id), ailment: 'Burn' }],
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(
      await app.dispatch('skill.use', {
        id: q!.id,
        skill: 'Diagnose and Bandage',
        tokens: [tok(o!.id)],
        lift: [{ tokenId: tok(o!.id), ailment: 'Burn' }],
      }),
    ).toMatchObject({
      ok: false,
      error: { message: 'Odile Vantreck is not afflicted with Burn (afflicted with Poison, Bound). Nothing changed.' },
    });
    await app.call('dice.setSeed', { seed: 3 });
    const healed = await app.call('skill.use', {
      id: q!.id,
      skill: 'Diagnose and Bandage',
      tokens: [tok(o!.id), tok(sable!.id)],
      lift: [{ tokenId: tok(sable!.id), ailment: 'Freeze' }],
    });
    expect(healed.notes).toEqual([
      'Odile Vantreck: 7 = 2d6 [2, 6] − 1 (Sanity Strange (ch.8)) Health restored: 10 → 17 (ch.2)',
      'Sable Hartigan: 9 = 2d6 [6, 4] − 1 (Sanity Strange (ch.8)) Health restored: 24 → 33 (ch.2)',
      'Brother Quillam’s Diagnose and Bandage lifts Poison from Odile Vantreck, the first in the book’s order (none chosen); still Bound (ch.2)',
      'Brother Quillam’s Diagnose and Bandage lifts Freeze from Sable Hartigan; still Burn (ch.2)',
    ]);
    expect((await me(o!.id)).life.ailments).toEqual(['Bound']);
    expect((await me(sable!.id)).life.ailments).toEqual(['Burn']);
    // Cure (the capstone): a fallen target's revival is the Judge's; on Odile it lifts Bound; once per session, so not on the Gnawer after.
    await app.call('board.updateToken', { id: gnawer.id, patch: { defeated: true } });
    expect(await app.dispatch('skill.use', { id: q!.id, skill: 'Cure', tokenId: gnawer.id })).toMatchObject({
      ok: false,
      error: {
        message:
          "Gnawer has fallen: Cure's revival of a fallen character is the Judge's to apply (ch.2). Nothing changed.",
      },
    });
    await app.call('board.updateToken', { id: gnawer.id, patch: { defeated: false } });
    await app.call('dice.setSeed', { seed: 4 });
    const cured = await app.call('skill.use', { id: q!.id, skill: 'Cure', tokenId: tok(o!.id) });
    // 25% of 37 is 9.25: rounded up, 10.
    expect(cured.notes).toEqual([
      'Brother Quillam Cures Odile Vantreck: 10 Health restored (25% of maximum 37, rounded up): 17 → 27; Brother Quillam lifts Bound from Odile Vantreck; for 5 Rounds (1d6 [5]) Odile Vantreck may act from 0 Health as though at 1 (ch.2)',
    ]);
    expect(await me(o!.id)).toMatchObject({ health: 27 });
    expect((await me(o!.id)).life.ailments).toEqual([]);
    expect(await app.dispatch('skill.use', { id: q!.id, skill: 'Cure', tokenId: gnawer.id })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/once per session/) },
    });
    expect(
      (await app.call('ledger.list', { character: 'Brother Quillam' }))
        .filter((e) => e.cause.startsWith('Brother Quillam uses Cure'))
        .map((e) => e.explain),
    ).toEqual([cured.notes[0]]);
    app.close();
  });
});

describe('the Bandit, the Aristocrat and the Witch (ch.2)', () => {
  it('Cheat rerolls a roll in the ledger and keeps the better for the Bandit (higher for her own, lower for one against her); a natural 1 on the reroll counts as 6; once per floor', async () => {
    const { app, roster } = await setup();
    const [o, , sable] = roster;
    await app.call('lichslayer.update', {
      id: sable!.id,
      patch: {
        hiddenClass: 'The Bandit',
        skill1: 'Burgle',
        skill2: 'Extra Pockets',
        skill3: 'Disarm',
        capstone: 'Cheat',
        level: 2,
      },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('dice.setSeed', { seed: 7 });
    await app.call('challenge.roll', { lichslayerId: sable!.id, target: 12, cause: 'Climb the shaft' });
    const mine = (await app.call('ledger.list', { character: 'Sable Hartigan' })).find((e) =>
      e.cause.endsWith('Climb the shaft'),
    )!;
    expect(mine.explain).toBe('16 = 2d6! [1, 6+6+3] vs 12: meets the target (ch.1)');
    expect(await app.dispatch('skill.use', { id: sable!.id, skill: 'Cheat' })).toMatchObject({
      ok: false,
      error: { message: 'Choose the roll Cheat rerolls (a ledger entry). Nothing changed.' },
    });
    await app.call('dice.setSeed', { seed: 7 });
    const cheated = await app.call('skill.use', { id: sable!.id, skill: 'Cheat', rollId: mine.id });
    expect(cheated.notes).toEqual([
      "Sable Hartigan Cheats on #2 (Sable Hartigan: Climb the shaft): d6! + d6! were [1, 15] = 16; the reroll [1, 6+6+3] (a natural 1 again counts as 6: 6, 15) = 21; the higher is better for Sable Hartigan: the reroll's 21 stands; vs 12: meets the target (ch.2)",
    ]);
    expect(await app.dispatch('skill.use', { id: sable!.id, skill: 'Cheat', rollId: mine.id })).toMatchObject({
      ok: false,
      error: { message: 'Cheat is once per floor (ch.2), and it has been used. Nothing changed.' },
    });
    // The next floor: a roll that affects her (Odile's) is better low unless she says otherwise.
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('challenge.roll', { lichslayerId: o!.id, target: 12, cause: 'Odile shoves Sable' });
    const theirs = (await app.call('ledger.list', { character: 'Odile Vantreck' })).find((e) =>
      e.cause.endsWith('Odile shoves Sable'),
    )!;
    await app.call('dice.setSeed', { seed: 2 });
    expect((await app.call('skill.use', { id: sable!.id, skill: 'Cheat', rollId: theirs.id })).notes).toEqual([
      'Sable Hartigan Cheats on #9 (Odile Vantreck: Odile shoves Sable): d6! + d6! were [5, 1] = 6; the reroll [6+3, 6+1] = 16; the lower is better for Sable Hartigan: the original 6 stands; vs 12: short of the target (ch.2)',
    ]);
    expect(
      (await app.call('ledger.list', { character: 'Sable Hartigan' })).filter((e) =>
        e.cause.startsWith('Sable Hartigan Cheats on'),
      ).length,
    ).toBe(2);
    app.close();
  });

  it('Cheat (ch.2): a reroll die is a 6 on a natural 1 only when the die it rerolls was a natural 1 too; a 15 rerolled to 1 stays 1', async () => {
    const { app, roster } = await setup();
    const sable = roster[2]!;
    await app.call('lichslayer.update', {
      id: sable.id,
      patch: {
        hiddenClass: 'The Bandit',
        skill1: 'Burgle',
        skill2: 'Extra Pockets',
        skill3: 'Disarm',
        capstone: 'Cheat',
        level: 2,
      },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('dice.setSeed', { seed: 7 });
    await app.call('challenge.roll', { lichslayerId: sable.id, target: 12, cause: 'Climb the shaft' });
    const mine = (await app.call('ledger.list', { character: 'Sable Hartigan' })).find((e) =>
      e.cause.endsWith('Climb the shaft'),
    )!;
    expect(mine.explain).toBe('16 = 2d6! [1, 6+6+3] vs 12: meets the target (ch.1)');
    await app.call('dice.setSeed', { seed: 22 }); // the reroll shows [1, 1]
    expect((await app.call('skill.use', { id: sable.id, skill: 'Cheat', rollId: mine.id })).notes).toEqual([
      'Sable Hartigan Cheats on #2 (Sable Hartigan: Climb the shaft): d6! + d6! were [1, 15] = 16; the reroll [1, 1] (a natural 1 again counts as 6: 6, 1) = 7; the higher is better for Sable Hartigan: the original 16 stands; vs 12: meets the target (ch.2)',
    ]);
    app.close();
  });

  it("Cheat (ch.2, ch.8): the reroll takes the original roll's modifiers, so a Bandit at Sanity Edge keeps her −2 on the reroll and is met against the same target: 14 short of 15 becomes 19, which meets it", async () => {
    const { app, roster } = await setup();
    const sable = roster[2]!;
    await app.call('lichslayer.update', {
      id: sable.id,
      patch: {
        hiddenClass: 'The Bandit',
        skill1: 'Burgle',
        skill2: 'Extra Pockets',
        skill3: 'Disarm',
        capstone: 'Cheat',
        level: 2,
        sanity: 'edge',
      },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('dice.setSeed', { seed: 7 });
    await app.call('challenge.roll', { lichslayerId: sable.id, target: 15, cause: 'Climb the shaft' });
    const mine = (await app.call('ledger.list', { character: 'Sable Hartigan' })).find((e) =>
      e.cause.endsWith('Climb the shaft'),
    )!;
    expect(mine.explain).toBe('14 = 2d6! [1, 6+6+3] − 2 (Sanity Edge (ch.8)) vs 15: short of the target (ch.1)');
    await app.call('dice.setSeed', { seed: 7 });
    expect((await app.call('skill.use', { id: sable.id, skill: 'Cheat', rollId: mine.id })).notes).toEqual([
      "Sable Hartigan Cheats on #2 (Sable Hartigan: Climb the shaft): d6! + d6! were [1, 15] = 16 − 2 (Sanity Edge (ch.8)) = 14; the reroll [1, 6+6+3] (a natural 1 again counts as 6: 6, 15) = 21 − 2 (Sanity Edge (ch.8)) = 19; the higher is better for Sable Hartigan: the reroll's 19 stands; vs 15: meets the target (ch.2)",
    ]);
    app.close();
  });

  it('Command directs a Retainer of the Aristocrat (an action with no roll) or grants an ally an action; one target, two when enhanced; never an enemy or themself; once per Round in a fight', async () => {
    const { app, roster } = await setup();
    const q = roster[1];
    await app.call('lichslayer.update', {
      id: q!.id,
      patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', skill2: 'Retainers', level: 4 },
    });
    await app.call('retainer.hire', { employer: q!.id, name: 'Pell', grade: 'common' });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    const board = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Gnawer',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 0,
        health: 5,
        armor: 0,
      })
    ).tokens;
    const id = (name: string) => board.find((t) => t.name === name)!.id;
    const refusal = async (tokens: number[]) =>
      ((await app.dispatch('skill.use', { id: q!.id, skill: 'Command', tokens })) as { error?: { message: string } })
        .error?.message;
    expect(await refusal([id('Gnawer')])).toBe(
      'Gnawer is neither a Retainer nor an ally of Brother Quillam: Command directs a Retainer or grants an ally an action (ch.2). Nothing changed.',
    );
    expect(await refusal([id('Brother Quillam')])).toBe(
      "Brother Quillam cannot Command themself: a Retainer or an ally acts on the Aristocrat's turn (ch.2). Nothing changed.",
    );
    expect(await refusal([id('Pell'), id('Odile Vantreck')])).toBe(
      'Command directs or grants to one target (two when enhanced): Brother Quillam chose 2 (ch.2). Nothing changed.',
    );
    expect((await app.call('skill.use', { id: q!.id, skill: 'Command', tokens: [id('Pell')] })).notes).toEqual([
      "Brother Quillam Commands Pell: one action on Brother Quillam's turn — Attack, Loot, Block or Move — with no roll (ch.2)",
    ]);
    await app.call('skill.points', { id: q!.id, delta: 1 });
    await app.call('skill.spendPoint', { id: q!.id, action: 'enhance', skill: 'Command' });
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(
      (await app.call('skill.use', { id: q!.id, skill: 'Command', tokens: [id('Pell'), id('Sable Hartigan')] })).notes,
    ).toEqual([
      "Brother Quillam Commands Pell: one action on Brother Quillam's turn — Attack, Loot, Block or Move — with no roll (ch.2)",
      "Brother Quillam Commands Sable Hartigan: one additional action on Brother Quillam's turn, Sable Hartigan's choice (ch.2)",
    ]);
    expect(await refusal([id('Odile Vantreck')])).toBe(
      'Command is once per Round (ch.2), and it has been used. Nothing changed.',
    );
    app.close();
  });

  it('Influence rolls the full pool, Power + Magic + level d6, to add to a friendly roll or take from a hostile one; once per in-game day', async () => {
    const { app, roster } = await setup();
    const q = roster[1]!;
    await app.call('lichslayer.update', {
      id: q.id,
      patch: {
        hiddenClass: 'The Aristocrat',
        skill1: 'Command',
        skill2: 'Retainers',
        skill3: 'Family Heirloom',
        capstone: 'Influence',
        level: 6,
      },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    const gnawer = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Gnawer',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 0,
        health: 5,
        armor: 0,
      })
    ).tokens.find((t) => t.name === 'Gnawer')!;
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Influence', tokenId: gnawer.id })).toMatchObject({
      ok: false,
      error: { code: 'invalid-args' },
    });
    await app.call('dice.setSeed', { seed: 5 });
    expect(
      (await app.call('skill.use', { id: q.id, skill: 'Influence', tokenId: gnawer.id, influence: 'subtract' })).notes,
    ).toEqual([
      "Brother Quillam Influences Gnawer's roll: 12d6 (Power 6 + Magic 0 + level 6) [1, 4, 5, 5, 4, 6, 1, 4, 2, 3, 1, 6] − 1 (Sanity Strange (ch.8)) = 41, taken from the roll (−41) (ch.2)",
    ]);
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Influence', influence: 'add' })).toMatchObject({
      ok: false,
      error: { message: 'Influence is once per in-game day (ch.2), and it has been used. Nothing changed.' },
    });
    app.close();
  });

  it('Influence on the Lich needs a Challenge of 24 first: on a failure nothing is added and the day’s use is spent; on a success the pool is rolled', async () => {
    const { app, roster } = await openDemo(31);
    await app.call('houseRules.update', { patch: { lichOnFloorTen: true } });
    const q = roster[1]!;
    await app.call('lichslayer.update', {
      id: q.id,
      patch: {
        hiddenClass: 'The Aristocrat',
        skill1: 'Command',
        skill2: 'Retainers',
        skill3: 'Family Heirloom',
        capstone: 'Influence',
        level: 6,
      },
    });
    await landingsTo(app, 10);
    await descendTo(app, 10);
    const lich = (await app.call('board.view', { floor: 10 })).tokens.find((t) => t.stats.lich)!;
    await app.call('lichslayer.update', { id: q.id, patch: { level: 2 } });
    await app.call('dice.setSeed', { seed: 5 });
    expect(
      (await app.call('skill.use', { id: q.id, skill: 'Influence', tokenId: lich.id, influence: 'subtract' })).notes,
    ).toEqual([
      'The Lich does not bend easily: a Challenge of 24 comes first (ch.2): Brother Quillam: Influence against the Lich: Brother Quillam fails (4 = 2d6! [1, 4] − 1 (Sanity Strange (ch.8)) vs 24: short of the target (ch.1)); a natural 1: Integrity of Iron-ribbed Lantern: 5 on d6, it holds (ch.11), on the first equipped item that can break, Iron-ribbed Lantern (house rule)',
      'The Lich does not bend: Influence adds nothing, and it is spent for the day (ch.2)',
    ]);
    expect(
      await app.dispatch('skill.use', { id: q.id, skill: 'Influence', tokenId: lich.id, influence: 'subtract' }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/once per in-game day/) } });
    await app.call('history.undo', {});
    await app.call('lichslayer.update', { id: q.id, patch: { level: 6 } });
    await app.call('dice.setSeed', { seed: 5 });
    expect(
      (await app.call('skill.use', { id: q.id, skill: 'Influence', tokenId: lich.id, influence: 'subtract' })).notes,
    ).toEqual([
      'The Lich does not bend easily: a Challenge of 24 comes first (ch.2): Brother Quillam: Influence against the Lich: Brother Quillam succeeds (25 = 6d6! [1, 4, 5, 5, 4, 6+1] − 1 (Sanity Strange (ch.8)) vs 24: meets the target (ch.1)); a natural 1: Integrity of Iron-ribbed Lantern: 4 on d6, it holds (ch.11), on the first equipped item that can break, Iron-ribbed Lantern (house rule)',
      "Brother Quillam Influences The Lich's roll: 12d6 (Power 6 + Magic 0 + level 6) [2, 3, 1, 6, 4, 5, 4, 2, 2, 3, 3, 6] − 1 (Sanity Strange (ch.8)) = 40, taken from the roll (−40) (ch.2)",
    ]);
    app.close();
  });

  it('Counter Magic is a Challenge against the caster’s Magic × 3, offered for every enemy that casts, rolled and logged through challenge.roll', async () => {
    const { app, roster } = await setup();
    const wren = roster[3]!;
    await app.call('lichslayer.update', {
      id: wren.id,
      patch: { hiddenClass: 'The Witch', skill1: 'Commune', skill2: 'Familiar', skill3: 'Counter Magic', level: 6 },
    });
    const imp = await hexImpOnFloorOne(app, 5);
    const offered = await app.call('challenge.presets', { lichslayerId: wren.id });
    expect(
      offered.presets.filter((p) => p.key.startsWith('counter-magic')).map((p) => [p.key, p.target, p.explain]),
    ).toEqual([[`counter-magic:${imp.id}`, 9, "Target 9 = Hex Imp's Magic 3 × 3 (ch.2)"]]);
    await app.call('dice.setSeed', { seed: 5 });
    const rolled = await app.call('challenge.roll', { lichslayerId: wren.id, preset: `counter-magic:${imp.id}` });
    expect(rolled.lines).toEqual([
      "Wren of the Hollow: Counter Magic against Hex Imp — Target 9 = Hex Imp's Magic 3 × 3 (ch.2): Wren of the Hollow succeeds (24 = 6d6! [1, 4, 5, 5, 4, 6+1] − 2 (Sanity Edge (ch.8)) vs 9: meets the target (ch.1)); a natural 1: Integrity of Thornwood Staff: 4 on d6, it holds (ch.11), on the first equipped item that can break, Thornwood Staff (house rule)",
    ]);
    app.close();
  });

  it('Commune reveals every room within 1 space, or one room up to Magic spaces away; farther is refused', async () => {
    const { app, roster, me } = await setup();
    const wren = roster[3]!;
    await app.call('lichslayer.update', {
      id: wren.id,
      patch: { hiddenClass: 'The Witch', skill1: 'Commune', level: 2, gold: 1800 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const revealed = async () =>
      (await app.call('board.view', { floor: 1 })).rooms
        .filter((r) => r.revealed)
        .map((r) => `${r.x},${r.y}`)
        .sort();
    expect([(await me(wren.id)).derived.magic.value, await revealed()]).toEqual([3, ['2,0']]);
    await app.call('skill.use', { id: wren.id, skill: 'Commune', rooms: [{ x: 2, y: 1 }] });
    expect(await revealed()).toEqual(['1,0', '2,0', '2,1', '3,0']);
    await app.call('skill.use', { id: wren.id, skill: 'Commune', rooms: [{ x: 2, y: 3 }] });
    expect(await revealed()).toEqual(['1,0', '2,0', '2,1', '2,3', '3,0']);
    expect(await app.dispatch('skill.use', { id: wren.id, skill: 'Commune', rooms: [{ x: 0, y: 4 }] })).toMatchObject({
      ok: false,
      error: {
        message:
          'Commune reaches one room up to Magic spaces away: that room is 6 away and Wren of the Hollow has Magic 3 (ch.2). Nothing changed.',
      },
    });
    app.close();
  });

  it('Disarm enhanced, from sneak, recovers the mechanism as one Uncommon loot item (rolled in the tier, logged, into the inventory); not from sneak, nothing', async () => {
    const { app, roster, me } = await setup();
    const sable = roster[2]!;
    await app.call('lichslayer.update', {
      id: sable.id,
      patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', skill2: 'Extra Pockets', skill3: 'Disarm', level: 6 },
    });
    await app.call('skill.points', { id: sable.id, delta: 1 });
    await app.call('skill.spendPoint', { id: sable.id, action: 'enhance', skill: 'Disarm' });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const count = async () => (await me(sable.id)).inventory.reduce((a, k) => a + k.count, 0);
    const before = await count();
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 0,
      patch: { trap: { label: 'Needle lock', disabled: false } },
    });
    expect((await app.call('skill.use', { id: sable.id, skill: 'Disarm' })).notes).toEqual([
      'Sable Hartigan disarms Needle lock at F1 (3,1): it triggers for no one for the rest of the dive (ch.2)',
    ]);
    expect(await count()).toBe(before);
    await app.call('board.setRoom', {
      floor: 1,
      x: 2,
      y: 0,
      patch: { trap: { label: 'Needle lock', disabled: false } },
    });
    await app.call('dice.setSeed', { seed: 9 });
    expect((await app.call('skill.use', { id: sable.id, skill: 'Disarm', sneak: true })).notes).toEqual([
      'Sable Hartigan disarms Needle lock at F1 (3,1): it triggers for no one for the rest of the dive (ch.2)',
      "Sable Hartigan recovers Ember Biscuit from Needle lock's mechanism: Disarm enhanced, from sneak: the mechanism is recovered as one Uncommon loot item (ch.2)",
    ]);
    expect(await count()).toBe(before + 1);
    expect((await app.call('ledger.list', { character: 'Sable Hartigan' }))[0]!.explain).toBe(
      '95 = 95 on d100 → Uncommon: Ember Biscuit (Tomb Loot Table); Disarm enhanced, from sneak: the mechanism is recovered as one Uncommon loot item (ch.2)',
    );
    app.close();
  });

  it('Family Heirloom enhanced covers one Retainer or ally within 1 space, chosen each Round: Bound on them fails with no roll that Round only', async () => {
    const { app, roster } = await setup();
    const [o, q] = roster;
    await app.call('lichslayer.update', {
      id: q!.id,
      patch: {
        hiddenClass: 'The Aristocrat',
        skill1: 'Command',
        skill2: 'Retainers',
        skill3: 'Family Heirloom',
        level: 6,
      },
    });
    await app.call('retainer.hire', { employer: q!.id, name: 'Pell', grade: 'common' });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    const board = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Gnawer',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 0,
        health: 5,
        armor: 0,
      })
    ).tokens;
    const id = (name: string) => board.find((t) => t.name === name)!.id;
    expect(await app.dispatch('skill.use', { id: q!.id, skill: 'Family Heirloom', tokenId: id('Pell') })).toMatchObject(
      { ok: false, error: { message: 'Family Heirloom is passive: it is always in effect (ch.2). Nothing changed.' } },
    );
    await app.call('skill.points', { id: q!.id, delta: 1 });
    await app.call('skill.spendPoint', { id: q!.id, action: 'enhance', skill: 'Family Heirloom' });
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(
      await app.dispatch('skill.use', { id: q!.id, skill: 'Family Heirloom', tokenId: id('Gnawer') }),
    ).toMatchObject({
      ok: false,
      error: {
        message:
          'Gnawer is neither a Retainer nor an ally: Family Heirloom covers one of those (ch.2). Nothing changed.',
      },
    });
    expect((await app.call('skill.use', { id: q!.id, skill: 'Family Heirloom', tokenId: id('Pell') })).notes).toEqual([
      "Brother Quillam's Family Heirloom covers Pell this Round (1): Bound and compelling effects fail on them without a roll (ch.2)",
    ]);
    expect(
      await app.dispatch('skill.use', { id: q!.id, skill: 'Family Heirloom', tokenId: id('Odile Vantreck') }),
    ).toMatchObject({
      ok: false,
      error: {
        message: 'Brother Quillam covers Pell this Round already: one is chosen each Round (ch.2). Nothing changed.',
      },
    });
    expect(await app.dispatch('ailment.set', { tokenId: id('Pell'), ailment: 'Bound', on: true })).toMatchObject({
      ok: false,
      error: {
        message:
          "Brother Quillam's enhanced Family Heirloom covers Pell this Round: Bound fails without a roll (ch.2). Nothing changed.",
      },
    });
    expect((await app.call('ailment.set', { lichslayerId: o!.id, ailment: 'Bound', on: true })).notes).toEqual([
      'Odile Vantreck is afflicted with Bound: its effect on a turn is the Judge’s: the book names Bound but gives no rule for it',
    ]);
    // The next Round: the cover lapses until chosen again.
    let guard = 0;
    while (p.combat!.round === 1 && guard++ < 40) p = await app.call('phase.nextTurn', {});
    expect(p.combat!.round).toBe(2);
    expect((await app.call('ailment.set', { tokenId: id('Pell'), ailment: 'Bound', on: true })).notes).toEqual([
      'Pell is afflicted with Bound: its effect on a turn is the Judge’s: the book names Bound but gives no rule for it',
    ]);
    app.close();
  });

  it('2.94: Commune enhanced reads one room two floors ahead: its contents rolled now, kept from the players until the party gets there', async () => {
    const { app, roster } = await setup();
    const wren = roster[3]!;
    await app.call('lichslayer.update', {
      id: wren.id,
      patch: { hiddenClass: 'The Witch', skill1: 'Commune', level: 2 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    expect(
      await app.dispatch('skill.use', { id: wren.id, skill: 'Commune', rooms: [{ x: 1, y: 3 }], ahead: true }),
    ).toMatchObject({
      ok: false,
      error: {
        message: "Wren of the Hollow's Commune reads two floors ahead only when enhanced (ch.2). Nothing changed.",
      },
    });
    await app.call('skill.points', { id: wren.id, delta: 1 });
    await app.call('skill.spendPoint', { id: wren.id, action: 'enhance', skill: 'Commune' });
    await app.call('dice.setSeed', { seed: 12 });
    expect(
      (await app.call('skill.use', { id: wren.id, skill: 'Commune', rooms: [{ x: 1, y: 3 }], ahead: true })).notes,
    ).toEqual([
      'Wren of the Hollow Communes with F3 (2,4), two floors ahead: Empty Antechamber (antechamber); no one waits there (ch.2)',
    ]);
    expect((await app.call('board.view', { floor: 3 })).rooms.find((r) => r.x === 1 && r.y === 3)).toMatchObject({
      revealed: false,
      prepared: true,
    });
    app.close();
  });

  it('Retainers give one piece of floor intelligence each per floor, by grade: Common a room’s kind on the next floor, Skilled its contents, Exceptional the factions two floors ahead', async () => {
    const { app, roster } = await setup();
    const q = roster[1]!;
    await app.call('lichslayer.update', {
      id: q.id,
      patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', skill2: 'Retainers', level: 4 },
    });
    for (const [name, grade] of [
      ['Pell', 'common'],
      ['Quince', 'skilled'],
      ['Rook', 'exceptional'],
    ] as const)
      await app.call('retainer.hire', { employer: q.id, name, grade });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const tokens = (await app.call('board.view', { floor: 1 })).tokens;
    const id = (name: string) => tokens.find((t) => t.name === name)!.id;
    expect(await app.dispatch('skill.use', { id: q.id, skill: 'Retainers' })).toMatchObject({
      ok: false,
      error: { message: 'Retainers is passive: it is always in effect (ch.2). Nothing changed.' },
    });
    await app.call('dice.setSeed', { seed: 21 });
    expect(
      (await app.call('skill.use', { id: q.id, skill: 'Retainers', tokenId: id('Pell'), rooms: [{ x: 0, y: 0 }] }))
        .notes,
    ).toEqual(['Pell (Common) tells of F2 (1,1), the next floor: a chamber (ch.2)']);
    expect(
      (await app.call('skill.use', { id: q.id, skill: 'Retainers', tokenId: id('Quince'), rooms: [{ x: 4, y: 4 }] }))
        .notes,
    ).toEqual([
      'Quince (Skilled) tells of F2 (5,5), one floor ahead: Whispering Stair (antechamber); waiting there: Weeping Shade (ch.2)',
    ]);
    expect((await app.call('skill.use', { id: q.id, skill: 'Retainers', tokenId: id('Rook') })).notes).toEqual([
      'Rook (Exceptional) tells of Floor 3, two floors ahead: 17 Ghoul, 12 Phantom (ch.2)',
    ]);
    expect(
      await app.dispatch('skill.use', { id: q.id, skill: 'Retainers', tokenId: id('Pell'), rooms: [{ x: 1, y: 0 }] }),
    ).toMatchObject({
      ok: false,
      error: {
        message: "Pell has given this floor's piece of intelligence already: one per floor (ch.2). Nothing changed.",
      },
    });
    expect((await app.call('board.view', { floor: 2 })).rooms.find((r) => r.x === 0 && r.y === 0)).toMatchObject({
      revealed: false,
      prepared: true,
    });
    // The next floor: Pell may tell again.
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    expect(
      (await app.call('skill.use', { id: q.id, skill: 'Retainers', tokenId: id('Pell'), rooms: [{ x: 0, y: 0 }] }))
        .notes,
    ).toEqual(['Pell (Common) tells of F3 (1,1), the next floor: a hall (ch.2)']);
    app.close();
  });

  it('Cure unlocks once the Lich Doctor has healed characters back from 0 Health three times with Diagnose and Bandage (no spell); the Gauntlet shows the count', async () => {
    const { app, roster, me } = await setup();
    const [o, q, sable] = roster;
    await app.call('lichslayer.update', {
      id: q!.id,
      patch: {
        hiddenClass: 'The Lich Doctor',
        skill1: 'Diagnose and Bandage',
        skill2: 'Medicine Bay',
        skill3: 'Doctor’s Coat of Arms',
        level: 2,
      },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const board = await app.call('board.view', { floor: 1 });
    const tok = (id: number) => board.tokens.find((t) => t.lichslayerId === id)!.id;
    expect((await me(q!.id)).life.capstone).toEqual({
      capstone: 'Cure',
      have: 0,
      need: 3,
      explain: '0 of 3 characters healed back from 0 Health without a spell (ch.2)',
    });
    await app.call('dice.setSeed', { seed: 3 });
    await app.call('lichslayer.update', { id: o!.id, patch: { health: 0 } });
    await app.call('lichslayer.update', { id: sable!.id, patch: { health: 0 } });
    // Two back from 0 at once, and one who was not at 0 (Quillam himself).
    expect(
      (
        await app.call('skill.use', { id: q!.id, skill: 'Diagnose and Bandage', tokens: [tok(o!.id), tok(sable!.id)] })
      ).notes.at(-1),
    ).toBe('Brother Quillam: 2 of 3 characters healed back from 0 Health without a spell (ch.2)');
    await app.call('skill.use', { id: q!.id, skill: 'Diagnose and Bandage', tokens: [tok(q!.id)] });
    expect((await me(q!.id)).life.capstone).toMatchObject({ have: 2 });
    await app.call('lichslayer.update', { id: o!.id, patch: { health: 0 } });
    expect(
      (await app.call('skill.use', { id: q!.id, skill: 'Diagnose and Bandage', tokens: [tok(o!.id)] })).notes.slice(-2),
    ).toEqual([
      'Brother Quillam: 3 of 3 characters healed back from 0 Health without a spell (ch.2)',
      "Brother Quillam's capstone condition is met: Cure unlocks (ch.2)",
    ]);
    expect((await me(q!.id)).capstone).toBe('Cure');
    app.close();
  });

  it('Influence unlocks once the Aristocrat has kept at least 3 active Retainers for 7 days in a row, counted at each day’s close', async () => {
    const { app, roster, me } = await setup();
    const q = roster[1]!;
    await app.call('lichslayer.update', {
      id: q.id,
      patch: {
        hiddenClass: 'The Aristocrat',
        skill1: 'Command',
        skill2: 'Retainers',
        skill3: 'Family Heirloom',
        level: 6,
        gold: 9000,
      },
    });
    for (const name of ['Pell', 'Quince']) await app.call('retainer.hire', { employer: q.id, name, grade: 'common' });
    const lines = async () =>
      (await app.call('town.nextDay', {})).lines
        .map((l) => l.text)
        .filter((t) => t.includes('toward Influence') || t.includes('Influence unlocks'));
    expect(await lines()).toEqual([]);
    await app.call('retainer.hire', { employer: q.id, name: 'Rook', grade: 'common' });
    const seen: string[][] = [];
    for (let day = 0; day < 7; day++) seen.push(await lines());
    expect(seen).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((d) => [
        `Brother Quillam keeps 3 active Retainers: day ${d} of 7 toward Influence (ch.2)`,
        ...(d === 7 ? ["Brother Quillam's capstone condition is met: Influence unlocks (ch.2)"] : []),
      ]),
    );
    expect(await me(q.id)).toMatchObject({
      capstone: 'Influence',
      life: { capstone: { capstone: 'Influence', have: 7, need: 7 } },
    });
    app.close();
  });
});
