// A campaign written by two Lichslayer Judges at once, after the Judge broke the lock of one that
// still ran: a change that meets the other's write is refused with what happened and what to do,
// never an internal error, and nothing of it is saved.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { makeApp, tempDir } from '../test-support/temp-app.ts';

describe('another writer on the campaign', () => {
  it('a change or an undo that meets its write is refused at once, saying another window holds the campaign; nothing is saved', async () => {
    const app = makeApp(tempDir());
    const view = await app.call('campaign.create', { name: 'Shared by mistake' });
    const { roster } = await app.call('lichslayer.create', { name: 'Contested' });
    // The other writer, mid-change: it holds SQLite's write lock for as long as its transaction runs.
    const other = new Database(view.path);
    other.exec('BEGIN IMMEDIATE');
    const said = (command: string) =>
      `${command}: Shared-by-mistake.lichslayer is being written by another Lichslayer Judge at this moment (its lock was broken while that one still had it open), so this change was not saved. Nothing was changed. Close the campaign in the other window, then open it again here.`;
    expect(await app.dispatch('lichslayer.update', { id: roster[0]!.id, patch: { gold: 99 } })).toEqual({
      ok: false,
      error: { code: 'refused', message: said('lichslayer.update') },
    });
    expect(await app.dispatch('history.undo', {})).toEqual({
      ok: false,
      error: { code: 'refused', message: said('history.undo') },
    });
    expect(await app.dispatch('lichslayer.create', { name: 'Latecomer' })).toEqual({
      ok: false,
      error: { code: 'refused', message: said('lichslayer.create') },
    });
    other.exec('ROLLBACK');
    other.close();
    expect((await app.call('campaign.current', {}))!.roster[0]).toMatchObject({ name: 'Contested', gold: 324 });
    app.close();
    // Each refusal comes after the short wait for the lock, not SQLite's default of 5 s per statement
    // (which held the host's one thread, every other window's requests with it): three fit here.
  }, 8_000);
});
