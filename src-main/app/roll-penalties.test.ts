// The "−N to all rolls" of Sanity and the survival clock (rulebook ch.4, ch.8) reach the rolls the class
// skills make, and looting by skill obeys the Sanity ladder's looting Challenges (ch.8). Through the
// commands a Judge uses, with fixed seeds and fixed expectations.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

const ledgerEntry = async (app: App, character: string, cause: string) =>
  (await app.call('ledger.list', { character })).find((e) => e.cause === cause)!;

/** Sable as a Bandit with Burgle, at the given Sanity, in a Vault of Floor 1 with one Red enemy to rob. */
async function burglar(seed: number, sanity: 'strange' | 'edge' | 'paranoid') {
  const { app, roster } = await openDemo(seed);
  const sable = roster[2]!;
  await app.call('lichslayer.update', {
    id: sable.id,
    patch: { hiddenClass: 'The Bandit', skill1: 'Burgle', level: 2, sanity },
  });
  await app.call('phase.send', { event: { type: 'DESCEND' } });
  await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
  const board = await app.call('board.addToken', {
    kind: 'entity',
    name: 'Mark',
    colour: 'Red',
    floor: 1,
    x: 2,
    y: 0,
    health: 3,
    armor: 0,
  });
  return { app, sable, mark: board.tokens.find((t) => t.name === 'Mark')! };
}

describe('Burgle and the Sanity ladder (ch.2, ch.8)', () => {
  it('ch.8: a Strange Bandit’s Burgle loot roll carries Strange’s −1 to all rolls', async () => {
    const { app, sable, mark } = await burglar(11, 'strange');
    await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: mark.id });
    const entry = await ledgerEntry(app, 'Sable Hartigan', 'Sable Hartigan Burgles Mark');
    expect(entry.explain).toMatch(/− 1 \(Sanity Strange \(ch\.8\)\)/);
    app.close();
  });

  it('ch.8: a Paranoid Bandit must pass a Challenge of 18 before Burgle loots; failing it, nothing is rolled or taken', async () => {
    const { app, sable, mark } = await burglar(11, 'paranoid');
    const r = await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: mark.id });
    expect(r.notes).toEqual([
      'Sable Hartigan loots Mark: Paranoid: looting needs a Challenge, target 18 (ch.8): Sable Hartigan fails (-1 = 2d6! [1, 1] − 3 (Sanity Paranoid (ch.8)) vs 18: all natural 1s: fails (ch.1)); a natural 1: Integrity of Hooked Stiletto: 5 on d6, it holds (ch.11), on the first equipped item that can break, Hooked Stiletto (house rule)',
      'Sable Hartigan cannot loot this round: Burgle takes nothing (ch.8)',
    ]);
    const after = await app.call('ledger.list', { character: 'Sable Hartigan' });
    expect(after.filter((e) => e.cause.includes('Burgles'))).toEqual([]);
    app.close();
  });

  it('ch.8: an Edge Bandit who opened a chest this round Burgles on an off-round only after a Challenge of 12', async () => {
    const { app, sable, mark } = await burglar(11, 'edge');
    await app.call('houseRules.update', { patch: { chestSuccessOn: 1 } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { chest: true } });
    let p = await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const mine = p.combat!.entrants.find((e) => e.lichslayerId === sable.id)!;
    let guard = 0;
    while (p.combat!.currentTokenId !== mine.tokenId && guard++ < 20) p = await app.call('phase.nextTurn', {});
    await app.call('board.openChest', { floor: 1, x: 2, y: 0, lichslayerId: sable.id });
    const r = await app.call('skill.use', { id: sable.id, skill: 'Burgle', tokenId: mark.id });
    expect(r.notes[0]).toMatch(
      /^Sable Hartigan loots Mark: Edge looted in round 1: round 1 is an off-round, a Challenge of 12 to loot \(ch\.8\): /,
    );
    app.close();
  });
});
