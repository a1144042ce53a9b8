// Backups and integrity: db.backup() copies on open, before migration and import, retention,
// restore (which first backs up what it replaces), and damaged files offered their newest good backup.
import { AutomaticBackups } from './automatic-backups.ts';
import { describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { makeApp, sha256, tempDir } from '../test-support/temp-app.ts';
import { pruneBackups, listBackups } from '../db/backups.ts';

async function opened(dataDir = tempDir()) {
  const app = makeApp(dataDir);
  const view = await app.call('campaign.create', { name: 'Kept Safe' });
  const id = (await app.call('lichslayer.create', { name: 'Ines' })).roster[0]!.id;
  app.close();
  const again = makeApp(dataDir);
  await again.call('campaign.open', { path: view.path });
  return { app: again, file: view.path, dataDir, id };
}

describe('backups', () => {
  it('takes one on opening a campaign, and by hand', async () => {
    const { app } = await opened();
    const list = await app.call('backups.list', {});
    expect(list.map((b) => b.reason)).toContain('on-open');
    const after = await app.call('backups.create', {});
    expect(after.map((b) => b.reason)).toContain('by-hand');
    app.close();
  });

  it('takes one during play once 15 minutes of activity have passed', async () => {
    const { app, id } = await opened();
    await app.call('lichslayer.update', { id, patch: { gold: 5 } });
    expect((await app.call('backups.list', {})).map((b) => b.reason)).not.toContain('periodic');
    const every = AutomaticBackups.EVERY_MS;
    AutomaticBackups.EVERY_MS = 0;
    try {
      await app.call('lichslayer.update', { id, patch: { gold: 6 } });
      await expect.poll(async () => (await app.call('backups.list', {})).map((b) => b.reason)).toContain('periodic');
    } finally {
      AutomaticBackups.EVERY_MS = every;
    }
    app.close();
  });

  it('restores a backup after first backing up the state it replaces', async () => {
    const { app, id } = await opened();
    await app.call('lichslayer.update', { id, patch: { gold: 999 } });
    const onOpen = (await app.call('backups.list', {})).find((b) => b.reason === 'on-open')!;
    const view = await app.call('backups.restore', { fileName: onOpen.fileName });
    expect(view.roster[0]!.gold).toBe(324);
    const list = await app.call('backups.list', {});
    const before = list.find((b) => b.reason === 'before-restore')!;
    const back = await app.call('backups.restore', { fileName: before.fileName });
    expect(back.roster[0]!.gold).toBe(999);
    expect(await app.dispatch('backups.restore', { fileName: '../../etc/passwd.lichslayer' })).toMatchObject({
      ok: false,
    });
    app.close();
  });

  it('keeps the newest five of today and one a day for fourteen days', () => {
    const dir = tempDir();
    const campaign = path.join(tempDir(), 'c.lichslayer');
    const names = [
      ...Array.from({ length: 8 }, (_, i) => `c-2026-11-29T1${i}-00-00-000Z-periodic.lichslayer`),
      'c-2026-11-28T10-00-00-000Z-periodic.lichslayer',
      'c-2026-11-28T11-00-00-000Z-periodic.lichslayer',
      'c-2026-11-01T11-00-00-000Z-periodic.lichslayer',
    ];
    for (const n of names) fs.writeFileSync(path.join(dir, n), 'x');
    const removed = pruneBackups(dir, campaign, { keepToday: 5, keepDays: 14 }, new Date('2026-11-29T20:00:00Z'));
    expect(removed.sort()).toEqual(
      [
        'c-2026-11-29T10-00-00-000Z-periodic.lichslayer',
        'c-2026-11-29T11-00-00-000Z-periodic.lichslayer',
        'c-2026-11-29T12-00-00-000Z-periodic.lichslayer',
        'c-2026-11-28T10-00-00-000Z-periodic.lichslayer',
        'c-2026-11-01T11-00-00-000Z-periodic.lichslayer',
      ].sort(),
    );
    expect(listBackups(dir, campaign)).toHaveLength(6);
  });

  it('a damaged campaign is never written to; the Judge restores the newest good backup', async () => {
    const { app, file, dataDir, id } = await opened();
    await app.call('lichslayer.update', { id, patch: { gold: 321 } });
    await app.call('backups.create', {});
    app.close();
    // damage the file: overwrite pages in the middle
    const bytes = fs.readFileSync(file);
    for (let i = 4096; i < Math.min(bytes.length, 4096 * 3); i++) bytes[i] = (i * 7) & 0xff;
    fs.writeFileSync(file, bytes);
    const damagedHash = sha256(file);
    const again = makeApp(dataDir);
    const list = await again.call('campaign.list', {});
    expect(list[0]).toMatchObject({ damaged: true });
    const reply = await again.dispatch('campaign.open', { path: file });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'campaign-file', message: expect.stringMatching(/Restore newest good backup/) },
    });
    expect(sha256(file)).toBe(damagedHash);
    const restored = await again.call('backups.restoreNewest', { path: file });
    expect(restored.roster[0]!.gold).toBe(321);
    const aside = fs.readdirSync(path.join(dataDir, 'backups', 'damaged'));
    expect(aside).toHaveLength(1);
    expect(sha256(path.join(dataDir, 'backups', 'damaged', aside[0]!))).toBe(damagedHash);
    again.close();
  });
});

// Backups leave no -wal/-shm files behind, a failed automatic backup is
// said (in the log and with the campaign the app shows), and a damaged setting is reported and
// the newest good backup offered, never silently replaced by a default.
describe('backups fail loudly and leave nothing behind', () => {
  const sideFiles = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('-wal') || f.endsWith('-shm'));

  it('restoring and pruning leave no -wal or -shm files beside the backups', async () => {
    const { app, id, dataDir } = await opened();
    await app.call('lichslayer.update', { id, patch: { gold: 7 } });
    const onOpen = (await app.call('backups.list', {})).find((b) => b.reason === 'on-open')!;
    await app.call('backups.restore', { fileName: onOpen.fileName });
    const backupsDir = path.join(dataDir, 'backups');
    expect(sideFiles(backupsDir)).toEqual([]);
    // a side file some other reader left goes with its backup when the retention drops it
    for (let i = 0; i < 7; i++) await app.call('backups.create', {});
    const oldest = listBackups(backupsDir, app.current()!.path).at(-1)!;
    fs.writeFileSync(oldest.file + '-shm', 'x');
    await app.call('backups.create', {});
    expect(fs.existsSync(oldest.file)).toBe(false);
    expect(sideFiles(backupsDir)).toEqual([]);
    app.close();
  });

  it('a failed automatic backup is logged and shown with the campaign until one succeeds', async () => {
    const { app, id, dataDir } = await opened();
    // The backup taken on opening is made first: this is the periodic one's failure.
    await app.idle();
    const pushed: (string | undefined)[] = [];
    app.subscribe((push) => {
      if (push.type === 'campaign') pushed.push(push.view?.backupProblem);
    });
    const backupsDir = path.join(dataDir, 'backups');
    fs.renameSync(backupsDir, backupsDir + '-moved');
    fs.writeFileSync(backupsDir, 'not a folder');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const every = AutomaticBackups.EVERY_MS;
    AutomaticBackups.EVERY_MS = 0;
    try {
      await app.call('lichslayer.update', { id, patch: { gold: 11 } });
      await expect.poll(() => pushed.filter(Boolean).length).toBe(1);
      const problem = pushed.find(Boolean)!;
      expect(problem).toMatch(
        /^The automatic backup of this campaign failed \(.+\)\. Your play is saved in the campaign itself; make a backup by hand on the Backups screen/,
      );
      expect((await app.call('campaign.current', {}))!.backupProblem).toBe(problem);
      expect(logged).toHaveBeenCalledWith(`Lichslayer Judge: ${problem}`);
      // the folder is back: the next automatic backup succeeds and the problem is cleared
      fs.rmSync(backupsDir);
      fs.renameSync(backupsDir + '-moved', backupsDir);
      await app.call('lichslayer.update', { id, patch: { gold: 12 } });
      await expect.poll(async () => (await app.call('campaign.current', {}))!.backupProblem).toBeUndefined();
    } finally {
      AutomaticBackups.EVERY_MS = every;
      logged.mockRestore();
    }
    app.close();
  });

  it('a damaged setting is reported and a good backup offered; nothing is reset to defaults', async () => {
    const { app, id, file, dataDir } = await opened();
    await app.call('houseRules.update', { patch: { chestSuccessOn: 5 } });
    await app.call('lichslayer.update', { id, patch: { gold: 40 } });
    await app.call('backups.create', {});
    app.close();
    for (const [value, reason] of [
      ['{"chestSuccessOn": 5', 'it is not valid JSON'],
      ['{"chestSuccessOn": "lots"}', 'chestSuccessOn'],
    ] as const) {
      const db = new Database(file);
      db.prepare(`UPDATE setting SET value = ? WHERE key = 'house_rules'`).run(value);
      db.close();
      const before = sha256(file);
      const again = makeApp(dataDir);
      const reply = await again.dispatch('campaign.open', { path: file });
      expect(reply).toMatchObject({
        ok: false,
        error: {
          code: 'campaign-file',
          message: expect.stringContaining("This campaign's setting “house_rules” is damaged ("),
        },
      });
      expect(reply).toMatchObject({ error: { message: expect.stringContaining(reason) } });
      expect(reply).toMatchObject({
        error: {
          message: expect.stringMatching(/The newest good backup is from .*: choose “Restore newest good backup”\./),
        },
      });
      expect(await again.call('campaign.current', {})).toBeNull();
      expect(sha256(file)).toBe(before);
      again.close();
    }
    const again = makeApp(dataDir);
    const restored = await again.call('backups.restoreNewest', { path: file });
    expect(restored.houseRules.chestSuccessOn).toBe(5);
    expect(restored.roster[0]!.gold).toBe(40);
    again.close();
  });
});
