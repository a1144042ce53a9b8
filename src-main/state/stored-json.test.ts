// A stored JSON value that reaches the app's reads unchecked (changed behind the back of the open
// campaign, by another program) is refused by table, row and column when read, never an internal
// error: the same depth-limited parser the open check uses reads it.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';

describe('stored JSON read during play', () => {
  it('a token, a trap or an undo step changed behind the app’s back is refused by name; a path named too long is invalid arguments', async () => {
    const app = makeApp(tempDir());
    const view = await app.call('campaign.create', { name: 'Tampered' });
    await app.call('lichslayer.create', { name: 'Victim' });
    const other = new Database(view.path);
    other.exec(
      `INSERT INTO token (id, kind, name, colour, floor, x, y, stats) VALUES (41, 'entity', 'Rat', 'Red', 1, 0, 0, '{"level" 3}')`,
    );
    expect(await app.dispatch('board.view', { floor: 1 })).toEqual({
      ok: false,
      error: {
        code: 'campaign-file',
        message: expect.stringMatching(
          /^This campaign's token row 41, column stats, is not valid JSON \(.+\), so it was not used: the file was changed by something other than Lichslayer Judge\. Nothing was changed\./,
        ),
      },
    });
    other.exec(`UPDATE token SET stats = '${'['.repeat(100_000)}${']'.repeat(100_000)}' WHERE id = 41`);
    expect(await app.dispatch('board.view', { floor: 1 })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('token row 41, column stats, nests deeper than the 64 levels') },
    });
    other.exec(`DELETE FROM token; INSERT INTO room (floor, x, y, trap) VALUES (1, 1, 1, '{"label":')`);
    expect(await app.dispatch('board.view', { floor: 1 })).toMatchObject({
      ok: false,
      error: { code: 'campaign-file', message: expect.stringContaining('room.trap value is not valid JSON') },
    });
    other.exec(`DELETE FROM room`);
    other
      .prepare(`UPDATE history SET changes = ? WHERE id = (SELECT max(id) FROM history)`)
      .run(JSON.stringify([{ table: 'lichslayer', id: 1, before: { 'gold = 0 --': 1 }, after: null }]));
    expect(await app.dispatch('history.undo', {})).toMatchObject({
      ok: false,
      error: {
        code: 'campaign-file',
        message: expect.stringMatching(
          /history row \d+, column changes, is not what the app writes \(0\.before: a column name/,
        ),
      },
    });
    other.close();
    expect((await app.call('campaign.current', {}))!.roster).toMatchObject([{ name: 'Victim' }]);
    const long = `${app.campaignsDir}/${'x'.repeat(300)}.lichslayer`;
    for (const command of ['campaign.open', 'campaign.breakLock', 'campaign.delete'] as const)
      expect(await app.dispatch(command, { path: long })).toEqual({
        ok: false,
        error: {
          code: 'invalid-args',
          message: `${command}: path: A file or folder name in the path is longer than the 255 bytes any file system takes`,
        },
      });
    app.close();
  });
});
