// The campaign list reads no campaign file on the host's thread: a big valid file is checked on the
// open check's worker before the list joins the queue, so the host's event loop keeps turning while
// it is read (counted, not timed), the players' screen is answered first, and opening the file
// afterwards uses that very check instead of reading it again.
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CampaignSummary, Push } from '@shared/contract.ts';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import { archiveBeside, freshPlace, templateCampaign, withLiveLog, withSql } from '../test-support/crafted-corpus.ts';
import { TABLE_LIMITS } from '../db/open-limits.ts';

let template = '';
beforeAll(async () => {
  template = await templateCampaign();
}, 60_000);

/** Notes at 90% of the Lichslayers' table cap and 20,000 tokens: valid, and slow to read whole. */
function heavy(file: string): void {
  withSql(file, (db) => {
    const n = (db.prepare(`SELECT count(*) AS n FROM lichslayer`).get() as { n: number }).n;
    db.prepare(`UPDATE lichslayer SET notes = printf('%.*c', ?, 'n')`).run(
      Math.floor((0.9 * TABLE_LIMITS.lichslayer!.bytes!) / n),
    );
    db.exec(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) INSERT INTO token (kind, name, colour, stats) SELECT 'entity', 'Rat ' || i, 'Red', '{"level":3}' FROM n`,
    );
  });
}

describe('the campaign list checks each file on the worker', () => {
  it('the event loop turns between the check’s steps, the players’ view answers first, and the open that follows checks nothing again', async () => {
    const app = makeApp(tempDir());
    await app.call('campaign.create', { name: 'At the table' });
    const place = freshPlace(template, app.campaignsDir);
    heavy(place.file);
    const pushes: { push: Push; turn: number }[] = [];
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    spin();
    app.subscribe((push) => pushes.push({ push, turn: turns }));
    const order: string[] = [];
    const list = app.dispatch('campaign.list', {}).then((reply) => (order.push('list'), reply));
    const players = app.dispatch('players.view', {}).then((reply) => (order.push('players'), reply));
    const [listed, seen] = await Promise.all([list, players]);
    spinning = false;
    expect(order).toEqual(['players', 'list']);
    expect(seen).toMatchObject({ ok: true });
    expect(listed).toMatchObject({ ok: true });
    const crafted = (listed as { value: CampaignSummary[] }).value.find((s) => s.fileName === 'Crafted.lichslayer');
    expect(crafted).toMatchObject({ name: 'Crafted', problem: null, damaged: false });
    const steps = pushes.filter((p) => p.push.type === 'checking' && p.push.path === place.file);
    // On the host's thread every step would be told within one turn of its event loop.
    expect(new Set(steps.map((s) => s.turn)).size).toBeGreaterThanOrEqual(3);

    const before = pushes.length;
    expect(await app.call('campaign.open', { path: place.file })).toMatchObject({ name: 'Crafted' });
    expect(pushes.slice(before).filter((p) => p.push.type === 'checking')).toEqual([]);
    await app.idle();
    app.close();
  }, 120_000);

  it('a file changed after its check is checked again before the next list answers, which names it as it is now', async () => {
    const app = makeApp(tempDir());
    const place = freshPlace(template, app.campaignsDir);
    await app.call('campaign.list', {});
    withSql(place.file, (db) => db.prepare(`UPDATE meta SET value = 'Renamed' WHERE key = 'name'`).run());
    // The list waits for the new version's check before it answers: the new name at once.
    const [renamed] = await app.call('campaign.list', {});
    expect(renamed).toMatchObject({ fileName: 'Crafted.lichslayer', name: 'Renamed', problem: null });
    app.close();
  }, 60_000);

  it('a value written into the ledger archive’s own log after the list checked it makes a new version, refused by the next list and open', async () => {
    const app = makeApp(tempDir());
    const place = freshPlace(template, app.campaignsDir);
    const row = (explain: string) =>
      `INSERT INTO roll_log (at, session, command, cause, explain, result, faces, rng_before, rng_after) VALUES ('2026-01-01', 1, 'tables.roll', 'Old', ${explain}, '{}', '[]', '{}', '{}')`;
    const archive = archiveBeside(place.file, () => undefined);
    withLiveLog(archive, (db) => {
      db.pragma('journal_mode = WAL');
      db.exec(row(`'A roll'`));
    });
    expect((await app.call('campaign.list', {}))[0]).toMatchObject({ name: 'Crafted', problem: null });
    // Another program appends to the archive's log: the archive file itself is not touched.
    const work = path.join(tempDir(), 'archive');
    for (const suffix of ['', '-wal', '-shm']) fs.copyFileSync(archive + suffix, work + suffix);
    const db = new Database(work);
    db.pragma('wal_autocheckpoint = 0');
    db.exec(row(`printf('%.*c', 40000000, 'x')`));
    for (const suffix of ['-wal', '-shm']) fs.copyFileSync(work + suffix, archive + suffix);
    db.close();
    const refusal = expect.stringContaining('Crafted.lichslayer-ledger beside the campaign holds a value far larger');
    expect((await app.call('campaign.list', {}))[0]).toMatchObject({ name: null, problem: refusal });
    expect(await app.dispatch('campaign.open', { path: place.file })).toMatchObject({
      ok: false,
      error: { message: refusal },
    });
    app.close();
  }, 120_000);
});
