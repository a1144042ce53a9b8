// Influence dice on attacks and Challenges (rulebook ch.1, ch.13): the closed action list lets an
// Influence item add its roll to "any roll — loot, gold, attack, or challenge". Through the commands
// the Judge's Attack and Challenge dialogs send, on a real campaign file, with fixed seeds.
import { describe, expect, it } from 'vitest';
import type { BoardView, TokenView } from '@shared/board.ts';
import { openDemo } from '../test-support/temp-app.ts';

const tokenNamed = (b: BoardView, name: string): TokenView => b.tokens.find((t) => t.name === name)!;

/** The demo party on Floor 1 in an empty Vault with one enemy; Odile holds a maul and the Cinder Compass (Influence 1d6). */
async function compassInTheVault(seed: number) {
  const { app, roster } = await openDemo(seed);
  const odile = roster.find((l) => l.name === 'Odile Vantreck')!;
  await app.call('lichslayer.setItem', {
    id: odile.id,
    slot: 'gear',
    item: { name: 'Cinder Maul', colour: 'Red', notes: 'Attack: 2d6' },
  });
  await app.call('lichslayer.setItem', {
    id: odile.id,
    slot: 'loot3',
    item: { name: 'Cinder Compass', colour: 'Red' },
  });
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  const board = await app.call('board.addToken', {
    kind: 'entity',
    name: 'Gnawer',
    colour: 'Green',
    floor: 1,
    x: 2,
    y: 0,
    health: 60,
    armor: 0,
    stats: { level: 2, attack: '1d6' },
  });
  await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  return { app, board, odile, me: tokenNamed(board, 'Odile Vantreck'), gnawer: tokenNamed(board, 'Gnawer') };
}

describe('Influence on attacks (ch.13)', () => {
  it('ch.13: an attack made with the Influence dice adds the Cinder Compass’s d6 to the damage, rolled after the damage dice; the dialog is told which dice are held', async () => {
    const { app, me, gnawer } = await compassInTheVault(16);
    const options = await app.call('fight.options', { attacker: me.id });
    expect(options.influence).toEqual({ dice: [{ source: 'Cinder Compass', sides: 6 }], always: false });
    await app.call('dice.setSeed', { seed: 3 });
    const r = await app.call('fight.attack', { attacker: me.id, target: gnawer.id, influence: true });
    // The same damage dice as the bare attack below (23), and the Compass's 1 on its d6.
    expect(r.lines.slice(0, 2)).toEqual([
      'Attack: Odile Vantreck → Gnawer with Cinder Maul: 24 damage',
      'Odile Vantreck: 24 damage = 2d6! + 1d6! Power above 6 (ch.4) [2, 6+6+4, 5] + 1 (influence: Cinder Compass) (ch.11)',
    ]);
    const entry = (await app.call('ledger.list', {})).find(
      (e) => e.cause === 'Attack: Odile Vantreck → Gnawer with Cinder Maul',
    )!;
    expect(entry.faces.map((f) => [f.sides, f.face])).toEqual([
      [6, 2],
      [6, 6],
      [6, 6],
      [6, 4],
      [6, 5],
      [6, 1],
    ]);
    app.close();
  });

  it('ch.13: the same attack without the Influence dice rolls none (the holder chooses, house rule); asked of an enemy, which holds no Influence item, it is refused', async () => {
    const { app, me, gnawer } = await compassInTheVault(16);
    await app.call('dice.setSeed', { seed: 3 });
    const r = await app.call('fight.attack', { attacker: me.id, target: gnawer.id });
    expect(r.lines[1]).toBe('Odile Vantreck: 23 damage = 2d6! + 1d6! Power above 6 (ch.4) [2, 6+6+4, 5] (ch.11)');
    expect(
      await app.dispatch('fight.attack', { attacker: gnawer.id, target: me.id, outOfTurn: true, influence: true }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message:
          'Gnawer holds no unbroken item with the Influence action equipped: there is no Influence die to add (ch.13). Nothing changed.',
      },
    });
    app.close();
  });
});

describe('Influence on Challenges (ch.1, ch.13)', () => {
  it('ch.13: a Challenge made with the Influence dice adds the d6 to its total and can turn a failure into a success; none is added to the Judge’s own total', async () => {
    const { app, odile } = await compassInTheVault(16);
    const setup = await app.call('challenge.presets', { lichslayerId: odile.id });
    expect(setup.influence.dice).toEqual([{ source: 'Cinder Compass', sides: 6 }]);
    await app.call('dice.setSeed', { seed: 4 });
    const bare = await app.call('challenge.roll', { lichslayerId: odile.id, target: 12, cause: 'climb the stair' });
    await app.call('history.undo', {});
    await app.call('dice.setSeed', { seed: 4 });
    const helped = await app.call('challenge.roll', {
      lichslayerId: odile.id,
      target: 12,
      cause: 'climb the stair',
      influence: true,
    });
    expect([bare.lines, helped.lines]).toEqual([
      ['Odile Vantreck: climb the stair: Odile Vantreck fails (9 = 2d6! [5, 4] vs 12: short of the target (ch.1))'],
      [
        'Odile Vantreck: climb the stair: Odile Vantreck succeeds (15 = 2d6! [5, 4] + 6 (influence: Cinder Compass) vs 12: meets the target (ch.1))',
      ],
    ]);
    const judged = await app.call('challenge.roll', {
      lichslayerId: odile.id,
      target: 12,
      cause: 'climb the stair',
      influence: true,
      total: 11,
    });
    expect(judged.challenge).toEqual({ total: 11, target: 12, success: false });
    app.close();
  });

  it('house rule: under “every roll”, a Challenge the Judge calls without the box ticked still adds the Influence dice held (ch.1, ch.13)', async () => {
    const { app, odile } = await compassInTheVault(16);
    await app.call('houseRules.update', { patch: { influenceOnRolls: 'every-roll' } });
    expect((await app.call('challenge.presets', { lichslayerId: odile.id })).influence.always).toBe(true);
    await app.call('dice.setSeed', { seed: 4 });
    const r = await app.call('challenge.roll', { lichslayerId: odile.id, target: 12, cause: 'climb the stair' });
    expect(r.lines).toEqual([
      'Odile Vantreck: climb the stair: Odile Vantreck succeeds (15 = 2d6! [5, 4] + 6 (influence: Cinder Compass) vs 12: meets the target (ch.1))',
    ]);
    app.close();
  });
});
