// The players' screen shows the public rolls of the rooms revealed on the party's floor and those
// tied to no room (ch.9: what the players see rolled), read through indexes: the answer is the
// ledger scan's, on a floor just entered, after an undo, and on a floor left behind.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';
import { publicRolls, publicRollsByScan } from './public-rolls.ts';

describe('the public rolls the players see (ch.9)', () => {
  it('are the ledger scan’s answer on each floor, after an undo, and on a floor just entered', async () => {
    const { app } = await openDemo(4);
    const db = app.current()!.db;
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    const walker = (await app.call('board.view', { floor: 1 })).tokens.find((t) => t.kind === 'lichslayer')!;
    for (const x of [1, 2, 3])
      await app.call('board.moveToken', { tokenId: walker.id, floor: 1, x, y: 0, override: true });
    const onFloor1 = publicRolls(db, 1);
    expect(onFloor1).toEqual(publicRollsByScan(db, 1));
    // The three rooms walked into, each rolled as the party entered it.
    expect(onFloor1).toHaveLength(3);
    await app.call('history.undo', {});
    expect(publicRolls(db, 1)).toEqual(publicRollsByScan(db, 1));
    // The last room's entry undone: its roll no longer shows.
    expect(publicRolls(db, 1)).toHaveLength(2);
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    // Floor 2 just entered: none of Floor 1's room rolls show there.
    expect(publicRolls(db, 2)).toEqual(publicRollsByScan(db, 2));
    expect(publicRolls(db, 2)).toHaveLength(1);
    expect(publicRolls(db, null)).toEqual([]);
    expect(publicRollsByScan(db, null)).toEqual([]);
    expect(publicRolls(db, 1, 1)).toEqual(publicRollsByScan(db, 1, 1));
    expect(publicRolls(db, 1, 1)).toHaveLength(1);
    app.close();
  });
});
