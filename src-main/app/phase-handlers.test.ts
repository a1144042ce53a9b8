// Phases in a real campaign (ch.5 Attention on descents, ch.10 the Gate and its Sanity cost, ch.1 XP
// per cleared floor): persisted across a restart, undoable, refusals explained.
import { describe, expect, it } from 'vitest';
import { makeApp, tempDir, walkEveryRoom } from '../test-support/temp-app.ts';

type App = ReturnType<typeof makeApp>;

/** Next turn, passing through the gap after a player's turn where enemies may move (ch.11). */
async function turn(app: App) {
  const p = await app.call('phase.nextTurn', {});
  return p.combat?.between ? app.call('phase.nextTurn', {}) : p;
}

async function demo(dataDir = tempDir()) {
  const app = makeApp(dataDir);
  await app.ensureFirstLaunch();
  const [c] = await app.call('campaign.list', {});
  await app.call('campaign.open', { path: c!.path });
  await app.call('dice.setSeed', { seed: 1 });
  // A quiet entrance on Floor 1, so tests that add tokens there never meet a full room by chance.
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Quiet Vault' } });
  return { app, file: c!.path, dataDir };
}

describe('phase handlers', () => {
  it('starts in the Town with only the way down allowed', async () => {
    const { app } = await demo();
    const p = await app.call('phase.view', {});
    expect(p.dive.state).toBe('town');
    expect(p.dive.actions.filter((a) => a.allowed).map((a) => a.type)).toEqual(['DESCEND']);
    expect(p.dive.actions.find((a) => a.type === 'OPEN_GATE')!.why).toBe('The Gate is on Floor 9 (ch.10)');
    app.close();
  });

  it('ch.5: the first descent to Floor 4 raises the Attention and the board follows; survives a restart; undoable', async () => {
    const { app, file, dataDir } = await demo();
    for (let f = 0; f < 4; f++) await app.call('phase.send', { event: { type: 'DESCEND' } });
    let p = await app.call('phase.view', {});
    expect(p).toMatchObject({ dive: { state: 'exploring', floor: 4 }, attention: { stage: 1 } });
    expect((await app.call('board.view', { floor: 4 })).attentionStage).toBe(1);
    app.close();
    const again = makeApp(dataDir);
    await again.call('campaign.open', { path: file });
    p = await again.call('phase.view', {});
    expect(p).toMatchObject({ dive: { floor: 4 }, attention: { stage: 1 } });
    await again.call('history.undo', {});
    p = await again.call('phase.view', {});
    expect(p).toMatchObject({ dive: { floor: 3 }, attention: { stage: 0 } });
    again.close();
  });

  it('ch.10: forcing the locked Gate costs each Lichslayer a Sanity level; descending is refused with the reason', async () => {
    const { app } = await demo();
    for (let f = 0; f < 9; f++) await app.call('phase.send', { event: { type: 'DESCEND' } });
    const levels = ['whole', 'strange', 'edge', 'paranoid', 'lost'];
    const before = (await app.call('campaign.current', {}))!.roster.map((l) => levels.indexOf(l.sanity));
    await app.call('phase.send', { event: { type: 'FORCE_GATE' } });
    const after = (await app.call('campaign.current', {}))!.roster.map((l) => levels.indexOf(l.sanity));
    // One level each, Lost the floor (traps and Sanity Test rooms on the way down may have shaken them already).
    expect(after).toEqual(before.map((i) => Math.min(4, i + 1)));
    const reply = await app.dispatch('phase.send', { event: { type: 'DESCEND' } });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        message: 'The Gate is locked until every Lichslayer has cleared a room on Floor 9 (ch.10). Nothing changed.',
      },
    });
    app.close();
  });

  it('a descent puts the party on the new floor of the board in the same undoable step', async () => {
    const { app } = await demo();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    let board = await app.call('board.view', { floor: 1 });
    expect(board.partyFloor).toBe(1);
    expect(board.tokens.filter((t) => t.kind === 'lichslayer' && t.x === 2 && t.y === 0)).toHaveLength(4);
    await app.call('history.undo', {});
    board = await app.call('board.view', { floor: 1 });
    expect(board.partyFloor).toBeNull();
    expect((await app.call('phase.view', {})).dive.state).toBe('town');
    app.close();
  });

  it('ch.11: enemies start the combat round from the floor’s stack; turns advance, rounds end; it survives a restart', async () => {
    const { app, file, dataDir } = await demo();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const fast = await app.call('board.addToken', {
      kind: 'entity',
      name: 'Quick Wisp',
      colour: 'Blue',
      floor: 1,
      x: 2,
      y: 0,
      health: 3,
      armor: 0,
      stats: { speed: 12 },
    });
    const board = fast;
    const stack = board.turnStack.filter((e) => e.floor === 1);
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(p.combat).toMatchObject({ round: 1, current: stack[0]!.name, atRoundEnd: false });
    // the wisp's Speed 12 gives it two turns (ch.11): one turn per entrant, then its second
    for (let i = 1; i < stack.length; i++) p = await turn(app);
    expect(p.combat!.current).toBe('Quick Wisp');
    p = await turn(app);
    expect(p.combat!.current).toBe('Quick Wisp');
    app.close();
    const again = makeApp(dataDir);
    await again.call('campaign.open', { path: file });
    p = await turn(again);
    expect(p.combat).toMatchObject({ round: 1, atRoundEnd: true });
    expect(p.combat!.hooks.length).toBeGreaterThan(0);
    p = await turn(again);
    expect(p.combat).toMatchObject({ round: 2, current: stack[0]!.name });
    p = await again.call('phase.send', { event: { type: 'COMBAT_OVER' } });
    expect(p.combat).toBeNull();
    expect(await again.dispatch('phase.nextTurn', {})).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no fight on/) },
    });
    again.close();
  });

  it('ch.15: a Response interrupts the current turn and costs the responder its next one', async () => {
    const { app } = await demo();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const stack = (await app.call('board.view', { floor: 1 })).turnStack.filter((e) => e.floor === 1);
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const last = stack.at(-1)!;
    let p = await app.call('phase.respond', { tokenId: last.tokenId });
    expect(p.combat!.current).toBe(last.name);
    expect(await app.dispatch('phase.respond', { tokenId: stack[1]!.tokenId })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/one at a time/) },
    });
    p = await turn(app);
    expect(p.combat!.current).toBe(stack[0]!.name);
    for (let i = 1; i < stack.length - 1; i++) await turn(app);
    p = await turn(app);
    expect(p.combat!.atRoundEnd).toBe(true);
    app.close();
  });

  it("a hidden entrant's turn never shows on the players' screen: the highlight waits on the next visible one", async () => {
    const { app } = await demo();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.addToken', {
      kind: 'entity',
      name: 'Lurker',
      colour: 'Black',
      floor: 1,
      x: 2,
      y: 0,
      health: 5,
      armor: 0,
      hidden: true,
    });
    const board = await app.call('board.view', { floor: 1 });
    await app.call('board.reorderStack', {
      floor: 1,
      tokenIds: [board.turnStack.at(-1)!.tokenId, ...board.turnStack.slice(0, -1).map((e) => e.tokenId)],
    });
    const p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    expect(p.combat!.current).toBe('Lurker');
    const players = await app.call('players.view', {});
    expect(JSON.stringify(players)).not.toContain('Lurker');
    expect(players.turnOrder.filter((t) => t.current).map((t) => t.name)).toEqual([players.turnOrder[0]!.name]);
    app.close();
  });

  it('ch.10: Floor 10 is one long fight; stopped in round 3 and resumed, the same turn, stack, hidden Phylactery, and the next wave still to come', async () => {
    const { app, file, dataDir } = await demo();
    await app.call('dice.setSeed', { seed: 10 });
    await app.call('board.setRoom', {
      floor: 10,
      x: 4,
      y: 4,
      patch: { phylactery: true, name: 'Ash Reliquary', type: 'vault' },
    });
    for (let f = 0; f < 9; f++) await app.call('phase.send', { event: { type: 'DESCEND' } });
    for (const l of (await app.call('campaign.current', {}))!.roster)
      await app.call('phase.send', { event: { type: 'ROOM_CLEARED', lichslayer: l.id } });
    await app.call('phase.send', { event: { type: 'OPEN_GATE' } });
    let p = await app.call('phase.send', { event: { type: 'DESCEND' } });
    expect(p.dive.state).toBe('floorTen');
    // 10.16: 1d6 entities at the Gate, each placed by the tier d6 (RULINGS).
    const wave = (await app.call('ledger.list', {})).filter((e) => e.cause.startsWith('Floor 10 wave, the Gate'));
    expect(wave.map((e) => [e.cause, e.explain.split(' → ')[0]])).toEqual([
      ['Floor 10 wave, the Gate: entity 2', '4 on d6'],
      ['Floor 10 wave, the Gate: entity 1', '4 on d6'],
      ['Floor 10 wave, the Gate', '2 entities enter at the Gate (1d6, ch.10)'],
    ]);
    expect(p.notices?.some((n) => /entities enter at the Gate \(ch\.10\)/.test(n))).toBe(true);
    expect(
      p.notices?.some((n) =>
        /^The Phylactery casts .+, free \(rolled on Lich's Magic; the roll is in the ledger\) at .+ \(ch\.10\)$/.test(
          n,
        ),
      ),
    ).toBe(true);
    expect(p.combat).toMatchObject({ round: 1 });
    expect(p.dive.actions.find((a) => a.type === 'WITHDRAW')).toMatchObject({
      allowed: false,
      why: expect.stringMatching(/No withdrawal from Floor 10/),
    });
    let guard = 0;
    while (p.combat!.round < 3 && guard++ < 200) p = await turn(app);
    p = await turn(app);
    const before = { combat: p.combat, board: await app.call('board.view', { floor: 10 }) };
    expect(before.board.tokens.find((t) => t.kind === 'phylactery')).toMatchObject({ hidden: true });
    app.close();

    const again = makeApp(dataDir);
    await again.call('campaign.open', { path: file });
    const after = { phase: await again.call('phase.view', {}), board: await again.call('board.view', { floor: 10 }) };
    expect(after.phase.combat).toEqual(before.combat);
    expect(after.board.turnStack).toEqual(before.board.turnStack);
    expect(after.board.tokens.find((t) => t.kind === 'phylactery')).toMatchObject({ hidden: true, x: 4, y: 4 });
    expect(JSON.stringify(await again.call('players.view', {}))).not.toMatch(/Phylactery|Ash Reliquary/);
    // play on to the end of round 3: the next round opens with a new wave
    p = after.phase;
    guard = 0;
    while (!p.combat!.atRoundEnd && guard++ < 200) p = await turn(again);
    p = await turn(again);
    expect(p.combat!.round).toBe(4);
    expect(p.notices?.[0]).toMatch(/entities enter at the Gate/);
    again.close();
  });

  it('ch.1, ch.9: a floor pays 6 XP to each Lichslayer once it is fully cleared — all 25 rooms entered, no enemy left on the stack — and once only', async () => {
    const { app } = await demo();
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const xp = (await app.call('campaign.current', {}))!.roster.map((l) => l.xp);
    expect(await app.dispatch('phase.send', { event: { type: 'FLOOR_CLEARED' } })).toMatchObject({
      ok: false,
      error: { message: 'Floor 1 is not fully cleared: 1 of 25 rooms entered (ch.1, RULINGS). Nothing changed.' },
    });
    await walkEveryRoom(app, 1);
    await app.call('phase.send', { event: { type: 'FLOOR_CLEARED' } });
    await app.call('phase.send', { event: { type: 'FLOOR_CLEARED' } });
    expect((await app.call('campaign.current', {}))!.roster.map((l) => l.xp)).toEqual(xp.map((x) => x + 6));
    app.close();
  });
});
