// Turning and its exits (ch.16, with ch.11's player-killing), through the commands the app runs:
// the turned as the Lich's Zombie in the Tombs, Cleanse a killing, the cures within six days.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

/** The Lich manifests at Stage 4 (ch.16) and its communion turns someone; the party then goes back to the Town. */
async function turnSomeone(app: App) {
  await app.call('phase.attention', { event: { type: 'CROWN' } });
  let p = await app.call('phase.send', { event: { type: 'MANIFEST' } });
  let guard = 0;
  while (p.dive.turned.length < 1 && guard++ < 200) p = await app.call('phase.nextTurn', {});
  // seed 7: the first round's communion turns two of the four
  expect(p.dive.turned).toEqual(['Odile Vantreck', 'Sable Hartigan']);
  const roster = (await app.call('campaign.current', {}))!.roster;
  const turned = roster.find((l) => l.name === p.dive.turned[0])!;
  return { turned, others: roster.filter((l) => !p.dive.turned.includes(l.name)) };
}

describe('Cleanse is a player-killing (ch.16, ch.11)', () => {
  it('the cleansed dies, lost for good; the caster rolls the killer’s Sanity Challenge, target 12', async () => {
    const { app } = await openDemo(7);
    const { turned, others } = await turnSomeone(app);
    const caster = others[0]!;
    expect(await app.dispatch('phase.cure', { id: turned.id, how: 'cleanse' })).toMatchObject({
      ok: false,
      error: {
        message:
          'Cleanse is cast by someone: name the Lichslayer who cast it, for the player-killing’s Sanity Challenge (ch.11, ch.16). Nothing changed.',
      },
    });
    const p = await app.call('phase.cure', { id: turned.id, how: 'cleanse', by: caster.id });
    expect(p.notices![0]).toBe(
      `${caster.name} Cleanses ${turned.name}: a turned character is a Zombie, and Cleanse removes Zombies. ${turned.name} dies, lost for good — a player-killing (ch.16, ch.11)`,
    );
    expect(p.dive.turned).toEqual(['Sable Hartigan']);
    expect(p.dive.lost).toContain(turned.name);
    const challenge = (await app.call('ledger.list', { character: caster.name })).find(
      (e) => e.cause === `${caster.name} killed ${turned.name} (ch.11)`,
    )!;
    // seed 7: everyone in the Town is at Lost (ch.16), −4 to the roll (ch.8): 3 − 4 falls short of 12,
    // raised to 18 by the Stage 4 Sanity shift (ch.5, house rule)
    expect(challenge.explain).toBe(
      "-1 = 1d6! [3] − 4 (Sanity Lost (ch.8)) vs 18 (12 + 6, Lich's Attention Stage 4 (ch.5, house rule)): short of the target (ch.1)",
    );
    expect(p.notices![1]).toBe(
      `${caster.name} killed ${turned.name} (ch.11): ${caster.name} fails (${challenge.explain}) and drops to Lost (ch.8)`,
    );
    // lost for good: not in the next dive's party, and no cure brings them back
    expect(await app.dispatch('phase.cure', { id: turned.id, how: 'restore' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/is not turned/) },
    });
    app.close();
  });

  it('Cleanse is no cure, so the six days do not bind it; Restore after the sixth day is refused', async () => {
    const { app } = await openDemo(7);
    const { turned, others } = await turnSomeone(app);
    for (const _ of [1, 2, 3, 4, 5, 6, 7]) await app.call('town.nextDay', {});
    expect(await app.dispatch('phase.cure', { id: turned.id, how: 'restore' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/turning is permanent: Past the sixth day/) },
    });
    const p = await app.call('phase.cure', { id: turned.id, how: 'cleanse', by: others[1]!.id });
    expect(p.dive.lost).toContain(turned.name);
    app.close();
  });
});

describe('while characters are turned, the Inn rolls lower (ch.16)', () => {
  it('the Inn’s d12 takes −1 per turned character', async () => {
    const { app } = await openDemo(7);
    await turnSomeone(app);
    // the Judge sets the Attention back to Stage 0, so that the Inn is open again (ch.5: it is closed at Stage 4)
    await app.call('phase.attention', { event: { type: 'JUDGE_SETS', stage: 0 } });
    await app.call('town.nextDay', {});
    const inn = (await app.call('ledger.list', {})).find((e) => /Inn/.test(e.cause) && /on d12/.test(e.explain))!;
    expect(inn.explain).toMatch(/ − 2 \(Turned characters\)/);
    app.close();
  });
});

describe('a turned character is the Lich’s Zombie in the Tombs (ch.16)', () => {
  it('the Judge places them on any Tomb floor as a Zombie; they stay there when the party leaves, and leave only toward the Forest', async () => {
    const { app } = await openDemo(7);
    const { turned, others } = await turnSomeone(app);
    // a Lichslayer of the party cannot be placed this way
    expect(await app.dispatch('turning.place', { lichslayerId: others[0]!.id, floor: 3, x: 1, y: 1 })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/is not turned/) },
    });
    const b = await app.call('turning.place', { lichslayerId: turned.id, floor: 3, x: 1, y: 1 });
    expect(b.notices![0]).toBe(
      `${turned.name}, turned, walks the Tombs for the Lich: a Zombie under the Judge (ch.16)`,
    );
    const token = b.tokens.find((t) => t.lichslayerId === turned.id)!;
    expect(token).toMatchObject({ floor: 3, x: 1, y: 1, stats: { faction: 'Zombie' } });
    // placed like one of the Judge's entities: the unrevealed room stays unrevealed, nothing shows to the players
    expect(b.rooms.find((r) => r.x === 1 && r.y === 1)?.revealed ?? false).toBe(false);
    expect(JSON.stringify(await app.call('players.view', {}))).not.toContain(turned.name);
    // the Judge moves them anywhere in the Tombs, as an entity: into revealed rooms only, revealing nothing
    expect(
      await app.dispatch('board.moveToken', { tokenId: token.id, floor: 3, x: 1, y: 2, override: true }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/Only a Lichslayer reveals a room/) } });
    await app.call('board.setRoom', {
      floor: 3,
      x: 1,
      y: 2,
      patch: { type: 'hall', name: 'Bone Hall' },
      revealed: true,
    });
    await app.call('board.moveToken', { tokenId: token.id, floor: 3, x: 1, y: 2, override: true });
    expect((await app.call('board.view', { floor: 3 })).tokens.find((t) => t.id === token.id)).toMatchObject({
      x: 1,
      y: 2,
    });
    // the party meets them in a fight: on the stack as one of the Judge's, not the party's
    await app.call('turning.place', { lichslayerId: turned.id, floor: 1, x: 2, y: 0 });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const fight = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(fight.combat!.entrants.filter((e) => e.lichslayerId !== null).map((e) => [e.name, e.party])).toEqual(
      expect.arrayContaining([
        [turned.name, false],
        [others[0]!.name, true],
      ]),
    );
    await app.call('board.moveToken', { tokenId: token.id, floor: 3, x: 1, y: 2, override: true });
    await app.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    // the party withdraws: the turned stays where the Lich keeps them
    await app.call('phase.send', { event: { type: 'WITHDRAW' } });
    expect((await app.call('board.view', { floor: 3 })).tokens.find((t) => t.id === token.id)).toMatchObject({
      floor: 3,
      x: 1,
      y: 2,
    });
    // only the Pilgrimage's way out: toward the Forest, never back to the Town
    await app.call('forest.go', { ids: [turned.id], where: 'forest' });
    expect(await app.dispatch('forest.go', { ids: [turned.id], where: 'town' })).toMatchObject({
      ok: false,
      error: {
        message: `${turned.name} is turned: they cannot leave the Tombs of their own will, save on the Pilgrimage toward the Forest (ch.16). Nothing changed.`,
      },
    });
    // cured by the Pilgrimage, they are no longer the Lich's: off the board, no longer a Zombie
    await app.call('phase.cure', { id: turned.id, how: 'pilgrimage' });
    const after = (await app.call('board.view', { floor: 3 })).tokens.find((t) => t.lichslayerId === turned.id);
    expect(after).toBeUndefined();
    app.close();
  });
});
