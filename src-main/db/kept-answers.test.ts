// Answers the views ask after every change are kept until what they read is written again (the
// skill uses, the ledger): a change that touches them is seen at once, an undo included.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

describe('answers kept between changes', () => {
  it('a Burgle undone may be tried again on the same entity (ch.2), though the first answer was kept', async () => {
    const { app, roster } = await openDemo(11);
    const sable = roster[2]!;
    await app.call('lichslayer.update', {
      id: sable.id,
      patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', level: 6 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    const mark = (
      await app.call('board.addToken', {
        kind: 'entity',
        name: 'Mark',
        colour: 'Red',
        floor: 1,
        x: 2,
        y: 0,
        health: 3,
        armor: 0,
      })
    ).tokens.find((t) => t.name === 'Mark')!;
    await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: mark.id });
    await app.call('board.view', { floor: 1 });
    const again = { id: sable.id, skill: 'Burgle', tokenId: mark.id };
    expect(await app.dispatch('skill.use', again)).toMatchObject({
      ok: false,
      error: { message: 'Mark has been Burgled already: an entity may be Burgled once (ch.2). Nothing changed.' },
    });
    await app.call('history.undo', {});
    await app.call('board.view', { floor: 1 });
    expect(await app.dispatch('skill.use', again)).toMatchObject({ ok: true });
    app.close();
  });

  it("renaming a revealed room takes its roll off the players' screen at once; undoing the rename brings it back (ch.9)", async () => {
    const { app } = await openDemo(4);
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const walker = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.kind === 'lichslayer')!;
    await app.call('board.moveToken', { tokenId: walker.id, floor: 1, x: 1, y: 0, override: true });
    const shown = (await app.call('players.view', {})).rolls;
    const room = (await app.call('board.view', { floor: 1 })).rooms.find((r) => r.x === 1 && r.y === 0)!;
    expect(shown.filter((r) => r.explain.includes(room.name))).toHaveLength(1);
    await app.call('board.setRoom', { floor: 1, x: 1, y: 0, patch: { name: 'Renamed Hall' } });
    expect((await app.call('players.view', {})).rolls.filter((r) => r.explain.includes(room.name))).toEqual([]);
    await app.call('history.undo', {});
    expect((await app.call('players.view', {})).rolls).toEqual(shown);
    app.close();
  });
});
