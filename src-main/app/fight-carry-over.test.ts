// What passes over a fight's edges (rulebook ch.9, ch.11, ch.15): ongoing damage still owed when a fight
// ends, and a turn lost before a fight begins or owed within it. Fixed seeds, fixed expectations.
import { describe, expect, it } from 'vitest';
import type { BoardView, TokenView } from '@shared/board.ts';
import { openDemo } from '../test-support/temp-app.ts';
import { addEnemy, fightInTheQuietVault, trapBeside } from '../test-support/floor-setups.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const tokenNamed = (b: BoardView, name: string): TokenView => b.tokens.find((t) => t.name === name)!;
const health = async (app: App, name: string) =>
  (await app.call('campaign.current', {}))!.roster.find((l) => l.name === name)!.health;

describe('ongoing damage when a fight ends (ch.11: rounds exist only in a fight)', () => {
  it('the rounds still owed strike at once as the fight ends, as they would with no fight on, and nothing is left to strike in the next fight', async () => {
    const { app } = await openDemo(7);
    await trapBeside(app, 'Ember Room', 'Cold fire', { damage: '1d6', ongoing: true, rounds: 3 });
    await fightInTheQuietVault(app, { name: 'Grey Hound', health: 30 });
    const board = await app.call('board.view', { floor: 1 });
    const moved = await app.call('board.moveToken', {
      tokenId: tokenNamed(board, 'Odile Vantreck').id,
      floor: 1,
      x: 1,
      y: 0,
    });
    expect(moved.notices).toEqual([
      'Trap triggers for Odile Vantreck: Cold fire (ch.9)',
      "1 to Odile Vantreck's Health (ongoing, not an instance): 30 → 29 (ch.11)",
      'Cold fire goes on for 2 more rounds (ch.11)',
    ]);
    // The tracker shows the fire still burning: by name to the Judge, unnamed on the players' screen.
    const tracked = (await app.call('board.view', { floor: 1 })).turnStack.find((e) => e.name === 'Odile Vantreck')!;
    expect(tracked.conditions).toContain('Cold fire: ongoing damage, 2 more rounds');
    expect(tracked.publicConditions).toContain('Ongoing damage, 2 more rounds');
    const seen = (await app.call('players.view', {}))!.turnOrder.find((e) => e.name === 'Odile Vantreck')!;
    expect(seen.conditions).toContain('Ongoing damage, 2 more rounds');
    const over = await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    expect(over.notices).toEqual([
      'The fight is over: what ongoing damage still owed strikes at once (ch.11)',
      'Cold fire (round 2 of 3, the fight over): 15 = 1d6! [6+6+3], ongoing (ch.9, ch.11)',
      "15 to Odile Vantreck's Health (ongoing, not an instance): 29 → 14 (ch.11)",
      'Cold fire (round 3 of 3, the fight over): 2 = 1d6! [2], ongoing (ch.9, ch.11)',
      "2 to Odile Vantreck's Health (ongoing, not an instance): 14 → 12 (ch.11)",
    ]);
    expect(await health(app, 'Odile Vantreck')).toBe(12);

    // A second fight: its rounds bring no fire from the first.
    await addEnemy(app, { name: 'Ash Rat', health: 30 });
    let phase = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    for (let press = 0; press < 8 && !phase.combat!.atRoundEnd; press++) phase = await app.call('phase.nextTurn', {});
    expect(phase.combat!.atRoundEnd).toBe(true);
    phase = await app.call('phase.nextTurn', {});
    expect(phase.combat!.round).toBe(2);
    expect((phase.notices ?? []).filter((n) => n.includes('Cold fire'))).toEqual([]);
    expect(await health(app, 'Odile Vantreck')).toBe(12);
    app.close();
  });
});

describe('a turn given up (ch.9 a trap before the fight, ch.15 a Response)', () => {
  it('a Lichslayer snared before the fight gives up the first turn of it, even when it is the first on the stack, and the Judge is told', async () => {
    const { app } = await openDemo(7);
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await trapBeside(app, 'Snare Room', 'Bone snare', { loseTurn: true });
    const board = await app.call('board.view', { floor: 1 });
    const odile = tokenNamed(board, 'Odile Vantreck');
    const snared = await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 1, y: 0 });
    expect(snared.notices).toContain('Odile Vantreck gives up their next turn: Bone snare (ch.9)');
    await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 0 });
    await addEnemy(app, { name: 'Grey Hound', health: 30 });
    const phase = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(phase.notices).toContain('Odile Vantreck gives up this turn, as owed (ch.9, ch.15)');
    expect(phase.combat!.current).toBe('Brother Quillam');
    // Given up, the turn is no longer owed: the tracker says nothing more of it.
    const tracked = (await app.call('board.view', { floor: 1 })).turnStack.find((e) => e.name === 'Odile Vantreck')!;
    expect(tracked.conditions).not.toContain('Gives up their next turn');
    app.close();
  });
});
