// Lost Sanity's "−1 movement every other round" (rulebook ch.8) on the board (ch.9): the rooms a
// Lichslayer moves on their own turn in a fight are counted, and on the rounds the penalty bites a
// Lost character's step past the allowance is refused. Real campaign file, fixed seed.
import { describe, expect, it } from 'vitest';
import type { BoardView, TokenView } from '@shared/board.ts';
import { openDemo } from '../test-support/temp-app.ts';

const tokenNamed = (b: BoardView, name: string): TokenView => b.tokens.find((t) => t.name === name)!;

/** The demo party in a Floor 1 Vault with a Gnawer, two quiet Halls revealed below it; Odile is Lost; the fight on, her turn. */
async function lostOdileInAFight(seed: number) {
  const { app, roster } = await openDemo(seed);
  const odile = roster.find((l) => l.name === 'Odile Vantreck')!;
  await app.call('lichslayer.update', { id: odile.id, patch: { sanity: 'lost' } });
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  for (const y of [1, 2])
    await app.call('board.setRoom', { floor: 1, x: 2, y, patch: { type: 'hall', name: `Hall ${y}` }, revealed: true });
  const board = await app.call('board.addToken', {
    kind: 'entity',
    name: 'Gnawer',
    colour: 'Red',
    floor: 1,
    x: 2,
    y: 0,
    health: 60,
    armor: 0,
    stats: { level: 2, attack: '1d6' },
  });
  const phase = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
  return { app, odile, me: tokenNamed(board, 'Odile Vantreck'), phase };
}

const where = async (app: Awaited<ReturnType<typeof openDemo>>['app'], id: number) => {
  const t = (await app.call('board.view', { floor: 1 })).tokens.find((k) => k.id === id)!;
  return [t.x, t.y];
};

describe('Lost: −1 movement every other round (ch.8)', () => {
  it('ch.8: in round 1 a Lost Odile moves two rooms on her turn; in round 2 her second room is refused, naming the rule, and she stays where she was', async () => {
    const { app, me, phase: first } = await lostOdileInAFight(21);
    expect(first.combat!.current).toBe('Odile Vantreck');
    await app.call('board.moveToken', { tokenId: me.id, floor: 1, x: 2, y: 1 });
    await app.call('board.moveToken', { tokenId: me.id, floor: 1, x: 2, y: 2 });
    expect(await where(app, me.id)).toEqual([2, 2]);
    let phase = first;
    let guard = 0;
    while (!(phase.combat!.round === 2 && phase.combat!.current === 'Odile Vantreck') && guard++ < 30)
      phase = await app.call('phase.nextTurn', {});
    expect([phase.combat!.round, phase.combat!.current]).toEqual([2, 'Odile Vantreck']);
    await app.call('board.moveToken', { tokenId: me.id, floor: 1, x: 2, y: 1 });
    expect(await app.dispatch('board.moveToken', { tokenId: me.id, floor: 1, x: 2, y: 0 })).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message:
          'Odile Vantreck is Lost: −1 movement this round (round 2, every other round, ch.8), so 1 room this turn (house rule: no limit otherwise), and Odile Vantreck has moved 1 already. Odile Vantreck stays where they were.',
      },
    });
    expect(await where(app, me.id)).toEqual([2, 1]);
    app.close();
  });

  it('house rule: at two rooms a turn, a Whole character’s third room on their turn is refused (ch.8, ch.9)', async () => {
    const { app, odile, me } = await lostOdileInAFight(21);
    await app.call('houseRules.update', { patch: { roomsPerTurn: 2 } });
    await app.call('lichslayer.update', { id: odile.id, patch: { sanity: 'whole' } });
    await app.call('board.moveToken', { tokenId: me.id, floor: 1, x: 2, y: 1 });
    await app.call('board.moveToken', { tokenId: me.id, floor: 1, x: 2, y: 2 });
    expect(await app.dispatch('board.moveToken', { tokenId: me.id, floor: 1, x: 2, y: 1 })).toMatchObject({
      ok: false,
      error: {
        code: 'refused',
        message:
          'Odile Vantreck has moved 2 rooms this turn: 2 rooms a turn (house rule). Odile Vantreck stays where they were.',
      },
    });
    app.close();
  });
});
