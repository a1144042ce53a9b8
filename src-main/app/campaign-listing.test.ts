// The campaign list reads no campaign file on the host's thread: a big valid file is checked on the
// open check's worker before the list joins the queue, so the host's event loop keeps turning while
// it is read (counted, not timed), the players' screen is answered first, and opening the file
// afterwards uses that very check instead of reading it again.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CampaignSummary, Push } from '@shared/contract.ts';
import { makeApp, tempDir } from '../test-support/temp-app.ts';
import type { CampaignApp } from './campaign-app.ts';
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

  it('a host that starts by preparing the first open has checked the listed files before the picker asks: its first list checks nothing', async () => {
    const app = makeApp(tempDir());
    const place = freshPlace(template, app.campaignsDir);
    const pushes: Push[] = [];
    app.subscribe((push) => pushes.push(push));
    app.prepareFirstOpen();
    await vi.waitFor(() => expect(pushes.some((p) => p.type === 'checking' && p.done === p.total)).toBe(true), {
      timeout: 60_000,
    });
    const before = pushes.length;
    expect((await app.call('campaign.list', {}))[0]).toMatchObject({ fileName: 'Crafted.lichslayer', problem: null });
    expect(pushes.slice(before).filter((p) => p.type === 'checking' && p.path === place.file)).toEqual([]);
    app.close();
  }, 60_000);

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

/** Counts the host's event-loop turns until stopped. */
function turnCounter() {
  let turns = 0;
  let spinning = true;
  const spin = () => {
    turns++;
    if (spinning) setImmediate(spin);
  };
  spin();
  return {
    count: () => turns,
    stop: () => (spinning = false),
  };
}

/** What the host's own thread does with SQLite from now on: each connection's file, and each backup it copies. */
function onHostThread() {
  const connections: string[] = [];
  const backups: string[] = [];
  const pragma = Database.prototype.pragma;
  const backup = Database.prototype.backup;
  vi.spyOn(Database.prototype, 'pragma').mockImplementation(function (this: Database.Database, ...args) {
    // Every connection the app makes sets trusted_schema first.
    if (args[0] === 'trusted_schema = OFF') connections.push(this.name);
    return pragma.apply(this, args);
  });
  vi.spyOn(Database.prototype, 'backup').mockImplementation(function (this: Database.Database, ...args) {
    backups.push(this.name);
    return backup.apply(this, args);
  });
  return { connections, backups };
}

/** The players' view, asked for while `busy` runs: answered before it settles? */
async function answeredFirst(app: CampaignApp, busy: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void busy.then(
    () => (settled = true),
    () => (settled = true),
  );
  expect(await app.dispatch('players.view', {})).toMatchObject({ ok: true });
  return !settled;
}

describe('opening, duplicating, importing and restoring a campaign copy or check no page on the host’s thread', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the backup taken on opening is copied on the copy worker: the host turns and answers the players’ view meanwhile, and the backup holds the campaign as opened', async () => {
    const app = makeApp(tempDir());
    await app.call('campaign.create', { name: 'At the table' });
    const place = freshPlace(template, app.campaignsDir);
    heavy(place.file);
    await app.call('campaign.list', {});
    const host = onHostThread();
    const turns = turnCounter();
    const opened = await app.call('campaign.open', { path: place.file });
    const atOpen = turns.count();
    const backedUp = app.idle();
    expect(await answeredFirst(app, backedUp)).toBe(true);
    // Written after the opening: not in the backup, whose read transaction was fixed before the open answered.
    await app.call('lichslayer.update', { id: opened.roster[0]!.id, patch: { gold: 4321 } });
    await backedUp;
    turns.stop();
    expect(turns.count() - atOpen).toBeGreaterThanOrEqual(3);
    expect(host.backups).toEqual([]);
    // The app's own connection, and no other.
    expect(host.connections.filter((f) => f === place.file)).toEqual([place.file]);
    const [onOpen] = await app.call('backups.list', {});
    expect(onOpen).toMatchObject({ reason: 'on-open' });
    vi.restoreAllMocks();
    const copy = new Database(path.join(app.backupsDir, onOpen!.fileName), { readonly: true });
    expect(copy.prepare(`SELECT gold FROM lichslayer WHERE id = ?`).get(opened.roster[0]!.id)).toEqual({
      gold: opened.roster[0]!.gold,
    });
    expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
    copy.close();
    app.close();
  }, 120_000);

  it('a duplicate is copied, renamed and checked off the host’s thread before its turn, of a closed campaign and of the open one, and the players’ view is answered first', async () => {
    const app = makeApp(tempDir());
    await app.call('campaign.create', { name: 'At the table' });
    const place = freshPlace(template, app.campaignsDir);
    heavy(place.file);
    await app.call('campaign.list', {});
    const host = onHostThread();
    const turns = turnCounter();
    const duplicating = app.call('campaign.duplicate', { path: place.file, name: 'Crafted again' });
    expect(await answeredFirst(app, duplicating)).toBe(true);
    const closed = await duplicating;
    turns.stop();
    expect(closed).toMatchObject({ fileName: 'Crafted-again.lichslayer', name: 'Crafted again', problem: null });
    expect(turns.count()).toBeGreaterThanOrEqual(3);
    expect(host.backups).toEqual([]);
    expect(host.connections.filter((f) => f === place.file || f === closed.path)).toEqual([]);

    await app.call('campaign.open', { path: place.file });
    await app.idle();
    host.connections.length = 0;
    const open = await app.call('campaign.duplicate', { path: place.file, name: 'Crafted thrice' });
    expect(open).toMatchObject({ name: 'Crafted thrice', problem: null });
    expect(host.backups).toEqual([]);
    expect(host.connections).toEqual([]);
    vi.restoreAllMocks();
    // The copy opens as itself, with an undo history of its own.
    expect(await app.call('campaign.open', { path: open.path })).toMatchObject({ name: 'Crafted thrice' });
    expect(app.current()!.db.prepare(`SELECT count(*) AS n FROM history`).get()).toEqual({ n: 0 });
    // Made in a private folder, moved into place whole: nothing of it is left there.
    expect(fs.readdirSync(app.campaignsDir).filter((f) => f.startsWith('.duplicating-'))).toEqual([]);
    await app.idle();
    app.close();
  }, 120_000);

  it('an import is settled, copied, opened once and read off the host’s thread, and the players’ view is answered first', async () => {
    const app = makeApp(tempDir());
    await app.call('campaign.create', { name: 'At the table' });
    const elsewhere = freshPlace(template, tempDir('lj-elsewhere-'));
    heavy(elsewhere.file);
    const host = onHostThread();
    const turns = turnCounter();
    const importing = app.importCampaign(elsewhere.file);
    expect(await answeredFirst(app, importing)).toBe(true);
    const imported = await importing;
    turns.stop();
    expect(path.basename(imported)).toBe('Crafted.lichslayer');
    expect(turns.count()).toBeGreaterThanOrEqual(3);
    expect(host.backups).toEqual([]);
    // Neither the copy made in the private folder nor the new campaign was opened here.
    expect(host.connections.filter((f) => f.endsWith('Crafted.lichslayer'))).toEqual([]);
    vi.restoreAllMocks();
    expect(await app.call('campaign.open', { path: imported })).toMatchObject({ name: 'Crafted' });
    await app.idle();
    app.close();
  }, 120_000);

  it('a backup chosen for restoring is health-checked on the copy worker: the host opens no connection to it', async () => {
    const app = makeApp(tempDir());
    const created = await app.call('campaign.create', { name: 'At the table' });
    await app.call('backups.create', {});
    const [byHand] = (await app.call('backups.list', {})).filter((b) => b.reason === 'by-hand');
    const host = onHostThread();
    expect(await app.call('backups.restore', { fileName: byHand!.fileName })).toMatchObject({ name: created.name });
    const backupFile = path.join(app.backupsDir, byHand!.fileName);
    expect(host.connections.filter((f) => f === backupFile)).toEqual([]);
    // The campaign restored is reopened here, as every open is.
    expect(host.connections.filter((f) => f === app.current()!.path)).toHaveLength(1);
    await app.idle();
    app.close();
  }, 60_000);
});
