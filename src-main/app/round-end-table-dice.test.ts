// A round's end on dice rolled at the table (ch.8, ch.11): the Next turn dialog's preview lists the
// dice each Sanity Challenge asks first, one entry per Lichslayer, on neutral faces, so it shows
// nothing of what the app's dice would do. Fixed seed 7: the party of four in the Quiet Vault on
// Floor 1 beside a Colourless entity, the Pale Watcher, which takes the last turn.
import { describe, expect, it } from 'vitest';
import { fightInTheQuietVault } from '../test-support/floor-setups.ts';
import { openDemo } from '../test-support/temp-app.ts';

type App = Awaited<ReturnType<typeof openDemo>>['app'];

/** The fight's four turns before the round's end, passed with the app's dice (they roll nothing). */
async function atTheRoundsEnd(): Promise<App> {
  const { app } = await openDemo(7);
  await fightInTheQuietVault(app, { name: 'Pale Watcher', colour: 'Colourless', health: 6 });
  for (const next of ['Brother Quillam', 'Sable Hartigan', 'Wren of the Hollow', 'Pale Watcher'])
    expect((await app.call('phase.nextTurn', {})).combat!.current).toBe(next);
  return app;
}

const beside = 'A round beside Pale Watcher, Colourless (ch.11; target house rule)';
/** What the app's own dice make of Odile's challenge on seed 7: a natural 1, two 6s rolled again. */
const odileOnTheAppsDice = `${beside}: Odile Vantreck holds (16 = 2d6! [1, 6+6+3] vs 12: meets the target (ch.1)); a natural 1: Integrity of Cinder Maul: 2 on d6, it holds (ch.11), on the first equipped item that can break, Cinder Maul (house rule)`;

describe("a round's end rolled at the table (ch.8, ch.11)", () => {
  it("lists each Lichslayer's Sanity Challenge apart with whose it is, and only the dice asked first: Odile's 2d6 without the 6s and the integrity die the app's dice would add", async () => {
    const app = await atTheRoundsEnd();
    expect(await app.call('handDice.preview', { command: 'phase.nextTurn', args: {} })).toEqual({
      dice: [
        { count: 2, sides: 6, cause: beside, who: 'Odile Vantreck' },
        { count: 1, sides: 6, cause: beside, who: 'Brother Quillam' },
        { count: 1, sides: 6, cause: beside, who: 'Sable Hartigan' },
        { count: 3, sides: 6, cause: beside, who: 'Wren of the Hollow' },
      ],
      refused: null,
    });
    // The app's dice, pressed after the preview, roll what they held before it.
    expect((await app.call('phase.nextTurn', {})).notices).toContain(odileOnTheAppsDice);
    app.close();
  });

  it('leaves the random source, the ledger, the undo step and the fight as they were: the press after it rolls as one with no preview', async () => {
    const previewed = await atTheRoundsEnd();
    const plain = await atTheRoundsEnd();
    const state = async (app: App) => ({
      ledger: await app.call('ledger.list', {}),
      phase: await app.call('phase.view', {}),
      history: (await app.call('campaign.current', {}))!.history,
    });
    const before = await state(previewed);
    await previewed.call('handDice.preview', { command: 'phase.nextTurn', args: {} });
    expect(await state(previewed)).toEqual(before);
    const afterPreview = (await previewed.call('phase.nextTurn', {})).notices;
    expect(afterPreview).toEqual((await plain.call('phase.nextTurn', {})).notices);
    expect(afterPreview).toContain(odileOnTheAppsDice);
    previewed.close();
    plain.close();
  });

  it('takes the listed faces in order: 3 3 for Odile, 4 for Brother Quillam, 5 for Sable, 2 2 2 for Wren, entered by the Judge', async () => {
    const app = await atTheRoundsEnd();
    const r = await app.call('handDice.roll', {
      command: 'phase.nextTurn',
      args: {},
      faces: [3, 3, 4, 5, 2, 2, 2],
    });
    expect(r).toMatchObject({ combat: { atRoundEnd: true } });
    // The ledger lists the newest roll first.
    const rolls = (await app.call('ledger.list', {})).filter((e) => e.cause === beside).reverse();
    expect(rolls.map((e) => [e.character, e.enteredBy, e.faces.map((f) => f.face)])).toEqual([
      ['Odile Vantreck', 'the Judge', [3, 3]],
      ['Brother Quillam', 'the Judge', [4]],
      ['Sable Hartigan', 'the Judge', [5]],
      ['Wren of the Hollow', 'the Judge', [2, 2, 2]],
    ]);
    app.close();
  });
});
