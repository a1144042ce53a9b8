// A roll on a table from the Roll panel, made on dice rolled at the table (ch.1, ch.5, ch.15): the
// faces stand for the table's die and then for each table a row rolls on next; the ledger says the
// Judge entered them and still replays; faces the roll does not use are refused with nothing
// written. Through handDice.roll on the demo campaign.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

describe('a table rolled on dice from the table (ch.1)', () => {
  it('a 5 typed for the Inn’s d12 lands on its fifth event, entered by the Judge; two faces for one die are refused', async () => {
    const { app } = await openDemo(4);
    const roll = { key: 'inn-events', context: {} };
    const r = await app.call('handDice.roll', { command: 'tables.roll', args: roll, faces: [5] });
    expect('node' in r && [r.node.label, r.entry.explain, r.entry.enteredBy]).toEqual([
      'A stranger asks too many questions',
      '5 = 5 on d12 → A stranger asks too many questions (Inn Events)',
      'the Judge',
    ]);
    expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true });
    const before = (await app.call('ledger.list', {})).length;
    await expect(app.call('handDice.roll', { command: 'tables.roll', args: roll, faces: [5, 3] })).rejects.toThrow(
      'This roll used 1 die, but 2 faces were entered: remove the extra.',
    );
    expect((await app.call('ledger.list', {})).length).toBe(before);
    app.close();
  });
  it('faces 2 and 3 for Daedric Magic land on Call Elemental Spirit, then the Elemental Spirits’ third, the Moss giant (ch.15)', async () => {
    const { app } = await openDemo(4);
    const r = await app.call('handDice.roll', {
      command: 'tables.roll',
      args: { key: 'spells-daedric', context: {} },
      faces: [2, 3],
    });
    expect('node' in r && [r.node.label, r.node.children.map((c) => c.label)]).toEqual([
      'Call Elemental Spirit',
      ['Moss giant'],
    ]);
    app.close();
  });
});
