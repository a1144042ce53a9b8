// The roll ledger by character: a part of a name in any case finds that
// character's rolls, and a room revealed by a Lichslayer's move is filed under that Lichslayer.
import { describe, expect, it } from 'vitest';
import { makeApp, tempDir } from '../test-support/temp-app.ts';

async function demo(seed: number) {
  const app = makeApp(tempDir());
  await app.ensureFirstLaunch();
  const [c] = await app.call('campaign.list', {});
  await app.call('campaign.open', { path: c!.path });
  await app.call('dice.setSeed', { seed });
  return app;
}

describe('the ledger by character', () => {
  it("a Lichslayer's move that reveals a room files every roll of the reveal under them, found by part of the name in any case", async () => {
    const app = await demo(5);
    let b = await app.call('board.enterFloor', { floor: 1 });
    const odile = b.tokens.find((t) => t.name === 'Odile Vantreck')!;
    b = await app.call('board.moveToken', { tokenId: odile.id, floor: 1, x: 2, y: 1 });
    expect(b.rooms.find((r) => r.x === 2 && r.y === 1)!.revealed).toBe(true);
    const reveal = (await app.call('ledger.list', {})).filter((e) => e.cause.startsWith('Reveal F1 (3,2)'));
    expect(reveal.length).toBeGreaterThan(0);
    expect(reveal.map((e) => e.character)).toEqual(reveal.map(() => 'Odile Vantreck'));
    // the entrance was revealed by the party as a whole: no one character
    expect(
      (await app.call('ledger.list', {}))
        .filter((e) => e.cause.startsWith('Reveal F1 (3,1)'))
        .every((e) => e.character === null),
    ).toBe(true);

    // Her rolls: the reveal's, the Stair's Sanity Test on arrival, and the Crypt's trap (its d6 and its damage).
    const hers = (await app.call('ledger.list', {})).filter((e) => e.character === 'Odile Vantreck').map((e) => e.id);
    expect(hers.length).toBe(reveal.length + 3);
    for (const part of ['odile', 'VANTRECK', 'e v', ' Odile Vantreck ']) {
      const found = await app.call('ledger.list', { character: part });
      expect(
        found.map((e) => e.id),
        part,
      ).toEqual(hers);
      expect(
        found.map((e) => e.id),
        part,
      ).toEqual(expect.arrayContaining(reveal.map((e) => e.id)));
    }
    expect(await app.call('ledger.list', { character: 'tobin' })).toEqual([]);
    app.close();
  });

  it('a part of a name shared by two characters finds both', async () => {
    const app = await demo(7);
    const roster = (await app.call('campaign.current', {}))!.roster;
    const [a, b] = roster;
    await app.call('tables.roll', { key: 'loot', context: {}, character: a!.name });
    await app.call('tables.roll', { key: 'loot', context: {}, character: b!.name });
    const shared = [...a!.name.toLowerCase()].find((ch) => /[a-z]/.test(ch) && b!.name.toLowerCase().includes(ch))!;
    const found = await app.call('ledger.list', { character: shared.toUpperCase() });
    expect(new Set(found.filter((e) => e.table === 'loot').map((e) => e.character))).toEqual(
      new Set([a!.name, b!.name]),
    );
    app.close();
  });
});
