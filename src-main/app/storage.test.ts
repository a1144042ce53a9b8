// Bounded growth the Judge controls: undo kept for the last sessions chosen, the ledger of older
// sessions moved to the archive beside the campaign (where the Ledger, the journal and replay still
// read it), compaction on demand, the sizes on the Backups screen, and the full integrity check in
// the background after a cheap one on open.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Push } from '@shared/contract.ts';
import { ledgerArchivePath } from '../db/ledger-archive.ts';
import { makeApp, openDemo, sha256 } from '../test-support/temp-app.ts';

/** One session of play: edits, a table roll and a Lichslayer rolled up (its creation rolls are notable). */
async function playSession(app: Awaited<ReturnType<typeof openDemo>>['app'], id: number, n: number): Promise<void> {
  await app.call('lichslayer.update', { id, patch: { notes: `Session ${n}` } });
  await app.call('tables.roll', { key: 'loot', context: { floor: 1 } });
  await app.call('lichslayer.roll', { name: `Recruit ${n}` });
  await app.call('lichslayer.update', { id, patch: { gold: 100 + n } });
}

describe('undo and the ledger kept for the last sessions', () => {
  it('a new session drops older undo and archives older ledger sessions; the Ledger, journal and replay still read them', async () => {
    const { app, roster, file, dataDir } = await openDemo(61);
    const id = roster[0]!.id;
    await app.call('storage.setKeep', { undoSessions: 1, ledgerSessions: 1 });
    await playSession(app, id, 1);
    const session1 = await app.call('ledger.list', { session: 1 });
    const replay1 = await app.call('ledger.verify', {});
    expect(replay1).toMatchObject({ ok: true, entries: session1.length });
    const journal1 = (await app.call('journal.view', {}))[0]!;
    expect(journal1.notableRolls.some((r) => r.startsWith('Creation of Recruit 1'))).toBe(true);

    await app.call('ledger.newSession', {});
    // Undo reaches back over the current session only: nothing to undo yet.
    expect((await app.call('campaign.current', {}))!.history.canUndo).toBeNull();
    expect(await app.dispatch('history.undo', {})).toMatchObject({ ok: false, error: { message: 'Nothing to undo.' } });
    // Session 1's entries left the campaign file (all but the newest, which new entries follow)…
    const db = app.current()!.db;
    expect((db.prepare(`SELECT count(*) AS n FROM main.roll_log`).get() as { n: number }).n).toBe(1);
    expect(fs.existsSync(ledgerArchivePath(file))).toBe(true);
    // …and are read from the archive as before, once each.
    expect((await app.call('ledger.list', { session: 1 })).map((e) => e.id)).toEqual(session1.map((e) => e.id));
    expect(await app.call('ledger.verify', {})).toEqual(replay1);
    expect(await app.call('ledger.verify', { session: 1 })).toEqual(replay1);
    const [two, one] = await app.call('journal.view', {});
    expect(one!.notableRolls).toEqual(journal1.notableRolls);
    expect(one!.changes.map((c) => c.label)).toEqual(journal1.changes.map((c) => c.label));
    expect(two!.session).toBe(2);

    // Session 2 plays on; its own steps undo, the first one's do not.
    await playSession(app, id, 2);
    await app.call('history.undo', {});
    expect((await app.call('campaign.current', {}))!.roster[0]!.gold).toBe(101);
    const storage = await app.call('storage.view', {});
    expect(storage).toMatchObject({
      session: 2,
      keep: { undoSessions: 1, ledgerSessions: 1 },
      archivedEntries: session1.length - 1,
    });
    expect(storage.archiveBytes).toBeGreaterThan(0);
    // The archive has its own backup beside the campaign's.
    expect(fs.existsSync(path.join(dataDir, 'backups', path.basename(ledgerArchivePath(file))))).toBe(true);
    app.close();
  });

  it('a campaign restored from before the archiving counts each entry once', async () => {
    const { app, roster } = await openDemo(62);
    await app.call('storage.setKeep', { undoSessions: 1, ledgerSessions: 1 });
    await playSession(app, roster[0]!.id, 1);
    const backup = (await app.call('backups.create', {}))[0]!;
    const session1 = (await app.call('ledger.list', { session: 1 })).map((e) => e.id);
    await app.call('ledger.newSession', {});
    await app.call('tables.roll', { key: 'loot', context: { floor: 2 } });
    // Back to the state before session 2: the campaign file holds session 1 again, and so does the archive.
    await app.call('backups.restore', { fileName: backup.fileName });
    expect((await app.call('ledger.list', { session: 1 })).map((e) => e.id)).toEqual(session1);
    expect(await app.call('ledger.verify', {})).toMatchObject({ ok: true, entries: session1.length });
    app.close();
  });

  it('"Compact now" backs up first, compacts and gives the space back; a duplicate and a deletion take the archive along', async () => {
    const { app, roster, file, dataDir } = await openDemo(63);
    const id = roster[0]!.id;
    for (let n = 1; n <= 3; n++) {
      for (let k = 0; k < 40; k++)
        await app.call('lichslayer.update', { id, patch: { notes: `Session ${n}, edit ${k} `.repeat(40) } });
      await playSession(app, id, n);
      await app.call('ledger.newSession', {});
    }
    const before = await app.call('storage.view', {});
    expect(before.historySteps).toBeGreaterThan(120);
    await app.call('storage.setKeep', { undoSessions: 1, ledgerSessions: 2 });
    const after = await app.call('storage.compact', {});
    expect(after.compacted).toMatchObject({ entriesArchived: expect.any(Number) });
    expect(after.compacted!.undoDropped).toBeGreaterThan(0);
    expect(after.campaignBytes).toBeLessThan(before.campaignBytes);
    expect(after.archivedEntries).toBeGreaterThan(0);
    expect((await app.call('backups.list', {})).map((b) => b.reason)).toContain('before-compact');
    // The Backups screen's figures: the campaign file and the whole backups folder.
    const files = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(after.backupsFiles).toBe(files.length);
    expect(after.backupsBytes).toBe(
      files.reduce((sum, f) => sum + fs.statSync(path.join(dataDir, 'backups', f)).size, 0),
    );

    const copy = await app.call('campaign.duplicate', { path: file, name: 'Copied' });
    expect(fs.existsSync(ledgerArchivePath(copy.path))).toBe(true);
    await app.call('campaign.open', { path: copy.path });
    expect(await app.call('ledger.verify', {})).toMatchObject({
      ok: true,
      entries: (await app.call('ledger.list', { limit: 5000 })).length,
    });
    await app.call('campaign.delete', { path: copy.path });
    expect(fs.existsSync(ledgerArchivePath(copy.path))).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, 'backups', 'deleted')).filter((f) => f.endsWith('-ledger'))).toHaveLength(
      1,
    );
    app.close();
  });
});

describe('integrity on open', () => {
  it('opens after the open check, finds damage to an index of the history with the full check in the background, closes the campaign and says so', async () => {
    const { app, roster, file, dataDir } = await openDemo(64);
    for (let k = 0; k < 150; k++)
      await app.call('lichslayer.update', { id: roster[0]!.id, patch: { notes: `Edit ${k} `.repeat(30) } });
    await app.call('backups.create', {});
    await app.idle();
    app.close();
    // A long campaign's history (copies of those steps, older than them), then damage to the page of
    // an index over its oldest steps: opening reads every table's rows (and the indexes of the
    // tables it reads at once), the background every page.
    const raw = new Database(file);
    raw.exec(`CREATE TEMP TABLE steps AS SELECT label, changes, undone, at, session FROM history`);
    raw.exec(`DELETE FROM history`);
    for (let k = 0; k < 10; k++)
      raw.exec(
        `INSERT INTO history (label, changes, undone, at, session) SELECT label, changes, undone, at, session FROM temp.steps`,
      );
    const page = (
      raw
        .prepare(
          `SELECT pageno FROM dbstat WHERE name = 'history_by_session' AND pagetype = 'leaf' ORDER BY path LIMIT 1`,
        )
        .get() as { pageno: number }
    ).pageno;
    const size = raw.pragma('page_size', { simple: true }) as number;
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, (page - 1) * size + 8);
    fs.closeSync(fd);

    const again = makeApp(dataDir);
    const pushes: Push[] = [];
    again.subscribe((p) => pushes.push(p));
    const opened = await again.call('campaign.open', { path: file });
    expect(opened.name).toBe('Demo: The Ashen Causeway');
    await expect.poll(() => pushes.some((p) => p.type === 'problem'), { timeout: 60_000 }).toBe(true);
    const problem = pushes.find((p) => p.type === 'problem') as Extract<Push, { type: 'problem' }>;
    expect(problem.message).toMatch(/is damaged \(SQLite integrity check: .+\)\. It was closed/);
    expect(pushes.some((p) => p.type === 'campaign' && p.view === null)).toBe(true);
    expect(again.current()).toBeNull();
    const damagedHash = sha256(file);
    // The picker offers the newest good backup, and opening again is refused without writing to it.
    expect((await again.call('campaign.list', {})).find((c) => c.path === file)).toMatchObject({ damaged: true });
    expect(await again.dispatch('campaign.open', { path: file })).toMatchObject({
      ok: false,
      error: { code: 'campaign-file', message: expect.stringMatching(/Restore newest good backup/) },
    });
    expect(sha256(file)).toBe(damagedHash);
    const restored = await again.call('backups.restoreNewest', { path: file });
    expect(restored.roster[0]!.notes).toBe('Edit 149 '.repeat(30));
    again.close();
  }, 120_000);

  it('refuses on open a value no play writes deep in the ledger, naming its row, and leaves the file as it was', async () => {
    const { app, file, dataDir } = await openDemo(66);
    await app.idle();
    app.close();
    const raw = new Database(file);
    const insert = raw.prepare(
      `INSERT INTO roll_log (at, session, command, cause, explain, result, faces, rng_before, rng_after) VALUES ('2026-01-01T00:00:00.000Z', 1, 'tables.roll', 'Crafted', ?, '{}', '[]', '{}', '{}')`,
    );
    const first = raw.transaction(() => {
      const id = insert.run('x'.repeat(33 * 1024 * 1024)).lastInsertRowid;
      for (let k = 0; k < 1200; k++) insert.run(`Roll ${k}`);
      return id;
    })();
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    const hash = sha256(file);
    const again = makeApp(dataDir);
    expect(await again.dispatch('campaign.open', { path: file })).toEqual({
      ok: false,
      error: {
        code: 'campaign-file',
        message: `Demo-The-Ashen-Causeway.lichslayer holds a value far larger than the app ever writes, in roll_log.explain, row ${first} (35 MB). It was not opened, and the file was not changed.`,
      },
    });
    expect(again.current()).toBeNull();
    expect(sha256(file)).toBe(hash);
    again.close();
  }, 120_000);

  it('a sound campaign passes the full check in the background, and its end is pushed to the Judge’s screens', async () => {
    const app = makeApp();
    const pushes: Push[] = [];
    app.subscribe((push) => pushes.push(push));
    await app.ensureFirstLaunch();
    const [c] = await app.call('campaign.list', {});
    await app.call('campaign.open', { path: c!.path });
    await app.idle();
    expect((await app.call('storage.view', {})).check.state).toBe('ok');
    // The Backups screen opened while the check ran shows its end from this push, without a reload.
    const ends = pushes.filter((p) => p.type === 'integrity');
    expect(ends).toEqual([{ type: 'integrity', check: { state: 'ok', detail: '', at: expect.any(String) } }]);
    app.close();
  }, 120_000);
});

describe('a ledger archive sent beside a campaign', () => {
  // A file someone sends is hostile; a view or trigger in the archive would run on the app's reads and writes.
  it('holding a trigger or a view is refused on open with what to do, and neither file is changed', async () => {
    const { app, file } = await openDemo(62);
    // The backup taken on opening finishes first: its connection, closing last, writes the log back into the file.
    await app.idle();
    app.close();
    const archive = ledgerArchivePath(file);
    // A well-formed archive first (the app's own), then a trigger slipped in.
    const craft = new Database(archive);
    craft.pragma('application_id = 1279937601');
    craft.exec(
      `CREATE TABLE roll_log (id INTEGER PRIMARY KEY, session INTEGER); CREATE TABLE loot (x); CREATE TRIGGER wipe AFTER INSERT ON roll_log BEGIN DELETE FROM loot; END;`,
    );
    craft.close();
    const before = { campaign: sha256(file), archive: sha256(archive) };
    const reply = await app.dispatch('campaign.open', { path: file });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        code: 'campaign-file',
        message: `${archive} holds a table “loot” that a ledger archive never has; move it aside and open the campaign again. Nothing was changed.`,
      },
    });
    expect(app.current()).toBeNull();
    expect({ campaign: sha256(file), archive: sha256(archive) }).toEqual(before);
    // Moved aside, the campaign opens again.
    fs.renameSync(archive, `${archive}.aside`);
    expect(await app.dispatch('campaign.open', { path: file })).toMatchObject({ ok: true });
    app.close();
  });
});
